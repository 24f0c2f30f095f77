"""The tables, the async engine for SQLite and PostgreSQL, and the Alembic migrations."""
