"""The `state` of each "Add to Slack" under way: slack_sdk's `AsyncOAuthStateStore` on our
database (`oauth_state`), so whichever process the admin's browser comes back to can finish it.

A state is random (256 bits), kept only as its hash, good once (consuming it deletes it) and
for a few minutes: a replayed, expired or made-up one is refused, and the flow stores nothing.
"""

from __future__ import annotations

import hashlib
import logging
import secrets
from datetime import timedelta
from logging import Logger

from slack_sdk.oauth.state_store.async_state_store import AsyncOAuthStateStore
from sqlalchemy import delete
from sqlmodel import col
from sqlmodel.ext.asyncio.session import AsyncSession

from core.clock import Clock, SystemClock
from core.storage.account_models import OAuthState
from core.storage.db import Database, in_transaction

log = logging.getLogger(__name__)

EXPIRATION_SECONDS = 600


def _hash(state: str) -> str:
    return hashlib.sha256(state.encode()).hexdigest()


class DatabaseStateStore(AsyncOAuthStateStore):
    def __init__(
        self,
        db: Database,
        *,
        clock: Clock | None = None,
        expiration_seconds: int = EXPIRATION_SECONDS,
    ) -> None:
        self.db = db
        self.clock = clock or SystemClock()
        self.expiration = timedelta(seconds=expiration_seconds)

    @property
    def logger(self) -> Logger:
        return log

    async def async_issue(self, *args: object, **kwargs: object) -> str:
        state = secrets.token_urlsafe(32)
        now = self.clock.now()

        async def issue(session: AsyncSession) -> None:
            # Drop the states nobody came back with, so the table stays small.
            await session.exec(delete(OAuthState).where(col(OAuthState.expires_at) <= now))
            session.add(OAuthState(state_hash=_hash(state), expires_at=now + self.expiration))

        await in_transaction(self.db, issue)
        return state

    async def async_consume(self, state: str) -> bool:
        """True once for a state we issued that has not expired; False for anything else."""
        if not state:
            return False
        now = self.clock.now()

        async def consume(session: AsyncSession) -> bool:
            used = await session.exec(
                delete(OAuthState).where(
                    col(OAuthState.state_hash) == _hash(state), col(OAuthState.expires_at) > now
                )
            )
            return bool(used.rowcount)

        consumed = await in_transaction(self.db, consume)
        if not consumed:
            log.warning("refused an install whose state is unknown, used or expired")
        return consumed
