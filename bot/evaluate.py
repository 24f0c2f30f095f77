"""`todobot eval FILE.jsonl`: every case through the real core on a database of its own.

Each case meets one migrated SQLite file, emptied after the case before it; one user; the
real `ChatService` with the chosen agent; its `given` tasks created through the task service;
its turns said in order and its button pressed as the same user. Then `judge` decides.

A process migrates once: each file's database after the first starts as a copy of the first
one's migrated file (the migrations are the same throughout a process).
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import sqlite3
import sys
import tempfile
import traceback
from collections.abc import Callable
from datetime import tzinfo
from pathlib import Path
from typing import TextIO
from uuid import UUID

from sqlmodel import SQLModel, select
from sqlmodel.ext.asyncio.session import AsyncSession

from bot.eval_cases import Case, Outcome, ReminderState, TaskState
from bot.eval_judging import harmful, judge
from bot.eval_loading import load_cases
from bot.hybrid_share import ShareTally
from bot.settings import Settings
from core.agent.base import Agent
from core.agent.builtin.explain import Explanation
from core.clock import Clock, PinnedClock, SystemClock
from core.domain import tasks as task_service
from core.domain.task_selection import list_tasks
from core.domain.task_text import due_of
from core.domain.when import local_instant, parse_due, zone_named
from core.people.identities import user_for
from core.reminders import book as reminder_book
from core.storage.db import Database
from core.storage.models import Confirmation
from core.types import Action, Incoming, Press, Reply

PLATFORM = "eval"
USER = "eval-user"
CHAT = "eval-chat"


@functools.cache
def _migrated() -> bytes:
    """A database file migrated by Alembic, as bytes: made once a process."""
    from core.storage.migrate import upgrade

    with tempfile.TemporaryDirectory() as directory:
        made = Path(directory) / "migrated.db"
        upgrade(f"sqlite:///{made}")
        with contextlib.closing(sqlite3.connect(made)) as connection:
            connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")  # all of it in the file
        return made.read_bytes()


def migrated_template(directory: Path) -> Path:
    """A migrated database file in `directory`, a copy of the one this process migrated."""
    template = directory / "template.db"
    template.write_bytes(_migrated())
    return template


async def emptied(db: Database) -> None:
    """Every row gone (ids start again at 1: SQLite numbers a row past the largest): the next
    case meets the database a fresh copy would be, on the same engine, whose statements are
    already compiled (a new engine per case spent half the run compiling them again). The
    deletes go to SQLite as one script in one transaction: a statement each would be a trip
    to the driver's thread each, a fifth of what a case costs."""
    deletes = "".join(
        f'DELETE FROM "{table.name}";' for table in reversed(SQLModel.metadata.sorted_tables)
    )
    async with db.engine.connect() as connection:
        driver = (await connection.get_raw_connection()).driver_connection
        assert driver is not None, "a connection checked out of the pool is open"
        await driver.executescript(f"BEGIN; {deletes} COMMIT;")


def case_clock(case: Case) -> Clock:
    """The case's `now` (local to its `tz`) as a clock that starts there, else the real one."""
    if case.now is None:
        return SystemClock()
    zone = _zone(case)
    return PinnedClock(local_instant(case.now.date(), case.now.time(), zone))


def _zone(case: Case) -> tzinfo:
    zone = zone_named(case.tz)
    if zone is None:
        raise ValueError(f"unknown time zone {case.tz!r}")
    return zone


async def _create_given(db: Database, case: Case, clock: Clock) -> None:
    """The user, told their zone before the first turn, and the `given` tasks in order."""
    zone, now = _zone(case), clock.now()
    async with db.session() as session, session.begin():
        user = await user_for(session, platform=PLATFORM, tenant="", external_id=USER)
        user.timezone = case.tz
        session.add(user)
        for given in case.given:
            task = await task_service.create_task(
                session,
                user_id=user.id,
                title=given.title,
                description=given.description,
                due=parse_due(given.due, zone) if given.due else None,
                priority=given.priority,
                tags=given.tags,
                now=now,
            )
            if given.completed:
                await task_service.complete_task(session, task=task, now=now)


async def _offered(db: Database, reply: Reply) -> bool:
    """Confirm and Cancel buttons on one token, and that confirmation pending for this user."""
    actions = {button.action for button in reply.buttons}
    tokens = {button.token for button in reply.buttons}
    if actions != {Action.CONFIRM, Action.CANCEL} or len(tokens) != 1:
        return False
    async with db.session() as session, session.begin():
        user = await user_for(session, platform=PLATFORM, tenant="", external_id=USER)
        row = (
            await session.exec(select(Confirmation).where(Confirmation.token == tokens.pop()))
        ).first()
        return row is not None and row.user_id == user.id and row.status == "pending"


