"""inbox order key

One person's deliveries are handed out one at a time, in the order they were recorded: each
inbox item carries whose it is, and an index answers "is an earlier one still pending?".

Revision ID: c8e1f3a5b7d9
Revises: c7d9e1f3a5b7
Create Date: 2026-11-24 09:00:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision: str = "c8e1f3a5b7d9"
down_revision: str | None = "c7d9e1f3a5b7"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("inbox_item", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("order_key", sqlmodel.sql.sqltypes.AutoString(length=255), nullable=True)
        )
        batch_op.create_index("ix_inbox_item_order_key_id", ["order_key", "id"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("inbox_item", schema=None) as batch_op:
        batch_op.drop_index("ix_inbox_item_order_key_id")
        batch_op.drop_column("order_key")
