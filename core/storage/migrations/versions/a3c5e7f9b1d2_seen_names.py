"""seen names: the Telegram @usernames the bot saw write in each group

Revision ID: a3c5e7f9b1d2
Revises: e7b9d1f3a5c7
Create Date: 2026-11-27 22:15:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision: str = "a3c5e7f9b1d2"
down_revision: str | None = "e7b9d1f3a5c7"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "seen_name",
        sa.Column("platform", sqlmodel.sql.sqltypes.AutoString(length=32), nullable=False),
        sa.Column("tenant", sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
        sa.Column("chat_id", sqlmodel.sql.sqltypes.AutoString(length=128), nullable=False),
        sa.Column("username", sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
        sa.Column("external_id", sqlmodel.sql.sqltypes.AutoString(length=128), nullable=False),
        sa.Column("display_name", sqlmodel.sql.sqltypes.AutoString(length=200), nullable=True),
        sa.Column("seen_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.PrimaryKeyConstraint("platform", "tenant", "chat_id", "username"),
    )


def downgrade() -> None:
    op.drop_table("seen_name")
