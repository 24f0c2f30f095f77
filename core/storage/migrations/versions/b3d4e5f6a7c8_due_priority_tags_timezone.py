"""due dates, priorities, tags and each person's time zone

Revision ID: b3d4e5f6a7c8
Revises: b3d91c0e5f21
Create Date: 2026-11-23 11:30:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision: str = "b3d4e5f6a7c8"
down_revision: str | None = "b3d91c0e5f21"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("user", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("timezone", sqlmodel.sql.sqltypes.AutoString(length=64), nullable=True)
        )
    with op.batch_alter_table("task", schema=None) as batch_op:
        batch_op.add_column(sa.Column("due_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True))
        batch_op.add_column(
            sa.Column("due_has_time", sa.Boolean(), nullable=False, server_default=sa.false())
        )
        batch_op.add_column(
            sa.Column(
                "priority",
                sqlmodel.sql.sqltypes.AutoString(length=8),
                nullable=False,
                server_default="low",
            )
        )
        batch_op.add_column(sa.Column("tags", sa.JSON(), nullable=False, server_default="[]"))
        batch_op.create_index("ix_task_user_due", ["user_id", "due_at"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("task", schema=None) as batch_op:
        batch_op.drop_index("ix_task_user_due")
        batch_op.drop_column("tags")
        batch_op.drop_column("priority")
        batch_op.drop_column("due_has_time")
        batch_op.drop_column("due_at")
    with op.batch_alter_table("user", schema=None) as batch_op:
        batch_op.drop_column("timezone")
