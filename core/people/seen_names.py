"""The `@usernames` of the people the bot saw write in a group, so that a team command there
naming `@carol` means the Carol who wrote there. Someone the bot never saw stays unknown (and
is refused, not guessed); whether they still belong to the group is the platform's to say."""

from __future__ import annotations

import re
from uuid import UUID

from sqlalchemy import delete, tuple_
from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from core.domain.lists import Place
from core.storage.list_models import SeenName
from core.storage.models import Identity, utcnow
from core.types import Incoming, Mention

_AT_NAME = re.compile(r"(?<!\S)@(?P<name>[A-Za-z0-9_]{3,64})\b")


async def note(session: AsyncSession, incoming: Incoming) -> None:
    """A group message with its sender's username: keep (or refresh) who that username is."""
    if not (incoming.is_group and incoming.username):
        return
    key = (incoming.platform, incoming.tenant, incoming.chat_ref, incoming.username.lower())
    found = await session.get(SeenName, key)
    if found is not None and (found.external_id, found.display_name) == (
        incoming.user_ref,
        incoming.display_name,
    ):
        return
    seen = found or SeenName(
        platform=key[0], tenant=key[1], chat_id=key[2], username=key[3], external_id=""
    )
    seen.external_id, seen.display_name, seen.seen_at = (
        incoming.user_ref,
        incoming.display_name,
        utcnow(),
    )
    session.add(seen)
    await session.flush()


async def seen_mentions(session: AsyncSession, place: Place, text: str) -> tuple[Mention, ...]:
    """The `@usernames` in `text` that the bot saw write in `place`, as mentions."""
    names = {match.group("name").lower(): match.group(0) for match in _AT_NAME.finditer(text)}
    if not names:
        return ()
    found = await session.exec(
        select(SeenName).where(
            SeenName.platform == place.platform,
            SeenName.tenant == place.tenant,
            SeenName.chat_id == place.chat_id,
            col(SeenName.username).in_(names),
        )
    )
    return tuple(
        Mention(names[row.username], row.external_id, row.display_name or names[row.username])
        for row in found.all()
    )


async def forget(session: AsyncSession, *, user_id: UUID) -> None:
    """A forgotten person's usernames go with them."""
    accounts = select(Identity.platform, Identity.tenant, Identity.external_id).where(
        Identity.user_id == user_id
    )
    await session.exec(
        delete(SeenName).where(
            tuple_(col(SeenName.platform), col(SeenName.tenant), col(SeenName.external_id)).in_(
                accounts
            )
        )
    )
