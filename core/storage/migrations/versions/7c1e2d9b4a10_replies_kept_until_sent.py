"""replies kept until sent

Revision ID: 7c1e2d9b4a10
Revises: 0aabf1f1728f
Create Date: 2026-11-22 04:30:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision: str = "7c1e2d9b4a10"
down_revision: str | None = "0aabf1f1728f"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("processed_event", schema=None) as batch_op:
        batch_op.add_column(sa.Column("reply", sa.JSON(), nullable=True))
        batch_op.add_column(
            sa.Column("answered_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True)
        )


def downgrade() -> None:
    with op.batch_alter_table("processed_event", schema=None) as batch_op:
        batch_op.drop_column("answered_at")
        batch_op.drop_column("reply")
