"""`expect.reminders` in the eval format: read strictly, judged exactly."""

from __future__ import annotations

import pytest

from bot.eval_cases import InvalidCase, Outcome, ReminderState
from bot.eval_judging import judge
from bot.eval_loading import parse_case


def _case(reminders: object) -> dict[str, object]:
    return {"id": "c", "say": ["hi"], "expect": {"reminders": reminders}}


def test_pending_reminders_must_match_exactly() -> None:
    case = parse_case(_case([{"title": "Call Bob", "at": "2026-03-02T10:30"}]))
    right = Outcome([], "", False, [ReminderState("call bob", "2026-03-02T10:30")])
    assert judge(case, right) == []
    wrong_time = Outcome([], "", False, [ReminderState("call bob", "2026-03-02T10:31")])
    assert judge(case, wrong_time)
    extra = Outcome(
        [],
        "",
        False,
        [ReminderState("call bob", "2026-03-02T10:30"), ReminderState("x", "2026-03-02T11:00")],
    )
    assert judge(case, extra)
    assert judge(parse_case(_case([])), right)  # [] means none pending


@pytest.mark.parametrize(
    "bad",
    [
        {"title": "x"},
        [{"title": "x", "at": "10:30"}],
        [{"title": "x", "at": "2026-03-02T10:30", "y": 1}],
    ],
)
def test_malformed_reminders_are_invalid(bad: object) -> None:
    with pytest.raises(InvalidCase):
        parse_case(_case(bad))
