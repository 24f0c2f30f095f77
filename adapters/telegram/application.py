"""Building and running the python-telegram-bot `Application`.

Nothing is built at import time: `build_application` makes one from a `TelegramConfig` and the
`ChatService`; `run_polling` runs it for long polling, `telegram_lifespan` for a webhook
worker's life, and `set_webhook` registers the webhook with it. Either way updates are recorded
in the durable inbox and run from there (`deliveries.py`), which keeps one person's updates in
order. Only what runs updates needs this module: webhook intake (`webhook.py`) imports no PTB.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
import signal
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager

import httpx
from telegram import (
    Bot,
    BotCommand,
    BotCommandScope,
    BotCommandScopeAllGroupChats,
    BotCommandScopeAllPrivateChats,
    Update,
)
from telegram.error import InvalidToken, NetworkError, RetryAfter, TelegramError
from telegram.ext import Application, ApplicationBuilder, ContextTypes, TypeHandler
from telegram.request import HTTPXRequest

from adapters.telegram import deliveries, menus
from adapters.telegram.bridge import BRIDGE_KEY, TelegramBridge, optional
from adapters.telegram.config import TelegramConfig, TelegramSetupError, bot_token
from adapters.telegram.ratelimit import TodobotRateLimiter
from adapters.telegram.team_translate import TelegramMembers
from adapters.telegram.translate import PLATFORM
from core.chat import ChatService
from core.conversation.queries import ChatQueries
from core.delivery.inbox import Inbox
from core.delivery.send_pace import Pace, shared_pace

log = logging.getLogger(__name__)

ALLOWED_UPDATES = ("message", "callback_query", "inline_query")
LONG_POLL_SECONDS = 25


def build_application(
    config: TelegramConfig,
    chat: ChatService,
    queries: ChatQueries,
    *,
    polling: bool = True,
    bridge: TelegramBridge | None = None,
    pace: Pace | None = None,
) -> Application:
    """An Application on the configured Bot API server; without an Updater in webhook mode.
    Its messages keep to `pace`, by default the bot's rate shared through the database. It
    handles updates one at a time, and handling one is only recording it (`run_polling`), so
    they reach the inbox in the order Telegram sent them."""
    token = bot_token(config)
    if pace is None:
        pace = shared_pace(chat.db, pace_key(token), per_second=config.messages_per_second)
    # The bot's two HTTP clients verify TLS with one context: each of its own would load the
    # CA bundle again, about 1 MB for the life of the process.
    tls = {"verify": httpx.create_ssl_context()}
    builder = (
        ApplicationBuilder()
        .token(token)
        .base_url(config.api_url)
        .rate_limiter(TodobotRateLimiter(pace, max_retries=3))
        .request(
            HTTPXRequest(
                connection_pool_size=256,
                connect_timeout=5,
                read_timeout=10,
                write_timeout=15,
                media_write_timeout=30,
                pool_timeout=10,
                httpx_kwargs=tls,
            )
        )
        .get_updates_request(
            HTTPXRequest(
                connection_pool_size=1,
                connect_timeout=5,
                read_timeout=10,
                pool_timeout=10,
                httpx_kwargs=tls,
            )
        )
    )
    if not polling:
        builder = builder.updater(None)
    application = builder.build()
    application.bot_data[BRIDGE_KEY] = bridge or TelegramBridge(chat, queries)
    members = TelegramMembers(application.bot)
    chat.memberships.register(PLATFORM, members, members)
    application.add_error_handler(_failed)
    return application


def pace_key(token: str) -> str:
    """The bot's key in the shared pace: its id, the token's public part."""
    return f"telegram:{token.partition(':')[0]}"


async def _failed(update: object, context: ContextTypes.DEFAULT_TYPE) -> None:
    if isinstance(update, Update):
        update_id: object = update.update_id
    else:
        update_id = update.get("update_id") if isinstance(update, dict) else None
    log.error("Telegram update %s failed", update_id, exc_info=context.error)


def record_polled_updates(application: Application, inbox: Inbox) -> None:
    """Every polled update is written to the inbox, and runs from there like a webhook's."""

    async def on_update(update: Update, _context: ContextTypes.DEFAULT_TYPE) -> None:
        await deliveries.record(inbox, update.to_dict())

    application.add_handler(TypeHandler(Update, on_update))
    deliveries.run_from(inbox, application)


async def initialize(
    application: Application, *, stop: asyncio.Event | None = None, first_delay: float = 1.0
) -> bool:
    """getMe and the command menu. Waits out an unreachable Bot API (False if `stop` is set
    meanwhile); a rejected token fails at once."""
    delay = first_delay
    stop = stop or asyncio.Event()
    while not stop.is_set():
        try:
            await application.initialize()
            break
        except InvalidToken as rejected:
            raise TelegramSetupError(
                f"Telegram rejected TELEGRAM_BOT_TOKEN ({rejected.message}). "
                "Check it with @BotFather (/mybots -> API Token)."
            ) from None
        except (NetworkError, RetryAfter) as error:
            log.warning("Bot API unreachable at start-up (%s); retrying in %.1f s", error, delay)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(stop.wait(), delay)
            delay = min(delay * 2, 30.0)
    else:
        return False
    await publish_menu(application.bot)
    return True


