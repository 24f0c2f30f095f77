"""The task-list migration moves every existing task onto its owner's personal list unchanged,
on SQLite and on PostgreSQL, and steps back down again."""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from alembic import command
from sqlalchemy import Uuid, bindparam, create_engine, make_url, text

from core.storage.db import sync_url
from core.storage.migrate import alembic_config

BEFORE = "d1f3a5b7c9e2"
LISTS = "e7a9c1b3d5f7"


@pytest.fixture(params=["sqlite", "postgres"])
def empty_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'old.db'}"
        return
    base = os.environ.get("TODOBOT_TEST_POSTGRES_URL")
    if not base:
        pytest.skip("PostgreSQL tests need TODOBOT_TEST_POSTGRES_URL")
    server = make_url(sync_url(base))
    name = f"todobot_lists_{os.getpid()}_{uuid.uuid4().hex[:8]}"
    admin = create_engine(server, isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        connection.execute(text(f'CREATE DATABASE "{name}"'))
    yield server.set(database=name).render_as_string(hide_password=False)
    with admin.connect() as connection:
        connection.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
    admin.dispose()


def test_existing_tasks_move_onto_their_owners_personal_lists_unchanged(empty_url: str) -> None:
    command.upgrade(alembic_config(empty_url), BEFORE)
    ann, bob = uuid.uuid4(), uuid.uuid4()
    engine = create_engine(sync_url(empty_url))
    with engine.begin() as connection:
        for user, count in ((ann, 2), (bob, 0)):
            connection.execute(
                text(
                    'INSERT INTO "user" (id, next_task_number, created_at) '
                    "VALUES (:id, :next, '2026-11-01 09:00:00')"
                ).bindparams(bindparam("id", type_=Uuid())),
                {"id": user, "next": count + 1},
            )
        for number, title in ((1, "milk"), (2, "call mom")):
            connection.execute(
                text(
                    "INSERT INTO task (id, user_id, number, title, description, completed, "
                    "due_has_time, priority, tags, created_at, updated_at) VALUES (:id, :user, "
                    ":number, :title, '', false, false, 'low', '[]', "
                    "'2026-11-01 09:00:00', '2026-11-01 09:00:00')"
                ).bindparams(bindparam("id", type_=Uuid()), bindparam("user", type_=Uuid())),
                {"id": uuid.uuid4(), "user": ann, "number": number, "title": title},
            )
    engine.dispose()

    command.upgrade(alembic_config(empty_url), LISTS)

    engine = create_engine(sync_url(empty_url))
    with engine.connect() as connection:
        lists = connection.execute(
            text("SELECT id, kind, user_id, chat_id FROM task_list ORDER BY kind")
        ).all()
        tasks = connection.execute(
            text(
                "SELECT number, title, user_id, list_id, creator_id, assignee_id FROM task "
                "ORDER BY number"
            )
        ).all()
    engine.dispose()
    assert sorted((_id(row[0]), row[1], _id(row[2]), row[3]) for row in lists) == sorted(
        (user, "personal", user, None) for user in (ann, bob)
    )
    assert [(row[0], row[1]) for row in tasks] == [(1, "milk"), (2, "call mom")]
    for _, _, user_id, list_id, creator_id, assignee_id in tasks:
        assert _id(user_id) == _id(list_id) == _id(creator_id) == ann
        assert assignee_id is None

    command.downgrade(alembic_config(empty_url), BEFORE)
    engine = create_engine(sync_url(empty_url))
    with engine.connect() as connection:
        titles = connection.execute(text("SELECT title FROM task ORDER BY number")).scalars()
        assert list(titles) == ["milk", "call mom"]
    engine.dispose()


def _id(value: object) -> uuid.UUID:
    """A uuid as either database returns it to plain SQL (SQLite: hex text)."""
    return value if isinstance(value, uuid.UUID) else uuid.UUID(str(value))
