"""Every eval case in tests/evals (ours and the public sample) passes with the builtin engine."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from bot.evaluate import run_eval
from bot.settings import load_settings
from core.agent.builtin import BuiltinAgent

CASES = sorted((Path(__file__).parent / "evals").glob("*.jsonl"))


def test_there_are_many_cases() -> None:
    count = sum(1 for path in CASES for line in path.read_text().splitlines() if line.strip())
    assert count >= 150


@pytest.mark.parametrize("path", CASES, ids=lambda path: path.name)
async def test_cases_pass(path: Path) -> None:
    out = io.StringIO()
    code = await run_eval(path, agent_factory=BuiltinAgent, settings=load_settings(), out=out)
    failures = [line for line in out.getvalue().splitlines() if line.startswith("FAIL")]
    assert failures == [] and code == 0
