"""The slack-bolt app: built by a function; its listeners record each delivery and ack.

Listeners run before the response (`process_before_response`) but only record the delivery
in the durable inbox and ack, so an ack never waits for the agent, and nothing Slack hears
was received can be lost. The inbox's workers run it later (`SlackWorker.process`).

With one bot token the app answers that workspace. For distribution ("Add to Slack",
adapters/slack/distribution.py) bolt's authorize finds each request's workspace token, a
workspace with none is acknowledged and ignored, and uninstalls are bolt's own listeners
(`app_uninstalled`, `tokens_revoked`) deleting the installation from our store.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from slack_bolt.async_app import AsyncApp
from slack_sdk.web.async_client import AsyncWebClient

from adapters.slack import deliveries, home, modals
from adapters.slack.clients import OneWorkspace
from adapters.slack.config import Mode, SlackCredentials
from adapters.slack.presses import action_value
from adapters.slack.surfaces import SlackSurfaces
from adapters.slack.team_translate import SlackMembers
from adapters.slack.translate import ACTION_PREFIX, PLATFORM, split_command, unescape
from adapters.slack.worker import SlackWorker
from core.chat import ChatService
from core.conversation.queries import ChatQueries
from core.delivery.inbox import Inbox

if TYPE_CHECKING:
    from adapters.slack.clients import WorkspaceClients
    from adapters.slack.deliveries import Runner
    from adapters.slack.distribution import Distribution
    from adapters.slack.routing import Counted

THINKING_TEXT = ":hourglass_flowing_sand: On it…"
NOT_INSTALLED = (
    "todobot is no longer installed in this workspace. A workspace admin can add it again."
)

Ack = Callable[..., Awaitable[Any]]
HandOff = Callable[[dict[str, Any]], Awaitable[None]]


def build_app(
    credentials: SlackCredentials, *, mode: Mode, distribution: Distribution | None = None
) -> AsyncApp:
    """Over HTTP the endpoint checks every request's signature on its raw body before bolt
    sees it (adapters/slack/http.py), so bolt does not check it again; Socket Mode is
    authenticated by its app token."""
    if distribution is not None:
        app = AsyncApp(
            name="todobot",
            signing_secret=credentials.signing_secret or "",
            request_verification_enabled=False,
            process_before_response=True,
            logger=logging.getLogger("todobot.slack"),
            oauth_flow=distribution.oauth_flow,
            installation_store_bot_only=True,
            user_facing_authorize_error_message=NOT_INSTALLED,
        )
        app.client.base_url = credentials.api_url
        app.enable_token_revocation_listeners()
        return app
    app = AsyncApp(
        # Named, so bolt does not read the source of every frame above it to name itself.
        name="todobot",
        token=credentials.bot_token,
        signing_secret=credentials.signing_secret or "",
        request_verification_enabled=False,
        process_before_response=True,
        logger=logging.getLogger("todobot.slack"),
    )
    # Set here rather than by passing a client: bolt would warn that the token is unused
    # whenever SLACK_BOT_TOKEN is in the environment.
    app.client.base_url = credentials.api_url
    return app


def register_listeners(
    app: AsyncApp, hand_off: HandOff, chat: ChatService, queries: ChatQueries
) -> None:
    """Every delivery we handle is handed off, then acked: a hand-off that fails (a durable
    inbox that cannot record) fails the request, so Slack delivers it again. Opening a modal
    and saving a form happen here instead (through `chat` and `queries`): Slack wants them at once.
    Messages, by far the most frequent, are matched first."""

    async def accept(ack: Ack, body: dict[str, Any]) -> None:
        await hand_off(body)
        await ack()

    async def accept_command(ack: Ack, body: dict[str, Any]) -> None:
        await hand_off(body)
        command, _ = split_command(unescape(str(body.get("text") or "")))
        # Only a turn for the agent can take a while; commands answer at once.
        await (ack(text=THINKING_TEXT) if command is None else ack())

    for event in ("message", "app_mention", "app_home_opened"):
        app.event(event)(accept)
    register_surfaces(app, hand_off, chat, queries)
    app.command(re.compile(r"^/"))(accept_command)
    app.action(re.compile(f"^{ACTION_PREFIX}"))(accept)


def register_surfaces(
    app: AsyncApp, hand_off: HandOff, chat: ChatService, queries: ChatQueries
) -> None:
    """The Home tab's Add button and Edit menu item, the shortcuts, and the form's submission.
    These come before the catch-all action listener: bolt runs the first that matches. Each
    speaks through the request's `client`, which bolt gave the token of its workspace."""

    async def open_add(ack: Ack, body: dict[str, Any], client: AsyncWebClient) -> None:
        await ack()
        await SlackSurfaces(chat, queries, client).open_add(body, origin=modals.FROM_HOME)

    async def new_task(ack: Ack, body: dict[str, Any], client: AsyncWebClient) -> None:
        await ack()
        await SlackSurfaces(chat, queries, client).open_add(body, origin=modals.FROM_SHORTCUT)

    async def save_message(ack: Ack, body: dict[str, Any], client: AsyncWebClient) -> None:
        await ack()
        await SlackSurfaces(chat, queries, client).open_saving_message(body)

    async def task_menu(ack: Ack, body: dict[str, Any], client: AsyncWebClient) -> None:
        """Edit opens the form now; Delete is a press like any other, handed off."""
        chosen = action_value((body.get("actions") or [{}])[0]) or ""
        task_id = home.edited_task(chosen)
        if task_id is None:
            await hand_off(body)
            await ack()
            return
        await ack()
        await SlackSurfaces(chat, queries, client).open_edit(body, task_id)

    async def submit(ack: Ack, body: dict[str, Any], client: AsyncWebClient) -> None:
        surfaces = SlackSurfaces(chat, queries, client)
        answer = await surfaces.submit(body)
        await ack(**answer) if answer else await ack()
        if not answer or answer.get("response_action") != "errors":
            await surfaces.refresh_after_submit(body)

    app.action(home.ADD_ACTION)(open_add)
    app.action(home.MENU_ACTION)(task_menu)
    app.shortcut(modals.NEW_TASK_SHORTCUT)(new_task)
    app.shortcut(modals.SAVE_MESSAGE_SHORTCUT)(save_message)
    app.view(modals.FORM_CALLBACK)(submit)


