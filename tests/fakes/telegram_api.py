"""A fake Telegram Bot API: a real HTTP server on 127.0.0.1 that records every call.

It implements the methods todobot uses, feeds queued updates to getUpdates (long polling),
and can be told to refuse a method (`fail`), as Telegram does with a 400, a 429 with
retry_after, or a 502 from its front end. The update builders below write what Telegram
would send for a person's message or button press.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import time
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

BOT_ID = 7_000_001
BOT_USERNAME = "todo_test_bot"
TOKEN = f"{BOT_ID}:AAE-test_token_for_the_fake"
BOT_USER = {"id": BOT_ID, "is_bot": True, "first_name": "todobot", "username": BOT_USERNAME}
WAIT_SECONDS = 10.0


@dataclass
class Call:
    method: str
    params: dict[str, str]
    files: dict[str, tuple[str, bytes]] = field(default_factory=dict)
    result: Any = None

    def json(self, name: str) -> Any:
        value = self.params.get(name)
        return None if value is None else json.loads(value)

    @property
    def text(self) -> str:
        return self.params.get("text", "")

    @property
    def buttons(self) -> list[str]:
        markup = self.json("reply_markup") or {}
        return [b["text"] for row in markup.get("inline_keyboard", []) for b in row]

    def callback_data(self, label: str) -> str:
        markup = self.json("reply_markup") or {}
        for row in markup.get("inline_keyboard", []):
            for button in row:
                if button["text"] == label or button["text"].startswith(label):
                    return button["callback_data"]
        raise AssertionError(f"no button {label!r} in {markup}")


@dataclass
class Refusal:
    times: int
    status: int
    description: str
    retry_after: int | None


class FakeTelegramAPI:
    def __init__(self, token: str = TOKEN) -> None:
        self.token = token
        self.calls: list[Call] = []
        self._updates: list[dict[str, Any]] = []
        self._refusals: dict[str, Refusal] = {}
        self._held: set[str] = set()
        self._changed = asyncio.Condition()
        self._closing = False
        self._message_ids = itertools.count(1000)
        self._runner: web.AppRunner | None = None
        self.port = 0
        # What setWebhook registered (getWebhookInfo reports it), and a delivery error to report.
        self.webhook_url = ""
        self.webhook_error = ""
        # getChatMember: who is in each group; and the people who never started the bot
        # (a message to their private chat is refused, as Telegram refuses it).
        self.chat_members: dict[int, set[int]] = {}
        self.never_started: set[int] = set()
        # getChat: the groups the fake delivered a message from, by id
        self.chats: dict[int, dict[str, Any]] = {}

    @property
    def base_url(self) -> str:
        """What the Application's base_url should be (the token is appended by PTB)."""
        return f"http://127.0.0.1:{self.port}/bot"

    async def start(self) -> None:
        app = web.Application(client_max_size=50 * 1024 * 1024)
        app.router.add_post("/bot{token}/{method}", self._dispatch)
        self._runner = web.AppRunner(app, shutdown_timeout=1.0)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]

    async def stop(self) -> None:
        async with self._changed:
            self._closing = True
            self._changed.notify_all()
        if self._runner is not None:
            await self._runner.cleanup()

    # --- what tests do -------------------------------------------------------------------

    async def push(self, *updates: dict[str, Any]) -> None:
        """Queue updates for the next getUpdates (in one batch when several)."""
        for update in updates:
            chat = (update.get("message") or {}).get("chat")
            if isinstance(chat, dict) and chat.get("type") != "private":
                self.chats[int(chat["id"])] = chat
        async with self._changed:
            self._updates.extend(updates)
            self._changed.notify_all()

    async def push_message(
        self, sender: dict[str, Any], chat: dict[str, Any], text: str, **details: Any
    ) -> None:
        await self.push(message_update(sender, chat, text, **details))

    def fail(
        self,
        method: str,
        *,
        times: int = 1,
        status: int = 400,
        description: str = "Bad Request: refused by the fake",
        retry_after: int | None = None,
    ) -> None:
        self._refusals[method] = Refusal(times, status, description, retry_after)

    def hold(self, method: str) -> None:
        """From now on `method` is recorded and never answered, as by a Bot API that hangs:
        the caller waits until its own timeout, or until this fake stops."""
        self._held.add(method)

    def sent(self, method: str = "sendMessage") -> list[Call]:
        return [call for call in self.calls if call.method == method]

    async def wait_for(
        self, method: str, count: int = 1, *, within: float = WAIT_SECONDS
    ) -> list[Call]:
        """Wait (at most `within` seconds) until `method` was called `count` times; return those."""
        async with asyncio.timeout(within), self._changed:
            await self._changed.wait_for(lambda: len(self.sent(method)) >= count)
        return self.sent(method)

    # --- the Bot API ---------------------------------------------------------------------

    async def _dispatch(self, request: web.Request) -> web.Response:
        if request.match_info["token"] != self.token:
            return _error(401, "Unauthorized")
        method = request.match_info["method"]
        params, files = await _read_params(request)
        call = Call(method, params, files)
        refusal = self._refusals.get(method)
        if refusal is not None and refusal.times > 0:
            refusal.times -= 1
            await self._record(call)
            extra = {"retry_after": refusal.retry_after} if refusal.retry_after else None
            return _error(refusal.status, refusal.description, extra)
        if method in self._held:
            await self._record(call)
            async with self._changed:
                await self._changed.wait_for(lambda: self._closing)
            return _error(502, "Bad Gateway: the fake stopped while holding this call")
        if method == "sendMessage" and int(params.get("chat_id") or 0) in self.never_started:
            await self._record(call)
            return _error(403, "Forbidden: bot can't initiate conversation with a user")
        handler = getattr(self, f"_{method}", None)
        if handler is None:
            await self._record(call)
            return _error(404, f"Not Found: method {method} is not in the fake")
        if method == "getUpdates":  # a long poll counts from when it starts waiting
            await self._record(call)
            call.result = await handler(call)
        else:
            call.result = await handler(call)
            await self._record(call)
        return web.json_response({"ok": True, "result": call.result})

    async def _record(self, call: Call) -> None:
        async with self._changed:
            self.calls.append(call)
            self._changed.notify_all()

    async def _getMe(self, call: Call) -> dict[str, Any]:
        return {**BOT_USER, "can_join_groups": True, "can_read_all_group_messages": False}

    async def _getUpdates(self, call: Call) -> list[dict[str, Any]]:
        offset = int(call.params.get("offset") or 0)
        timeout = float(call.params.get("timeout") or 0)

        def ready() -> bool:
            return self._closing or any(u["update_id"] >= offset for u in self._updates)

        async with self._changed:
            self._updates = [u for u in self._updates if u["update_id"] >= offset]
            if timeout:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._changed.wait_for(ready), timeout)
            return [u for u in self._updates if u["update_id"] >= offset]

    async def _sendMessage(self, call: Call) -> dict[str, Any]:
        return self._message(call, text=call.text)

    async def _getChatMember(self, call: Call) -> dict[str, Any]:
        chat, user = int(call.params["chat_id"]), int(call.params["user_id"])
        inside = user in self.chat_members.get(chat, set())
        return {
            "status": "member" if inside else "left",
            "user": {"id": user, "is_bot": False, "first_name": str(user)},
        }

    async def _getChat(self, call: Call) -> dict[str, Any]:
        chat = self.chats.get(int(call.params["chat_id"]))
        if chat is None:
            raise LookupError(call.params["chat_id"])
        return {**chat, "accent_color_id": 0, "max_reaction_count": 11}

    async def _sendDocument(self, call: Call) -> dict[str, Any]:
        filename = next(iter(call.files.values()), ("file", b""))[0]
        return self._message(
            call, document={"file_id": "doc1", "file_unique_id": "d1", "file_name": filename}
        )

    async def _editMessageText(self, call: Call) -> dict[str, Any]:
        message = self._message(call, text=call.text)
        message["message_id"] = int(call.params["message_id"])
        return message

    async def _answerCallbackQuery(self, call: Call) -> bool:
        return True

    async def _deleteMessage(self, call: Call) -> bool:
        return True

    async def _setMyCommands(self, call: Call) -> bool:
        return True

    async def _setMyDescription(self, call: Call) -> bool:
        return True

    async def _setMyShortDescription(self, call: Call) -> bool:
        return True

    async def _answerInlineQuery(self, call: Call) -> bool:
        return True

    def menu(self, scope: str, language: str = "") -> list[str]:
        """The commands last registered for a scope type ("all_private_chats") and language."""
        for call in reversed(self.sent("setMyCommands")):
            if (call.json("scope") or {}).get("type") == scope and call.params.get(
                "language_code", ""
            ) == language:
                return [c["command"] for c in call.json("commands")]
        raise AssertionError(f"no menu for {scope} in {language or 'the default language'}")

    async def _sendChatAction(self, call: Call) -> bool:
        return True

    async def _setWebhook(self, call: Call) -> bool:
        self.webhook_url = call.params.get("url", "")
        return True

    async def _deleteWebhook(self, call: Call) -> bool:
        self.webhook_url = ""
        return True

    async def _getWebhookInfo(self, call: Call) -> dict[str, Any]:
        info: dict[str, Any] = {
            "url": self.webhook_url,
            "has_custom_certificate": False,
            "pending_update_count": 3 if self.webhook_error else 0,
        }
        if self.webhook_error:
            info |= {"last_error_date": int(time.time()), "last_error_message": self.webhook_error}
        return info

    def _message(self, call: Call, **content: Any) -> dict[str, Any]:
        chat_id = int(call.params["chat_id"])
        return {
            "message_id": next(self._message_ids),
            "date": int(time.time()),
            "chat": {"id": chat_id, "type": "private" if chat_id > 0 else "supergroup"},
            "from": BOT_USER,
            **content,
        }


