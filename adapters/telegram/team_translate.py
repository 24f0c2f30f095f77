"""Telegram's side of team lists (the people a `/team` names are read in translate.py, from
its `text_mention` entities): who is in a group (getChatMember), and telling an assignee:
in their private chat when they have started the bot, else by a mention in the group, with
the tell's buttons (Done, Open the list) either way."""

from __future__ import annotations

import html
import logging

from telegram import Bot
from telegram.constants import ParseMode
from telegram.error import Forbidden, TelegramError

from adapters.telegram.render import keyboard
from core.domain.lists import Place
from core.types import Tell

log = logging.getLogger(__name__)

MEMBER_STATUSES = frozenset({"creator", "administrator", "member"})


class TelegramMembers:
    """Membership as Telegram says it: getChatMember of the group."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot

    async def is_member(self, place: Place, user_ref: str) -> bool:
        try:
            member = await self.bot.get_chat_member(int(place.chat_id), int(user_ref))
        except (TelegramError, ValueError):
            return False
        status = str(member.status)
        return status in MEMBER_STATUSES or (
            status == "restricted" and bool(getattr(member, "is_member", False))
        )

    async def place_name(self, place: Place) -> str | None:
        """The group's title as Telegram says it (getChat)."""
        try:
            found = await self.bot.get_chat(int(place.chat_id))
        except (TelegramError, ValueError):
            return None
        return found.title or None

    async def tell(self, tells: list[Tell]) -> None:
        await send_tells(self.bot, tells)


async def send_tells(bot: Bot, tells: list[Tell]) -> None:
    """Each tell after the reply: privately when asked and possible, else in the group."""
    for tell in tells:
        text = html.escape(tell.text, quote=False)
        where = f" (in {html.escape(tell.place_name, quote=False)})" if tell.place_name else ""
        if tell.private and await _privately(bot, tell, text + where):
            continue
        if tell.chat_ref is None:
            continue
        named = f'<a href="tg://user?id={int(tell.user_ref)}">@</a> {text}'
        try:
            await bot.send_message(
                int(tell.chat_ref),
                named,
                parse_mode=ParseMode.HTML,
                reply_markup=keyboard(list(tell.buttons)),
            )
        except TelegramError:
            log.warning("could not tell %s about a team task in its group", tell.user_ref)


async def _privately(bot: Bot, tell: Tell, text: str) -> bool:
    try:
        await bot.send_message(
            int(tell.user_ref),
            text,
            parse_mode=ParseMode.HTML,
            reply_markup=keyboard(list(tell.buttons)),
        )
    except Forbidden:  # they never started the bot (or blocked it)
        return False
    except TelegramError:
        log.warning("could not tell %s about a team task", tell.user_ref, exc_info=True)
        return False
    return True
