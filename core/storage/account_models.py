"""The accounts' tables: link codes, erasures, workspace installs and OAuth states."""

from __future__ import annotations

from datetime import datetime
from uuid import UUID, uuid4

from sqlalchemy import JSON, Column, ForeignKey, Text, UniqueConstraint
from sqlmodel import Field, SQLModel

from core.storage.models import utcnow


class LinkCode(SQLModel, table=True):
    """A one-time code joining another platform account to this user; only its hash is kept."""

    __tablename__ = "link_code"

    id: UUID = Field(default_factory=uuid4, primary_key=True)
    code_hash: str = Field(max_length=64, unique=True)
    user_id: UUID = Field(
        sa_column=Column(ForeignKey("user.id", ondelete="CASCADE"), nullable=False, index=True)
    )
    platform: str = Field(max_length=32)
    expires_at: datetime
    used_at: datetime | None = None
    created_at: datetime = Field(default_factory=utcnow)


class Erasure(SQLModel, table=True):
    """The audit of a "forget me" that outlives the person: a hash of the erased user id and
    how many rows went, nothing that names them."""

    __tablename__ = "erasure"

    id: UUID = Field(default_factory=uuid4, primary_key=True)
    subject_hash: str = Field(max_length=64, index=True)
    counts: dict[str, int] = Field(default_factory=dict, sa_column=Column(JSON, nullable=False))
    requested_at: datetime
    erased_at: datetime = Field(default_factory=utcnow)


class WorkspaceInstall(SQLModel, table=True):
    """A chat app an admin added to their workspace ("Add to Slack"): one row per workspace,
    or per organization when the app was installed organization-wide (`tenant` empty, the
    workspaces it has answered in `served`). The tokens are sealed (core/storage/sealing.py)
    by the adapter that stores them, which alone opens them."""

    __tablename__ = "workspace_install"
    __table_args__ = (UniqueConstraint("platform", "organization", "tenant"),)

    id: UUID = Field(default_factory=uuid4, primary_key=True)
    platform: str = Field(max_length=32)
    organization: str = Field(default="", max_length=64)
    tenant: str = Field(default="", max_length=64, index=True)
    org_wide: bool = False
    app_id: str | None = Field(default=None, max_length=64)
    tenant_name: str | None = Field(default=None, max_length=200)
    organization_name: str | None = Field(default=None, max_length=200)
    bot_id: str | None = Field(default=None, max_length=64)
    bot_user_id: str | None = Field(default=None, max_length=64)
    scopes: str = Field(default="", max_length=1000)
    # The platform account of the admin who installed it.
    installer: str | None = Field(default=None, max_length=64)
    bot_token: str = Field(sa_column=Column(Text, nullable=False))
    # Only when the app's tokens expire and are refreshed (token rotation).
    bot_refresh_token: str | None = Field(default=None, sa_column=Column(Text, nullable=True))
    bot_token_expires_at: datetime | None = None
    served: list[str] = Field(default_factory=list, sa_column=Column(JSON, nullable=False))
    installed_at: datetime = Field(default_factory=utcnow)
    updated_at: datetime = Field(default_factory=utcnow)


class OAuthState(SQLModel, table=True):
    """The one-time `state` of an install under way, kept (as its hash) until it is used or
    expires, so whichever process the admin comes back to can finish the install."""

    __tablename__ = "oauth_state"

    state_hash: str = Field(primary_key=True, max_length=64)
    expires_at: datetime = Field(index=True)
