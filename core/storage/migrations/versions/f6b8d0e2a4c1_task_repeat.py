"""recurring tasks: a repeat rule on the task

Revision ID: f6b8d0e2a4c1
Revises: a4eb345550e4
Create Date: 2026-11-23 12:50:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision: str = "f6b8d0e2a4c1"
down_revision: str | None = "a4eb345550e4"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("task", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("repeat", sqlmodel.sql.sqltypes.AutoString(length=120), nullable=True)
        )


def downgrade() -> None:
    with op.batch_alter_table("task", schema=None) as batch_op:
        batch_op.drop_column("repeat")