async def publish_menu(bot: Bot) -> None:
    """The command menus (per chat type and language) and the bot's descriptions. They are a
    convenience: a server that refuses one is logged, and the bot runs on."""
    calls = [
        optional(
            bot.set_my_commands(
                [BotCommand(name, text) for name, text in menu.commands],
                scope=_SCOPES[menu.scope](),
                language_code=menu.language or None,
            ),
            "setMyCommands",
        )
        for menu in menus.menus()
    ]
    for language, (short, about) in menus.ABOUT.items():
        code = language or None
        short_call = bot.set_my_short_description(short, language_code=code)
        calls.append(optional(short_call, "setMyShortDescription"))
        about_call = bot.set_my_description(about, language_code=code)
        calls.append(optional(about_call, "setMyDescription"))
    await asyncio.gather(*calls)


_SCOPES: dict[str, Callable[[], BotCommandScope]] = {
    menus.PRIVATE: BotCommandScopeAllPrivateChats,
    menus.GROUPS: BotCommandScopeAllGroupChats,
}


async def run_polling(
    application: Application, inbox: Inbox, stop: asyncio.Event, *, grace_seconds: float = 30.0
) -> None:
    """Long polling until `stop` is set, each update recorded in `inbox` and run from it by
    this process. PTB's polling loop backs off and retries by itself on network errors and
    honours RetryAfter. On `stop`: no more polling, the turns running finish (within
    `grace_seconds`), and updates already fetched are recorded for the next start."""
    updater = application.updater
    if updater is None:
        raise TelegramSetupError("this Application was built for webhook mode (no Updater)")
    record_polled_updates(application, inbox)
    if not await initialize(application, stop=stop):
        return
    try:
        await updater.start_polling(
            timeout=LONG_POLL_SECONDS,
            allowed_updates=list(ALLOWED_UPDATES),
            bootstrap_retries=5,
            error_callback=polling_failed,
        )
        await application.start()
        log.info("Polling Telegram as @%s", application.bot.username)
        async with inbox.running(grace_seconds=grace_seconds):
            await stop.wait()
            await updater.stop()
    finally:
        if updater.running:
            await updater.stop()
        if application.running:
            await application.stop()
        await application.shutdown()


def polling_failed(error: TelegramError) -> None:
    """PTB retries by itself; say so in one line (the traceback only when debugging)."""
    log.warning(
        "Telegram polling failed (%s: %s); retrying",
        type(error).__name__,
        error,
        exc_info=error if log.isEnabledFor(logging.DEBUG) else None,
    )


async def poll_until_signalled(
    application: Application, inbox: Inbox, *, grace_seconds: float
) -> None:
    """`todobot telegram`: poll until SIGINT or SIGTERM, then finish the updates in hand."""
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(signum, stop.set)
    await run_polling(application, inbox, stop, grace_seconds=grace_seconds)


@asynccontextmanager
async def telegram_lifespan(
    application: Application, *, when_ready: Callable[[], None] | None = None
) -> AsyncIterator[Application]:
    """Start the Application a worker answers updates with, for the server's life. It
    connects in the background, so an unreachable Bot API delays only Telegram (updates wait
    in the inbox meanwhile), never the server; `when_ready` is called once it runs."""
    stopping = asyncio.Event()

    async def connect() -> None:
        try:
            if not await initialize(application, stop=stopping):
                return
        except TelegramSetupError as problem:
            log.error("Telegram is off: %s", problem)
            return
        await application.start()
        if when_ready is not None:
            when_ready()

    connecting = asyncio.create_task(connect(), name="telegram-connect")
    try:
        yield application
    finally:
        stopping.set()
        await connecting
        if application.running:
            await application.stop()
        await application.shutdown()


async def set_webhook(application: Application, url: str, secret: str) -> None:
    """Register `url` with Telegram; raises TelegramSetupError with Telegram's reason."""
    if not re.match(r"^https?://[^/\s]+", url):
        raise TelegramSetupError(f"{url!r} is not an http(s) URL")
    try:
        await application.initialize()
        accepted = await application.bot.set_webhook(
            url, secret_token=secret, allowed_updates=list(ALLOWED_UPDATES)
        )
    except InvalidToken as rejected:
        raise TelegramSetupError(f"Telegram rejected TELEGRAM_BOT_TOKEN ({rejected})") from None
    except TelegramError as refused:
        raise TelegramSetupError(f"Telegram refused the webhook: {refused}") from None
    finally:
        await application.shutdown()
    if not accepted:
        raise TelegramSetupError("Telegram did not accept the webhook")
