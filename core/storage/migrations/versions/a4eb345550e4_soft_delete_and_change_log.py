"""soft delete and change log

Revision ID: a4eb345550e4
Revises: e4a7c2d9f1b3
Create Date: 2026-11-23 11:15:03.211463
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision: str = "a4eb345550e4"
down_revision: str | None = "e4a7c2d9f1b3"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "change",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Uuid(), nullable=False),
        sa.Column("token", sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
        sa.Column("entity", sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
        sa.Column("row_id", sa.Uuid(), nullable=False),
        sa.Column("kind", sqlmodel.sql.sqltypes.AutoString(length=32), nullable=False),
        sa.Column("summary", sqlmodel.sql.sqltypes.AutoString(length=300), nullable=False),
        sa.Column("before", sa.JSON(), nullable=True),
        sa.Column("after", sa.JSON(), nullable=True),
        sa.Column("conversation_id", sa.Uuid(), nullable=True),
        sa.Column("created_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.Column("undone_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True),
        sa.ForeignKeyConstraint(["user_id"], ["user.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("change", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_change_token"), ["token"], unique=False)
        batch_op.create_index("ix_change_user_id", ["user_id", "id"], unique=False)

    with op.batch_alter_table("task", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("deleted_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True)
        )
        batch_op.create_index(batch_op.f("ix_task_deleted_at"), ["deleted_at"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("task", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_task_deleted_at"))
        batch_op.drop_column("deleted_at")

    with op.batch_alter_table("change", schema=None) as batch_op:
        batch_op.drop_index("ix_change_user_id")
        batch_op.drop_index(batch_op.f("ix_change_token"))

    op.drop_table("change")
