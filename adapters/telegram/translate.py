"""Telegram <-> core, no I/O: Update JSON to `Incoming`/`Press`, `Reply` to HTML parts.

Telegram measures text (and entity offsets) in UTF-16 code units, so slicing and splitting
here count those, not Python characters.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from adapters.telegram.inline import InlineSearch, read_inline
from adapters.telegram.render import utf16_slice
from core.types import (
    Incoming,
    Mention,
    Press,
    parse_payload,
)

PLATFORM = "telegram"
GROUP_CHAT_TYPES = frozenset({"group", "supergroup"})
NOT_TEXT = "I can only read text messages. Tell me what to add, or send /help."
STALE_BUTTON = "That button no longer works. Ask me again."


@dataclass(frozen=True)
class BotIdentity:
    """Who the bot is (from getMe): needed to tell whether a group message is addressed to it."""

    id: int
    username: str


@dataclass(frozen=True)
class MessageTurn:
    """A message the bot should answer, and where the answer goes."""

    incoming: Incoming
    chat_id: int
    thread_id: int | None = None
    reply_to: int | None = None


@dataclass(frozen=True)
class ButtonPress:
    """A callback query. `press` is None when its data is not one of our buttons."""

    press: Press | None
    query_id: str
    chat_id: int | None = None
    message_id: int | None = None


@dataclass(frozen=True)
class NotText:
    """A private message the bot cannot read (a photo, a sticker): it gets a hint, not a turn."""

    chat_id: int
    thread_id: int | None = None


Event = MessageTurn | ButtonPress | NotText | InlineSearch


def read_update(update: Mapping[str, Any], bot: BotIdentity) -> Event | None:
    """What an Update means for the bot; None when it should be ignored."""
    update_id = update.get("update_id")
    if not isinstance(update_id, int):
        return None
    if isinstance(update.get("message"), Mapping):
        return _read_message(update["message"], str(update_id), bot)
    if isinstance(update.get("callback_query"), Mapping):
        return _read_callback(update["callback_query"], str(update_id))
    if isinstance(update.get("inline_query"), Mapping):
        return read_inline(update["inline_query"])
    return None


def _read_message(message: Mapping[str, Any], event_id: str, bot: BotIdentity) -> Event | None:
    sender = message.get("from")
    chat = message.get("chat")
    if not isinstance(sender, Mapping) or not isinstance(chat, Mapping) or sender.get("is_bot"):
        return None
    chat_type = chat.get("type")
    is_group = chat_type in GROUP_CHAT_TYPES
    if chat_type != "private" and not is_group:
        return None
    thread_id = message.get("message_thread_id") if message.get("is_topic_message") else None
    text = message.get("text")
    if not is_group and _is_forwarded(message):
        # Something the person read elsewhere: offered as a task, never read as a request.
        captured = _written(message)
        if captured is None:
            return NotText(chat_id=chat["id"], thread_id=thread_id)
        command: str | None = "offer"
        text = captured
    elif not isinstance(text, str):
        return NotText(chat_id=chat["id"], thread_id=thread_id) if not is_group else None
    else:
        read = _read_text(message, text, bot, is_group)
        if read is None:
            return None
        command, text = read

    incoming = Incoming(
        platform=PLATFORM,
        tenant="",
        user_ref=str(sender["id"]),
        chat_ref=str(chat["id"]),
        thread_ref=str(thread_id) if thread_id is not None else None,
        text=text,
        event_id=event_id,
        display_name=display_name(sender),
        is_group=is_group,
        command=command,
        list_controls=not is_group,
        private_replies=not is_group,  # a group sees every message the bot sends there
        mentions=team_mentions(message, bot.id),
        username=_username(sender) if is_group else None,
    )
    reply_to = message.get("message_id") if is_group else None
    return MessageTurn(
        incoming=incoming, chat_id=chat["id"], thread_id=thread_id, reply_to=reply_to
    )


def _username(sender: Mapping[str, Any]) -> str | None:
    name = sender.get("username")
    return name if isinstance(name, str) and name else None


def team_mentions(message: Mapping[str, Any], bot_id: int) -> tuple[Mention, ...]:
    """The people a message names by picking them (`text_mention`), for the team commands."""
    text = message.get("text")
    if not isinstance(text, str):
        return ()
    entities = [e for e in message.get("entities") or [] if isinstance(e, Mapping)]
    found: list[Mention] = []
    encoded = text.encode("utf-16-le")
    for entity in entities:
        user = entity.get("user")
        if entity.get("type") != "text_mention" or not isinstance(user, Mapping):
            continue
        if user.get("id") == bot_id or user.get("is_bot"):
            continue
        start, length = int(entity.get("offset", 0)) * 2, int(entity.get("length", 0)) * 2
        said = encoded[start : start + length].decode("utf-16-le")
        found.append(Mention(said, str(user["id"]), display_name(user) or said))
    return tuple(found)


def _read_text(
    message: Mapping[str, Any], text: str, bot: BotIdentity, is_group: bool
) -> tuple[str | None, str] | None:
    """A text message's command and text; None when it is not for this bot (a command for
    another bot, or a group message that neither mentions nor answers it)."""
    entities = [e for e in message.get("entities") or [] if isinstance(e, Mapping)]
    command, text = _split_command(text, entities, bot, is_group)
    mentioned = False
    if command is None:
        text, mentioned = _strip_mentions(text, entities, bot)
    if command == "":  # a command addressed to another bot
        return None
    if is_group and command is None and not mentioned and not _replies_to_bot(message, bot):
        return None
    if command is None and mentioned and not text:
        command = "help"  # a bare "@todobot" asks what the bot can do
    if command == "add" and not text:  # /add in reply to a message adds that message
        replied = message.get("reply_to_message")
        text = (_written(replied) if isinstance(replied, Mapping) else None) or ""
    return command, text


def _is_forwarded(message: Mapping[str, Any]) -> bool:
    return isinstance(message.get("forward_origin"), Mapping) or "forward_date" in message


def _written(message: Mapping[str, Any]) -> str | None:
    """A message's text, or a photo's or document's caption; None when it has neither."""
    for key in ("text", "caption"):
        value = message.get(key)
        if isinstance(value, str) and value.strip():
            return value.strip()
    return None


