"""The map of the core's rooms in docs/ARCHITECTURE.md, drawn from the one order the layer
test holds (`core.rooms.ROOMS`), top room first, each with the first paragraph of its own
docstring. It stands between markers,

    <!-- rooms -->
    ...
    <!-- /rooms -->

and `python3 -m bot.docs_gen` redraws what is between them."""

from __future__ import annotations

import ast
import re
import textwrap
from pathlib import Path

from core.rooms import ROOMS, SHARED

MARKER = re.compile(r"(?P<open><!-- rooms -->\n).*?(?P<close><!-- /rooms -->)", re.DOTALL)
WIDTH = 96
NAME_WIDTH = 20
DOWN = "   |"


def _source(core: Path, room: str) -> tuple[str, Path]:
    """How the map names a room, and the file whose docstring describes it."""
    if (core / room).is_dir():
        return f"core/{room}/", core / room / "__init__.py"
    return f"core/{room}.py", core / f"{room}.py"


def _summary(path: Path) -> str:
    docstring = ast.get_docstring(ast.parse(path.read_text(), filename=str(path))) or ""
    return " ".join(docstring.split("\n\n")[0].split())


def rooms_map(root: Path) -> str:
    """The fenced map: each room above the rooms it may import."""
    core = root / "core"
    rows = []
    for position, room in enumerate(reversed(ROOMS)):
        name, source = _source(core, room)
        lines = textwrap.wrap(_summary(source), width=WIDTH - NAME_WIDTH) or [""]
        lowest = position == len(ROOMS) - 1
        rows.append(f"{name:<{NAME_WIDTH}}{lines[0]}".rstrip())
        more = lines[1:] or ([] if lowest else [""])
        rows.extend(f"{'' if lowest else DOWN:<{NAME_WIDTH}}{line}".rstrip() for line in more)
    shared = ", ".join(f"{name}.py" for name in sorted(SHARED))
    lines = textwrap.wrap(f"{shared} in core/, open to every room", WIDTH - NAME_WIDTH)
    rows.append("")
    rows.extend(f"{'' if at else 'shared:':<{NAME_WIDTH}}{line}" for at, line in enumerate(lines))
    return "```\n" + "\n".join(rows) + "\n```\n"


def with_rooms(text: str, root: Path) -> str:
    """`text` with the map between its markers redrawn."""
    drawn = rooms_map(root)
    return MARKER.sub(lambda found: found["open"] + drawn + found["close"], text)


def has_rooms(text: str) -> bool:
    return MARKER.search(text) is not None
