"""The README's commands work in a fresh terminal and its counts are true."""

from __future__ import annotations

import re
import time
from pathlib import Path

import jwt
from typer.testing import CliRunner

from bot.cli import app

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text()
SNIPPETS = re.findall(r"```bash\n(.*?)```", README, re.S)


def test_snippets_call_python3_and_need_no_exported_secret() -> None:
    assert SNIPPETS
    for snippet in SNIPPETS:
        assert not re.search(r"\bpython\s", snippet), snippet  # a fresh machine has python3
        assert "$API_JWT_SECRET" not in snippet and "export " not in snippet, snippet


def test_the_readme_points_at_nothing_outside_the_repository() -> None:
    assert "../shared" not in README
    assert "../shared" not in (ROOT / "tests" / "evals" / "README.md").read_text()


def test_the_eval_count_is_true() -> None:
    claimed = int(re.search(r"holds over ([\d,]+) cases", README).group(1).replace(",", ""))
    files = (ROOT / "tests" / "evals").glob("*.jsonl")
    actual = sum(1 for path in files for line in path.read_text().splitlines() if line.strip())
    assert actual > claimed


def test_todobot_token_signs_with_the_configured_secret(monkeypatch) -> None:
    secret = "s" * 40
    monkeypatch.setenv("API_JWT_SECRET", secret)
    result = CliRunner().invoke(app, ["token", "user-789", "--minutes", "5"])
    assert result.exit_code == 0, result.output
    claims = jwt.decode(result.output.strip(), secret, algorithms=["HS256"])
    assert claims["sub"] == "user-789" and 0 < claims["exp"] - time.time() <= 300
    monkeypatch.setenv("API_JWT_SECRET", "")
    refused = CliRunner().invoke(app, ["token", "user-789"])
    assert refused.exit_code == 2
