"""What the benchmarks measured, kept as data: a run appends its figures to
`bench/figures/<benchmark>.json`, and `bench/plots.py` draws the performance page's plots from
those files. Each file says what it measures (title, unit, target, command) and holds its runs,
oldest first, each with its date, the machine's load and one row per thing measured."""

from __future__ import annotations

import json
import os
from datetime import date
from pathlib import Path

FIGURES = Path(__file__).resolve().parent / "figures"

Row = tuple[str, dict[str, float]]


def record(
    benchmark: str,
    rows: list[Row],
    *,
    title: str,
    unit: str,
    target: str,
    command: str,
    note: str = "",
) -> Path:
    """Append this run's rows (label, {series: value}) to the benchmark's file."""
    path = FIGURES / f"{benchmark}.json"
    kept = json.loads(path.read_text()) if path.exists() else {"runs": []}
    run = {
        "measured": date.today().isoformat(),
        "load_average": round(os.getloadavg()[0], 1),
        "note": note,
        "rows": [{"label": label, "values": _rounded(values)} for label, values in rows],
    }
    document = {
        "benchmark": benchmark,
        "title": title,
        "unit": unit,
        "target": target,
        "command": command,
        "runs": [*kept["runs"], run],
    }
    FIGURES.mkdir(exist_ok=True)
    path.write_text(json.dumps(document, indent=2, ensure_ascii=False) + "\n")
    print(f"figures added to {path.relative_to(FIGURES.parent.parent)}", flush=True)
    return path


def _rounded(values: dict[str, float]) -> dict[str, float]:
    return {series: round(value, 3) for series, value in values.items()}
