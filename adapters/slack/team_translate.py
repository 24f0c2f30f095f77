"""Slack's side of team lists: the people a `/todo` names, who is in a channel, and telling
an assignee (a DM from the app) or an assigner (a mention in the channel). The people a
command names are read in adapters/slack/mentions.py."""

from __future__ import annotations

import logging
from dataclasses import dataclass

from slack_sdk.errors import SlackApiError
from slack_sdk.web.async_client import AsyncWebClient

from adapters.slack import render
from adapters.slack.clients import Workspace, WorkspaceClients
from core.domain.lists import Place
from core.types import Reply, Tell

log = logging.getLogger(__name__)

MEMBERS_PAGE = 200


@dataclass
class SlackMembers:
    """Membership as Slack says it: conversations.members of the channel, page by page."""

    clients: WorkspaceClients

    async def is_member(self, place: Place, user_ref: str) -> bool:
        client = await self.clients.client_for(Workspace(place.tenant or None))
        if client is None:
            return False
        cursor: str | None = None
        try:
            while True:
                page = await client.conversations_members(
                    channel=place.chat_id, limit=MEMBERS_PAGE, cursor=cursor
                )
                if user_ref in (page.get("members") or []):
                    return True
                cursor = (page.get("response_metadata") or {}).get("next_cursor") or None
                if cursor is None:
                    return False
        except SlackApiError as error:
            log.info("Slack would not say who is in %s: %s", place.chat_id, error.response)
            return False

    async def place_name(self, place: Place) -> str | None:
        """The channel's name as Slack says it (conversations.info), as "#general"."""
        client = await self.clients.client_for(Workspace(place.tenant or None))
        if client is None:
            return None
        try:
            found = await client.conversations_info(channel=place.chat_id)
        except SlackApiError as error:
            log.info("Slack would not name %s: %s", place.chat_id, error.response)
            return None
        name = (found.get("channel") or {}).get("name")
        return f"#{name}" if isinstance(name, str) and name else None

    async def tell(self, tells: list[Tell]) -> None:
        """Tells from outside a chat (the chat API, MCP), each through its workspace's client."""
        for tell in tells:
            client = await self.clients.client_for(Workspace(tell.tenant or None))
            if client is not None:
                await send_tells(client, [tell])


async def send_tells(client: AsyncWebClient, tells: list[Tell]) -> None:
    """Each tell after the reply: an assignee by DM, naming the channel; an assigner in it."""
    for tell in tells:
        if tell.private or tell.chat_ref is None:
            where = f" (in <#{tell.chat_ref}>)" if tell.chat_ref else ""
            content = render.message(Reply(text=tell.text, buttons=list(tell.buttons)))
            channel = tell.user_ref
            content["text"] += where
            content["blocks"][0]["text"]["text"] += where
        else:
            content = render.message(Reply(text=tell.text))
            content["text"] = f"<@{tell.user_ref}> " + content["text"]
            content["blocks"][0]["text"]["text"] = (
                f"<@{tell.user_ref}> " + (content["blocks"][0]["text"]["text"])
            )
            channel = tell.chat_ref
        try:
            await client.chat_postMessage(
                channel=channel, unfurl_links=False, unfurl_media=False, **content
            )
        except SlackApiError:
            log.warning("could not tell %s about a team task", tell.user_ref, exc_info=True)