def _split_command(
    text: str, entities: list[Mapping[str, Any]], bot: BotIdentity, is_group: bool
) -> tuple[str | None, str]:
    """`/done@bot 2` -> ("done", "2"). "" means a command for another bot (ignored in groups)."""
    first = next((e for e in entities if e.get("type") == "bot_command"), None)
    if first is None or first.get("offset") != 0:
        return None, text
    length = int(first.get("length", 0))
    head = utf16_slice(text, 0, length)
    rest = utf16_slice(text, length, None)
    name, _, addressee = head[1:].partition("@")
    if addressee and addressee.lower() != bot.username.lower() and is_group:
        return "", text
    return name.lower(), rest.strip()


def _strip_mentions(
    text: str, entities: list[Mapping[str, Any]], bot: BotIdentity
) -> tuple[str, bool]:
    """Remove every mention of the bot from the text; report whether there was one."""
    spans = []
    for entity in entities:
        offset, length = int(entity.get("offset", 0)), int(entity.get("length", 0))
        kind = entity.get("type")
        if kind == "mention":
            named = utf16_slice(text, offset, offset + length)
            if named.lower() == f"@{bot.username.lower()}":
                spans.append((offset, length))
        elif kind == "text_mention":
            user = entity.get("user")
            if isinstance(user, Mapping) and user.get("id") == bot.id:
                spans.append((offset, length))
    for offset, length in sorted(spans, reverse=True):
        before = utf16_slice(text, 0, offset).rstrip()
        after = utf16_slice(text, offset + length, None).lstrip()
        text = f"{before} {after}"
    return text.strip(), bool(spans)


def _replies_to_bot(message: Mapping[str, Any], bot: BotIdentity) -> bool:
    replied = message.get("reply_to_message")
    if not isinstance(replied, Mapping):
        return False
    author = replied.get("from")
    return isinstance(author, Mapping) and author.get("id") == bot.id


def _read_callback(query: Mapping[str, Any], event_id: str) -> ButtonPress | None:
    sender = query.get("from")
    if not isinstance(sender, Mapping) or "id" not in query:
        return None
    message = query.get("message")
    chat_id = message_id = None
    if isinstance(message, Mapping) and isinstance(message.get("chat"), Mapping):
        chat_id, message_id = message["chat"].get("id"), message.get("message_id")
    data = query.get("data")
    parsed = parse_payload(data) if isinstance(data, str) else None
    press = None
    if parsed is not None:
        action, token = parsed
        press = Press(
            platform=PLATFORM,
            tenant="",
            user_ref=str(sender["id"]),
            token=token,
            action=action,
            event_id=event_id,
            display_name=display_name(sender),
        )
    return ButtonPress(
        press=press, query_id=str(query["id"]), chat_id=chat_id, message_id=message_id
    )


def display_name(user: Mapping[str, Any]) -> str | None:
    full = " ".join(str(user[k]) for k in ("first_name", "last_name") if user.get(k)).strip()
    return full or user.get("username") or None


def message_ref(chat_id: int, message_id: int) -> str:
    """A sent message as the core keeps it (a confirmation's `message_ref`)."""
    return f"{PLATFORM}:{chat_id}:{message_id}"


def message_at(ref: str | None) -> tuple[int, int] | None:
    """The chat id and message id of a `message_ref`; None for anything else."""
    if not ref:
        return None
    platform, _, rest = ref.partition(":")
    chat, _, message = rest.rpartition(":")
    if platform != PLATFORM:
        return None
    try:
        return int(chat), int(message)
    except ValueError:
        return None
