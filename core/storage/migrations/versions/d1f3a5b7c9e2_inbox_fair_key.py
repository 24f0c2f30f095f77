"""inbox fair key

Scheduled work (reminders, digests) names whose it is, so a claim of due work takes people in
turns: one person's many reminders of a minute do not hold back another's.

Revision ID: d1f3a5b7c9e2
Revises: d9f2a4c6e8b0
Create Date: 2026-11-27 09:00:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision: str = "d1f3a5b7c9e2"
down_revision: str | None = "d9f2a4c6e8b0"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("inbox_item", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("fair_key", sqlmodel.sql.sqltypes.AutoString(length=64), nullable=True)
        )


def downgrade() -> None:
    with op.batch_alter_table("inbox_item", schema=None) as batch_op:
        batch_op.drop_column("fair_key")
