"""The pure halves of the native surfaces, on JSON payloads: Slack's Home view and task form,
Telegram's forwarded messages, /add replies, inline queries and keyboards, listing buttons."""

from __future__ import annotations

import json
from datetime import date
from uuid import uuid4

from adapters.slack import home, modals
from adapters.slack.presses import press_from_action
from adapters.slack.translate import HomeState
from adapters.telegram.inline import InlineSearch, inline_results
from adapters.telegram.render import keyboard
from adapters.telegram.translate import BotIdentity as TelegramBot
from adapters.telegram.translate import MessageTurn, NotText, read_update
from core.commands.offers import split_capture
from core.domain.listing import MoreToken, done_buttons, read_more, task_ref, task_token
from core.types import Action
from core.views import TaskBoard, TaskView
from tests.fakes import slack_payloads as payloads

BOT = TelegramBot(id=7, username="todo_test_bot")


def view_task(n: int, **fields: object) -> TaskView:
    return TaskView(n, f"task {n}", id=uuid4(), **fields)  # type: ignore[arg-type]


def test_home_fits_100_blocks_with_questions_completed_and_groups() -> None:
    board = TaskBoard(
        open=[view_task(n, due_day="2026-03-01", group="overdue") for n in range(1, 300)],
        completed=[view_task(n, completed=True) for n in range(300, 330)],
        questions=payloads_questions(),
    )
    view = home.home_view(board, HomeState(completed=True), notice="Deleted #1.")
    assert len(view["blocks"]) <= home.HOME_BLOCK_LIMIT
    paging = next(b for b in view["blocks"] if b.get("block_id") == "home_paging")
    assert paging["elements"][-1]["text"]["text"].startswith("Show more")
    assert json.loads(view["private_metadata"]) == {"completed": True, "start": 0}


def payloads_questions() -> list:
    from core.types import Button, Reply

    return [
        Reply(f"Delete #{n} “x”?", [Button("Delete", Action.CONFIRM, f"c{n}", danger=True)])
        for n in range(5)
    ]


def test_a_task_checkbox_and_menu_carry_short_payloads() -> None:
    task = view_task(7, description="a" * 300, details="due tomorrow, ‼️ high")
    view = home.home_view(TaskBoard(open=[task]), HomeState())
    block = next(b for b in view["blocks"] if b.get("block_id", "").startswith("task_"))
    box, menu = block["elements"]
    option = box["options"][0]
    assert option["value"] == f"done|{task.id.hex}" and len(option["value"]) <= 64
    assert len(option["description"]["text"]) <= home.OPTION_TEXT_LIMIT
    assert option["description"]["text"].startswith("due tomorrow, ‼️ high — aaa")
    assert [o["value"].split("|")[0] for o in menu["options"]] == ["edit", "delete"]


def test_a_long_escaped_title_is_cut_inside_the_option_limit() -> None:
    task = TaskView(1, "<&>" * 100, id=uuid4())
    view = home.home_view(TaskBoard(open=[task]), HomeState())
    block = next(b for b in view["blocks"] if b.get("block_id", "").startswith("task_"))
    text = block["elements"][0]["options"][0]["text"]["text"]
    assert len(text) <= home.OPTION_TEXT_LIMIT and text.endswith("…") and "<" not in text


def test_a_home_checkbox_is_a_done_press_from_home() -> None:
    token = uuid4().hex
    action = {
        "type": "checkboxes",
        "action_id": home.DONE_ACTION,
        "selected_options": [{"value": f"done|{token}"}],
    }
    view = {"type": "home", "private_metadata": '{"completed": true, "start": 40}'}
    pressed = press_from_action(payloads.home_action(action, view=view))
    assert pressed is not None and pressed.press.action is Action.DONE
    assert pressed.press.token == token
    assert pressed.home == HomeState(completed=True, start=40)


def test_home_state_survives_foreign_metadata() -> None:
    assert HomeState.of_view({"private_metadata": "not json"}) == HomeState()
    assert HomeState.of_view({"private_metadata": '{"start": -3}'}) == HomeState()
    assert HomeState.of_view(None) == HomeState()


def test_a_submission_reads_every_field() -> None:
    task = view_task(3, due_day="2026-04-01", due_time="09:30", priority="high", tags=("x",))
    modal = modals.task_form(origin=modals.FROM_HOME, task=task)
    body = payloads.view_submission(modal, {"title": "t", "tags": "#a b"})
    body["view"]["state"]["values"].update(
        {
            "due": {"value": {"type": "datepicker", "selected_date": "2026-04-02"}},
            "due_time": {"value": {"type": "timepicker", "selected_time": None}},
            "priority": {"value": {"selected_option": {"value": "medium"}}},
        }
    )
    found = modals.submission(body)
    assert found is not None
    form = found.form
    assert (form.task_id, form.title, form.due, form.priority) == (
        task.id,
        "t",
        "2026-04-02",
        "medium",
    )
    assert form.tag_list() == ["#a", "b"] and form.had_due


