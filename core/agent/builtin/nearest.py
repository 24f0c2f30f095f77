"""The titles nearest a name, when the list is long: the loose, mistyped and overlapping
matches look among these only, so what they cost does not grow with the list.

A short list is handed back whole (every rule sees every title, as ever); a long one keeps
the titles rapidfuzz scores closest to the words (a word set compared in C, not stemmed and
spelled out title by title in Python).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, TypeVar

from rapidfuzz import fuzz, process, utils

NARROW_ABOVE = 200
NEAREST = 50


class _Titled(Protocol):
    @property
    def title(self) -> str: ...


Titled = TypeVar("Titled", bound=_Titled)


def nearest(tasks: Sequence[Titled], text: str) -> Sequence[Titled]:
    """`tasks` (in their order) whose titles are nearest `text`, at most `NEAREST` of them."""
    if len(tasks) <= NARROW_ABOVE:
        return tasks
    found = process.extract(
        text,
        [task.title for task in tasks],
        scorer=fuzz.token_set_ratio,
        processor=utils.default_process,
        limit=NEAREST,
    )
    return [tasks[index] for index in sorted(index for _, _, index in found)]
