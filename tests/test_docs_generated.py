"""The pages written from the code (configuration, `.env.example`, commands, the chat API's
schema, the counts the pages quote, the map of the core's rooms) match the code;
`python3 -m bot.docs_gen` rewrites them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pydantic import Field
from typer.testing import CliRunner

from bot.cli import app
from bot.docs_gen.__main__ import main as generate
from bot.docs_gen.counts import UnknownCount, with_counts
from bot.docs_gen.generate import drifted
from bot.docs_gen.openapi_doc import openapi_document
from bot.docs_gen.rooms_map import with_rooms
from bot.docs_gen.settings_doc import configuration_page, env_example, variable
from bot.settings import Settings, load_settings
from core.rooms import ROOMS
from tests.api_rig import SECRET

ROOT = Path(__file__).resolve().parent.parent


def test_nothing_generated_has_drifted() -> None:
    stale = drifted(ROOT)
    assert stale == [], f"out of date: {stale}; run python3 -m bot.docs_gen"
    assert generate(["--check", "--root", str(ROOT)]) == 0


def test_every_setting_is_documented_with_its_type_and_default() -> None:
    page = (ROOT / "docs" / "reference" / "configuration.md").read_text()
    example = (ROOT / ".env.example").read_text()
    for name, field in Settings.model_fields.items():
        assert field.description, f"{name} has no Field(description=...)"
        assert f"`{variable(name)}`" in page and field.description in page
        assert f"\n{variable(name)}=" in example
    assert "| `HISTORY_WINDOW` | integer, 1–1000 | `50` |" in page
    assert "| `AGENT_BACKEND` | one of `auto`, `builtin`, `openai` | `auto` |" in page
    assert "| `OPENAI_API_KEY` | secret | unset |" in page
    assert "\nMCP_HTTP=true\n" in example and "\nDB_POOL_TIMEOUT=30\n" in example


def test_the_example_file_is_read_back_as_the_defaults(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / ".env").write_text((ROOT / ".env.example").read_text())
    for name in Settings.model_fields:
        monkeypatch.delenv(variable(name), raising=False)
    read = load_settings()
    assert read.history_window == 50 and read.mcp_http is True
    assert read.console_history_file == "~/.todobot_history"


def test_a_new_setting_lands_in_both_files_under_its_section() -> None:
    class Grown(Settings):
        slack_greeting: str = Field(default="hi", description="What a new workspace is told.")

    page, example = configuration_page(Grown), env_example(Grown)
    assert "| `SLACK_GREETING` | text | `hi` | What a new workspace is told. |" in page
    assert example.endswith("# What a new workspace is told.\nSLACK_GREETING=hi\n")
    assert page.index("## Reminders") < page.index("SLACK_GREETING")


def test_a_drifted_count_is_rewritten_and_an_unknown_one_refused() -> None:
    wrong = "an agent with <!-- count:chat-tools words -->five<!-- /count --> tools, "
    wrong += "<!-- count:eval-cases -->857<!-- /count --> cases"
    fixed = with_counts(wrong, ROOT)
    assert "<!-- count:chat-tools words -->eight<!-- /count -->" in fixed
    cases = sum(
        1
        for path in (ROOT / "tests" / "evals").glob("*.jsonl")
        for line in path.read_text().splitlines()
        if line.strip()
    )
    assert f"<!-- count:eval-cases -->{cases:,}<!-- /count -->" in fixed
    with pytest.raises(UnknownCount):
        with_counts("<!-- count:tools -->5<!-- /count -->", ROOT)


def test_the_architecture_map_is_the_layer_order_top_first() -> None:
    page = (ROOT / "docs" / "ARCHITECTURE.md").read_text()
    drawn = page[page.index("<!-- rooms -->") : page.index("<!-- /rooms -->")]
    named = [line.split()[0] for line in drawn.splitlines() if line.startswith("core/")]
    assert named == [
        f"core/{room}/" if (ROOT / "core" / room).is_dir() else f"core/{room}.py"
        for room in reversed(ROOMS)
    ]
    assert "core/domain/tools" not in page


def test_a_stale_map_is_redrawn_and_the_text_around_it_kept() -> None:
    stale = "The rooms:\n<!-- rooms -->\n```\ncore/domain/ tools.py\n```\n<!-- /rooms -->\nEnd.\n"
    redrawn = with_rooms(stale, ROOT)
    assert redrawn.startswith("The rooms:\n<!-- rooms -->\n```\ncore/chat/ ")
    assert redrawn.endswith("```\n<!-- /rooms -->\nEnd.\n") and "tools.py" not in redrawn
    assert redrawn.index("core/tools/") < redrawn.index("core/reminders/")


def test_the_schema_is_what_the_running_app_serves(database_url: str) -> None:
    from fastapi.testclient import TestClient

    from bot.serve import create_app

    settings = load_settings(database_url=database_url, api_jwt_secret=SECRET)
    with TestClient(create_app(settings)) as client:
        served = client.get("/openapi.json").json()
    committed = json.loads((ROOT / "docs" / "api" / "openapi.json").read_text())
    assert served == committed == json.loads(openapi_document())


def test_the_command_reference_holds_every_command() -> None:
    page = (ROOT / "docs" / "reference" / "cli.md").read_text()
    for command in ("chat", "serve", "doctor", "eval", "db upgrade", "telegram set-webhook"):
        assert f"## `todobot {command}`" in page
        help_text = CliRunner().invoke(app, [*command.split(), "--help"]).output
        assert help_text.strip()
