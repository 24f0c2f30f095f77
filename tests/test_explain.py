"""`todobot explain` shows how the builtin engine reads a message, and `todobot eval -v` shows
the same under each failed case."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from bot.cli import app


def test_explain_shows_the_utterance_spans_clauses_readings_and_winner() -> None:
    result = CliRunner().invoke(
        app,
        ["explain", "remind me 2 call mum tomorrow at 3pm", "--now", "2026-01-07T12:00"],
    )

    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert "utterance:  remind me to call mum tomorrow at 3pm" in lines
    assert "spans:      datetime [22:37] “tomorrow at 3pm” = 2026-01-08T15:00" in lines
    assert "clauses:    remind me to call mum tomorrow at 3pm" in lines
    readings = [line for line in lines if line.startswith("  ")]
    assert readings[0].startswith("  * reminder, ")  # the reminder reader's, whatever its rank
    assert ": RemindNew(title='call mum'" in readings[0]
    assert any("Add(title='call mum tomorrow at 3pm'" in line for line in readings)  # it lost
    assert lines[-1].startswith("winner:     RemindNew(title='call mum'")


def test_explain_splits_clauses_and_names_each_reader() -> None:
    result = CliRunner().invoke(app, ["explain", "add eggs, then mark 2 done"])

    assert result.exit_code == 0, result.output
    assert "clauses:    add eggs ‖ mark 2 done" in result.output
    assert "request/several requests/leading verb, 8: Complete(ref=Ref(kind='number', number=2" in (
        result.output
    )
    assert result.output.splitlines()[-1].startswith("winner:     Several(")


def test_explain_refuses_an_unknown_zone_and_a_bad_now() -> None:
    zone = CliRunner().invoke(app, ["explain", "buy milk", "--tz", "Mars/Olympus"])
    when = CliRunner().invoke(app, ["explain", "buy milk", "--now", "soon"])

    assert zone.exit_code == 2 and "unknown time zone 'Mars/Olympus'" in zone.output
    assert when.exit_code == 2 and "--now must be YYYY-MM-DDTHH:MM" in when.output


def test_eval_verbose_explains_each_turn_of_a_failed_case(tmp_path: Path) -> None:
    path = tmp_path / "cases.jsonl"
    path.write_text(
        '{"id": "passes", "say": ["add milk"], "expect": {"tasks": [{"title": "milk"}]}}\n'
        '{"id": "fails", "say": ["add milk", "add bread"], '
        '"expect": {"tasks": [{"title": "eggs"}]}}\n'
    )

    result = CliRunner().invoke(app, ["eval", "-v", str(path), "--backend", "builtin"])

    assert result.exit_code == 1
    lines = result.output.splitlines()
    assert lines[0] == "PASS passes"
    assert lines[1].startswith("FAIL fails: tasks:")
    said = [line.strip() for line in lines if line.strip().startswith("said:")]
    assert said == ["said:       add milk", "said:       add bread"]  # the failed case's only
    assert "    winner:     Add(title='bread'" in result.output
    assert lines[-1] == "1 passed, 1 failed"
