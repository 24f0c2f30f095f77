"""The pictures in the manual are drawn from real things: the console picture from a session
of the real console and core, the performance plots from what the benchmarks recorded."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest

from bench import figures, plots
from bot.docs_gen.picture import TYPED, drawn, transcript

ROOT = Path(__file__).resolve().parent.parent


def svg_text(svg: str) -> str:
    """The words an SVG shows, its text elements joined line by line."""
    return html.unescape("".join(re.findall(r">([^<>]+)</text>", svg))).replace("\xa0", " ")


async def test_the_console_picture_is_a_real_session(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("TZ", "UTC")
    session = await transcript(tmp_path)
    assert "you> add buy milk tomorrow at 9am\n" in session
    assert "todobot> Added #1 “buy milk”, due tomorrow (Tue 10 Mar) at 09:00." in session
    assert "Deleted #2 “call the plumber”" in session and "Undone: #2" in session
    picture = svg_text(drawn(session))
    assert "todobot> Added #1 “buy milk”" in picture
    committed = svg_text((ROOT / "docs" / "images" / "console.svg").read_text())
    for line in TYPED:
        assert f"you> {line}" in committed


def test_every_benchmark_file_has_its_plot_on_the_page() -> None:
    page = (ROOT / "docs" / "performance.md").read_text()
    sources = sorted(figures.FIGURES.glob("*.json"))
    assert len(sources) >= 8
    for source in sources:
        recorded = json.loads(source.read_text())
        assert {"title", "unit", "target", "command", "runs"} <= set(recorded)
        assert all(run["rows"] and run["measured"] for run in recorded["runs"])
        assert f"(performance/{source.stem}.svg)" in page
        assert (ROOT / "docs" / "performance" / f"{source.stem}.svg").exists()


def test_a_recorded_run_is_drawn(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(figures, "FIGURES", tmp_path / "figures")
    (tmp_path / "figures").mkdir()
    details = {"title": "Acks", "unit": "ms", "target": "p99 at most 2x", "command": "x"}
    figures.record("acks", [("split", {"todobot p99": 85.5, "floor p99": 63.3})], **details)
    single = {"todobot p99": 141.0, "floor p99": 45.4}
    path = figures.record("acks", [("single", single)], **details)
    recorded = json.loads(path.read_text())
    assert [run["rows"][0]["label"] for run in recorded["runs"]] == ["split", "single"]

    drawing = svg_text(plots.draw(recorded, tmp_path / "plots").read_text())
    assert "Acks" in drawing and "ms; target: p99 at most 2x" in drawing
    assert "split · run 1" in drawing and "single · run 2" in drawing
    assert all(value in drawing for value in ("85.5", "63.3", "141", "45.4"))
