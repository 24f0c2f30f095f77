"""Conversational readers of the builtin engine: two tasks joined in one add, a correction
inside one message, and due changes told in passing."""

from __future__ import annotations

import pytest

from core.agent.builtin.intents import Add, AddSeveral, Complete, Delete, EditFields, Ref
from core.agent.builtin.parse import parse


@pytest.mark.parametrize(
    ("said", "titles"),
    [
        (
            "add book a haircut and also email the landlord",
            ("book a haircut", "email the landlord"),
        ),
        ("add renew my passport plus book the ferry", ("renew my passport", "book the ferry")),
        ("add pick up the parcel and text Jess", ("pick up the parcel", "text Jess")),
        ("add water the plants as well as feed the cat", ("water the plants", "feed the cat")),
    ],
)
def test_joined_tasks_are_several(said: str, titles: tuple[str, ...]) -> None:
    assert parse(said) == AddSeveral(titles)


@pytest.mark.parametrize(
    "said",
    [
        "add get fish and chips for dinner",
        "add buy salt and pepper",
        "add call mum and dad",
        "add buy a plus-size coat",
        "add pay for netflix plus spotify",
        "add wash and iron the school shirts",
        "add pick up and drop off the kids",
        'add "ring Al and then email Bo"',
    ],
)
def test_a_title_with_and_stays_one_task(said: str) -> None:
    assert isinstance(parse(said), Add)


@pytest.mark.parametrize(
    ("said", "expected"),
    [
        ("finished number 1, no wait i mean number 3", Complete(Ref("number", 3))),
        ("delete 2 — sorry, 4", Delete(Ref("number", 4))),
        ("remove task 3 no wait 2", Delete(Ref("number", 2))),
        ("finished 1 sorry it took so long", Complete(Ref("number", 1))),
    ],
)
def test_a_correction_inside_one_message(said: str, expected: object) -> None:
    assert parse(said) == expected


def test_a_bare_no_takes_back_only_a_number() -> None:
    found = parse("remove the gym one, no longer going")
    assert isinstance(found, Delete) and "gym" in found.ref.text


@pytest.mark.parametrize(
    ("said", "ref", "when", "day_only"),
    [
        ("the haircut is at 4pm now, not 10", "the haircut", "4pm", False),
        ("dentist got moved to 3pm", "dentist", "3pm", False),
        (
            "can't do the parking permit today, move it to tomorrow",
            "the parking permit",
            "tomorrow",
            True,
        ),
    ],
)
def test_a_due_change_told_in_passing(said: str, ref: str, when: str, day_only: bool) -> None:
    found = parse(said)
    assert isinstance(found, EditFields)
    assert (found.ref.text, found.due_phrase, found.day_only) == (ref, when, day_only)


@pytest.mark.parametrize("said", ["add call now tv about the bill", "is the haircut at 4pm?"])
def test_now_in_a_title_or_a_question_changes_no_due(said: str) -> None:
    assert not isinstance(parse(said), EditFields)
