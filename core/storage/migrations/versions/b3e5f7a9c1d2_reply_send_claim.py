"""a kept reply's send is claimed: one sender at a time

Revision ID: b3e5f7a9c1d2
Revises: a3c5e7f9b1d2
Create Date: 2026-11-27 22:30:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision: str = "b3e5f7a9c1d2"
down_revision: str | None = "a3c5e7f9b1d2"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("processed_event", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("sending_until", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True)
        )


def downgrade() -> None:
    with op.batch_alter_table("processed_event", schema=None) as batch_op:
        batch_op.drop_column("sending_until")