async def _state(db: Database, zone: tzinfo) -> tuple[list[TaskState], list[ReminderState]]:
    """The user's tasks and pending reminders, read in one transaction."""
    async with db.session() as session, session.begin():
        user = await user_for(session, platform=PLATFORM, tenant="", external_id=USER)
        return await _final_tasks(session, user.id, zone), await _pending_reminders(
            session, user.id, zone
        )


async def _final_tasks(session: AsyncSession, user_id: UUID, zone: tzinfo) -> list[TaskState]:
    found = await list_tasks(session, user_id=user_id)
    states = []
    for task in found:
        due = due_of(task)
        local = None
        if due is not None:
            local = (
                due.local_minute(zone).isoformat(timespec="minutes")
                if due.has_time
                else due.day(zone).isoformat()
            )
        states.append(
            TaskState(
                task.title,
                task.description,
                task.completed,
                local,
                task.priority,
                tuple(task.tags),
            )
        )
    return states


async def _pending_reminders(
    session: AsyncSession, user_id: UUID, zone: tzinfo
) -> list[ReminderState]:
    waiting = await reminder_book.waiting(session, user_id=user_id)
    return [
        ReminderState(
            task.title if task else "",
            reminder.fire_at.astimezone(zone).isoformat(timespec="minutes")[:16],
        )
        for reminder, task in waiting
    ]


async def run_case(case: Case, db: Database, agent: Agent, settings: Settings) -> Outcome:
    from bot.wiring import build_chat, build_policy

    clock = case_clock(case)
    try:
        await _create_given(db, case, clock)
        zone = _zone(case)
        before = await _state(db, zone)
        policy = dataclasses.replace(build_policy(settings), rate_limit_per_minute=0)
        chat = build_chat(db, agent=agent, policy=policy, clock=clock)
        reply: Reply | None = None
        for turn in case.say:
            reply = await chat.handle(
                Incoming(platform=PLATFORM, user_ref=USER, chat_ref=CHAT, text=turn)
            )
            if reply is None:
                raise RuntimeError(f"the turn {turn!r} got no reply")
        assert reply is not None
        offered = await _offered(db, reply)
        if case.press is not None and offered:
            token = reply.buttons[0].token
            pressed = await chat.press(
                Press(platform=PLATFORM, user_ref=USER, token=token, action=Action(case.press))
            )
            if pressed is None:
                raise RuntimeError("the press got no reply")
        tasks, reminders = await _state(db, zone)
        return Outcome(tasks, reply.text, offered, reminders, before)
    finally:
        await emptied(db)


async def _judged(
    case: Case, db: Database, agent: Agent, settings: Settings
) -> tuple[list[str], bool]:
    """What is wrong with one case's outcome (a raise is one problem), and whether it harmed."""
    try:
        outcome = await run_case(case, db, agent, settings)
    except Exception as error:
        traceback.print_exc(file=sys.stderr)
        return [f"raised {type(error).__name__}: {error}"], False
    problems = judge(case, outcome)
    harm = harmful(case, outcome, problems)
    if harm:
        problems.append("harmful: the list changed, but not as asked")
    return problems, harm


async def run_eval(
    path: Path,
    *,
    agent_factory: Callable[[], Agent],
    settings: Settings,
    out: TextIO | None = None,
    tally: ShareTally | None = None,
    notebook: list[Explanation] | None = None,
) -> int:
    """Run every case in `path`; print a line each and the total. 0 only when all passed.
    `notebook`: where the agent notes how it read each message; shown under a failed case."""
    out = out or sys.stdout
    loaded = load_cases(path.read_text(encoding="utf-8"))  # noqa: ASYNC240 - read once, up front
    passed = failed = single = harmed = turns = 0
    for name, reason in loaded.invalid:
        failed += 1
        print(f"FAIL {name}: {reason}", file=out)
    if not loaded.cases and not loaded.invalid:
        print(f"{path} holds no cases", file=out)
        print("0 passed, 0 failed", file=out)
        return 1
    agent = agent_factory()
    with tempfile.TemporaryDirectory(prefix="todobot-eval-") as directory:
        db = Database(f"sqlite:///{migrated_template(Path(directory))}")
        try:
            for case in loaded.cases:
                single += len(case.say) == 1
                turns += len(case.say)
                if notebook is not None:
                    notebook.clear()
                problems, harm = await _judged(case, db, agent, settings)
                harmed += harm
                if problems:
                    failed += 1
                    print(f"FAIL {case.id}: " + "; ".join(problems), file=out)
                    for explained in notebook or []:
                        print("\n".join(f"    {line}" for line in explained.lines()), file=out)
                else:
                    passed += 1
                    print(f"PASS {case.id}", file=out)
        finally:
            await db.dispose()
    if single:
        share = 100 * harmed / single
        print(
            f"harmful: {harmed} of {single} one-message cases ({share:.1f}%) "
            "changed the list other than asked",
            file=out,
        )
    if tally is not None:
        tally.report(turns, out)
    print(f"{passed} passed, {failed} failed", file=out)
    return 0 if failed == 0 else 1