async def _read_params(request: web.Request) -> tuple[dict[str, str], dict[str, tuple[str, bytes]]]:
    params: dict[str, str] = {}
    files: dict[str, tuple[str, bytes]] = {}
    if request.content_type.startswith("multipart/"):
        reader = await request.multipart()
        async for part in reader:
            if part.filename:  # type: ignore[union-attr]
                files[part.name or ""] = (part.filename, bytes(await part.read()))  # type: ignore[union-attr]
            else:
                params[part.name or ""] = await part.text()  # type: ignore[union-attr]
    else:
        params = {key: str(value) for key, value in (await request.post()).items()}
    return params, files


def _error(status: int, description: str, parameters: dict[str, Any] | None = None) -> web.Response:
    body: dict[str, Any] = {"ok": False, "error_code": status, "description": description}
    if parameters:
        body["parameters"] = parameters
    return web.json_response(body, status=status)


# --- what Telegram sends ----------------------------------------------------------------

_update_ids = itertools.count(500_000)
_message_ids = itertools.count(1)


def person(user_id: int, first_name: str, username: str | None = None) -> dict[str, Any]:
    user: dict[str, Any] = {"id": user_id, "is_bot": False, "first_name": first_name}
    if username:
        user["username"] = username
    return user


def private_chat(user: dict[str, Any]) -> dict[str, Any]:
    return {"id": user["id"], "type": "private", "first_name": user["first_name"]}


