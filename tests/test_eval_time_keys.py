"""The eval format's `now`, `tz` and due / priority / tags: read strictly, judged strictly,
and the runner pins the clock and the zone for each case."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from bot.eval_cases import Outcome, TaskState
from bot.eval_judging import judge
from bot.eval_loading import load_cases, parse_case
from bot.evaluate import run_eval
from bot.settings import load_settings
from core.agent.builtin import BuiltinAgent


def judged(entry: dict, task: TaskState) -> list[str]:
    case = parse_case({"id": "c", "say": ["hi"], "expect": {"tasks": [entry]}})
    return judge(case, Outcome([task], "ok", False))


def test_due_priority_and_tags_in_expect() -> None:
    timed = TaskState("dentist", due="2026-03-04T10:00", priority="high", tags=("Health",))
    day = TaskState("rent", due="2026-03-06")
    none = TaskState("milk")
    assert judged({"title": "dentist", "due": "2026-03-04"}, timed) == []  # any time that day
    assert judged({"title": "dentist", "due": "2026-03-04T10:00"}, timed) == []
    assert judged({"title": "dentist", "due": "2026-03-04T10:01"}, timed)
    assert judged({"title": "rent", "due": "2026-03-06T00:00"}, day)  # a day has no minute
    assert judged({"title": "rent", "due": "2026-03-05"}, day)
    assert judged({"title": "milk", "due": None}, none) == []
    assert judged({"title": "rent", "due": None}, day)
    assert judged({"title": "milk", "priority": "low"}, none) == []
    assert judged({"title": "dentist", "priority": "medium"}, timed)
    assert judged({"title": "dentist", "tags": ["#health"]}, timed) == []
    assert judged({"title": "dentist", "tags": ["health", "x"]}, timed)
    assert judged({"title": "milk", "tags": []}, none) == []


@pytest.mark.parametrize(
    ("case", "reason"),
    [
        ({"now": "2026-03-02 09:00"}, "now must be"),
        ({"now": "2026-02-30T09:00"}, "not a real date"),
        ({"tz": "Mars/Olympus"}, "tz must be"),
        ({"given": [{"title": "x", "due": "friday"}]}, "given[1].due"),
        ({"given": [{"title": "x", "due": None}]}, "given[1].due"),
        ({"given": [{"title": "x", "priority": "urgent"}]}, "given[1].priority"),
        ({"given": [{"title": "x", "tags": "a"}]}, "given[1].tags"),
        ({"expect": {"tasks": [{"title": "x", "due": "3/4"}]}}, "expect.tasks[1].due"),
        ({"expect": {"tasks": [{"title": "x", "priority": "p1"}]}}, "priority"),
    ],
)
def test_malformed_time_keys_are_reported(case: dict, reason: str) -> None:
    raw = {"id": "a", "say": ["x"], "expect": {"asks": True}} | case
    loaded = load_cases(json.dumps(raw))
    assert loaded.cases == [] and reason in loaded.invalid[0][1]


async def run(tmp_path: Path, *cases: dict) -> tuple[int, list[str]]:
    path = tmp_path / "cases.jsonl"
    path.write_text("\n".join(json.dumps(case) for case in cases) + "\n")
    out = io.StringIO()
    code = await run_eval(path, agent_factory=BuiltinAgent, settings=load_settings(), out=out)
    return code, out.getvalue().splitlines()


async def test_the_runner_pins_now_and_the_zone(tmp_path: Path) -> None:
    given = [
        {"title": "return books", "due": "2026-02-27", "priority": "high", "tags": ["town"]},
        {"title": "call Kenji", "due": "2026-03-02T18:30"},
    ]
    listed = {
        "id": "listed",
        "now": "2026-03-02T09:00",
        "tz": "Asia/Tokyo",
        "given": given,
        "say": ["show my tasks"],
        "expect": {
            "reply_contains": ["overdue by 3 days", "today 18:30", "#town"],
            "tasks": [
                {"title": "return books", "due": "2026-02-27", "priority": "high",
                 "tags": ["TOWN"]},
                {"title": "call Kenji", "due": "2026-03-02T18:30"},
            ],
        },
    }  # fmt: skip
    later = listed | {"id": "later", "now": "2026-03-03T09:00"}
    wrong = listed | {"id": "wrong", "expect": {"tasks": [{"title": "call kenji", "due": None},
                                                          {"title": "return books"}]}}  # fmt: skip
    code, lines = await run(tmp_path, listed, later, wrong)
    assert lines[0] == "PASS listed"
    assert lines[1].startswith("FAIL later: reply_contains: 'overdue by 3 days'")
    assert lines[2].startswith("FAIL wrong: tasks")
    assert code == 1
