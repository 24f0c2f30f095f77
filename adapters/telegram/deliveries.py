"""A Telegram update as the durable inbox keeps it: its id, whose it is, and who runs it.

Every update, from the webhook (`todobot serve`) or from long polling (`todobot telegram`),
is recorded in the inbox first; a worker later runs it through the bridge. The inbox runs one
person's updates in the order they were recorded, keyed by `order_key`. Recording needs only
the update's JSON, so python-telegram-bot and the bridge are imported only where updates run
(`process_update`, `run_from`): webhook intake never loads them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from core.delivery.inbox import Inbox
from core.delivery.transient import RetryLater

if TYPE_CHECKING:
    from telegram.ext import Application

SOURCE = "telegram"


class TelegramNotReady(RetryLater):
    """The Application has not reached the Bot API yet; the update should be retried later."""


def order_key(update: Mapping[str, Any]) -> str | None:
    """The person who wrote or pressed; an inline query changes nothing and waits for no one."""
    for kind in ("message", "callback_query"):
        found = update.get(kind)
        if isinstance(found, Mapping):
            sender = found.get("from")
            person = sender.get("id") if isinstance(sender, Mapping) else None
            return f"{SOURCE}:{person}" if isinstance(person, int) else None
    return None


async def record(inbox: Inbox, update: Mapping[str, Any]) -> None:
    """Write the update down; raises when it cannot be, so Telegram is not acknowledged."""
    await inbox.record(SOURCE, str(update["update_id"]), dict(update), order_key=order_key(update))


async def process_update(
    application: Application, payload: Mapping[str, Any], *, redelivered: bool = False
) -> None:
    """Run one update through the core and answer it; raises if that fails. `redelivered`:
    an earlier attempt may have applied it without answering, so send that answer now."""
    from adapters.telegram.bridge import bridge_of

    if not application.running:
        raise TelegramNotReady("the Telegram application is not running (yet)")
    await bridge_of(application).process(payload, application.bot, redelivered=redelivered)


def run_from(inbox: Inbox, application: Application) -> None:
    """This process runs the Telegram updates it leases from `inbox`, through `application`."""
    from adapters.telegram.bridge import bridge_of

    async def process(payload: dict[str, Any], redelivered: bool) -> None:
        await process_update(application, payload, redelivered=redelivered)

    async def apologise(payload: dict[str, Any]) -> None:
        await bridge_of(application).apologise(payload, application.bot)

    inbox.register(SOURCE, process, apologise=apologise)
