"""The README is a front door: short, standing alone on a fresh clone, starting with what
todobot is and the two commands (the test command exactly CI's), pointing into the manual."""

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
LINKS = re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", README)


def test_the_readme_is_short() -> None:
    assert len(README.splitlines()) < 200


def test_it_starts_with_what_todobot_is_and_the_two_commands() -> None:
    assert README.startswith("# todobot\n\ntodobot is a chat-native AI todo assistant.")
    install, tests = SNIPPETS[0].strip(), SNIPPETS[1].strip()
    assert install == "python3 -m pip install . && todobot chat"
    ci = (ROOT / ".ci" / "run").read_text().strip().splitlines()
    assert ci[-2] == "# The README's test command:"
    assert tests == ci[-1]


def test_snippets_call_python3_and_need_no_exported_secret() -> None:
    assert SNIPPETS
    for snippet in SNIPPETS:
        assert not re.search(r"\bpython\s", snippet), snippet  # a fresh machine has python3
        assert "$API_JWT_SECRET" not in snippet and "export " not in snippet, snippet


def test_every_link_and_the_picture_are_in_the_repository() -> None:
    local = [link for link in LINKS if "://" not in link]
    assert "docs/images/console.svg" in local
    assert {"docs/getting-started.md", "docs/slack.md", "docs/production.md"} <= set(local)
    for link in local:
        assert (ROOT / link).exists(), link
    picture = (ROOT / "docs" / "images" / "console.svg").read_text()
    assert picture.startswith('<svg class="rich-terminal"')  # drawn by rich


def test_nothing_points_outside_the_repository() -> None:
    pages = [ROOT / "README.md", ROOT / "tests" / "evals" / "README.md"]
    pages += sorted((ROOT / "docs").rglob("*.md"))
    for page in pages:
        assert "../shared" not in page.read_text(), page


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
