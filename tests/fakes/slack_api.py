"""A fake Slack Web API: a real HTTP server on 127.0.0.1 that records every call.

It answers the methods todobot uses the way Slack does (`{"ok": true, ...}`), serves
`response_url`s and file upload URLs, and hands Socket Mode clients the URL of a local
WebSocket fake from `apps.connections.open`. Tests wait on calls instead of sleeping.
"""

from __future__ import annotations

import asyncio
import itertools
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qsl

from aiohttp import web

BOT_USER_ID = "UBOT0001"
BOT_ID = "BBOT0001"
TEAM_ID = "T0001"


@dataclass(frozen=True)
class SlackCall:
    method: str
    args: dict[str, Any]
    token: str | None = None
    # What the fake answered (a posted message's channel and ts); empty for a refusal.
    result: dict[str, Any] = field(default_factory=dict)

    def __getitem__(self, key: str) -> Any:
        return self.args[key]

    def get(self, key: str, default: Any = None) -> Any:
        return self.args.get(key, default)


@dataclass
class FakeSlackApi:
    socket_url: str | None = None
    calls: list[SlackCall] = field(default_factory=list)
    reactions: set[tuple[str, str, str]] = field(default_factory=set)
    base_url: str = ""
    _runner: web.AppRunner | None = None
    _changed: asyncio.Condition = field(default_factory=asyncio.Condition)
    _ts: itertools.count = field(default_factory=lambda: itertools.count(1))
    _refusals: dict[str, int] = field(default_factory=dict)
    _refusal_errors: dict[str, str] = field(default_factory=dict)
    # users.info's `tz` per user id; people not listed have none
    user_zones: dict[str, str] = field(default_factory=dict)

    @property
    def api_url(self) -> str:
        return f"{self.base_url}/api/"

    def response_url(self, key: str) -> str:
        return f"{self.base_url}/response/{key}"

    async def start(self) -> FakeSlackApi:
        app = web.Application(client_max_size=20 * 1024 * 1024)
        app.router.add_post("/api/{method}", self._api)
        app.router.add_get("/api/{method}", self._api)  # chat.getPermalink is a GET
        app.router.add_post("/response/{key}", self._response_url)
        app.router.add_post("/upload/{file_id}", self._upload)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        self.base_url = f"http://127.0.0.1:{port}"
        return self

    async def stop(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()

    def refuse(self, method: str, times: int = 1, error: str = "internal_error") -> None:
        """Answer the next `times` calls of `method` with `{"ok": false}`, as a Slack hiccup
        (or, with `error`, as Slack says an account is gone: `account_inactive`)."""
        self._refusals[method] = times
        self._refusal_errors[method] = error

    def of(self, method: str, **match: Any) -> list[SlackCall]:
        return [
            call
            for call in self.calls
            if call.method == method and all(call.get(k) == v for k, v in match.items())
        ]

    async def wait_for(
        self, method: str, count: int = 1, *, within: float = 10, **match: Any
    ) -> list[SlackCall]:
        """The first `count` calls of `method` matching `match`, once they have arrived."""

        def arrived() -> bool:
            return len(self.of(method, **match)) >= count

        async with self._changed:
            await asyncio.wait_for(self._changed.wait_for(arrived), within)
        return self.of(method, **match)[:count]

    async def _record(self, call: SlackCall) -> None:
        self.calls.append(call)
        async with self._changed:
            self._changed.notify_all()

    async def _api(self, request: web.Request) -> web.Response:
        method = request.match_info["method"]
        args = await _arguments(request)
        auth = request.headers.get("Authorization", "")
        token = auth.removeprefix("Bearer ") or args.get("token")
        if self._refusals.get(method):
            await self._record(SlackCall(method, args, token))
            self._refusals[method] -= 1
            error = self._refusal_errors.get(method, "internal_error")
            return web.json_response({"ok": False, "error": error})
        answer = self._answers().get(method, lambda _: {})(args)
        await self._record(SlackCall(method, args, token, answer))
        return web.json_response({"ok": "error" not in answer, **answer})

    async def _response_url(self, request: web.Request) -> web.Response:
        args = await request.json()
        await self._record(SlackCall("response_url", {"key": request.match_info["key"], **args}))
        return web.Response(text="ok")

    async def _upload(self, request: web.Request) -> web.Response:
        content = await request.read()
        file_id = request.match_info["file_id"]
        await self._record(SlackCall("upload", {"file_id": file_id, "content": content}))
        return web.Response(text="OK")

    def _answers(self) -> dict[str, Callable[[dict[str, Any]], dict[str, Any]]]:
        return {
            "auth.test": lambda _: {
                "url": "https://example.slack.com/",
                "team": "Example",
                "user": "todobot",
                "team_id": TEAM_ID,
                "user_id": BOT_USER_ID,
                "bot_id": BOT_ID,
                "is_enterprise_install": False,
            },
            "chat.postMessage": self._posted,
            "users.info": lambda args: {
                "user": {"id": args.get("user"), "tz": self.user_zones.get(str(args.get("user")))}
            },
            "chat.postEphemeral": lambda _: {"message_ts": self._next_ts()},
            "chat.update": lambda args: {"channel": args.get("channel"), "ts": args.get("ts")},
            "reactions.add": self._react,
            "reactions.remove": self._unreact,
            "views.publish": lambda args: {"view": {"id": "V1", **_json(args.get("view"))}},
            "views.open": self._opened,
            "chat.getPermalink": lambda args: {
                "channel": args.get("channel"),
                "permalink": f"https://example.slack.com/archives/{args.get('channel')}"
                f"/p{str(args.get('message_ts')).replace('.', '')}",
            },
            "apps.connections.open": lambda _: (
                {"url": self.socket_url} if self.socket_url else {"error": "no_socket_fake"}
            ),
            "conversations.open": lambda args: {"channel": {"id": "D" + str(args.get("users"))}},
            "files.getUploadURLExternal": self._upload_url,
            "files.completeUploadExternal": lambda args: {"files": _json(args.get("files"))},
        }

    def _opened(self, args: dict[str, Any]) -> dict[str, Any]:
        if not args.get("trigger_id"):
            return {"error": "invalid_trigger_id"}
        return {"view": {"id": f"VM{next(self._ts):06d}", **_json(args.get("view"))}}

    def _next_ts(self) -> str:
        return f"1700000000.{next(self._ts):06d}"

    def _posted(self, args: dict[str, Any]) -> dict[str, Any]:
        ts = self._next_ts()
        return {"channel": args.get("channel"), "ts": ts, "message": {"ts": ts, **args}}

    def _react(self, args: dict[str, Any]) -> dict[str, Any]:
        key = (str(args.get("channel")), str(args.get("timestamp")), str(args.get("name")))
        if key in self.reactions:
            return {"error": "already_reacted"}
        self.reactions.add(key)
        return {}

    def _unreact(self, args: dict[str, Any]) -> dict[str, Any]:
        key = (str(args.get("channel")), str(args.get("timestamp")), str(args.get("name")))
        if key not in self.reactions:
            return {"error": "no_reaction"}
        self.reactions.discard(key)
        return {}

    def _upload_url(self, args: dict[str, Any]) -> dict[str, Any]:
        file_id = f"F{next(self._ts):06d}"
        return {"upload_url": f"{self.base_url}/upload/{file_id}", "file_id": file_id}


async def _arguments(request: web.Request) -> dict[str, Any]:
    """Slack methods take JSON or form bodies (and query strings); the fake reads all three."""
    args: dict[str, Any] = dict(request.query)
    raw = await request.read()
    if request.content_type == "application/json" and raw:
        args.update(json.loads(raw))
    elif raw:
        args.update(dict(parse_qsl(raw.decode(), keep_blank_values=True)))
    return args


def _json(value: Any) -> Any:
    return json.loads(value) if isinstance(value, str) else (value or {})
