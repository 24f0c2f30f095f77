"""The counts the pages quote, kept true: a number is written between markers,

    <!-- count:eval-cases -->1,284<!-- /count -->

and `python3 -m bot.docs_gen` rewrites what stands between them from the repository itself
(`words` after the name spells small numbers out: "eight tools")."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

MARKER = re.compile(
    r"<!-- count:(?P<name>[a-z-]+)(?P<words> words)? -->(?P<value>.*?)<!-- /count -->"
)
WORDS = [
    "zero",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
]


def _cases(folder: Path) -> int:
    files = folder.glob("*.jsonl")
    return sum(1 for path in files for line in path.read_text().splitlines() if line.strip())


def _chat_tools(_: Path) -> int:
    from core.tools import CHAT_TOOLS

    return len(CHAT_TOOLS)


def _mcp_tools(_: Path) -> int:
    from core.tools import TOOLS

    return len(TOOLS)


def _prompt_characters(_: Path) -> int:
    from core.agent.prompt import SYSTEM_PROMPT

    return len(SYSTEM_PROMPT)


COUNTERS: dict[str, Callable[[Path], int]] = {
    "eval-cases": lambda root: _cases(root / "tests" / "evals"),
    "unseen-cases": lambda root: _cases(root / "tests" / "evals" / "unseen"),
    "unseen-files": lambda root: len(list((root / "tests" / "evals" / "unseen").glob("*.jsonl"))),
    "chat-tools": _chat_tools,
    "mcp-tools": _mcp_tools,
    "prompt-characters": _prompt_characters,
}


class UnknownCount(ValueError):
    """A marker names a count nobody computes."""


def spelled(value: int, words: bool) -> str:
    if words and value < len(WORDS):
        return WORDS[value]
    return f"{value:,}"


def with_counts(text: str, root: Path) -> str:
    """`text` with every marked count recomputed."""
    cache: dict[str, int] = {}

    def fill(found: re.Match[str]) -> str:
        name = found.group("name")
        if name not in COUNTERS:
            raise UnknownCount(f"no count named {name!r} (known: {', '.join(COUNTERS)})")
        if name not in cache:
            cache[name] = COUNTERS[name](root)
        value = spelled(cache[name], bool(found.group("words")))
        return f"<!-- count:{name}{found.group('words') or ''} -->{value}<!-- /count -->"

    return MARKER.sub(fill, text)


def pages_with_counts(root: Path) -> list[Path]:
    """The README and every page of the manual that quotes a count."""
    candidates = [root / "README.md", *sorted((root / "docs").rglob("*.md"))]
    return [path for path in candidates if MARKER.search(path.read_text())]
