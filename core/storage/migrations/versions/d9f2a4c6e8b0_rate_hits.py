"""rate hits: requests counted against per-minute limits by every process

Revision ID: d9f2a4c6e8b0
Revises: d9f2a4b6c8e0
Create Date: 2026-11-27 12:00:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision: str = "d9f2a4c6e8b0"
down_revision: str | None = "d9f2a4b6c8e0"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "rate_hit",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("key", sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
        sa.Column("at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("rate_hit", schema=None) as batch_op:
        batch_op.create_index("ix_rate_hit_key_at", ["key", "at"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("rate_hit", schema=None) as batch_op:
        batch_op.drop_index("ix_rate_hit_key_at")
    op.drop_table("rate_hit")
