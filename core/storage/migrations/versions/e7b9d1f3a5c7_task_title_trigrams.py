"""task title trigrams

A person's task titles indexed by their trigrams (PostgreSQL's pg_trgm, in a GIN index with
the person's id through btree_gin), so a title named in part, or with a typo, is found among
that person's tasks by the index rather than by reading every title. SQLite has neither
extension: there it is a plain index on the same columns.

Revision ID: e7b9d1f3a5c7
Revises: e7a9c1b3d5f7
Create Date: 2026-11-27 19:00:00.000000
"""

from collections.abc import Sequence

from alembic import op

revision: str = "e7b9d1f3a5c7"
down_revision: str | None = "e7a9c1b3d5f7"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

INDEX = "ix_task_user_title_trgm"


def upgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        # both are trusted extensions: the database's owner may create them
        op.execute("CREATE EXTENSION IF NOT EXISTS pg_trgm")
        op.execute("CREATE EXTENSION IF NOT EXISTS btree_gin")
        op.execute(f"CREATE INDEX {INDEX} ON task USING gin (user_id, lower(title) gin_trgm_ops)")
    else:
        op.execute(f"CREATE INDEX {INDEX} ON task (user_id, lower(title))")


def downgrade() -> None:
    op.execute(f"DROP INDEX {INDEX}")
