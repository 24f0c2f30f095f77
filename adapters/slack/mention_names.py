"""The names of the people an @mention in a channel names: Slack's events carry only
`<@U…>`, so each is asked of `users.info` (kept for a while, like the zones) and the core
hears "@bob" rather than an account id."""

from __future__ import annotations

import dataclasses
import logging
import time
from dataclasses import dataclass, field

from slack_sdk.errors import SlackApiError
from slack_sdk.web.async_client import AsyncWebClient

from core.types import Incoming, Mention

log = logging.getLogger(__name__)

KEEP_SECONDS = 6 * 3600


@dataclass
class MentionNames:
    client: AsyncWebClient
    _known: dict[tuple[str, str], tuple[str, float]] = field(default_factory=dict)

    async def named(self, incoming: Incoming) -> Incoming:
        """`incoming` with each mention that has only an account id named as Slack says."""
        unnamed = [m for m in incoming.mentions if m.name == m.ref]
        if not unnamed:
            return incoming
        text, mentions = incoming.text, []
        for mention in incoming.mentions:
            if mention.name == mention.ref:
                name = await self._name(incoming.tenant, mention.ref)
                shown = "@" + name.replace(" ", "_")
                text = text.replace(mention.text, shown, 1)
                mention = Mention(shown, mention.ref, name)
            mentions.append(mention)
        return dataclasses.replace(incoming, text=text, mentions=tuple(mentions))

    async def _name(self, tenant: str, user: str) -> str:
        kept = self._known.get((tenant, user))
        if kept is not None and time.monotonic() - kept[1] < KEEP_SECONDS:
            return kept[0]
        try:
            found = (await self.client.users_info(user=user)).get("user") or {}
        except (SlackApiError, OSError, ValueError) as problem:
            log.debug("users.info failed for %s: %s", user, problem)
            return user
        profile = found.get("profile") or {}
        name = str(profile.get("display_name") or found.get("name") or user)
        self._known[(tenant, user)] = (name, time.monotonic())
        return name
