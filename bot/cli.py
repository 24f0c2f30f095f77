"""The `todobot` command. Heavy imports stay inside the commands so `--help` is instant."""

from __future__ import annotations

import asyncio
import sys

import typer
from pydantic import ValidationError
from rich.console import Console

from bot.settings import Settings, load_settings

app = typer.Typer(help="todobot: your to-do list in Slack, Telegram and the terminal.",
                  no_args_is_help=True, add_completion=False)
db_app = typer.Typer(help="Database schema.", no_args_is_help=True)
app.add_typer(db_app, name="db")

errors = Console(stderr=True)


def settings_or_exit() -> Settings:
    try:
        return load_settings()
    except ValidationError as invalid:
        for problem in invalid.errors():
            name = ".".join(str(part) for part in problem["loc"]).upper()
            errors.print(f"[red]Setting {name} is invalid:[/red] {problem['msg']}")
        raise typer.Exit(2) from None


@db_app.command("upgrade")
def db_upgrade() -> None:
    """Create or upgrade the database schema to the latest version."""
    from bot.wiring import upgrade_database

    settings = settings_or_exit()
    upgrade_database(settings)
    errors.print("Database is up to date.")


@app.command()
def chat() -> None:
    """Talk to todobot in this terminal (one line a turn when input is piped)."""
    from adapters.console.console import run_console
    from bot.wiring import build_services, upgrade_database

    settings = settings_or_exit()
    upgrade_database(settings)

    async def session() -> None:
        services = build_services(settings)
        try:
            await run_console(services.chat)
        finally:
            await services.close()

    try:
        asyncio.run(session())
    except KeyboardInterrupt:
        print(file=sys.stderr)


def main() -> None:
    app()
