"""How the engine reads one message, step by step, for `todobot explain` and `todobot eval -v`:
the utterance (shorthand spelled out, a slip put right), its temporal spans, its clauses,
every reading a reader offered (in rank order, the winner marked) and the reading that won."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime, tzinfo
from functools import partial

from core.agent.builtin import clauses, utterance
from core.agent.builtin.context import Context
from core.agent.builtin.message import read_parts, scheduling_readers
from core.agent.builtin.parse import parse
from core.agent.builtin.spans import Span, tag
from core.agent.builtin.trace import Candidate, first_of, tracing

_TOKEN = re.compile(r"[#\w][\w'’:./-]*|[^\w\s]")


@dataclass(frozen=True)
class Explanation:
    said: str
    prepared: str
    tokens: tuple[str, ...]
    spans: tuple[Span, ...]
    clauses: tuple[str, ...]
    candidates: tuple[Candidate, ...]
    winner: object

    def lines(self) -> list[str]:
        shown = [
            f"said:       {self.said}",
            f"utterance:  {self.prepared}",
            f"tokens:     {' | '.join(self.tokens)}",
            "spans:      " + ("; ".join(map(str, self.spans)) or "none"),
            "clauses:    " + " ‖ ".join(self.clauses),
            "candidates (reader, rank: reading; * won its level):",
        ]
        for candidate in self.candidates:
            mark = "*" if candidate.won else " "
            shown.append(f"  {mark} {candidate.reader}, {candidate.rank}: {candidate.reading!r}")
        shown.append(f"winner:     {self.winner!r}")
        return shown


def explain(
    text: str, *, now: datetime, zone: tzinfo, context: Context | None = None
) -> Explanation:
    """Read `text` as the engine would, noting every reading on the way. Pure."""
    context = context or Context()
    prepared = utterance.prepared(text)
    reminders = scheduling_readers(context, now=now, zone=zone)
    request = partial(parse, context=context)
    readers = [
        ("parts", lambda said: read_parts(said, partial(first_of, reminders), request)),
        *reminders,
        ("request", lambda said: parse(said, context)),
    ]
    with tracing() as trace:
        winner = first_of(readers, prepared)
    return Explanation(
        said=text,
        prepared=prepared,
        tokens=tuple(_TOKEN.findall(prepared)),
        spans=tuple(tag(prepared, now=now, zone=zone)),
        clauses=tuple(clauses.split(prepared)) or (prepared,),
        candidates=tuple(trace.candidates),
        winner=winner,
    )
