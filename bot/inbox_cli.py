"""`todobot inbox`: the deliveries the inbox set aside, and putting one back in line.

A delivery is parked when it failed for a reason retrying cannot fix (its sender was told),
and failed when transient errors outlasted its retries. `list` shows both; `retry ID` puts one
back as pending with its attempts reset, for the next worker to take (after a fix, say).
"""

from __future__ import annotations

import asyncio

import typer

inbox_app = typer.Typer(help="Deliveries set aside: list them, retry one.", no_args_is_help=True)


@inbox_app.command("list")
def inbox_list(
    limit: int = typer.Option(100, help="Show at most this many, newest first."),
) -> None:
    """Parked and failed deliveries, newest first, with their last error."""
    from bot.cli import settings_or_exit
    from bot.wiring import build_database, upgrade_database
    from core.delivery.parked import parked_items

    settings = settings_or_exit()
    upgrade_database(settings)

    async def read() -> None:
        database = build_database(settings)
        try:
            items = await parked_items(database, limit=limit)
        finally:
            await database.dispose()
        if not items:
            typer.echo("Nothing is parked or failed.")
            return
        for item in items:
            error = (item.last_error or "").splitlines()[0][:120] if item.last_error else ""
            when = item.processed_at.isoformat(timespec="seconds") if item.processed_at else "-"
            typer.echo(
                f"{item.id}\t{item.status}\t{item.source}/{item.delivery_id}\t"
                f"attempts={item.attempts}\t{when}\t{error}"
            )

    asyncio.run(read())


@inbox_app.command("retry")
def inbox_retry(item_id: int = typer.Argument(..., metavar="ID")) -> None:
    """Put a parked or failed delivery back in line (attempts reset)."""
    from bot.cli import errors, settings_or_exit
    from bot.wiring import build_database, upgrade_database
    from core.delivery.parked import retry_item

    settings = settings_or_exit()
    upgrade_database(settings)

    async def requeue() -> bool:
        database = build_database(settings)
        try:
            return await retry_item(database, item_id)
        finally:
            await database.dispose()

    if not asyncio.run(requeue()):
        errors().print(f"No parked or failed delivery has id {item_id}.", markup=False)
        raise typer.Exit(1)
    typer.echo(f"Delivery {item_id} is pending again; a running server will take it up.")
