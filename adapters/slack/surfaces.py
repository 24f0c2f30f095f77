"""The App Home tab and the task modals: the Slack surfaces besides messages (the I/O side).

A modal must open within three seconds of the click that asked for it (its `trigger_id`), so
opening one happens in the listener, before the ack; it changes nothing. A submitted form is
saved in the listener too, because Slack shows errors only in the answer to the submission;
saving is quick (no model) and claims the form once, like every other delivery.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any
from uuid import UUID

from slack_sdk.errors import SlackApiError
from slack_sdk.web.async_client import AsyncWebClient

from adapters.slack import home, modals
from adapters.slack.translate import PLATFORM, HomeState, Payload, tenant_of
from core.chat import ChatService
from core.conversation.queries import ChatQueries

log = logging.getLogger(__name__)

GONE = "That task isn't on your list any more."


@dataclass
class SlackSurfaces:
    chat: ChatService
    queries: ChatQueries
    client: AsyncWebClient

    async def publish_home(
        self, *, tenant: str, user: str, state: HomeState, notice: str | None = None
    ) -> None:
        """Draw the person's Home tab afresh from the database."""
        board = await self.queries.board(
            platform=PLATFORM,
            tenant=tenant,
            user_ref=user,
            completed=state.completed,
            start=state.start,
        )
        await self.client.views_publish(
            user_id=user, view=home.home_view(board, state, notice=notice)
        )

    async def open_add(self, body: Payload, *, origin: str) -> None:
        await self._open(body, modals.task_form(origin=origin, home=_home_state(body)))

    async def open_saving_message(self, body: Payload) -> None:
        """A message shortcut: the Add form holding the message and a link back to it."""
        permalink = await self._permalink(body)
        prefill = modals.message_prefill(body, permalink)
        await self._open(body, modals.task_form(origin=modals.FROM_SHORTCUT, prefill=prefill))

    async def open_edit(self, body: Payload, task_id: UUID) -> None:
        user = str((body.get("user") or {}).get("id") or "")
        task = await self.queries.task(
            platform=PLATFORM, tenant=tenant_of(body), user_ref=user, task_id=task_id
        )
        view = (
            modals.task_form(origin=modals.FROM_HOME, task=task, home=_home_state(body))
            if task is not None
            else modals.notice("Edit task", GONE)
        )
        await self._open(body, view)

    async def submit(self, body: Payload) -> dict[str, Any] | None:
        """Save a submitted form. Returns what to ack with: the errors, a notice, or None to
        close the modal."""
        found = modals.submission(body)
        if found is None:
            return None
        result = await self.chat.submit_form(found.form)
        if result.errors:
            return modals.errors_response(result.errors)
        if found.origin == modals.FROM_SHORTCUT and result.message:
            return {"response_action": "update", "view": modals.notice("Saved", result.message)}
        return None

    async def refresh_after_submit(self, body: Payload) -> None:
        """The Home tab shows what the form changed (best effort: the next open redraws it)."""
        found = modals.submission(body)
        if found is None:
            return
        try:
            await self.publish_home(
                tenant=found.form.tenant, user=found.form.user_ref, state=found.home
            )
        except Exception:  # the form is saved; only the redraw failed
            log.warning("Home tab not refreshed after a saved form", exc_info=True)

    async def _open(self, body: Payload, view: dict[str, Any]) -> None:
        await self.client.views_open(trigger_id=str(body.get("trigger_id") or ""), view=view)

    async def _permalink(self, body: Payload) -> str | None:
        channel = (body.get("channel") or {}).get("id")
        ts = body.get("message_ts") or (body.get("message") or {}).get("ts")
        if not channel or not ts:
            return None
        try:
            found = await self.client.chat_getPermalink(channel=channel, message_ts=ts)
        except SlackApiError as error:
            log.info("no permalink for a saved message: %s", error.response.status_code)
            return modals.built_permalink(body)
        link = found.get("permalink")
        return str(link) if link else None


def _home_state(body: Payload) -> HomeState | None:
    """What the Home tab showed when a form was opened from it, to show it so again after."""
    view = body.get("view")
    if isinstance(view, dict) and view.get("type") == "home":
        return HomeState.of_view(view)
    return None
