"""The work after Slack's ack: ask the core, then show the answer where the person asked.

`SlackWorker.process(body)` takes the raw payload Slack delivered (an Events API envelope, a
slash command or a block action) and runs after the ack, from the durable inbox, in whichever
process leases it. Running it twice on one delivery is safe: the core dedupes by event id and
then nothing is sent.
"""

from __future__ import annotations

import dataclasses
import logging
from dataclasses import dataclass
from typing import Any

from slack_sdk.errors import SlackApiError
from slack_sdk.web.async_client import AsyncWebClient
from slack_sdk.webhook.async_client import AsyncWebhookClient

from adapters.slack import home, render
from adapters.slack.mention_names import MentionNames
from adapters.slack.presses import SlackPress, press_from_action
from adapters.slack.surfaces import SlackSurfaces
from adapters.slack.team_translate import send_tells
from adapters.slack.translate import (
    Payload,
    SlackMessage,
    Where,
    home_opened,
    message_at,
    message_from_command,
    message_from_event,
    message_ref,
    tenant_of,
)
from adapters.slack.zones import SlackZones
from core.chat import ChatService
from core.conversation.queries import ChatQueries
from core.types import Attachment, Incoming, Reply

log = logging.getLogger(__name__)

THINKING_REACTION = "hourglass_flowing_sand"
FAILED = "Sorry, something went wrong on my side and I couldn't answer that. Please try again."


def is_command(body: Payload) -> bool:
    return "command" in body and "trigger_id" in body


