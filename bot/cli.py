"""The `todobot` command. Heavy imports stay inside the commands, so `--help` is instant and
`todobot chat` loads only what the chosen backend needs.

A command that fails prints one line (`todobot: …`); `--debug` or `LOG_LEVEL=DEBUG` shows the
traceback instead.
"""

from __future__ import annotations

import asyncio
import functools
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Literal

import typer
from pydantic import ValidationError

from bot.inbox_cli import inbox_app
from bot.settings import Settings, load_settings
from bot.slack_cli import slack_app
from bot.telegram_cli import telegram_app

if TYPE_CHECKING:
    from rich.console import Console

app = typer.Typer(
    help="todobot: your to-do list in Slack, Telegram and the terminal.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
db_app = typer.Typer(help="Database schema.", no_args_is_help=True)
app.add_typer(db_app, name="db")
app.add_typer(inbox_app, name="inbox")
app.add_typer(slack_app, name="slack")


@functools.cache
def errors() -> Console:
    from rich.console import Console

    return Console(stderr=True, soft_wrap=True)  # a one-line error stays one line


def show_version(wanted: bool) -> None:
    if wanted:
        from importlib.metadata import version

        print(f"todobot {version('todobot')}")
        raise typer.Exit()


@app.callback()
def root(
    debug: bool = typer.Option(
        False, "--debug", help="Log at DEBUG and show full tracebacks (as LOG_LEVEL=DEBUG)."
    ),
    _version: bool = typer.Option(
        False,
        "--version",
        callback=show_version,
        is_eager=True,
        help="Print todobot's version and exit.",
    ),
) -> None:
    """todobot: your to-do list in Slack, Telegram and the terminal."""
    if debug:  # the same switch as the setting, so everything started from here sees it
        os.environ["LOG_LEVEL"] = "DEBUG"


def settings_or_exit() -> Settings:
    try:
        return load_settings()
    except ValidationError as invalid:
        for problem in invalid.errors():
            name = ".".join(str(part) for part in problem["loc"]).upper()
            errors().print(f"[red]Setting {name} is invalid:[/red] {problem['msg']}")
        raise typer.Exit(2) from None


@db_app.command("upgrade")
def db_upgrade() -> None:
    """Create or upgrade the database schema to the latest version."""
    from bot.wiring import upgrade_database

    settings = settings_or_exit()
    upgrade_database(settings)
    errors().print("Database is up to date.")


@app.command()
def chat(
    output: Path = typer.Option(
        None, "--output", "-o", help="Where `export` writes its file (a file or a directory)."
    ),
) -> None:
    """Talk to todobot in this terminal (one line a turn when input is piped)."""
    from adapters.console.console import GOODBYE, run_console
    from adapters.console.reminders import ConsoleReminderSender
    from bot.logs import configure_logging, debugging
    from bot.reminders import reminders_running
    from bot.wiring import build_console, upgrade_database

    settings = settings_or_exit()
    if debugging(settings.log_level):  # otherwise warnings only, one line each, on stderr
        configure_logging(settings)
    upgrade_database(settings)
    history = settings.console_history_file.strip()
    history_file = Path(history).expanduser() if history else None

    async def session() -> int:
        # the builtin engine is built on the first message: the prompt does not wait for it
        services = build_console(settings)
        senders = [ConsoleReminderSender()]
        try:
            async with reminders_running(
                services.settings, services.db, senders, clock=services.chat.clock
            ):
                return await run_console(
                    services.chat,
                    history_file=history_file,
                    export_to=output,
                )
        finally:
            await services.close()

    try:
        failed = asyncio.run(session())
    except KeyboardInterrupt:  # Ctrl-C while a turn was running
        print(f"\n{GOODBYE}")
        return
    if failed:
        errors().print(f"{failed} turn(s) failed.", style="red")
        raise typer.Exit(1)


@app.command()
def keygen() -> None:
    """Print a new TOKEN_ENCRYPTION_KEY (it seals the Slack workspaces' tokens at rest)."""
    from core.storage.sealing import new_key

    print(new_key())


app.add_typer(telegram_app, name="telegram")


@app.command()
def serve(
    host: str = typer.Option("127.0.0.1", help="Interface to listen on (0.0.0.0 for all)."),
    port: int = typer.Option(8000, min=0, max=65535, help="TCP port (0 picks a free one)."),
    workers: int = typer.Option(1, min=1, max=64, help="Processes sharing the port."),
    role: Literal["all", "intake", "worker"] = typer.Option(
        "all",
        help="intake: take Slack and Telegram deliveries in (verify, record, ack); worker: "
        "run them, reminders, the chat API and MCP; all: both. A split needs PostgreSQL.",
    ),
    access_log: bool = typer.Option(True, help="Log every request."),
) -> None:
    """Run the HTTP server: chat API, Slack and Telegram webhooks, /healthz, /metrics."""

    from adapters.http.served import served_platforms
    from adapters.slack.config import SlackConfigError
    from adapters.telegram.config import TelegramSetupError
    from bot.logs import configure_logging
    from bot.platform_config import slack_config, telegram_config
    from bot.roles import RoleError, check_role
    from bot.serve import serve as run_server
    from bot.wiring import upgrade_database

    settings = settings_or_exit()
    configure_logging(settings)
    try:  # fails here, once, on settings this role cannot run; builds nothing
        check_role(settings, role)
        served_platforms(slack_config(settings), telegram_config(settings))
    except (SlackConfigError, TelegramSetupError, RoleError) as problem:
        errors().print(str(problem), style="red", markup=False)
        raise typer.Exit(2) from None
    upgrade_database(settings)
    run_server(settings, host=host, port=port, workers=workers, role=role, access_log=access_log)


@app.command()
def mcp(
    as_account: str = typer.Option(
        None, "--as", help="Act for a linked account: PLATFORM:ID (slack:WORKSPACE:USER)."
    ),
) -> None:
    """Serve the task tools to an MCP client over stdio (you, as in `todobot chat`)."""
    from adapters.mcp.stdio import BadAccount, console_account, parse_account, serve_stdio
    from bot.wiring import build_local_tools, upgrade_database

    # The person at this computer, like `todobot chat`: the console's rate limit (off).
    settings = settings_or_exit()
    try:
        account = parse_account(as_account) if as_account else console_account()
    except BadAccount as problem:
        errors().print(str(problem), style="red", markup=False)
        raise typer.Exit(2) from None
    upgrade_database(settings)

    async def session() -> int:
        db, remote = build_local_tools(settings)
        try:
            if as_account and not await remote.known(account):
                errors().print(f"todobot does not know {as_account}: talk to todobot there first.")
                return 2
            await serve_stdio(remote, account)
            return 0
        finally:
            await db.dispose()

    raise typer.Exit(asyncio.run(session()))


@app.command()
def token(
    user_id: str = typer.Argument(..., help="The person's id in your system (the JWT's sub)."),
    minutes: int = typer.Option(60, min=1, max=60 * 24 * 365, help="How long it is valid."),
) -> None:
    """Print a chat API token for USER_ID, signed with API_JWT_SECRET (to try the API)."""
    import time

    from adapters.http.auth import issue_token

    settings = settings_or_exit()
    secret = settings.api_jwt_secret.get_secret_value() if settings.api_jwt_secret else ""
    if not secret:
        errors().print("API_JWT_SECRET is not set: put it in .env (see docs/api/index.md).")
        raise typer.Exit(2)
    print(issue_token(secret, user_id, ttl_seconds=minutes * 60, now=time.time()))


@app.command()
def doctor() -> None:
    """Check the settings, the database and each configured platform; exit 1 if any fails."""
    from bot.doctor.run import diagnose

    raise typer.Exit(diagnose(load_settings, sys.stdout))


@app.command("eval")
def eval_cases(
    file: Path = typer.Argument(..., exists=True, dir_okay=False, help="A .jsonl file of cases."),
    backend: str = typer.Option(
        None, "--backend", help="builtin or openai (default: the configured backend)."
    ),
) -> None:
    """Run conversation eval cases, each on a fresh database; exit 0 only if all pass."""
    from bot.evaluate import run_eval
    from bot.wiring import build_agent

    settings = settings_or_exit()
    chosen = backend or settings.resolved_backend
    if chosen not in ("builtin", "openai"):
        errors().print(f"--backend must be builtin or openai, not {chosen!r}")
        raise typer.Exit(2)
    if chosen == "openai" and settings.openai_api_key is None:
        errors().print(
            "--backend openai needs OPENAI_API_KEY (and OPENAI_BASE_URL for other servers)"
        )
        raise typer.Exit(2)
    settings = settings.model_copy(update={"agent_backend": chosen})
    code = asyncio.run(
        run_eval(file, agent_factory=lambda: build_agent(settings), settings=settings)
    )
    raise typer.Exit(code)


def main() -> None:
    try:
        app()
    except Exception as failure:
        if _debugging():
            raise
        print(f"todobot: {_one_line(failure)}", file=sys.stderr)
        print("Run with --debug (or LOG_LEVEL=DEBUG) to see the traceback.", file=sys.stderr)
        sys.exit(1)


def _debugging() -> bool:
    from bot.logs import debugging

    try:
        return debugging(load_settings().log_level)
    except ValidationError:
        return False


def _one_line(failure: BaseException) -> str:
    """The first line of what went wrong, and which setting to check for a database error."""
    from sqlalchemy.exc import SQLAlchemyError

    lines = str(failure).strip().splitlines()
    summary = lines[0] if lines else type(failure).__name__
    if isinstance(failure, SQLAlchemyError):
        return f"the database is unreachable or refused the request (check DATABASE_URL): {summary}"
    return summary
