"""task lists: every task on a list (its owner's own, or a channel's or group's shared list),
with its creator and perhaps an assignee

Every person gets their personal list, with their own id, and every existing task moves onto
it unchanged: same number, same owner, its owner as its creator. A shared list's tasks have no
owner (`user_id` empty) and are numbered on their list.

Revision ID: e7a9c1b3d5f7
Revises: d1f3a5b7c9e2
Create Date: 2026-11-27 18:45:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision: str = "e7a9c1b3d5f7"
down_revision: str | None = "d1f3a5b7c9e2"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "task_list",
        sa.Column("id", sa.Uuid(), nullable=False),
        sa.Column("kind", sqlmodel.sql.sqltypes.AutoString(length=16), nullable=False),
        sa.Column("user_id", sa.Uuid(), nullable=True),
        sa.Column("platform", sqlmodel.sql.sqltypes.AutoString(length=32), nullable=True),
        sa.Column("tenant", sqlmodel.sql.sqltypes.AutoString(length=64), nullable=True),
        sa.Column("chat_id", sqlmodel.sql.sqltypes.AutoString(length=128), nullable=True),
        sa.Column("title", sqlmodel.sql.sqltypes.AutoString(length=200), nullable=False),
        sa.Column("next_task_number", sa.Integer(), nullable=False),
        sa.Column("created_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.ForeignKeyConstraint(["user_id"], ["user.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("platform", "tenant", "chat_id"),
        sa.UniqueConstraint("user_id"),
    )
    op.execute(
        "INSERT INTO task_list (id, kind, user_id, title, next_task_number, created_at) "
        "SELECT id, 'personal', id, '', 1, created_at FROM \"user\""
    )
    with op.batch_alter_table("task", schema=None) as batch_op:
        batch_op.add_column(sa.Column("list_id", sa.Uuid(), nullable=True))
        batch_op.add_column(sa.Column("creator_id", sa.Uuid(), nullable=True))
        batch_op.add_column(sa.Column("assignee_id", sa.Uuid(), nullable=True))
        batch_op.add_column(sa.Column("assigner_id", sa.Uuid(), nullable=True))
    op.execute("UPDATE task SET list_id = user_id, creator_id = user_id")
    with op.batch_alter_table("task", schema=None) as batch_op:
        batch_op.alter_column("list_id", existing_type=sa.Uuid(), nullable=False)
        batch_op.alter_column("user_id", existing_type=sa.Uuid(), nullable=True)
        batch_op.create_foreign_key(
            "task_list_id_fkey", "task_list", ["list_id"], ["id"], ondelete="CASCADE"
        )
        batch_op.create_foreign_key(
            "task_creator_id_fkey", "user", ["creator_id"], ["id"], ondelete="SET NULL"
        )
        batch_op.create_foreign_key(
            "task_assignee_id_fkey", "user", ["assignee_id"], ["id"], ondelete="SET NULL"
        )
        batch_op.create_foreign_key(
            "task_assigner_id_fkey", "user", ["assigner_id"], ["id"], ondelete="SET NULL"
        )
        batch_op.create_unique_constraint("task_list_id_number_key", ["list_id", "number"])
        batch_op.create_index(batch_op.f("ix_task_assignee_id"), ["assignee_id"], unique=False)


def downgrade() -> None:
    op.execute("DELETE FROM task WHERE user_id IS NULL")
    with op.batch_alter_table("task", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_task_assignee_id"))
        batch_op.drop_constraint("task_list_id_number_key", type_="unique")
        batch_op.drop_constraint("task_assigner_id_fkey", type_="foreignkey")
        batch_op.drop_constraint("task_assignee_id_fkey", type_="foreignkey")
        batch_op.drop_constraint("task_creator_id_fkey", type_="foreignkey")
        batch_op.drop_constraint("task_list_id_fkey", type_="foreignkey")
        batch_op.alter_column("user_id", existing_type=sa.Uuid(), nullable=False)
        batch_op.drop_column("assigner_id")
        batch_op.drop_column("assignee_id")
        batch_op.drop_column("creator_id")
        batch_op.drop_column("list_id")
    op.drop_table("task_list")
