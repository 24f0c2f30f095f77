"""message window index

The history window filters by conversation and owner and reads backwards by time; an index on
exactly those three columns lets PostgreSQL's generic plan read the last N rows and stop, however
long the conversation.

Revision ID: b3d91c0e5f21
Revises: 7c1e2d9b4a10
Create Date: 2026-11-23 11:30:00.000000
"""

from collections.abc import Sequence

from alembic import op

revision: str = "b3d91c0e5f21"
down_revision: str | None = "7c1e2d9b4a10"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("message", schema=None) as batch_op:
        batch_op.drop_index("ix_message_conversation_created")
        batch_op.create_index(
            "ix_message_conversation_user_created",
            ["conversation_id", "user_id", "created_at"],
            unique=False,
        )


def downgrade() -> None:
    with op.batch_alter_table("message", schema=None) as batch_op:
        batch_op.drop_index("ix_message_conversation_user_created")
        batch_op.create_index(
            "ix_message_conversation_created", ["conversation_id", "created_at"], unique=False
        )