def create_slack_app(
    credentials: SlackCredentials,
    chat: ChatService,
    queries: ChatQueries,
    *,
    mode: Mode,
    inbox: Inbox,
    distribution: Distribution | None = None,
) -> AsyncApp:
    """An app whose listeners record every delivery in `inbox`, then ack. Forms are opened
    and saved right here (Slack wants them at once), through `chat` and `queries`."""
    app = build_app(credentials, mode=mode, distribution=distribution)

    async def record(body: dict[str, Any]) -> None:
        await deliveries.record(inbox, body)

    register_listeners(app, record, chat, queries)
    return app


def create_slack_worker(
    credentials: SlackCredentials, chat: ChatService, queries: ChatQueries
) -> SlackWorker:
    """The worker that runs recorded Slack deliveries, with a Web API client of its own."""
    client = AsyncWebClient(token=credentials.bot_token, base_url=credentials.api_url)
    members = SlackMembers(OneWorkspace(client))
    chat.memberships.register(PLATFORM, members, members)
    return SlackWorker(chat=chat, queries=queries, client=client)


def create_slack_runner(
    credentials: SlackCredentials,
    chat: ChatService,
    queries: ChatQueries,
    slack_workspaces: Distribution | None,
    counted: Counted | None,
) -> tuple[Runner, WorkspaceClients]:
    """What runs Slack deliveries and the clients reminders go out with: with
    `slack_workspaces`, each workspace's own token (`counted` is told each delivery's team)."""
    from adapters.slack.routing import WorkspaceWorkers

    if slack_workspaces is not None:
        clients = slack_workspaces.clients
        members = SlackMembers(clients)
        chat.memberships.register(PLATFORM, members, members)
        return WorkspaceWorkers(chat, queries, clients, counted), clients
    worker = create_slack_worker(credentials, chat, queries)
    return worker, OneWorkspace(worker.client)
