"""Draw the performance page's plots from what the benchmarks recorded.

    python3 bench/plots.py [--into docs/performance]

Each `bench/figures/<benchmark>.json` becomes `<benchmark>.svg`: one bar per figure of every
run (todobot's beside its floor's), labelled with the run's date and what was measured, and
the target in the caption. Nothing here measures; it only draws what the files hold.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import pygal
from pygal.style import Style

ROOT = Path(__file__).resolve().parent.parent
FIGURES = ROOT / "bench" / "figures"
PLOTS = ROOT / "docs" / "performance"
STYLE = Style(
    background="white",
    plot_background="white",
    font_family="system-ui, sans-serif",
    colors=("#3f51b5", "#9fa8da", "#e65100", "#ffb74d", "#2e7d32", "#a5d6a7"),
    value_font_size=10,
    label_font_size=11,
)


def draw(figures: dict, into: Path) -> Path:
    runs = figures["runs"]
    rows = [(number, run, row) for number, run in enumerate(runs, 1) for row in run["rows"]]
    series = list(dict.fromkeys(name for *_, row in rows for name in row["values"]))
    chart = pygal.HorizontalBar(
        style=STYLE,
        width=900,
        height=140 + 34 * len(rows) * max(1, len(series) // 2),
        title=figures["title"],
        x_title=f"{figures['unit']}; target: {figures['target']}",
        legend_at_bottom=True,
        legend_at_bottom_columns=min(len(series), 4),
        print_values=True,
        print_values_position="top",
        value_formatter=lambda value: f"{value:g}",
        truncate_label=-1,
        js=[],  # no script from elsewhere: the page shows the plot as an image
    )
    chart.x_labels = [
        f"{row['label']} · run {number}, {run['measured']}" for number, run, row in reversed(rows)
    ]
    for name in series:
        chart.add(name, [row["values"].get(name) for *_, row in reversed(rows)])
    chart.uuid = figures["benchmark"]  # a stable id, so drawing again changes nothing
    into.mkdir(parents=True, exist_ok=True)
    path = into / f"{figures['benchmark']}.svg"
    path.write_bytes(chart.render())
    return path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--into", type=Path, default=PLOTS)
    options = parser.parse_args(argv)
    for source in sorted(FIGURES.glob("*.json")):
        path = draw(json.loads(source.read_text()), options.into)
        print(f"drew {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
