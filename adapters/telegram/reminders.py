"""Reminders on Telegram: in the person's private chat, or in the group they asked from.

Asked in a private chat, the reminder goes there. Asked in a group, it goes privately when
the bot can write to the person (they have started it); otherwise to the group, addressed to
them by a mention. The bot's rate limiter (adapters/telegram/ratelimit.py: 30 messages a second,
20 a minute per group) paces every send; a flood wait is `Refused` at once with Telegram's
`retry_after`, a person who blocked the bot (or a group that removed it) is `Unreachable`.
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from typing import Any

from telegram import LinkPreviewOptions
from telegram.constants import ParseMode
from telegram.error import BadRequest, Forbidden, TelegramError
from telegram.ext import ExtBot

from adapters.telegram.ratelimit import NO_RETRY, FloodWait
from adapters.telegram.render import render
from core.reminders.delivery import Notice, Refused, Unreachable

PLATFORM = "telegram"
NO_PREVIEW = LinkPreviewOptions(is_disabled=True)


@dataclass
class TelegramReminderSender:
    bot: ExtBot[Any]
    platform: str = PLATFORM

    async def send(self, notice: Notice) -> str | None:
        person = notice.recipient
        group = person.chat_ref if person.chat_ref and person.chat_ref != person.user_ref else None
        try:
            return await self._post(int(person.user_ref), notice, mention=None)
        except Forbidden as refused:
            if group is None:
                raise Unreachable(refused.message) from refused
        except FloodWait as flood:
            raise Refused(str(flood), flood.seconds) from flood
        except TelegramError as error:
            raise _classified(error) from error
        try:  # the bot cannot start a private chat with them: say it in the group
            mention = f'<a href="tg://user?id={int(person.user_ref)}">'
            mention += f"{html.escape(person.display_name or 'you')}</a>, "
            return await self._post(int(group), notice, mention=mention)
        except FloodWait as flood:
            raise Refused(str(flood), flood.seconds) from flood
        except TelegramError as error:
            raise _classified(error) from error

    async def _post(self, chat_id: int, notice: Notice, *, mention: str | None) -> str:
        sent_id = 0
        for index, part in enumerate(render(notice.reply)):
            text = (mention or "") + part.html if index == 0 else part.html
            sent = await self.bot.send_message(
                chat_id,
                text,
                parse_mode=ParseMode.HTML,
                reply_markup=part.keyboard,
                link_preview_options=NO_PREVIEW,
                rate_limit_args=NO_RETRY,
            )
            sent_id = sent.message_id
        return f"{chat_id}:{sent_id}"


def _classified(error: TelegramError) -> Exception:
    if isinstance(error, Forbidden):
        return Unreachable(error.message)
    if isinstance(error, BadRequest) and "chat not found" in error.message.lower():
        return Unreachable(error.message)
    return Refused(error.message)
