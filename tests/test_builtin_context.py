"""What the builtin engine reads from history, and its small text helpers. Pure functions."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from core.agent.builtin.context import Awaiting, read_context
from core.agent.builtin.notes import Note
from core.agent.builtin.refs import Known, loose_matches, parse_ref, pick
from core.agent.builtin.text import clean, split_quoted, stem, tidy_title
from core.types import AGENT_NOTE


@dataclass
class Said:
    role: str
    content: str
    tool_calls: list[dict[str, Any]] = field(default_factory=list)


def call(tool: str, result: dict[str, Any], **arguments: Any) -> dict[str, Any]:
    return {"tool_name": tool, "input": arguments, "result": result, "ok": result.get("ok")}


def task(number: int, title: str, completed: bool = False) -> dict[str, Any]:
    return {"number": number, "title": title, "completed": completed}


def noted(note: Note) -> dict[str, Any]:
    """The engine's note of a reply, as the turn stores it."""
    return call(AGENT_NOTE, {"ok": True, "message": "", "data": note.data()})


def added(number: int, title: str) -> dict[str, Any]:
    return call("add_task", {"ok": True, "data": {"task": task(number, title)}})


def test_the_last_touched_task_is_it() -> None:
    history = [
        Said("user", "add buy milk"),
        Said("assistant", "Added #1.", [added(1, "buy milk")]),
        Said("user", "add call mom"),
        Said("assistant", "Added #2.", [added(2, "call mom")]),
    ]
    assert read_context(history).last_task == Known(2, "call mom")


def test_a_failed_call_does_not_change_what_it_means() -> None:
    history = [
        Said("assistant", "Added #1.", [added(1, "a")]),
        Said("assistant", "No task.", [call("complete_task", {"ok": False, "error": "NOT_FOUND"})]),
    ]
    assert read_context(history).last_task == Known(1, "a")


def test_a_confirmed_delete_leaves_nothing_to_point_at() -> None:
    asked = call("delete_task", {"ok": True, "data": {"task": task(1, "a")}})
    history = [
        Said("assistant", "Delete #1?", [asked]),
        Said("assistant", "Deleted #1.", [call("delete_task:confirmed", {"ok": True})]),
    ]
    assert read_context(history).last_task is None


def test_a_listing_is_remembered_and_one_task_is_it() -> None:
    listing = {"ok": True, "message": "You have 1 task:\n3. x", "data": {"tasks": [task(3, "x")]}}
    context = read_context(
        [Said("assistant", "You have 1 task:\n3. x", [call("list_tasks", listing)])]
    )
    assert context.listing == (Known(3, "x"),) and context.last_task == Known(3, "x")


def test_a_listing_only_looked_up_is_not_what_the_person_saw() -> None:
    listing = {
        "ok": True,
        "message": "You have 2 tasks:\n1. a\n2. b",
        "data": {"tasks": [task(1, "a"), task(2, "b")]},
    }
    looked_up = call("list_tasks", listing)
    note = Note([looked_up])
    note.name(Known(2, "b"))
    reply = Said("assistant", "Not yet: #2 “b” is still open.", [looked_up, noted(note)])
    context = read_context([reply])
    assert context.listing == ()
    assert context.last_task == Known(2, "b"), "the one task the reply named is it"
    note.show(listing)
    shown = Said("assistant", "Here they are.", [looked_up, noted(note)])
    assert read_context([shown]).listing == (Known(1, "a"), Known(2, "b"))


def test_ambiguity_candidates_come_from_the_latest_reply_only() -> None:
    ambiguous = {
        "ok": False,
        "error": "AMBIGUOUS",
        "data": {"candidates": [task(1, "buy milk"), task(2, "buy bread")]},
    }
    reply = Said("assistant", "Which?", [call("update_task", ambiguous, new_title="x")])
    context = read_context([reply])
    assert context.candidates == (Known(1, "buy milk"), Known(2, "buy bread"))
    assert context.pending_family == "update" and context.pending_title == "x"
    later = read_context([reply, Said("user", "hi"), Said("assistant", "Hello")])
    assert later.candidates == ()


