"""Team lists as people have used them in Slack, for the API and MCP tests: a task added by
each Slack account in its channel, and that person's API (or console) account linked to it."""

from __future__ import annotations

from uuid import UUID

from core.domain import lists
from core.domain.lists import Place
from core.people.identities import user_for
from core.storage.db import Database
from core.storage.models import Identity, utcnow

TENANT = "T0001"  # the fake Slack workspace


async def used_in_slack(
    database: Database, *, slack_user: str, channel: str, title: str, linked: tuple[str, str]
) -> UUID:
    """`slack_user` adds `title` to `channel`'s list; their `linked` (platform, id) account is
    the same person. The list's id."""
    async with database.session() as session, session.begin():
        user = await user_for(session, platform="slack", tenant=TENANT, external_id=slack_user)
        platform, external_id = linked
        session.add(
            Identity(user_id=user.id, platform=platform, tenant="", external_id=external_id)
        )
        shared = await lists.shared_list(session, Place("slack", TENANT, channel), create=True)
        assert shared is not None
        await lists.add_task(
            session,
            shared=shared,
            creator_id=user.id,
            title=title,
            due=None,
            assignee_id=None,
            now=utcnow(),
        )
        return shared.id