def group_chat(chat_id: int = -100_555, title: str = "Flatmates") -> dict[str, Any]:
    return {"id": chat_id, "type": "supergroup", "title": title}


def message_update(
    sender: dict[str, Any],
    chat: dict[str, Any],
    text: str,
    *,
    reply_to: dict[str, Any] | None = None,
    update_id: int | None = None,
    picked: dict[str, dict[str, Any]] | None = None,
) -> dict[str, Any]:
    """A text message as Telegram delivers it, with the entities its clients would mark;
    `picked` names people chosen from the member list (a word of the text, and who)."""
    message: dict[str, Any] = {
        "message_id": next(_message_ids),
        "date": int(time.time()),
        "chat": chat,
        "from": sender,
        "text": text,
    }
    entities = _entities(text)
    for word, user in (picked or {}).items():
        offset = len(text[: text.index(word)].encode("utf-16-le")) // 2
        units = len(word.encode("utf-16-le")) // 2
        entities.append({"type": "text_mention", "offset": offset, "length": units, "user": user})
    if entities:
        message["entities"] = entities
    if reply_to is not None:
        message["reply_to_message"] = reply_to
    return {
        "update_id": update_id if update_id is not None else next(_update_ids),
        "message": message,
    }


def callback_update(
    sender: dict[str, Any], sent: Call, data: str, *, update_id: int | None = None
) -> dict[str, Any]:
    """A press on a button of a message the bot sent (`sent` is its recorded sendMessage)."""
    chat_id = int(sent.params["chat_id"])
    message = {
        "message_id": sent_message_id(sent),
        "date": int(time.time()),
        "chat": {"id": chat_id, "type": "private" if chat_id > 0 else "supergroup"},
        "from": BOT_USER,
        "text": sent.text,
    }
    return {
        "update_id": update_id if update_id is not None else next(_update_ids),
        "callback_query": {
            "id": f"cq{next(_update_ids)}",
            "from": sender,
            "chat_instance": "ci1",
            "message": message,
            "data": data,
        },
    }


def bot_message(sent: Call) -> dict[str, Any]:
    """The message the bot sent, as it appears in reply_to_message."""
    chat_id = int(sent.params["chat_id"])
    return {
        "message_id": sent_message_id(sent),
        "date": int(time.time()),
        "chat": {"id": chat_id, "type": "supergroup"},
        "from": BOT_USER,
        "text": sent.text,
    }


def sent_message_id(sent: Call) -> int:
    """The message_id the fake gave a sendMessage."""
    return int(sent.result["message_id"])


def _entities(text: str) -> list[dict[str, Any]]:
    entities = []
    offset = 0
    for word in text.split(" "):
        units = len(word.encode("utf-16-le")) // 2
        if word.startswith("/") and offset == 0 and len(word) > 1:
            entities.append({"type": "bot_command", "offset": 0, "length": units})
        elif word.startswith("@") and len(word) > 1:
            entities.append({"type": "mention", "offset": offset, "length": units})
        offset += units + 1
    return entities


def forwarded_update(
    sender: dict[str, Any], text: str, *, origin: dict[str, Any] | None = None, **content: Any
) -> dict[str, Any]:
    """A message `sender` forwarded into their private chat with the bot; `content` can give a
    caption (and no text) instead."""
    update = message_update(sender, private_chat(sender), text)
    message = update["message"]
    message.pop("entities", None)  # a forwarded "/list" is not a command to us
    message["forward_origin"] = origin or {
        "type": "user",
        "sender_user": person(999, "Carol"),
        "date": int(time.time()) - 60,
    }
    if content:
        message.pop("text", None)
        message.update(content)
    return update


def inline_update(sender: dict[str, Any], query: str) -> dict[str, Any]:
    """`@bot <query>` typed in some chat."""
    return {
        "update_id": next(_update_ids),
        "inline_query": {
            "id": f"iq{next(_update_ids)}",
            "from": sender,
            "query": query,
            "offset": "",
            "chat_type": "group",
        },
    }
