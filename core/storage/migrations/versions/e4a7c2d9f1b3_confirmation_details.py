"""confirmation details (what an offered task holds)

Revision ID: e4a7c2d9f1b3
Revises: d5e6f7a8b9c0
Create Date: 2026-11-23 11:45:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "e4a7c2d9f1b3"
down_revision: str | None = "d5e6f7a8b9c0"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("confirmation", schema=None) as batch_op:
        batch_op.add_column(sa.Column("details", sa.JSON(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("confirmation", schema=None) as batch_op:
        batch_op.drop_column("details")