@dataclass
class SlackWorker:
    chat: ChatService
    queries: ChatQueries
    client: AsyncWebClient
    _zones: SlackZones | None = None
    _names: MentionNames | None = None

    @property
    def surfaces(self) -> SlackSurfaces:
        return SlackSurfaces(self.chat, self.queries, self.client)

    async def process(self, body: Payload, redelivered: bool = False) -> None:
        """Apply one delivery. Raises when the core or Slack fails, so a caller can retry.
        `redelivered`: an earlier attempt may have applied it without answering."""
        if is_command(body):
            found = message_from_command(body)
            if found is not None:
                await self._message(found, redelivered=redelivered)
        elif body.get("type") == "block_actions":
            changed = home.view_change(body)
            if changed is not None:
                await self.surfaces.publish_home(
                    tenant=tenant_of(body), user=changed[0], state=changed[1]
                )
                return
            pressed = press_from_action(body)
            if pressed is not None:
                await self._press(pressed)
        elif body.get("type") == "event_callback":
            opened = home_opened(body)
            if opened is not None:
                await self.surfaces.publish_home(
                    tenant=opened.tenant, user=opened.user, state=opened.state
                )
                return
            message = message_from_event(body)
            if message is not None:
                await self._message(message, redelivered=redelivered)

    async def apologise(self, body: Payload) -> None:
        """The delivery was set aside (the inbox parked it): say so, best effort."""
        found = message_from_command(body) if is_command(body) else message_from_event(body)
        if found is None:
            return
        try:
            await self._show(Reply(text=FAILED, private=True), found.where)
        except Exception:
            log.exception("could not tell the person their message failed")

    async def _message(self, message: SlackMessage, *, redelivered: bool = False) -> None:
        if message.enterprise_id:
            log.debug("Slack message from enterprise %s", message.enterprise_id)
        where = message.where
        thinking = where.response_url is None and await self._react(where)
        try:
            incoming = await self._with_zone(message)
            reply = await self.chat.handle(incoming, redelivered=redelivered)
            if reply is not None:
                try:
                    posted = await self._show(reply, where)
                except Exception:
                    await self.chat.unsent(message.incoming)  # the next attempt sends it again
                    raise
                await send_tells(self.client, reply.tells)
                await self.chat.answered(message.incoming)
                await self._remember(incoming, reply, posted)
                await self._edit_decided(reply)
        finally:
            if thinking:
                await self._unreact(where)

    async def _with_zone(self, message: SlackMessage) -> Incoming:
        """The message with the person's Slack time zone (users.info), kept by the core, and
        the names of the people it mentions."""
        if self._zones is None:
            self._zones = SlackZones(self.client)
            self._names = MentionNames(self.client)
        assert self._names is not None
        incoming = await self._names.named(message.incoming)
        zone = await self._zones.zone_of(tenant=incoming.tenant, user=incoming.user_ref)
        return dataclasses.replace(incoming, timezone=zone) if zone else incoming

    async def _show(self, reply: Reply, where: Where) -> str | None:
        """Post the reply; the message_ref of a message that can be updated later, if any."""
        posted = None
        content = render.message(reply)
        if where.response_url:
            await self._respond(where.response_url, {"response_type": "ephemeral", **content})
        elif reply.private and where.is_group:
            await self.client.chat_postEphemeral(
                channel=where.channel, user=where.user, thread_ts=where.thread_ts, **content
            )
        else:
            response = await self.client.chat_postMessage(
                channel=where.channel,
                thread_ts=where.thread_ts,
                unfurl_links=False,
                unfurl_media=False,
                **content,
            )
            channel, ts = response.get("channel"), response.get("ts")
            if isinstance(channel, str) and isinstance(ts, str):
                posted = message_ref(channel, ts)
        if reply.attachment is not None:
            await self._upload(reply.attachment, where, private=reply.private)
        return posted

    async def _remember(self, incoming: Incoming, reply: Reply, posted: str | None) -> None:
        """Note where a confirmation's buttons went, so a typed answer can update them."""
        token = reply.confirmation_token()
        if token is None or posted is None:
            return
        await self.chat.remember_message(
            platform=incoming.platform,
            tenant=incoming.tenant,
            user_ref=incoming.user_ref,
            token=token,
            message_ref=posted,
        )

    async def _edit_decided(self, reply: Reply) -> None:
        """A typed answer decided a confirmation: its button message shows the outcome,
        without buttons, as a press would have left it. Best effort."""
        found = message_at(reply.decided_message_ref)
        if found is None:
            return
        channel, ts = found
        content = render.message(Reply(text=reply.text, dates=reply.dates))
        try:
            await self.client.chat_update(channel=channel, ts=ts, **content)
        except Exception as error:  # the answer was given; this only tidies the question
            log.warning("could not update the question %s in %s: %s", ts, channel, error)

    async def _upload(self, attachment: Attachment, where: Where, *, private: bool) -> None:
        """Into the same conversation; a private file asked for in a channel goes to the DM."""
        channel, thread_ts = where.channel, where.thread_ts
        if private and where.is_group:
            opened = await self.client.conversations_open(users=where.user)
            channel, thread_ts = opened["channel"]["id"], None
        await self.client.files_upload_v2(
            channel=channel,
            thread_ts=thread_ts,
            content=attachment.content,
            filename=attachment.filename,
            title=attachment.filename,
        )

    async def _press(self, pressed: SlackPress) -> None:
        reply = await self.chat.press(pressed.press)
        if reply is None:
            return
        await self._show_press(pressed, reply)
        await send_tells(self.client, reply.tells)

    async def _show_press(self, pressed: SlackPress, reply: Reply) -> None:
        if pressed.home is not None:
            # The Home tab is redrawn from the database: a pending delete shows as its question.
            notice = None if reply.outcome == "confirmation_required" else reply.text
            await self.surfaces.publish_home(
                tenant=pressed.press.tenant,
                user=pressed.press.user_ref,
                state=pressed.home,
                notice=notice,
            )
            return
        where = pressed.where
        if reply.ephemeral:
            content = render.message(reply)
            if where.response_url and (pressed.in_ephemeral or not where.channel):
                await self._respond(
                    where.response_url,
                    {"response_type": "ephemeral", "replace_original": False, **content},
                )
            else:
                await self.client.chat_postEphemeral(
                    channel=where.channel, user=where.user, thread_ts=where.thread_ts, **content
                )
            return
        content = render.message(reply)  # the outcome, or a redrawn listing with its buttons
        if where.response_url and (pressed.in_ephemeral or not where.message_ts):
            await self._respond(where.response_url, {"replace_original": True, **content})
        elif where.message_ts:
            await self.client.chat_update(channel=where.channel, ts=where.message_ts, **content)

    async def _respond(self, response_url: str, body: dict[str, Any]) -> None:
        response = await AsyncWebhookClient(url=response_url).send_dict(body)
        if response.status_code != 200:
            raise RuntimeError(
                f"Slack response_url answered {response.status_code}: {response.body}"
            )

    async def _react(self, where: Where) -> bool:
        """The 'thinking' mark on the person's message; False when we did not add it."""
        if not where.message_ts:
            return False
        try:
            await self.client.reactions_add(
                channel=where.channel, timestamp=where.message_ts, name=THINKING_REACTION
            )
            return True
        except SlackApiError as error:
            log.debug("no thinking reaction: %s", error.response.get("error"))
            return False

    async def _unreact(self, where: Where) -> None:
        try:
            await self.client.reactions_remove(
                channel=where.channel, timestamp=where.message_ts, name=THINKING_REACTION
            )
        except SlackApiError as error:
            log.debug("thinking reaction not removed: %s", error.response.get("error"))
