"""Where "Add to Slack" keeps the workspaces: slack_sdk's `AsyncInstallationStore` on our
database (`workspace_install`), the tokens sealed with TOKEN_ENCRYPTION_KEY.

One row per workspace, or per Enterprise Grid organization when the app is installed
organization-wide. bolt's OAuth flow saves it (`async_save`); bolt's authorize finds the bot
of every request by its team and enterprise (`async_find_bot`), refreshes a token about to
expire and saves it back (`async_save_bot`); the workers find it the same way
(adapters/slack/clients.py). Uninstalling (the `app_uninstalled` and `tokens_revoked` events,
`todobot slack uninstall`) deletes the row at once and books the erasure of the workspace's
people for UNINSTALL_RETENTION_DAYS later (core/people/tenant_erase.py); installing again
before then calls it off. Tokens never reach a log line.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from logging import Logger

from slack_bolt.error import BoltError
from slack_sdk.oauth.installation_store import Bot, Installation
from slack_sdk.oauth.installation_store.async_installation_store import AsyncInstallationStore
from sqlalchemy import delete
from sqlalchemy.exc import IntegrityError
from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from adapters.slack.installed import count_installations
from adapters.slack.translate import PLATFORM
from core.clock import Clock, SystemClock
from core.people import tenant_erase
from core.storage.account_models import WorkspaceInstall
from core.storage.db import Database, in_transaction
from core.storage.sealing import Sealer

log = logging.getLogger(__name__)

# Told the number of installations after each change (the metrics' gauge).
Changed = Callable[[int], None]


class SlackInstallationStore(AsyncInstallationStore):
    def __init__(
        self,
        db: Database,
        sealer: Sealer,
        *,
        retention: timedelta,
        clock: Clock | None = None,
        changed: Changed | None = None,
    ) -> None:
        self.db = db
        self.sealer = sealer
        self.retention = retention
        self.clock = clock or SystemClock()
        self.changed = changed

    @property
    def logger(self) -> Logger:
        return log

    async def async_save(self, installation: Installation) -> None:
        """A workspace finished "Add to Slack" (or added it again): keep its bot."""
        if not installation.bot_token:
            raise BoltError("Slack granted no bot token: the app must ask for bot scopes")
        org_wide = bool(installation.is_enterprise_install)
        organization = installation.enterprise_id or ""
        tenant = "" if org_wide else (installation.team_id or "")
        now = self.clock.now()

        async def save(session: AsyncSession) -> None:
            row = (
                await session.exec(
                    select(WorkspaceInstall)
                    .where(
                        col(WorkspaceInstall.platform) == PLATFORM,
                        col(WorkspaceInstall.organization) == organization,
                        col(WorkspaceInstall.tenant) == tenant,
                    )
                    .with_for_update()
                )
            ).first() or WorkspaceInstall(
                platform=PLATFORM, organization=organization, tenant=tenant, bot_token=""
            )
            row.org_wide = org_wide
            row.app_id = installation.app_id
            row.tenant_name = installation.team_name
            row.organization_name = installation.enterprise_name
            row.bot_id = installation.bot_id
            row.bot_user_id = installation.bot_user_id
            row.scopes = ",".join(installation.bot_scopes or [])
            row.installer = installation.user_id
            self._seal_tokens(
                row,
                installation.bot_token or "",
                installation.bot_refresh_token,
                installation.bot_token_expires_at,
            )
            row.installed_at = row.updated_at = now
            session.add(row)
            await session.flush()
            kept = [tenant] if tenant else list(row.served)
            await tenant_erase.keep(session, platform=PLATFORM, tenants=kept)

        try:
            await in_transaction(self.db, save)
        except IntegrityError:  # the same workspace finished twice at once: the later wins
            await in_transaction(self.db, save)
        log.info(
            "Slack %s %s (%s) added todobot",
            "organization" if org_wide else "workspace",
            organization if org_wide else tenant,
            installation.enterprise_name if org_wide else installation.team_name,
        )
        await self._changed()

    async def async_save_bot(self, bot: Bot) -> None:
        """A rotated token (bolt refreshed one about to expire)."""

        async def save(session: AsyncSession) -> None:
            row = await _find(
                session,
                enterprise_id=bot.enterprise_id,
                team_id=bot.team_id,
                org_wide=bot.is_enterprise_install,
            )
            if row is None:  # uninstalled meanwhile
                return
            self._seal_tokens(row, bot.bot_token, bot.bot_refresh_token, bot.bot_token_expires_at)
            row.updated_at = self.clock.now()
            session.add(row)

        await in_transaction(self.db, save)

    async def async_find_bot(
        self,
        *,
        enterprise_id: str | None,
        team_id: str | None,
        is_enterprise_install: bool | None = False,
    ) -> Bot | None:
        row = await self._found(enterprise_id, team_id, bool(is_enterprise_install))
        return self._installation(row).to_bot() if row is not None else None

    async def async_find_installation(
        self,
        *,
        enterprise_id: str | None,
        team_id: str | None,
        user_id: str | None = None,
        is_enterprise_install: bool | None = False,
    ) -> Installation | None:
        """The workspace's installation; no user's own (todobot keeps no user tokens)."""
        row = await self._found(enterprise_id, team_id, bool(is_enterprise_install))
        if row is None or (user_id is not None and user_id != row.installer):
            return None
        return self._installation(row)

    async def async_delete_bot(self, *, enterprise_id: str | None, team_id: str | None) -> None:
        await self.remove(enterprise_id=enterprise_id, team_id=team_id)

    async def async_delete_installation(
        self, *, enterprise_id: str | None, team_id: str | None, user_id: str | None = None
    ) -> None:
        """A user's token revoked is nothing to us (we keep none); the workspace's is."""
        if user_id is None:
            await self.remove(enterprise_id=enterprise_id, team_id=team_id)

    async def async_delete_all(self, *, enterprise_id: str | None, team_id: str | None) -> None:
        await self.remove(enterprise_id=enterprise_id, team_id=team_id)

    async def remove(self, *, enterprise_id: str | None, team_id: str | None) -> bool:
        """Forget the workspace's (or organization's) bot now and book the erasure of its
        people; False when it was not installed."""
        now = self.clock.now()

        async def forget(session: AsyncSession) -> WorkspaceInstall | None:
            row = await _find(
                session, enterprise_id=enterprise_id, team_id=team_id, org_wide=not team_id
            )
            if row is None or (team_id and row.org_wide):
                return None  # one workspace of an organization-wide install: not ours to end
            await session.exec(delete(WorkspaceInstall).where(col(WorkspaceInstall.id) == row.id))
            tenants = [row.tenant] if row.tenant else list(row.served)
            await tenant_erase.erase_later(
                session,
                platform=PLATFORM,
                tenants=tenants,
                requested_at=now,
                at=now + self.retention,
            )
            return row

        removed = await in_transaction(self.db, forget)
        if removed is None:
            return False
        log.info(
            "Slack %s %s removed todobot: its data is erased after %s unless it is added again",
            "organization" if removed.org_wide else "workspace",
            removed.organization if removed.org_wide else removed.tenant,
            (now + self.retention).date().isoformat(),
        )
        await self._changed()
        return True

    async def _found(
        self, enterprise_id: str | None, team_id: str | None, org_wide: bool
    ) -> WorkspaceInstall | None:
        """The installation answering for a team; an organization-wide one notes each
        workspace it answers in (`served`), so reminders there and its erasure find them."""

        async def find(session: AsyncSession) -> WorkspaceInstall | None:
            row = await _find(
                session, enterprise_id=enterprise_id, team_id=team_id, org_wide=org_wide
            )
            if row is not None and row.org_wide and team_id and team_id not in row.served:
                # read again under the row's lock: two workspaces answered at once would
                # each add itself to the list it read, and the later write would drop the other
                await session.refresh(row, with_for_update=True)
                if team_id not in row.served:
                    row.served = [*row.served, team_id]
                    session.add(row)
            return row

        return await in_transaction(self.db, find)

    def _installation(self, row: WorkspaceInstall) -> Installation:
        return Installation(
            app_id=row.app_id,
            enterprise_id=row.organization or None,
            enterprise_name=row.organization_name,
            team_id=row.tenant or None,
            team_name=row.tenant_name,
            bot_token=self.sealer.open(row.bot_token),
            bot_id=row.bot_id,
            bot_user_id=row.bot_user_id,
            bot_scopes=row.scopes,
            bot_refresh_token=self._opened(row.bot_refresh_token),
            bot_token_expires_at=_epoch(row.bot_token_expires_at),
            user_id=row.installer or "",
            is_enterprise_install=row.org_wide,
            installed_at=row.installed_at.timestamp(),
        )

    def _seal_tokens(
        self, row: WorkspaceInstall, token: str, refresh: str | None, expires_at: int | None
    ) -> None:
        row.bot_token = self.sealer.seal(token)
        row.bot_refresh_token = self.sealer.seal(refresh) if refresh else None
        row.bot_token_expires_at = (
            datetime.fromtimestamp(expires_at, UTC) if expires_at is not None else None
        )

    def _opened(self, sealed: str | None) -> str | None:
        return self.sealer.open(sealed) if sealed else None

    async def _changed(self) -> None:
        if self.changed is not None:
            self.changed(await count_installations(self.db))


async def _find(
    session: AsyncSession, *, enterprise_id: str | None, team_id: str | None, org_wide: bool
) -> WorkspaceInstall | None:
    """A workspace's own installation by its team id; else the organization-wide one that
    answers there (by the enterprise id, or, when only the team is known, as a reminder
    knows it, by the workspaces it has served)."""
    if team_id and not org_wide:
        own = await session.exec(
            select(WorkspaceInstall).where(
                col(WorkspaceInstall.platform) == PLATFORM,
                col(WorkspaceInstall.tenant) == team_id,
            )
        )
        found = own.first()
        if found is not None:
            return found
    wide = select(WorkspaceInstall).where(
        col(WorkspaceInstall.platform) == PLATFORM, col(WorkspaceInstall.org_wide)
    )
    if enterprise_id:
        return (
            await session.exec(wide.where(col(WorkspaceInstall.organization) == enterprise_id))
        ).first()
    if not team_id:
        return None
    return next((row for row in (await session.exec(wide)).all() if team_id in row.served), None)


def _epoch(moment: datetime | None) -> int | None:
    return int(moment.timestamp()) if moment is not None else None
