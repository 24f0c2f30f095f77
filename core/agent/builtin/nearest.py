"""The titles nearest a name, when the list is long: the loose, mistyped and overlapping
matches look among these only, so what they cost does not grow with the list.

A short list is handed back whole (every rule sees every title, as ever); a long one keeps
the titles rapidfuzz scores closest to the words (a word set compared in C, not stemmed and
spelled out title by title in Python), among those the database found like them
(`core.domain.task_titles`: on PostgreSQL its trigram index narrows a long list first).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, TypeVar

from rapidfuzz import fuzz, process, utils

from core.agent.builtin.text import content_words, stem
from core.domain.task_titles import NARROW_ABOVE

NEAREST = 50
WORDS = 8  # of a name, at most, to find titles like one of them


class _Titled(Protocol):
    @property
    def title(self) -> str: ...


Titled = TypeVar("Titled", bound=_Titled)


def words(text: str) -> list[str]:
    """The words of a name a title may hold as written or by stem (three letters or more:
    the database compares their trigrams)."""
    found = dict.fromkeys(
        form for word in content_words(text) for form in (word, stem(word)) if len(form) >= 3
    )
    return list(found)[:WORDS]


def nearest(tasks: Sequence[Titled], text: str, *, narrowed: bool = False) -> Sequence[Titled]:
    """`tasks` (in their order) whose titles are nearest `text`, at most `NEAREST` of them
    when the list is long (`narrowed` from a longer one, or longer than `NARROW_ABOVE`)."""
    if not narrowed and len(tasks) <= NARROW_ABOVE:
        return tasks
    found = process.extract(
        text,
        [task.title for task in tasks],
        scorer=fuzz.token_set_ratio,
        processor=utils.default_process,
        limit=NEAREST,
    )
    return [tasks[index] for index in sorted(index for _, _, index in found)]
