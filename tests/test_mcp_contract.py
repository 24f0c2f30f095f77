"""The tools' rules as an MCP client meets them, through the SDK's own client: every refusal
is the envelope (and an audit row), a refused call stores nothing, and the tool contract's
names (`task_id`, `title`, `limit`) work beside todobot's own."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from mcp import Client
from sqlmodel import select

from adapters.mcp.server import build_server
from core.clock import PinnedClock
from core.commands.export import export_user
from core.remote import Account, RemoteTools
from core.storage import audit as audit_log
from core.storage.db import Database
from core.storage.models import Task, User
from core.storage.reminder_models import Reminder
from tests.mcp_rig import Person, envelope, titles

ALICE = Account(platform="console", external_id="alice", display_name="alice")
# Wednesday 4 March 2026, 10:00:30 UTC (the person's zone: UTC).
NOW = datetime(2026, 3, 4, 10, 0, 30, tzinfo=UTC)


def connect(database: Database, **options: Any) -> Client:
    remote = RemoteTools(database, rate_limit_per_minute=0, clock=PinnedClock(NOW, frozen=True))
    return Client(build_server(remote, lambda: ALICE), **options)


async def call(client: Client, tool: str, **arguments: Any) -> dict[str, Any]:
    return envelope(await client.call_tool(tool, arguments))


async def refusals(database: Database) -> list[tuple[str, str | None]]:
    async with database.session() as session:
        return [(e.action, e.error) for e in await audit_log.entries(session) if not e.ok]


async def reminders(database: Database) -> list[Reminder]:
    async with database.session() as session:
        return list((await session.exec(select(Reminder))).all())


async def test_a_refused_reminder_adds_no_task_so_a_retry_makes_no_duplicate(
    database: Database,
) -> None:
    async with connect(database) as client:
        past = await call(client, "add_task", title="stretch", remind_at="2026-03-04T09:00")
        again = await call(client, "add_task", title="stretch", remind_at="2026-03-04T09:00")
        before = await call(
            client, "add_task", title="dentist", due="2026-03-05", remind_before_due_minutes=-5
        )
        huge = await call(
            client,
            "add_task",
            title="dentist",
            due="2026-03-05",
            remind_before_due_minutes=10**12,
        )
        far = await call(client, "add_task", title="far", remind_at="9999-12-31T23:59")

    for refused in (past, again, before, huge, far):
        assert refused["error"] == "VALIDATION_ERROR", refused
    assert past["message"] == "Today at 09:00 has already passed, so I didn't set that reminder."
    assert before["message"].startswith("A reminder can be from 0 minutes to 30 days before")
    assert far["message"].startswith("A reminder can be at most 100 years ahead")
    assert await titles(database) == []
    assert await reminders(database) == []
    assert [action for action, _ in await refusals(database)] == ["add_task"] * 5


async def test_an_update_is_whole_or_nothing(database: Database) -> None:
    async with connect(database) as client:
        await call(client, "add_task", title="call mom")
        refused = await call(
            client, "update_task", task_id=1, title="call mum", remind_at="2026-03-01T09:00"
        )
        past_due = await call(client, "update_task", task_identifier="1", due="2026-03-03")
        renamed = await call(client, "update_task", task_id=1, title="call mum")

    assert refused["error"] == past_due["error"] == "VALIDATION_ERROR"
    assert (
        past_due["message"] == "Yesterday (Tue 3 Mar) is already in the past, so I didn't move it."
    )
    assert renamed["message"] == "Done: I renamed #1 from “call mom” to “call mum”."
    assert await titles(database) == ["call mum"]
    async with database.session() as session:
        [task] = (await session.exec(select(Task))).all()
    assert task.due_at is None


async def test_the_contract_s_task_id_title_and_limit(database: Database) -> None:
    async with connect(database, elicitation_callback=Person()) as client:
        for title in ("buy milk", "walk dog", "call mom"):
            await call(client, "add_task", title=title)
        done = await call(client, "complete_task", task_id=2)
        described = await call(client, "update_task", task_id=3, description="sunday")
        both = await call(client, "update_task", task_id=3, new_title="a", title="b")
        deleted = await call(client, "delete_task", task_id=1)
        first = await call(client, "list_tasks", limit=1)
        second = await call(client, "list_tasks", limit=1, cursor=first["data"]["next_cursor"])
        nothing = await call(client, "list_tasks", limit=0)
        too_many = await call(client, "list_tasks", limit=101)
        forged = await call(client, "list_tasks", cursor="not-one")
        unknown = await call(client, "update_task", task_id=3, colour="red")
        named_context = await call(client, "list_tasks", context={"user": "bob"})

    assert done["message"] == "Marked #2 “walk dog” as done."
    assert described["message"] == "Done: I set the description of #3 to “sunday”."
    assert both["error"] == "VALIDATION_ERROR"
    assert deleted["message"] == "Deleted #1 “buy milk”."
    assert [task["number"] for task in first["data"]["tasks"]] == [2]
    assert (first["data"]["count"], first["data"]["total"]) == (1, 2)
    assert first["message"].endswith("Showing 1–1 of 2.")
    assert [task["number"] for task in second["data"]["tasks"]] == [3]
    assert second["message"].endswith("Showing 2–2 of 2.")
    assert second["data"]["next_cursor"] is None
    assert nothing["error"] == "VALIDATION_ERROR"
    assert too_many["error"] == forged["error"] == "VALIDATION_ERROR"
    assert unknown["error"] == "VALIDATION_ERROR"
    assert unknown["message"].startswith("update_task has no argument “colour”; it takes")
    assert named_context["error"] == "VALIDATION_ERROR"
    assert await titles(database) == ["walk dog", "call mom"]


async def test_a_schema_breaking_argument_gets_the_envelope_and_an_audit_row(
    database: Database,
) -> None:
    async with connect(database) as client:
        tags = await client.call_tool("add_task", {"title": "pay rent", "tags": "home"})
        minutes = await call(client, "add_task", title="pay rent", remind_before_due_minutes="x")
        missing = await call(client, "add_task", description="no title")
        number = await call(client, "complete_task", task_identifier=7)
        textual = await call(client, "add_task", title="tea", tags='["drinks"]')

    assert tags.is_error and envelope(tags)["error"] == "VALIDATION_ERROR"
    assert "tags" in envelope(tags)["message"]
    assert minutes["error"] == missing["error"] == "VALIDATION_ERROR"
    assert "title" in missing["message"]
    assert number["message"] == "There is no task #7."  # a number where text was expected
    assert textual["data"]["task"]["tags"] == ["drinks"]  # JSON sent as text, as clients do
    assert await titles(database) == ["tea"]
    assert await refusals(database) == [
        ("add_task", "VALIDATION_ERROR"),
        ("add_task", "VALIDATION_ERROR"),
        ("add_task", "VALIDATION_ERROR"),
        ("complete_task", "NOT_FOUND"),
    ]


async def test_invisible_and_direction_changing_characters_are_dropped(
    database: Database,
) -> None:
    async with connect(database) as client:
        blank = await call(client, "add_task", title="\u200b\u200c\u200d\ufeff")
        spoof = await call(
            client,
            "add_task",
            title="invoice\u202efdp.exe",
            description="see \u2066attached\u2069",
            tags=["\u200bwork"],
        )
        emoji = await call(client, "add_task", title="fix laptop \U0001f469\u200d\U0001f4bb")

    assert blank["error"] == "VALIDATION_ERROR" and blank["message"] == "A task needs a title."
    task = spoof["data"]["task"]
    assert (task["title"], task["description"], task["tags"]) == (
        "invoicefdp.exe",
        "see attached",
        ["work"],
    )
    assert emoji["data"]["task"]["title"] == "fix laptop \U0001f469\u200d\U0001f4bb"


async def test_absurd_dates_are_refused_and_old_ones_still_list(database: Database) -> None:
    async with connect(database) as client:
        end = await call(client, "add_task", title="far", due="9999-12-31T23:59")
        beyond = await call(client, "add_task", title="far", due="2126-03-05")
        garbage = await call(client, "add_task", title="far", due="99999-01-01")
        near = await call(client, "add_task", title="near", due="2126-03-03")
        async with database.session() as session, session.begin():
            row = (await session.exec(select(Task).where(Task.title == "near"))).one()
            row.due_at, row.due_has_time = datetime(9999, 12, 31, 23, 59, tzinfo=UTC), True
            owner = await session.get(User, row.user_id)
            assert owner is not None
            owner.timezone = "Asia/Tokyo"  # east of UTC: the due is in the year 10000 there
        listed = await call(client, "list_tasks")
        asked = await call(client, "delete_task", task_id=1)
        async with database.session() as session:
            exported = await export_user(session, user_id=owner.id)

    for refused in (end, beyond, garbage):
        assert refused["error"] == "VALIDATION_ERROR", refused
    assert end["message"].startswith("A due date can be at most 100 years ahead (until 4 Mar 2126)")
    assert near["ok"] is True
    [shown] = listed["data"]["tasks"]
    assert shown["due"] == "9999-12-31T23:59+00:00"  # past the calendar in Tokyo: UTC's clock
    assert asked["ok"] is True and asked["data"]["status"] == "confirmation_required"
    assert [task["due"] for task in exported["tasks"]] == ["9999-12-31T23:59+00:00"]


async def test_a_repeat_rule_that_never_comes_is_refused_and_nothing_stored(
    database: Database,
) -> None:
    async with connect(database) as client:
        secondly = await call(
            client, "add_task", title="x", repeat="FREQ=SECONDLY;BYMONTH=2;BYMONTHDAY=30"
        )
        never = await call(
            client, "add_task", title="x", repeat="FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30"
        )
        leap = await call(
            client, "add_task", title="leap day", repeat="FREQ=YEARLY;BYMONTHDAY=29;BYMONTH=2"
        )
        async with database.session() as session, session.begin():
            row = (await session.exec(select(Task))).one()  # as if stored before the check
            row.repeat = "FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30"
        done = await call(client, "complete_task", task_id=1)

    assert secondly["message"].startswith("A task can repeat daily at most")
    assert never["message"].startswith("“FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30” has no date in the")
    assert leap["data"]["task"]["due"] == "2028-02-29"
    assert done["message"] == (
        "Marked #1 “leap day” as done. That was the last one: its repeat rule has no date in "
        "the next 10 years."
    )
    assert await titles(database) == ["leap day"]
