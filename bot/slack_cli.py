"""`todobot slack`: Socket Mode for one workspace, and the workspaces that added the app.

`todobot slack` runs the bot in Socket Mode (SLACK_BOT_TOKEN and SLACK_APP_TOKEN). Serving
many workspaces ("Add to Slack", `todobot serve` with SLACK_CLIENT_ID) keeps them in the
database: `installations` lists them, `uninstall TEAM_ID` removes one as its admin would.
"""

from __future__ import annotations

import asyncio

import typer

slack_app = typer.Typer(
    help="Slack: `todobot slack` runs Socket Mode; `installations` and `uninstall TEAM_ID` "
    "manage the workspaces that added the app.",
    invoke_without_command=True,
)


@slack_app.callback()
def slack(context: typer.Context) -> None:
    """Run the Slack bot in Socket Mode (needs SLACK_BOT_TOKEN and SLACK_APP_TOKEN)."""
    if context.invoked_subcommand is not None:
        return
    from slack_sdk.web.async_client import AsyncWebClient

    from adapters.slack.clients import OneWorkspace
    from adapters.slack.config import SlackConfigError, slack_credentials
    from adapters.slack.reminders import SlackReminderSender
    from adapters.slack.socket_mode import run_socket_mode
    from bot.cli import errors, settings_or_exit
    from bot.logs import configure_logging
    from bot.platform_config import slack_config
    from bot.reminders import reminders_running
    from bot.runtime import freeze_startup_heap
    from bot.wiring import build_inbox, build_services, upgrade_database

    settings = settings_or_exit()
    try:
        credentials = slack_credentials(slack_config(settings), "socket")
    except SlackConfigError as problem:
        errors().print(str(problem), style="red", markup=False)
        raise typer.Exit(2) from None
    configure_logging(settings)
    upgrade_database(settings)

    async def session() -> None:
        services = build_services(settings)
        client = AsyncWebClient(token=credentials.bot_token, base_url=credentials.api_url)
        freeze_startup_heap()
        try:
            senders = [SlackReminderSender(OneWorkspace(client))]
            inbox = build_inbox(settings, services.db)
            grace = settings.shutdown_grace_seconds
            async with reminders_running(settings, services.db, senders):
                await run_socket_mode(
                    credentials, services.chat, services.queries, inbox, grace_seconds=grace
                )
        finally:
            await services.close()

    try:
        asyncio.run(session())
    except KeyboardInterrupt:
        errors().print("Stopped.")
    except SlackConfigError as rejected:  # a token Slack refused: retrying cannot help
        errors().print(str(rejected), style="red", markup=False)
        raise typer.Exit(2) from None


@slack_app.command("installations")
def installations() -> None:
    """The workspaces that added todobot: team, when, by whom, with which scopes."""
    from rich.table import Table

    from adapters.slack.installed import installed_workspaces
    from bot.cli import settings_or_exit
    from bot.wiring import build_database, upgrade_database

    settings = settings_or_exit()
    upgrade_database(settings)

    async def read() -> None:
        database = build_database(settings)
        try:
            found = await installed_workspaces(database)
        finally:
            await database.dispose()
        if not found:
            typer.echo("No workspace has added todobot.")
            return
        table = Table("team", "name", "installed (UTC)", "by", "scopes")
        for row in found:
            team = row.team or f"{row.enterprise} (organization-wide)"
            when = row.installed_at.strftime("%Y-%m-%d %H:%M")
            table.add_row(team, row.team_name or "", when, row.installer or "", row.scopes)
        from rich.console import Console

        Console(width=200).print(table)

    asyncio.run(read())


@slack_app.command("uninstall")
def uninstall(
    team_id: str = typer.Argument(..., help="The workspace (T…), or an organization (E…)."),
) -> None:
    """Remove todobot from a workspace: Slack is told (apps.uninstall), its token deleted
    now, and its people's data erased after UNINSTALL_RETENTION_DAYS unless it is added again."""
    from datetime import timedelta

    from slack_sdk.errors import SlackApiError
    from slack_sdk.web.async_client import AsyncWebClient

    from adapters.slack.config import SlackConfigError, slack_credentials
    from adapters.slack.distribution import build_distribution
    from bot.cli import errors, settings_or_exit
    from bot.platform_config import slack_config
    from bot.wiring import build_database, upgrade_database
    from core.clock import SystemClock

    settings = settings_or_exit()
    config = slack_config(settings)
    try:
        credentials = slack_credentials(config, "http") if config.distribution else None
    except SlackConfigError as problem:
        errors().print(str(problem), style="red", markup=False)
        raise typer.Exit(2) from None
    if credentials is None or credentials.oauth is None:
        errors().print("SLACK_CLIENT_ID is not set: todobot serves no workspace that added it.")
        raise typer.Exit(2)
    oauth = credentials.oauth
    upgrade_database(settings)
    retention = timedelta(days=settings.uninstall_retention_days)
    org_wide = team_id.startswith("E")
    enterprise, team = (team_id, None) if org_wide else (None, team_id)

    async def remove() -> int:
        database = build_database(settings)
        try:
            store = build_distribution(
                credentials, database, clock=SystemClock(), retention=retention
            ).store
            bot = await store.async_find_bot(
                enterprise_id=enterprise, team_id=team, is_enterprise_install=org_wide
            )
            if bot is None:
                errors().print(f"todobot is not installed in {team_id}.")
                return 1
            client = AsyncWebClient(token=bot.bot_token, base_url=credentials.api_url)
            try:
                await client.apps_uninstall(
                    client_id=oauth.client_id, client_secret=oauth.client_secret
                )
            except SlackApiError as refused:
                errors().print(
                    f"Slack refused apps.uninstall ({refused.response.get('error')}): todobot "
                    "forgets the workspace here; remove the app in Slack too."
                )
            await store.remove(enterprise_id=enterprise, team_id=team)
        finally:
            await database.dispose()
        days = settings.uninstall_retention_days
        print(
            f"Removed todobot from {team_id}. Its data is erased in {days} days "
            "unless the workspace adds todobot again."
        )
        return 0

    raise typer.Exit(asyncio.run(remove()))
