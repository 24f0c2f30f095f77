"""reminders, unreachable accounts, scheduled inbox items

Revision ID: d5e6f7a8b9c0
Revises: b3d4e5f6a7c8
Create Date: 2026-11-23 11:40:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision: str = "d5e6f7a8b9c0"
down_revision: str | None = "b3d4e5f6a7c8"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "reminder",
        sa.Column("id", sa.Uuid(), nullable=False),
        sa.Column("user_id", sa.Uuid(), nullable=False),
        sa.Column("task_id", sa.Uuid(), nullable=True),
        sa.Column("kind", sqlmodel.sql.sqltypes.AutoString(length=16), nullable=False),
        sa.Column("fire_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.Column("before_due_minutes", sa.Integer(), nullable=True),
        sa.Column("daily_at", sqlmodel.sql.sqltypes.AutoString(length=5), nullable=True),
        sa.Column("status", sqlmodel.sql.sqltypes.AutoString(length=16), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("token", sqlmodel.sql.sqltypes.AutoString(length=32), nullable=False),
        sa.Column("platform", sqlmodel.sql.sqltypes.AutoString(length=32), nullable=False),
        sa.Column("conversation_id", sa.Uuid(), nullable=True),
        sa.Column("late", sa.Boolean(), nullable=False),
        sa.Column("attempts", sa.Integer(), nullable=False),
        sa.Column("last_error", sqlmodel.sql.sqltypes.AutoString(length=500), nullable=True),
        sa.Column("message_ref", sqlmodel.sql.sqltypes.AutoString(length=255), nullable=True),
        sa.Column("created_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.Column("sent_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True),
        sa.Column("decided_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True),
        sa.ForeignKeyConstraint(["task_id"], ["task.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["user_id"], ["user.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("token"),
    )
    with op.batch_alter_table("reminder", schema=None) as batch_op:
        batch_op.create_index("ix_reminder_user_status", ["user_id", "status"], unique=False)
        batch_op.create_index("ix_reminder_task_status", ["task_id", "status"], unique=False)
    with op.batch_alter_table("identity", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("unreachable_since", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True)
        )
    with op.batch_alter_table("inbox_item", schema=None) as batch_op:
        batch_op.create_index(
            "ix_inbox_item_source_status_locked",
            ["source", "status", "locked_until"],
            unique=False,
        )


def downgrade() -> None:
    with op.batch_alter_table("inbox_item", schema=None) as batch_op:
        batch_op.drop_index("ix_inbox_item_source_status_locked")
    with op.batch_alter_table("identity", schema=None) as batch_op:
        batch_op.drop_column("unreachable_since")
    with op.batch_alter_table("reminder", schema=None) as batch_op:
        batch_op.drop_index("ix_reminder_task_status")
        batch_op.drop_index("ix_reminder_user_status")
    op.drop_table("reminder")
