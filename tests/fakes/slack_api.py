"""A fake Slack Web API: a real HTTP server on 127.0.0.1 that records every call.

It answers the methods todobot uses the way Slack does (`{"ok": true, ...}`), serves
`response_url`s and file upload URLs, and hands Socket Mode clients the URL of a local
WebSocket fake from `apps.connections.open`. Tests wait on calls instead of sleeping.

It also plays Slack's side of "Add to Slack" for the workspaces a test adds (`workspace`):
the authorize page (an admin who approves at once, sending the browser back with a one-time
code), `oauth.v2.access` (the code for a bot token, or, with token rotation on, a refresh token
for a new one), `auth.test` answering for each workspace's tokens, and `apps.uninstall`.
"""

from __future__ import annotations

import asyncio
import base64
import itertools
import json
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qsl, urlencode

from aiohttp import web

BOT_USER_ID = "UBOT0001"
BOT_ID = "BBOT0001"
TEAM_ID = "T0001"
MEMBERS_PER_PAGE = 2
CLIENT_ID = "1111.2222"
CLIENT_SECRET = "client-secret-of-the-distributed-app"
APP_ID = "A0DIST"
# Slack's rotating tokens: the first lives this long; each refreshed one 12 hours.
FIRST_TOKEN_SECONDS = 600
REFRESHED_TOKEN_SECONDS = 43200


