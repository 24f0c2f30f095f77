"""Slack's App Home as a working surface, the task modals and the shortcuts, through the real
slack-bolt against the fake Web API: every action by the owner and by a stranger, forms with
good and bad input, and replays applied once."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from sqlmodel import select

from adapters.slack import home, modals
from core.clock import PinnedClock
from core.conversation.views import BOARD_PAGE
from core.storage import audit
from core.storage.db import Database
from core.storage.models import Task, User
from tests.fakes import slack_payloads as payloads
from tests.fakes.slack_api import TEAM_ID
from tests.fakes.slack_rig import SlackRig, slack_rig
from tests.harness import ChatDriver, ScriptedAgent, build_chat


@pytest.fixture
async def slack(database: Database, agent: ScriptedAgent) -> AsyncIterator[SlackRig]:
    async with slack_rig(build_chat(database, agent)) as rig:
        yield rig


@pytest.fixture
def alice(slack: SlackRig, database: Database) -> ChatDriver:
    return ChatDriver(slack.worker.chat, database, user="U0ALICE", platform="slack")


async def deliver(slack: SlackRig, payload: dict) -> None:
    assert (await slack.event(payload)).status_code == 200
    await slack.settled()


async def click(slack: SlackRig, payload: dict) -> dict[str, Any] | None:
    response = await slack.click(payload)
    assert response.status_code == 200
    await slack.settled()
    return response.json() if response.content else None


async def add(slack: SlackRig, *titles: str, user: str = "U0ALICE") -> None:
    for title in titles:
        await deliver(slack, payloads.dm(f"add {title}", user=user, channel=f"D{user}"))


async def opened_home(slack: SlackRig, user: str = "U0ALICE") -> dict[str, Any]:
    shown = slack.api.of("views.publish", user_id=user)
    await deliver(slack, payloads.home_opened(user=user, view=last_home(slack) if shown else None))
    return last_home(slack, user)


def last_home(slack: SlackRig, user: str = "U0ALICE") -> dict[str, Any]:
    published = slack.api.of("views.publish", user_id=user)
    assert published, "no Home view was published"
    view = published[-1]["view"]
    return json.loads(view) if isinstance(view, str) else view


def checklist(view: dict[str, Any]) -> list[str]:
    return [
        element["options"][0]["text"]["text"]
        for block in view["blocks"]
        if block["type"] == "actions"
        for element in block["elements"]
        if element["type"] == "checkboxes"
    ]


def element(view: dict[str, Any], action_id: str, text: str | None = None) -> dict[str, Any]:
    """The first element with `action_id` (and, for a task's, on the task reading `text`)."""
    for block in view["blocks"]:
        if block["type"] != "actions":
            continue
        if text is not None and text not in json.dumps(block, ensure_ascii=False):
            continue
        for found in block["elements"]:
            if found.get("action_id") == action_id:
                return found
    raise AssertionError(f"no {action_id} in the view")


def tick(view: dict[str, Any], title: str, *, user: str = "U0ALICE") -> dict:
    box = element(view, home.DONE_ACTION, title)
    action = {
        "type": "checkboxes",
        "action_id": home.DONE_ACTION,
        "selected_options": box["options"],
    }
    return payloads.home_action(action, user=user, view=view)


def menu(view: dict[str, Any], title: str, choice: str, *, user: str = "U0ALICE") -> dict:
    found = element(view, home.MENU_ACTION, title)
    option = next(o for o in found["options"] if o["text"]["text"] == choice)
    action = {"type": "overflow", "action_id": home.MENU_ACTION, "selected_option": option}
    return payloads.home_action(action, user=user, view=view)


def button(view: dict[str, Any], action_id: str, *, user: str = "U0ALICE") -> dict:
    found = element(view, action_id)
    action = {"type": "button", "action_id": action_id, "value": found["value"]}
    return payloads.home_action(action, user=user, view=view)


def last_modal(slack: SlackRig) -> dict[str, Any]:
    call = slack.api.of("views.open")[-1]
    view = call["view"]
    return json.loads(view) if isinstance(view, str) else view


def initial(modal: dict[str, Any], block_id: str) -> str | None:
    block = next(b for b in modal["blocks"] if b.get("block_id") == block_id)
    return block["element"].get("initial_value")


async def audit_tools(database: Database) -> list[str]:
    async with database.session() as session:
        return [entry.action for entry in await audit.entries(session)]


async def test_the_home_tab_is_a_checklist_with_add_and_menus(slack: SlackRig) -> None:
    await add(slack, "buy milk", "&lt;!here&gt; party")
    view = await opened_home(slack)
    assert checklist(view) == ["*#1* buy milk", "*#2* &lt;!here&gt; party"]
    assert element(view, home.ADD_ACTION)["text"]["text"] == "Add task"
    options = [o["text"]["text"] for o in element(view, home.MENU_ACTION, "milk")["options"]]
    assert options == ["Edit", "Delete"]
    assert element(view, home.COMPLETED_ACTION)["text"]["text"] == "Show completed"


async def test_a_change_made_elsewhere_shows_the_next_time_home_opens(
    slack: SlackRig, alice: ChatDriver
) -> None:
    await add(slack, "buy milk")
    assert checklist(await opened_home(slack)) == ["*#1* buy milk"]
    await alice.say("add call mom", tenant=TEAM_ID)  # not through Slack: the same service
    assert checklist(await opened_home(slack)) == ["*#1* buy milk", "*#2* call mom"]


async def test_ticking_a_task_completes_it_once_and_redraws_home(
    slack: SlackRig, alice: ChatDriver, database: Database
) -> None:
    await add(slack, "buy milk", "call mom")
    view = await opened_home(slack)
    ticked = tick(view, "buy milk")
    await click(slack, ticked)
    redrawn = last_home(slack)
    assert checklist(redrawn) == ["*#2* call mom"]
    assert "Marked #1 “buy milk” as done." in json.dumps(redrawn, ensure_ascii=False)
    await click(slack, ticked)  # the same click delivered again
    assert (await audit_tools(database)).count("complete_task") == 1
    assert [t.completed for t in await alice.tasks()] == [True, False]


async def test_a_strangers_tick_or_delete_changes_nothing(
    slack: SlackRig, alice: ChatDriver
) -> None:
    await add(slack, "buy milk")
    view = await opened_home(slack)
    await click(slack, tick(view, "buy milk", user="U0BOB"))
    await click(slack, menu(view, "buy milk", "Delete", user="U0BOB"))
    bobs = last_home(slack, "U0BOB")
    assert "isn't on your list" in json.dumps(bobs)
    assert checklist(bobs) == []
    assert [(t.title, t.completed) for t in await alice.tasks()] == [("buy milk", False)]
    assert checklist(await opened_home(slack)) == ["*#1* buy milk"]


async def test_delete_from_the_menu_is_confirmed_in_home(
    slack: SlackRig, alice: ChatDriver
) -> None:
    await add(slack, "buy milk", "call mom")
    view = await opened_home(slack)
    await click(slack, menu(view, "buy milk", "Delete"))
    asking = last_home(slack)
    assert "Delete #1 “buy milk”?" in json.dumps(asking, ensure_ascii=False)
    assert await alice.titles() == ["buy milk", "call mom"]  # nothing deleted yet
    assert checklist(await opened_home(slack)) == ["*#1* buy milk", "*#2* call mom"]
    asking = last_home(slack)  # the question survives a reopen
    confirm = button(asking, "todobot_confirm")
    await click(slack, confirm)
    assert await alice.titles() == ["call mom"]
    after = last_home(slack)
    assert checklist(after) == ["*#2* call mom"]
    assert "Deleted #1 “buy milk”." in json.dumps(after, ensure_ascii=False)
    await click(slack, confirm)  # replayed: still deleted once
    assert await alice.titles() == ["call mom"]


async def test_add_task_opens_a_form_whose_errors_show_in_the_modal(
    slack: SlackRig, alice: ChatDriver, database: Database
) -> None:
    await add(slack, "buy milk")
    view = await opened_home(slack)
    assert await click(slack, button(view, home.ADD_ACTION)) is None
    modal = last_modal(slack)
    assert slack.api.of("views.open")[-1]["trigger_id"]
    assert modal["callback_id"] == modals.FORM_CALLBACK and initial(modal, "title") is None

    bad = payloads.view_submission(modal, {"title": "   ", "description": "x" * 1001})
    answer = await click(slack, bad)
    assert answer == {
        "response_action": "errors",
        "errors": {
            "title": "A task needs a title.",
            "description": "That description is 1001 characters; the limit is 1000.",
        },
    }
    assert await alice.titles() == ["buy milk"]
    assert await audit_tools(database) == ["add_task"]  # only the DM's

    good = payloads.view_submission(
        modal, {"title": "call the plumber", "description": "about the sink"}
    )
    assert await click(slack, good) is None  # the modal closes
    assert await click(slack, good) is None  # delivered again: saved once
    assert await alice.titles() == ["buy milk", "call the plumber"]
    assert (await alice.tasks())[1].description == "about the sink"
    assert checklist(last_home(slack)) == ["*#1* buy milk", "*#2* call the plumber"]


async def test_edit_opens_the_form_filled_in_and_saves_the_change(
    slack: SlackRig, alice: ChatDriver
) -> None:
    await add(slack, "buy milk")
    view = await opened_home(slack)
    await click(slack, menu(view, "buy milk", "Edit"))
    modal = last_modal(slack)
    assert modal["title"]["text"] == "Edit task #1" and initial(modal, "title") == "buy milk"
    await click(slack, payloads.view_submission(modal, {"title": "buy oat milk"}))
    assert await alice.titles() == ["buy oat milk"]
    assert checklist(last_home(slack)) == ["*#1* buy oat milk"]


async def test_a_stranger_cannot_edit_someone_elses_task(
    slack: SlackRig, alice: ChatDriver
) -> None:
    await add(slack, "buy milk")
    view = await opened_home(slack)
    await click(slack, menu(view, "buy milk", "Edit", user="U0BOB"))
    assert "isn't on your list" in json.dumps(last_modal(slack))
    [task] = await alice.tasks()
    forged = modals.task_form(origin=modals.FROM_HOME)
    forged["private_metadata"] = json.dumps({"task": task.id.hex, "origin": "home"})
    answer = await click(
        slack, payloads.view_submission(forged, {"title": "mine now"}, user="U0BOB")
    )
    assert answer == {"response_action": "errors", "errors": {"title": "No task has that id."}}
    assert await alice.titles() == ["buy milk"]


async def test_completed_tasks_show_on_request(slack: SlackRig) -> None:
    await add(slack, "buy milk", "call mom")
    await deliver(slack, payloads.dm("done 1"))
    view = await opened_home(slack)
    assert "~#1 buy milk~" not in json.dumps(view, ensure_ascii=False)
    await click(slack, button(view, home.COMPLETED_ACTION))
    shown = last_home(slack)
    assert "~#1 buy milk~" in json.dumps(shown, ensure_ascii=False)
    assert element(shown, home.COMPLETED_ACTION)["text"]["text"] == "Hide completed"
    assert "~#1 buy milk~" in json.dumps(await opened_home(slack), ensure_ascii=False)
    await click(slack, button(last_home(slack), home.ADD_ACTION))  # Home redrawn as it was
    await click(slack, payloads.view_submission(last_modal(slack), {"title": "water plants"}))
    after = last_home(slack)
    assert "~#1 buy milk~" in json.dumps(after, ensure_ascii=False)
    assert checklist(after) == ["*#2* call mom", "*#3* water plants"]


async def test_a_long_list_stays_within_100_blocks_and_shows_more(
    slack: SlackRig, database: Database, alice: ChatDriver
) -> None:
    await add(slack, "first")
    user_id = await alice.user_id()
    async with database.session() as session, session.begin():
        for n in range(2, 151):
            session.add(Task(user_id=user_id, list_id=user_id, number=n, title=f"task {n}"))
    view = await opened_home(slack)
    assert len(view["blocks"]) <= 100
    first_page = checklist(view)
    assert first_page[0] == "*#1* first" and len(first_page) == BOARD_PAGE
    more = element(view, home.PAGE_ACTION)
    assert more["text"]["text"] == f"Show more ({150 - BOARD_PAGE})"
    await click(slack, button(view, home.PAGE_ACTION))
    second = last_home(slack)
    assert checklist(second)[0] == f"*#{BOARD_PAGE + 1}* task {BOARD_PAGE + 1}"
    paging = next(b for b in second["blocks"] if b.get("block_id") == "home_paging")
    onward = {"type": "button", "action_id": home.PAGE_ACTION}
    onward["value"] = paging["elements"][-1]["value"]  # after "Back to the top"
    await click(slack, payloads.home_action(onward, user="U0ALICE", view=second))
    rest = checklist(last_home(slack))
    assert rest[-1] == "*#150* task 150" and len(rest) == 150 - 2 * BOARD_PAGE


async def test_the_board_reads_only_the_page_it_shows(
    slack: SlackRig, database: Database, alice: ChatDriver
) -> None:
    await add(slack, "first")
    await many_tasks(database, await alice.user_id(), 3_000)
    queries = alice.queries
    board = await queries.board(platform="slack", tenant=TEAM_ID, user_ref="U0ALICE")
    assert (len(board.open), board.open_total, board.open_start) == (BOARD_PAGE, 3_000, 0)
    later = await queries.board(platform="slack", tenant=TEAM_ID, user_ref="U0ALICE", start=2_990)
    assert [t.number for t in later.open] == list(range(2_991, 3_001))
    assert later.open_total == 3_000


async def test_a_long_dm_listing_is_one_message_with_more(
    slack: SlackRig, alice: ChatDriver, database: Database
) -> None:
    await add(slack, "first")
    await many_tasks(database, await alice.user_id(), 150)
    await deliver(slack, payloads.dm("list", channel="DU0ALICE"))
    [listing] = [m for m in slack.api.of("chat.postMessage") if "pending" in m["text"]]
    assert listing["text"].startswith("You have 150 pending tasks:\n1. first\n2. task 2")
    assert listing["text"].endswith("Showing 1–20 of 150.")
    labels = [b["text"]["text"] for b in actions_of(listing)]
    assert labels == [f"✓ {n}" for n in range(1, 21)] + ["More ›"]
    more = actions_of(listing)[-1]
    pressed = payloads.block_actions(
        more["value"],
        action="more",
        channel="DU0ALICE",
        message_ts=listing.get("ts", "1700000000.000009"),
        response_url=slack.api.response_url("more"),
    )
    await click(slack, pressed)
    [edited] = slack.api.of("chat.update")
    assert edited["text"].startswith("You have 150 pending tasks:\n21. task 21")
    assert edited["text"].endswith("Showing 21–40 of 150.")
    labels = [b["text"]["text"] for b in actions_of(edited)]
    assert labels == [f"✓ {n}" for n in range(21, 41)] + ["More ›"]


async def many_tasks(database: Database, user_id: Any, last: int) -> None:
    """Tasks #2 to #`last`, written in one go."""
    async with database.session() as session, session.begin():
        for n in range(2, last + 1):
            session.add(Task(user_id=user_id, list_id=user_id, number=n, title=f"task {n}"))
        user = await session.get(User, user_id)
        assert user is not None
        user.next_task_number = last + 1


async def test_save_as_task_prefills_the_message_and_a_link_to_it(
    slack: SlackRig, alice: ChatDriver
) -> None:
    shortcut = payloads.message_shortcut(
        "Can you review &lt;https://x.test/pr/7|the PR&gt;?\nIt's due Friday",
        callback_id=modals.SAVE_MESSAGE_SHORTCUT,
    )
    shortcut["message"]["text"] = "Can you review <https://x.test/pr/7|the PR>?\nIt's due Friday"
    assert await click(slack, shortcut) is None
    modal = last_modal(slack)
    link = (
        f"https://example.slack.com/archives/C0GENERAL/p{shortcut['message_ts'].replace('.', '')}"
    )
    assert initial(modal, "title") == "Can you review the PR?"
    assert initial(modal, "description") == (f"Can you review the PR?\nIt's due Friday\n{link}")
    answer = await click(
        slack,
        payloads.view_submission(
            modal,
            {
                "title": initial(modal, "title") or "",
                "description": initial(modal, "description") or "",
            },
        ),
    )
    assert answer is not None and answer["response_action"] == "update"
    assert "Added #1 “Can you review the PR?”" in json.dumps(answer, ensure_ascii=False)
    [task] = await alice.tasks()
    assert task.description.endswith(link)


async def test_the_new_task_shortcut_opens_an_empty_form(slack: SlackRig) -> None:
    await click(slack, payloads.global_shortcut(callback_id=modals.NEW_TASK_SHORTCUT))
    modal = last_modal(slack)
    assert modal["title"]["text"] == "New task" and initial(modal, "title") is None


def actions_of(call: Any) -> list[dict[str, Any]]:
    blocks = call["blocks"]
    blocks = json.loads(blocks) if isinstance(blocks, str) else blocks
    return [e for b in blocks if b["type"] == "actions" for e in b["elements"]]


async def test_a_dm_listing_has_done_buttons_that_edit_it_in_place(
    slack: SlackRig, alice: ChatDriver, database: Database
) -> None:
    await add(slack, "buy milk", "call mom")
    await deliver(slack, payloads.dm("list", channel="DU0ALICE"))
    listing = slack.api.of("chat.postMessage")[-1]
    buttons = actions_of(listing)
    assert [b["text"]["text"] for b in buttons] == ["✓ 1", "✓ 2"]
    pressed = payloads.block_actions(
        buttons[0]["value"],
        action="done",
        channel="DU0ALICE",
        message_ts=listing.get("ts", "1700000000.000009"),
        response_url=slack.api.response_url("done"),
    )
    await click(slack, pressed)
    [edited] = slack.api.of("chat.update")
    assert edited["text"] == "Marked #1 “buy milk” as done.\nYou have 1 pending task:\n2. call mom"
    assert [b["text"]["text"] for b in actions_of(edited)] == ["✓ 2"]
    await click(slack, pressed)  # delivered again
    assert len(slack.api.of("chat.update")) == 1
    assert (await audit_tools(database)).count("complete_task") == 1

    stranger = payloads.block_actions(
        buttons[1]["value"],
        action="done",
        user="U0BOB",
        channel="DU0ALICE",
        message_ts="1700000000.000009",
        response_url=slack.api.response_url("bob"),
    )
    await click(slack, stranger)
    [told] = slack.api.of("chat.postEphemeral", user="U0BOB")
    assert told["text"].startswith("That task isn't on your list")
    assert [t.completed for t in await alice.tasks()] == [True, False]


async def test_a_channel_listing_has_no_done_buttons(slack: SlackRig) -> None:
    await add(slack, "buy milk")
    await deliver(slack, payloads.mention("list"))
    assert actions_of(slack.api.of("chat.postMessage")[-1]) == []


async def test_save_as_task_builds_the_link_when_slack_will_not_tell_it(
    slack: SlackRig,
) -> None:
    slack.api.refuse("chat.getPermalink")  # e.g. the bot is not in that channel
    shortcut = payloads.message_shortcut(
        "water the plants", callback_id=modals.SAVE_MESSAGE_SHORTCUT
    )
    await click(slack, shortcut)
    modal = last_modal(slack)
    stamp = shortcut["message_ts"].replace(".", "")
    assert initial(modal, "title") == "water the plants"
    assert initial(modal, "description") == f"https://example.slack.com/archives/C0GENERAL/p{stamp}"


def form_values(modal: dict[str, Any], **values: str) -> dict[str, Any]:
    """A submission's state for `modal` as Slack sends it: text inputs, pickers and select."""
    state: dict[str, Any] = {}
    for block in modal["blocks"]:
        kind, block_id = block["element"]["type"], block["block_id"]
        value = values.get(block_id)
        if kind == "plain_text_input":
            state[block_id] = {"value": {"type": kind, "value": value}}
        elif kind == "datepicker":
            state[block_id] = {"value": {"type": kind, "selected_date": value}}
        elif kind == "timepicker":
            state[block_id] = {"value": {"type": kind, "selected_time": value}}
        elif kind == "static_select":
            chosen = next(o for o in block["element"]["options"] if o["value"] == (value or "low"))
            state[block_id] = {"value": {"type": kind, "selected_option": chosen}}
    return state


def submitted(modal: dict[str, Any], **values: str) -> dict[str, Any]:
    body = payloads.view_submission(modal, {})
    body["view"]["state"]["values"] = form_values(modal, **values)
    return body


async def add_form(slack: SlackRig, **values: str) -> dict[str, Any] | None:
    await click(slack, payloads.global_shortcut(callback_id=modals.NEW_TASK_SHORTCUT))
    return await click(slack, submitted(last_modal(slack), **values))


def headings(view: dict[str, Any]) -> list[str]:
    return [
        b["elements"][0]["text"]
        for b in view["blocks"]
        if b["type"] == "context" and b["elements"][0]["text"].startswith("*")
    ]


async def test_due_dates_priorities_and_tags_from_the_form_group_home(
    slack: SlackRig, alice: ChatDriver
) -> None:
    clock = PinnedClock(datetime(2026, 3, 10, 12, 0, tzinfo=UTC), frozen=True)  # a Tuesday
    slack.worker.chat.clock = clock
    slack.worker.queries.clock = clock  # the Home tab is read through the queries
    assert await add_form(slack, title="pay rent", due="2026-03-10") is not None
    saved = await add_form(
        slack,
        title="call mom",
        due="2026-03-12",
        due_time="15:00",
        priority="high",
        tags="#family, calls",
    )
    assert saved is not None and "Added #2 “call mom”" in json.dumps(saved, ensure_ascii=False)
    await add_form(slack, title="read a book")
    past = await add_form(slack, title="too late", due="2026-03-09")
    assert past is not None and past["response_action"] == "errors"
    assert set(past["errors"]) == {"due"} and "in the past" in past["errors"]["due"]
    bad = await add_form(slack, title="x", due_time="09:00", tags="#a #b #c #d #e #f")
    assert bad is not None and set(bad["errors"]) == {"due", "tags"}
    tasks = await alice.tasks()
    assert [(t.title, t.priority, t.tags) for t in tasks] == [
        ("pay rent", "low", []),
        ("call mom", "high", ["family", "calls"]),
        ("read a book", "low", []),
    ]

    assert headings(await opened_home(slack)) == ["*Today*", "*Later*"]
    clock.advance(timedelta(days=1))  # Wednesday: the rent is overdue
    view = await opened_home(slack)
    assert headings(view) == ["*Overdue*", "*Later*"]
    assert checklist(view) == ["*#1* pay rent", "*#2* call mom", "*#3* read a book"]
    box = element(view, home.DONE_ACTION, "call mom")["options"][0]
    assert box["description"]["text"] == "due tomorrow 15:00, ‼️ high, #family #calls"

    await click(slack, menu(view, "call mom", "Edit"))
    modal = last_modal(slack)
    assert initial(modal, "tags") == "#family #calls"
    picked = {b["block_id"]: b["element"] for b in modal["blocks"]}
    assert picked["due"]["initial_date"] == "2026-03-12"
    assert picked["due_time"]["initial_time"] == "15:00"
    assert picked["priority"]["initial_option"]["value"] == "high"
    await click(slack, submitted(modal, title="call mom", due="", priority="medium", tags=""))
    [_, call, _] = await alice.tasks()
    assert (call.due_at, call.priority, call.tags) == (None, "medium", [])


async def test_the_form_refuses_an_invisible_title_and_a_due_past_the_horizon(
    slack: SlackRig, alice: ChatDriver
) -> None:
    invisible = await add_form(slack, title="\u200b\u200c\u2060\u202e", due="2026-12-01")
    far = await add_form(slack, title="far away", due="9999-12-31", due_time="23:59")
    bidi = await add_form(slack, title="invoice\u202eexe.pdf")

    assert invisible == {"response_action": "errors", "errors": {"title": "A task needs a title."}}
    assert far is not None and far["response_action"] == "errors" and set(far["errors"]) == {"due"}
    assert far["errors"]["due"].startswith("A due date can be at most 100 years ahead")
    assert "Added #1 “invoiceexe.pdf”" in json.dumps(bidi, ensure_ascii=False)
    assert await alice.titles() == ["invoiceexe.pdf"]
    assert checklist(await opened_home(slack)) == ["*#1* invoiceexe.pdf"]


async def test_a_due_at_the_calendar_s_end_still_shows_once_the_zone_moves_east(
    slack: SlackRig, alice: ChatDriver, database: Database
) -> None:
    """A row stored before dues were bounded (31 Dec 9999 23:59 UTC) is past the year 9999 in
    Tokyo: Home and the list still show it, on UTC's clock."""
    await add(slack, "buy milk", "far away")
    async with database.session() as session, session.begin():
        far = (await session.exec(select(Task).where(Task.title == "far away"))).one()
        far.due_at, far.due_has_time = datetime(9999, 12, 31, 23, 59, tzinfo=UTC), True
        session.add(far)
        owner = await session.get(User, far.user_id)
        assert owner is not None
        owner.timezone = "Asia/Tokyo"
        session.add(owner)

    view = await opened_home(slack)
    box = element(view, home.DONE_ACTION, "far away")["options"][0]
    await deliver(slack, payloads.dm("list", channel="DU0ALICE"))

    assert checklist(view) == ["*#2* far away", "*#1* buy milk"]  # due first
    assert box["description"]["text"] == "due Fri 31 Dec 9999 23:59"
    listing = slack.api.of("chat.postMessage")[-1]
    assert "2. far away (due Fri 31 Dec 9999 23:59)" in json.dumps(listing.args, ensure_ascii=False)
