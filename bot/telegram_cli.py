"""`todobot telegram`: run the Telegram bot by long polling, or register its webhook."""

from __future__ import annotations

import asyncio

import typer

telegram_app = typer.Typer(
    help="Telegram: `todobot telegram` runs long polling; `set-webhook URL` registers the webhook.",
    invoke_without_command=True,
)


@telegram_app.callback()
def telegram(context: typer.Context) -> None:
    """Run the Telegram bot by long polling (needs TELEGRAM_BOT_TOKEN; no public URL)."""
    from bot.cli import errors, settings_or_exit

    if context.invoked_subcommand is not None:
        return
    from telegram.error import TelegramError

    from adapters.telegram.application import poll_until_signalled
    from adapters.telegram.config import TelegramSetupError, bot_token
    from adapters.telegram.reminders import TelegramReminderSender
    from bot.logs import configure_logging
    from bot.platform_config import telegram_config
    from bot.reminders import reminders_running
    from bot.runtime import freeze_startup_heap
    from bot.wiring import build_telegram, upgrade_database

    settings = settings_or_exit()
    configure_logging(settings)
    config = telegram_config(settings)

    async def polling() -> None:
        bot = build_telegram(settings)
        services, application, inbox = bot.services, bot.application, bot.inbox
        freeze_startup_heap()
        try:
            senders = [TelegramReminderSender(application.bot)]
            grace = settings.shutdown_grace_seconds
            async with reminders_running(settings, services.db, senders):
                await poll_until_signalled(application, inbox, grace_seconds=grace)
        finally:
            await services.close()

    try:
        bot_token(config)  # a missing token fails before any database work
        upgrade_database(settings)
        asyncio.run(polling())
    except TelegramSetupError as problem:
        errors().print(f"[red]{problem}[/red]")
        raise typer.Exit(2) from None
    except TelegramError as problem:
        errors().print(f"[red]Telegram: {problem}[/red]")
        raise typer.Exit(1) from None


@telegram_app.command("set-webhook")
def telegram_set_webhook(
    url: str = typer.Argument(
        "", help="The public URL of /telegram/webhook (default: TELEGRAM_WEBHOOK_URL)."
    ),
) -> None:
    """Point Telegram at URL (ending in /telegram/webhook) with TELEGRAM_WEBHOOK_SECRET."""
    from adapters.telegram.application import set_webhook
    from adapters.telegram.config import TelegramSetupError, webhook_secret
    from bot.cli import errors, settings_or_exit
    from bot.platform_config import telegram_config
    from bot.wiring import build_telegram

    settings = settings_or_exit()
    url = url or settings.telegram_webhook_url
    if not url:
        errors().print("Give the URL, or set TELEGRAM_WEBHOOK_URL to it.", style="red")
        raise typer.Exit(2)
    config = telegram_config(settings)

    async def register() -> None:
        bot = build_telegram(settings, polling=False)
        try:
            await set_webhook(bot.application, url, webhook_secret(config))
        finally:
            await bot.services.close()

    try:
        asyncio.run(register())
    except TelegramSetupError as problem:
        errors().print(f"[red]{problem}[/red]")
        raise typer.Exit(2) from None
    errors().print(f"Telegram will deliver updates to {url}")
