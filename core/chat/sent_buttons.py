"""Where a confirmation's buttons were sent, kept so a typed answer can edit that message."""

from __future__ import annotations

import logging

from sqlalchemy.exc import SQLAlchemyError

from core.conversation import confirmations
from core.people.identities import find_user
from core.storage.db import Database

log = logging.getLogger("core.chat")


async def remember_sent_buttons(
    db: Database, *, platform: str, tenant: str, user_ref: str, token: str, message_ref: str
) -> None:
    """The adapter sent the buttons of confirmation `token` as `message_ref` (its own
    string). Best effort, in its own small transaction after the send: without it the answer
    is only not shown there."""
    try:
        async with db.session() as session, session.begin():
            user = await find_user(session, platform=platform, tenant=tenant, external_id=user_ref)
            if user is not None:
                await confirmations.remember_message(
                    session, token=token, user_id=user.id, message_ref=message_ref
                )
    except SQLAlchemyError:
        log.warning("could not note where the buttons of a confirmation were sent")