def test_our_own_questions_are_read_back_from_the_note_whatever_the_reply_said() -> None:
    def awaiting(asked: Awaiting) -> Awaiting | None:
        note = Note([])
        note.ask(asked)
        return read_context([Said("assistant", "Any wording at all.", [noted(note)])]).awaiting

    for asked in (
        Awaiting("title"),
        Awaiting("offer_add", title="buy eggs"),
        Awaiting("change", number=2),
        Awaiting("which", family="delete"),
        Awaiting("split_add", title="milk and bread", parts=("milk", "bread")),
        Awaiting("duplicate", title="buy eggs", number=3),
    ):
        assert awaiting(asked) == asked
    unnoted = Said("assistant", "Do you want me to add “x” as a task?")
    assert read_context([unnoted]).awaiting is None, "the words alone ask nothing"


def test_choices_we_offered_become_candidates() -> None:
    note = Note([])
    note.offer("complete", [Known(1, "call mom"), Known(4, "call dad")])
    context = read_context([Said("assistant", "Which of these?", [noted(note)])])
    assert context.candidates == (Known(1, "call mom"), Known(4, "call dad"))
    assert context.pending_family == "complete"


def test_cleaning_keeps_the_words_that_matter() -> None:
    assert clean("Hey, can you please add buy milk? 🙏") == "add buy milk"
    assert clean("ok so I need to call mom :)") == "I need to call mom"
    assert clean("add Robert'); DROP TABLE task;--") == "add Robert'); DROP TABLE task;--"
    assert clean("please add milk, thanks!") == "add milk"


def test_emoji_at_the_edges_go_even_those_newer_than_pythons_unicode_tables() -> None:
    # 🫨 (Unicode 15) is unassigned to this Python; ‼️ is punctuation; the flag is a tag
    # sequence: the emoji package knows them all
    assert clean("🫨 show my tasks ‼️") == "show my tasks"
    assert clean("🏴󠁧󠁢󠁳󠁣󠁴󠁿 add haggis") == "add haggis"
    assert clean("add task #2 ★") == "add task #2"


def test_quotes_and_titles() -> None:
    assert split_quoted("'Bob's party' with description x") == ("Bob's party", "with description x")
    assert split_quoted("“buy milk” now") == ("buy milk", "now")
    assert tidy_title(" : buy milk.") == "buy milk"
    assert tidy_title("''") == ""


def test_references() -> None:
    assert parse_ref("task #12 on my list") is not None and parse_ref("task #12").number == 12  # type: ignore[union-attr]
    assert parse_ref("the one about the dentist").text == "the dentist"  # type: ignore[union-attr]
    assert parse_ref("the task I just added").kind == "pronoun"  # type: ignore[union-attr]
    assert parse_ref("number two").number == 2  # type: ignore[union-attr]


def test_stems_match_what_people_say_to_what_they_wrote() -> None:
    assert {stem(w) for w in ("calling", "called", "calls")} == {"call"}
    assert stem("bought") == stem("buy") and stem("groceries") == stem("grocery")
    tasks = [Known(1, "call mom"), Known(2, "buy groceries"), Known(3, "call the bank")]
    assert loose_matches(tasks, "calling mom") == [tasks[0]]
    assert loose_matches(tasks, "bought the groceries") == [tasks[1]]
    assert loose_matches(tasks, "called") == [tasks[0], tasks[2]]
    passport = [Known(1, "renew passport")]
    assert loose_matches(passport, "the passport renewal") == passport  # Snowball: renew


def test_picking_from_candidates() -> None:
    shown = [Known(3, "buy milk"), Known(7, "buy bread")]
    assert pick(shown, parse_ref("7")) == [shown[1]]  # type: ignore[arg-type]
    assert pick(shown, parse_ref("1")) == [shown[0]]  # type: ignore[arg-type]  (a position)
    assert pick(shown, parse_ref("the last one")) == [shown[1]]  # type: ignore[arg-type]
    assert pick(shown, parse_ref("the bread one")) == [shown[1]]  # type: ignore[arg-type]
    assert pick(shown, parse_ref("9")) == []  # type: ignore[arg-type]
