"""`todobot eval` is strict: wrong expectations fail, malformed cases fail, raising cases fail."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from bot.cli import app
from bot.eval_cases import Case, Outcome, TaskState
from bot.eval_judging import judge
from bot.eval_loading import load_cases, parse_case
from bot.evaluate import run_eval
from bot.settings import load_settings
from core.agent.base import Agent, AgentTurn
from core.agent.builtin import BuiltinAgent

SAMPLE = Path(__file__).resolve().parent / "evals" / "public_sample.jsonl"


def case(expect: dict, given: list | None = None) -> Case:
    return parse_case({"id": "c", "given": given or [], "say": ["hi"], "expect": expect})


def outcome(*tasks: TaskState, reply: str = "ok", offered: bool = False) -> Outcome:
    return Outcome(list(tasks), reply, offered)


MILK = TaskState("buy milk")


def test_tasks_must_match_exactly_and_distinctly() -> None:
    assert judge(case({"tasks": [{"title": " BUY MILK "}]}), outcome(MILK)) == []
    assert judge(case({"tasks": [{"title_like": "^buy"}]}), outcome(MILK)) == []
    assert judge(case({"tasks": [{"title": "buy milk"}]}), outcome(MILK, TaskState("x")))
    assert judge(case({"tasks": [{"title": "buy milk", "completed": True}]}), outcome(MILK))
    assert judge(case({"tasks": [{"title": "buy milk", "description": "x"}]}), outcome(MILK))
    two = [{"title_like": "buy"}, {"title": "buy milk"}]
    assert judge(case({"tasks": two}), outcome(MILK, TaskState("buy bread"))) == []
    assert judge(case({"tasks": two}), outcome(MILK, TaskState("call mom")))
    assert judge(case({"tasks": []}), outcome()) == []


def test_unchanged_compares_with_the_given_tasks() -> None:
    given = [{"title": "buy milk"}]
    assert judge(case({"unchanged": True}, given), outcome(MILK)) == []
    assert judge(case({"unchanged": True}, given), outcome(TaskState("buy milk", completed=True)))
    assert judge(case({"unchanged": False}, given), outcome(MILK))


def test_reply_keys() -> None:
    reply = outcome(reply="You have 2 tasks: Buy Milk. Anything else?")
    assert judge(case({"reply_contains": ["buy milk", "2 TASKS"]}), reply) == []
    assert judge(case({"reply_contains": ["bread"]}), reply)
    assert judge(case({"reply_excludes": ["MILK"]}), reply)
    assert judge(case({"reply_matches": "(?i)anything"}), reply) == []
    assert judge(case({"reply_matches": "^nothing"}), reply)
    assert judge(case({"asks": True}), reply) == []
    assert judge(case({"asks": True}), outcome(reply="Done."))
    assert judge(case({"confirmation_offered": True}), outcome(offered=True)) == []
    assert judge(case({"confirmation_offered": True}), outcome(offered=False))
    assert judge(case({"confirmation_offered": False}), outcome(offered=True))


@pytest.mark.parametrize(
    ("line", "reason"),
    [
        ('{"id": "a", "say": ["x"], "expect": {"asks": true}, "extra": 1}', "unknown key"),
        ('{"id": "a", "say": ["x"], "expect": {"ask": true}}', "unknown key in expect: ask"),
        ('{"id": "a", "say": ["x"], "expect": {"tasks": [{"titel": "x"}]}}', "unknown key"),
        (
            '{"id": "a", "given": [{"title": "x", "done": true}], "say": ["x"], '
            '"expect": {"asks": true}}',
            "unknown key in given",
        ),
        ('{"id": "a", "say": ["x"], "press": "yes", "expect": {"asks": true}}', "press"),
        ('{"id": "a", "say": [], "expect": {"asks": true}}', "say"),
        ('{"id": "a", "say": ["x"]}', "expect is missing"),
        ('{"id": "a", "say": ["x"], "expect": {"reply_matches": "("}}', "not a valid regex"),
        ('{"id": "a", "say": ["x"], "expect": {"asks": "yes"}}', "true or false"),
        ('{"id": "a", "say": ["x"], "expect": {}}', "non-empty"),
        ('{"id": "a", "say": ["x"], "expect": {"asks": true}', "invalid JSON"),
    ],
)
def test_malformed_cases_are_reported(line: str, reason: str) -> None:
    loaded = load_cases(line)
    assert loaded.cases == [] and len(loaded.invalid) == 1
    assert reason in loaded.invalid[0][1]


def test_duplicate_ids_are_reported() -> None:
    line = '{"id": "a", "say": ["x"], "expect": {"asks": true}}'
    loaded = load_cases(f"{line}\n\n{line}\n")
    assert len(loaded.cases) == 1 and "duplicate" in loaded.invalid[0][1]


async def run(
    tmp_path: Path, cases: list[str], agent_factory=BuiltinAgent
) -> tuple[int, list[str]]:
    path = tmp_path / "cases.jsonl"
    path.write_text("\n".join(cases) + "\n")
    out = io.StringIO()
    code = await run_eval(path, agent_factory=agent_factory, settings=load_settings(), out=out)
    return code, out.getvalue().splitlines()


GOOD = json.dumps(
    {"id": "good", "say": ["add buy milk"], "expect": {"tasks": [{"title": "buy milk"}]}}
)
WRONG = json.dumps(
    {"id": "wrong", "say": ["add buy milk"], "expect": {"tasks": [{"title": "buy eggs"}]}}
)


async def test_a_case_that_expects_the_wrong_thing_fails(tmp_path: Path) -> None:
    code, lines = await run(tmp_path, [GOOD, WRONG, '{"id": "bad", "oops": 1}'])
    assert code == 1
    assert "PASS good" in lines
    assert any(line.startswith("FAIL wrong: tasks:") for line in lines)
    assert any(line.startswith("FAIL bad: invalid case: unknown key") for line in lines)
    assert lines[-1] == "1 passed, 2 failed"


async def test_a_one_message_case_that_changed_the_list_wrongly_is_counted_harmful(
    tmp_path: Path,
) -> None:
    asked = json.dumps(
        {"id": "asked", "given": [{"title": "a"}], "say": ["asdf"], "expect": {"tasks": []}}
    )
    code, lines = await run(tmp_path, [GOOD, WRONG, asked])
    assert code == 1
    assert any(line.startswith("FAIL wrong: tasks:") and "harmful" in line for line in lines)
    assert any(line.startswith("FAIL asked:") and "harmful" not in line for line in lines)
    assert lines[-2:] == [
        "harmful: 1 of 3 one-message cases (33.3%) changed the list other than asked",
        "1 passed, 2 failed",
    ]


async def test_all_passing_exits_zero_and_presses_as_the_same_user(tmp_path: Path) -> None:
    deleted = {
        "id": "del",
        "given": [{"title": "a"}, {"title": "b", "completed": True}],
        "say": ["delete task 2"],
        "press": "confirm",
        "expect": {"tasks": [{"title": "a", "completed": False}], "confirmation_offered": True},
    }
    code, lines = await run(tmp_path, [GOOD, json.dumps(deleted)])
    assert (code, lines[-1]) == (0, "2 passed, 0 failed")


class Exploding(Agent):
    async def respond(self, turn: AgentTurn) -> str:
        raise RuntimeError("boom")


class Crashing(Agent):
    async def respond(self, turn: AgentTurn) -> str:
        raise SystemExit("no")


async def test_a_case_that_raises_fails(tmp_path: Path) -> None:
    ask = json.dumps({"id": "ask", "say": ["x"], "expect": {"unchanged": True}})
    code, lines = await run(tmp_path, [ask], agent_factory=Exploding)
    assert code == 0  # the core catches the agent's error and apologises; nothing changed
    code, lines = await run(tmp_path, [GOOD], agent_factory=Exploding)
    assert code == 1 and lines[0].startswith("FAIL good: tasks")


async def test_an_empty_file_is_not_a_pass(tmp_path: Path) -> None:
    code, lines = await run(tmp_path, [""])
    assert code == 1 and lines[-1] == "0 passed, 0 failed"


def test_the_cli_runs_the_public_sample() -> None:
    result = CliRunner().invoke(app, ["eval", str(SAMPLE), "--backend", "builtin"])
    assert result.exit_code == 0, result.output
    assert result.output.strip().splitlines()[-1] == "32 passed, 0 failed"


def test_the_cli_refuses_an_unknown_backend(tmp_path: Path) -> None:
    path = tmp_path / "c.jsonl"
    path.write_text(GOOD)
    result = CliRunner().invoke(app, ["eval", str(path), "--backend", "magic"])
    assert result.exit_code == 2
