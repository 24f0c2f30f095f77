"""What operators and the metrics see of the workspaces that added the app: never a token.

`todobot slack installations` lists them; the installations gauge counts them.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import func
from sqlmodel import col, select

from adapters.slack.translate import PLATFORM
from core.storage.account_models import WorkspaceInstall
from core.storage.db import Database


@dataclass(frozen=True)
class Listed:
    """An installation as operators see it (`todobot slack installations`): no token."""

    team: str
    team_name: str | None
    enterprise: str | None
    org_wide: bool
    installed_at: datetime
    installer: str | None
    scopes: str


async def installed_workspaces(db: Database) -> list[Listed]:
    async with db.session() as session:
        rows = await session.exec(
            select(WorkspaceInstall)
            .where(col(WorkspaceInstall.platform) == PLATFORM)
            .order_by(col(WorkspaceInstall.installed_at))
        )
        return [
            Listed(
                team=row.tenant,
                team_name=row.tenant_name or row.organization_name,
                enterprise=row.organization or None,
                org_wide=row.org_wide,
                installed_at=row.installed_at,
                installer=row.installer,
                scopes=row.scopes,
            )
            for row in rows.all()
        ]


async def count_installations(db: Database) -> int:
    async with db.session() as session:
        found = await session.exec(
            select(func.count())
            .select_from(WorkspaceInstall)
            .where(col(WorkspaceInstall.platform) == PLATFORM)
        )
        return int(found.one())