@dataclass
class FakeWorkspace:
    """A Slack workspace that can add the app: its bot user, its admin, its live tokens."""

    team_id: str
    name: str
    bot_user_id: str
    bot_id: str
    admin: str = "UADMIN01"
    enterprise_id: str | None = None
    tokens: list[str] = field(default_factory=list)  # every bot token issued, oldest first
    refresh_token: str | None = None
    installed: bool = False
    scope: str = ""
    # An Enterprise Grid organization installing for all its workspaces (`team_id` is then
    # the organization's id, as `enterprise_id`).
    org_wide: bool = False

    @property
    def token(self) -> str | None:
        """The latest bot token, while the app is installed."""
        return self.tokens[-1] if self.installed and self.tokens else None


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
    # conversations.members: who is in each channel (two per page, to make the paging real)
    channel_members: dict[str, list[str]] = field(default_factory=dict)
    # conversations.info: each channel's name (a channel not listed is not found)
    channel_names: dict[str, str] = field(default_factory=dict)
    # "Add to Slack": the workspaces, the codes and refresh tokens handed out, rotation
    workspaces: dict[str, FakeWorkspace] = field(default_factory=dict)
    token_rotation: bool = False
    # The Redirect URL in the app's settings: where the authorize page sends the admin back
    # when the app names none.
    redirect_url: str | None = None
    _codes: dict[str, tuple[str, str]] = field(default_factory=dict)
    _refreshes: dict[str, str] = field(default_factory=dict)

    @property
    def api_url(self) -> str:
        return f"{self.base_url}/api/"

    @property
    def authorize_url(self) -> str:
        return f"{self.base_url}/oauth/v2/authorize"

    def workspace(
        self, team_id: str, name: str, *, enterprise_id: str | None = None
    ) -> FakeWorkspace:
        """A workspace whose admin will approve "Add to Slack" (an Enterprise Grid
        organization installing org-wide when `team_id` is its `enterprise_id`)."""
        number = len(self.workspaces) + 2
        found = FakeWorkspace(
            team_id=team_id,
            name=name,
            bot_user_id=f"UBOT{number:04d}",
            bot_id=f"BBOT{number:04d}",
            enterprise_id=enterprise_id,
            org_wide=team_id == enterprise_id,
        )
        self.workspaces[team_id] = found
        return found

    def response_url(self, key: str) -> str:
        return f"{self.base_url}/response/{key}"

    async def start(self) -> FakeSlackApi:
        app = web.Application(client_max_size=20 * 1024 * 1024)
        app.router.add_post("/api/{method}", self._api)
        app.router.add_get("/api/{method}", self._api)  # chat.getPermalink is a GET
        app.router.add_post("/response/{key}", self._response_url)
        app.router.add_post("/upload/{file_id}", self._upload)
        app.router.add_get("/oauth/v2/authorize", self._authorize)
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
        if auth.startswith("Basic "):  # oauth.v2.access: the app's own credentials
            client_id, _, secret = base64.b64decode(auth[6:]).decode().partition(":")
            args.setdefault("client_id", client_id)
            args.setdefault("client_secret", secret)
        token = (auth.removeprefix("Bearer ") if auth.startswith("Bearer ") else None) or args.get(
            "token"
        )
        if self._refusals.get(method):
            await self._record(SlackCall(method, args, token))
            self._refusals[method] -= 1
            error = self._refusal_errors.get(method, "internal_error")
            return web.json_response({"ok": False, "error": error})
        answers = self._answers()
        if method in ("auth.test", "apps.uninstall", "oauth.v2.access"):
            answers[method] = getattr(self, "_" + method.replace(".", "_"))(token)
        refused = _invalid_blocks(args)
        answer = refused or answers.get(method, lambda _: {})(args)
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
                "user": {
                    "id": args.get("user"),
                    "name": str(args.get("user")).lower(),
                    "tz": self.user_zones.get(str(args.get("user"))),
                }
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
            "conversations.members": self._members,
            "conversations.info": self._channel,
            "conversations.open": lambda args: {"channel": {"id": "D" + str(args.get("users"))}},
            "files.getUploadURLExternal": self._upload_url,
            "files.completeUploadExternal": lambda args: {"files": _json(args.get("files"))},
        }

    async def _authorize(self, request: web.Request) -> web.Response:
        """Slack's authorize page, its admin approving at once: back to the app with a code."""
        args = dict(request.query)
        await self._record(SlackCall("authorize", args))
        found = self.workspaces.get(args.get("team", ""))
        redirect = args.get("redirect_uri") or self.redirect_url
        if args.get("client_id") != CLIENT_ID or found is None or not redirect:
            return web.Response(status=400, text="unknown app or workspace")
        code = secrets.token_hex(8)
        self._codes[code] = (found.team_id, args.get("scope", ""))
        back = {"code": code, "state": args.get("state", "")}
        raise web.HTTPFound(f"{redirect}?{urlencode(back)}")

    def _by_token(self, token: str | None) -> FakeWorkspace | None:
        return next(
            (ws for ws in self.workspaces.values() if ws.installed and token in ws.tokens), None
        )

    def _auth_test(self, token: str | None) -> Callable[[dict[str, Any]], dict[str, Any]]:
        found = self._by_token(token)
        if found is None:
            if any(token in ws.tokens for ws in self.workspaces.values()):
                return lambda _: {"error": "invalid_auth"}  # a token of a removed app
            return self._answers()["auth.test"]
        return lambda _: {
            "url": f"https://{found.name.lower()}.slack.com/",
            "team": found.name,
            "user": "todobot",
            "team_id": None if found.org_wide else found.team_id,
            "user_id": found.bot_user_id,
            "bot_id": found.bot_id,
            "enterprise_id": found.enterprise_id,
            "is_enterprise_install": found.org_wide,
        }

    def _apps_uninstall(self, token: str | None) -> Callable[[dict[str, Any]], dict[str, Any]]:
        found = self._by_token(token)

        def uninstall(args: dict[str, Any]) -> dict[str, Any]:
            if found is None or args.get("client_secret") != CLIENT_SECRET:
                return {"error": "invalid_auth"}
            found.installed = False
            return {}

        return uninstall

    def _oauth_v2_access(self, token: str | None) -> Callable[[dict[str, Any]], dict[str, Any]]:
        return self._exchange

    def _exchange(self, args: dict[str, Any]) -> dict[str, Any]:
        """A code (once) or a refresh token for a bot token, as oauth.v2.access does."""
        if (args.get("client_id"), args.get("client_secret")) != (CLIENT_ID, CLIENT_SECRET):
            return {"error": "invalid_client"}
        if args.get("grant_type") == "refresh_token":
            team = self._refreshes.pop(str(args.get("refresh_token")), None)
            if team is None:
                return {"error": "invalid_refresh_token"}
            return self._grant(self.workspaces[team], REFRESHED_TOKEN_SECONDS)
        exchanged = self._codes.pop(str(args.get("code")), None)
        if exchanged is None:
            return {"error": "invalid_code"}
        found = self.workspaces[exchanged[0]]
        found.installed, found.scope = True, exchanged[1]
        return self._grant(found, FIRST_TOKEN_SECONDS)

    def _grant(self, found: FakeWorkspace, lasts: int) -> dict[str, Any]:
        prefix = "xoxe.xoxb" if self.token_rotation else "xoxb"
        token = f"{prefix}-{found.team_id}-{len(found.tokens) + 1}-{secrets.token_hex(6)}"
        found.tokens.append(token)
        granted: dict[str, Any] = {
            "app_id": APP_ID,
            "authed_user": {"id": found.admin},
            "scope": found.scope,
            "token_type": "bot",
            "access_token": token,
            "bot_user_id": found.bot_user_id,
            "team": None if found.org_wide else {"id": found.team_id, "name": found.name},
            "enterprise": {"id": found.enterprise_id, "name": found.name}
            if found.enterprise_id
            else None,
            "is_enterprise_install": found.org_wide,
        }
        if self.token_rotation:
            refresh = f"xoxe-1-{found.team_id}-{secrets.token_hex(8)}"
            self._refreshes[refresh] = found.team_id
            found.refresh_token = refresh
            granted.update(refresh_token=refresh, expires_in=lasts)
        return granted

    def _opened(self, args: dict[str, Any]) -> dict[str, Any]:
        if not args.get("trigger_id"):
            return {"error": "invalid_trigger_id"}
        return {"view": {"id": f"VM{next(self._ts):06d}", **_json(args.get("view"))}}

    def _channel(self, args: dict[str, Any]) -> dict[str, Any]:
        channel = str(args.get("channel"))
        if channel not in self.channel_names:
            return {"ok": False, "error": "channel_not_found"}
        return {"channel": {"id": channel, "name": self.channel_names[channel]}}

    def _members(self, args: dict[str, Any]) -> dict[str, Any]:
        channel = str(args.get("channel"))
        if channel not in self.channel_members:
            return {"ok": False, "error": "channel_not_found"}
        everyone = self.channel_members[channel]
        start = int(args.get("cursor") or 0)
        following = start + MEMBERS_PER_PAGE
        onward = str(following) if following < len(everyone) else ""
        return {"members": everyone[start:following], "response_metadata": {"next_cursor": onward}}

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


def _invalid_blocks(args: dict[str, Any]) -> dict[str, Any] | None:
    """Slack refuses a message or view whose block holds two elements with one `action_id`
    ("action_id already exists"): the whole call fails, and the person sees nothing."""
    view = _json(args.get("view")) if "view" in args else {}
    blocks = _json(args.get("blocks")) if "blocks" in args else view.get("blocks", [])
    for block in blocks if isinstance(blocks, list) else []:
        elements = [block.get("accessory") or {}, *block.get("elements", [])]
        ids = [e.get("action_id") for e in elements if isinstance(e, dict) and e.get("action_id")]
        if len(ids) != len(set(ids)):
            return {"error": "invalid_blocks"}
    return None
