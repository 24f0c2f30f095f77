"""Every generated file with the text it should hold; writing them, or naming those that
drifted."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from bot.docs_gen.cli_doc import command_reference
from bot.docs_gen.counts import pages_with_counts, with_counts
from bot.docs_gen.openapi_doc import openapi_document
from bot.docs_gen.rooms_map import has_rooms, with_rooms
from bot.docs_gen.settings_doc import configuration_page, env_example

CONFIGURATION_PAGE = Path("docs/reference/configuration.md")
COMMAND_PAGE = Path("docs/reference/cli.md")
OPENAPI_FILE = Path("docs/api/openapi.json")
ENV_EXAMPLE = Path(".env.example")


@dataclass(frozen=True)
class Generated:
    path: Path  # relative to the repository's root
    text: str


def generated(root: Path) -> Iterator[Generated]:
    yield Generated(ENV_EXAMPLE, env_example())
    yield Generated(CONFIGURATION_PAGE, configuration_page())
    yield Generated(COMMAND_PAGE, command_reference())
    yield Generated(OPENAPI_FILE, openapi_document())
    for page in _pages_drawn_from_code(root):
        text = with_rooms(with_counts(page.read_text(), root), root)
        yield Generated(page.relative_to(root), text)


def _pages_drawn_from_code(root: Path) -> list[Path]:
    """The pages that quote a count or hold the map of the core's rooms."""
    counted = pages_with_counts(root)
    mapped = [page for page in sorted((root / "docs").rglob("*.md")) if has_rooms(page.read_text())]
    return counted + [page for page in mapped if page not in counted]


def drifted(root: Path) -> list[Path]:
    """The generated files whose committed text differs from what the code says."""
    stale = []
    for item in generated(root):
        target = root / item.path
        if not target.exists() or target.read_text() != item.text:
            stale.append(item.path)
    return stale


def write(root: Path) -> list[Path]:
    """Write every generated file that changed; the ones written."""
    written = []
    for item in generated(root):
        target = root / item.path
        if target.exists() and target.read_text() == item.text:
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(item.text)
        written.append(item.path)
    return written
