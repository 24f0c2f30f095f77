"""One update through the core and back to Telegram: the adapter's only I/O with the Bot API.

Calls Telegram may refuse without harm (a chat action, answering an old callback query) are
logged and skipped; everything else raises, so a caller that can redeliver (a durable inbox)
knows the update failed.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Mapping
from typing import Any

from telegram import (
    Bot,
    InlineQueryResultsButton,
    InputFile,
    LinkPreviewOptions,
    ReplyParameters,
)
from telegram.constants import ChatAction, ParseMode
from telegram.error import BadRequest, TelegramError
from telegram.ext import Application

from adapters.telegram.inline import NOTHING_TO_SHARE, InlineSearch, inline_results
from adapters.telegram.render import alert_text, keyboard, outcome_html, render
from adapters.telegram.team_translate import send_tells
from adapters.telegram.translate import (
    NOT_TEXT,
    PLATFORM,
    STALE_BUTTON,
    BotIdentity,
    ButtonPress,
    MessageTurn,
    NotText,
    message_at,
    message_ref,
    read_update,
)
from core.chat import ChatService
from core.conversation.queries import ChatQueries
from core.types import Reply

log = logging.getLogger(__name__)

NO_PREVIEW = LinkPreviewOptions(is_disabled=True)
BRIDGE_KEY = "todobot.bridge"  # where an Application keeps its bridge (`bot_data`)
INLINE_CACHE_SECONDS = 5
SET_ASIDE = (
    "Sorry, something went wrong on my side with that message, and trying again won't fix it, "
    "so I set it aside for a person to look at and changed nothing."
)


class TelegramBridge:
    """Reads an update, asks the core, renders the answer.

    `typing_after` seconds into a slow turn (a model thinking) the chat shows "typing…",
    renewed every `typing_every` seconds, as Telegram clears it after five.
    """

    def __init__(
        self,
        chat: ChatService,
        queries: ChatQueries,
        *,
        typing_after: float = 0.8,
        typing_every: float = 4.5,
    ) -> None:
        self.chat = chat
        self.queries = queries
        self.typing_after = typing_after
        self.typing_every = typing_every

    async def process(
        self, update: Mapping[str, Any], bot: Bot, *, redelivered: bool = False
    ) -> None:
        """One update, as Bot API JSON (a webhook body, or a polled Update's `to_dict()`)."""
        event = read_update(update, BotIdentity(id=bot.id, username=bot.username))
        if isinstance(event, MessageTurn):
            await self._answer_message(bot, event, redelivered=redelivered)
        elif isinstance(event, ButtonPress):
            await self._answer_press(bot, event)
        elif isinstance(event, InlineSearch):
            await self._answer_inline(bot, event)
        elif isinstance(event, NotText):
            await bot.send_message(event.chat_id, NOT_TEXT, message_thread_id=event.thread_id)

    async def apologise(self, update: Mapping[str, Any], bot: Bot) -> None:
        """The update was set aside (the inbox parked it): tell its sender, best effort."""
        event = read_update(update, BotIdentity(id=bot.id, username=bot.username))
        if isinstance(event, MessageTurn):
            await optional(
                bot.send_message(
                    event.chat_id,
                    SET_ASIDE,
                    message_thread_id=event.thread_id,
                ),
                "sendMessage",
            )

    async def _answer_inline(self, bot: Bot, search: InlineSearch) -> None:
        """Only the asker's tasks, never cached for anyone else (`is_personal`), and barely
        cached at all, as the list changes."""
        tasks = await self.queries.search_tasks(
            platform=PLATFORM, tenant="", user_ref=search.user_ref, text=search.text
        )
        offer = (
            None
            if tasks
            else InlineQueryResultsButton(text=NOTHING_TO_SHARE, start_parameter="inline")
        )
        await optional(
            bot.answer_inline_query(
                search.query_id,
                inline_results(tasks),
                cache_time=INLINE_CACHE_SECONDS,
                is_personal=True,
                button=offer,
            ),
            "answerInlineQuery",
        )

    async def _answer_message(self, bot: Bot, turn: MessageTurn, *, redelivered: bool) -> None:
        reply = await self._with_typing(bot, turn, redelivered=redelivered)
        if reply is None:
            return  # a redelivery of an update already answered
        try:
            sent = await self.send(
                bot, turn.chat_id, reply, reply_to=turn.reply_to, thread_id=turn.thread_id
            )
        except Exception:
            await self.chat.unsent(turn.incoming)  # the next attempt sends it again
            raise
        if reply.withdraw and turn.reply_to is not None:  # a secret typed in a group
            await optional(bot.delete_message(turn.chat_id, turn.reply_to), "deleteMessage")
        await send_tells(bot, reply.tells)
        await self.chat.answered(turn.incoming)
        await self._remember(turn, reply, sent)
        await self._edit_decided(bot, reply)

    async def _remember(self, turn: MessageTurn, reply: Reply, sent: int | None) -> None:
        """Note where a confirmation's buttons went, so a typed answer can edit them."""
        token = reply.confirmation_token()
        if token is None or sent is None:
            return
        await self.chat.remember_message(
            platform=turn.incoming.platform,
            tenant=turn.incoming.tenant,
            user_ref=turn.incoming.user_ref,
            token=token,
            message_ref=message_ref(turn.chat_id, sent),
        )

    async def _edit_decided(self, bot: Bot, reply: Reply) -> None:
        """A typed answer decided a confirmation: its button message shows the outcome,
        without buttons, as a press would have left it. Best effort."""
        found = message_at(reply.decided_message_ref)
        if found is None:
            return
        chat_id, message_id = found
        try:
            await bot.edit_message_text(
                outcome_html(reply),
                chat_id=chat_id,
                message_id=message_id,
                parse_mode=ParseMode.HTML,
                link_preview_options=NO_PREVIEW,
                reply_markup=None,
            )
        except TelegramError as refused:
            log.warning("could not edit message %s in chat %s: %s", message_id, chat_id, refused)

    async def _with_typing(self, bot: Bot, turn: MessageTurn, *, redelivered: bool) -> Reply | None:
        running = asyncio.ensure_future(self.chat.handle(turn.incoming, redelivered=redelivered))
        wait = self.typing_after
        try:
            while True:
                done, _ = await asyncio.wait({running}, timeout=wait)
                if done:
                    return running.result()
                await optional(
                    bot.send_chat_action(
                        turn.chat_id, ChatAction.TYPING, message_thread_id=turn.thread_id
                    ),
                    "sendChatAction",
                )
                wait = self.typing_every
        except asyncio.CancelledError:
            running.cancel()
            raise

    async def send(
        self,
        bot: Bot,
        chat_id: int,
        reply: Reply,
        *,
        reply_to: int | None = None,
        thread_id: int | None = None,
    ) -> int | None:
        """Send the reply; the id of the message that carries its buttons, if any."""
        with_buttons = None
        for index, part in enumerate(render(reply)):
            quoting = reply_to is not None and index == 0
            message = await bot.send_message(
                chat_id,
                part.html,
                parse_mode=ParseMode.HTML,
                reply_markup=part.keyboard,
                link_preview_options=NO_PREVIEW,
                message_thread_id=thread_id,
                reply_parameters=(
                    ReplyParameters(reply_to, allow_sending_without_reply=True)
                    if quoting and reply_to is not None
                    else None
                ),
            )
            if part.keyboard is not None:
                with_buttons = message.message_id
        if reply.attachment is not None:
            await bot.send_document(
                chat_id,
                InputFile(reply.attachment.content, filename=reply.attachment.filename),
                message_thread_id=thread_id,
            )
        return with_buttons

    async def _answer_press(self, bot: Bot, event: ButtonPress) -> None:
        if event.press is None:
            await optional(
                bot.answer_callback_query(event.query_id, text=STALE_BUTTON, show_alert=True),
                "answerCallbackQuery",
            )
            return
        reply = await self.chat.press(event.press)
        if reply is None:  # a redelivery: only make sure the spinner stops
            await optional(bot.answer_callback_query(event.query_id), "answerCallbackQuery")
            return
        await self._show_press(bot, event, reply)
        await send_tells(bot, reply.tells)

    async def _show_press(self, bot: Bot, event: ButtonPress, reply: Reply) -> None:
        if reply.ephemeral or event.chat_id is None or event.message_id is None:
            await optional(
                bot.answer_callback_query(event.query_id, text=alert_text(reply), show_alert=True),
                "answerCallbackQuery",
            )
            return
        await optional(bot.answer_callback_query(event.query_id), "answerCallbackQuery")
        await self._show_outcome(bot, event.chat_id, event.message_id, reply)

    async def _show_outcome(self, bot: Bot, chat_id: int, message_id: int, reply: Reply) -> None:
        """Replace the message that carried the buttons; if it can't be edited, say it anew."""
        try:
            await bot.edit_message_text(
                outcome_html(reply),
                chat_id=chat_id,
                message_id=message_id,
                parse_mode=ParseMode.HTML,
                link_preview_options=NO_PREVIEW,
                reply_markup=keyboard(reply.buttons),
            )
        except BadRequest as refused:
            if "not modified" in refused.message.lower():
                return
            log.warning("could not edit message %s in chat %s: %s", message_id, chat_id, refused)
            await self.send(bot, chat_id, reply)


async def optional(call: Awaitable[Any], method: str) -> None:
    """Await a Bot API call the conversation does not depend on; a refusal is only logged."""
    try:
        await call
    except TelegramError as refused:
        log.warning("Telegram refused %s (carrying on without it): %s", method, refused)


def bridge_of(application: Application) -> TelegramBridge:
    """The bridge `build_application` gave this Application."""
    bridge: TelegramBridge = application.bot_data[BRIDGE_KEY]
    return bridge