def test_a_submission_with_forged_metadata_is_not_ours() -> None:
    modal = modals.task_form(origin=modals.FROM_HOME)
    modal["private_metadata"] = '{"task": "not-a-uuid"}'
    assert modals.submission(payloads.view_submission(modal, {"title": "x"})) is None


def test_error_messages_fit_slacks_limit() -> None:
    answer = modals.errors_response({"title": "x" * 400})
    assert answer["response_action"] == "errors" and len(answer["errors"]["title"]) == 150


def test_slack_markup_reads_as_plain_text() -> None:
    text = "ask <@U1|bob> in <#C2|general> about <https://x.test|the doc> &amp; <!here>"
    assert modals.plain_text(text) == "ask @bob in #general about the doc & @here"


def test_captured_text_splits_into_title_and_description() -> None:
    assert split_capture("  buy milk  ") == ("buy milk", "")
    title, description = split_capture("Meeting notes\nbring the slides\nand coffee")
    assert title == "Meeting notes" and description.endswith("and coffee")
    long_title, _ = split_capture("x" * 500)
    assert len(long_title) == 200 and long_title.endswith("…")


def test_listing_buttons_name_the_page_after_and_wrap() -> None:
    tasks = [view_task(n) for n in range(1, 21)]
    first = done_buttons(tasks, following=MoreToken("pending", "due", 20))
    assert first[-1].action is Action.MORE and first[-1].token == "pending.due.20"
    assert read_more(first[-1].token) == MoreToken("pending", "due", 20)
    assert read_more("10") == MoreToken(start=10) and read_more("x.y.1") == MoreToken()
    last = done_buttons(tasks[:2], back=MoreToken("pending", "due", 0))
    assert [b.label for b in last] == ["✓ 1", "✓ 2", "‹ First"]
    assert done_buttons(tasks[:3]) and all(b.action is Action.DONE for b in done_buttons(tasks[:3]))
    token = task_token(tasks[0].id)  # type: ignore[arg-type]
    assert task_ref(token) == str(tasks[0].id) and task_ref("nonsense") is None


def test_a_more_token_names_a_narrowed_listing_and_the_trash() -> None:
    narrowed = MoreToken(
        "completed", "due", 40, due="this_week", priority="high",
        due_from=date(2026, 3, 2), due_to=date(2026, 3, 9), tag="q1.plan",
    )  # fmt: skip
    assert narrowed.token() == "completed.due.40.this_week.high.20260302.20260309.q1.plan"
    assert read_more(narrowed.token()) == narrowed and narrowed.fits()
    assert read_more("deleted.number.20") == MoreToken("deleted", "number", 20)
    assert read_more("pending.number.20.someday....") == MoreToken()
    assert read_more("pending.number.20..high.2026-03-02..") == MoreToken()
    assert not MoreToken("completed", "priority", 20, priority="medium", tag="t" * 30).fits()


def test_keyboard_rows_hold_five_and_more_stands_alone() -> None:
    more = MoreToken(start=10)
    markup = keyboard(done_buttons([view_task(n) for n in range(1, 11)], following=more))
    assert markup is not None
    rows = [[b.text for b in row] for row in markup.inline_keyboard]
    assert [len(r) for r in rows] == [5, 5, 1] and rows[-1] == ["More ›"]


def private(text: str | None = None, **fields: object) -> dict:
    message: dict = {
        "message_id": 5,
        "date": 0,
        "chat": {"id": 111, "type": "private"},
        "from": {"id": 111, "is_bot": False, "first_name": "Alice"},
        **fields,
    }
    if text is not None:
        message["text"] = text
    return {"update_id": 1, "message": message}


def test_a_forwarded_command_is_offered_not_obeyed() -> None:
    origin = {"type": "hidden_user", "sender_user_name": "Carol", "date": 0}
    turn = read_update(private("/delete 1", forward_origin=origin), BOT)
    assert isinstance(turn, MessageTurn)
    assert (turn.incoming.command, turn.incoming.text) == ("offer", "/delete 1")
    photo = read_update(private(forward_origin=origin, photo=[{}]), BOT)
    assert isinstance(photo, NotText)


def test_add_in_reply_takes_the_replied_caption() -> None:
    replied = {"message_id": 4, "date": 0, "chat": {"id": 111, "type": "private"}}
    entities = [{"type": "bot_command", "offset": 0, "length": 4}]
    update = private("/add", entities=entities, reply_to_message={**replied, "caption": "x"})
    turn = read_update(update, BOT)
    assert isinstance(turn, MessageTurn)
    assert (turn.incoming.command, turn.incoming.text) == ("add", "x")


def test_an_inline_query_and_its_results() -> None:
    update = {"update_id": 2, "inline_query": {"id": "q1", "from": {"id": 5}, "query": " mil "}}
    assert read_update(update, BOT) == InlineSearch(query_id="q1", user_ref="5", text="mil")
    [result] = inline_results([TaskView(1, "a<b", "c&d", id=uuid4(), details="due today")])
    content = result.input_message_content
    assert content.message_text == "☐ <b>a&lt;b</b>\ndue today\nc&amp;d"  # type: ignore[union-attr]
    assert result.description == "due today — c&d"
    assert len(result.id.encode()) <= 64
