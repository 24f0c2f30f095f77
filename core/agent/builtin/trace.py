"""Readers and the ranker: each reader offers a reading or None; the ranker takes the first
offered in its list's order (the order is the ranking: a safety reader outranks a verb, a verb
outranks a guess). While a message is explained, every reader of the top three levels is run and
what it offered is noted, so `todobot explain` shows the readings that lost too."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import TypeVar

T = TypeVar("T")
R = TypeVar("R")

# Deeper than this, readings are parts of readings (a clause read inside a clause).
NOTED_DEPTH = 3


@dataclass(frozen=True)
class Candidate:
    reader: str
    reading: object
    rank: int  # its reader's place in the ranking, 1 first
    won: bool


@dataclass
class Trace:
    candidates: list[Candidate] = field(default_factory=list)
    depth: int = 0
    path: list[str] = field(default_factory=list)


_CURRENT: ContextVar[Trace | None] = ContextVar("builtin_trace", default=None)


@contextmanager
def tracing() -> Iterator[Trace]:
    """Note every reader's reading while the block runs."""
    trace = Trace()
    token = _CURRENT.set(trace)
    try:
        yield trace
    finally:
        _CURRENT.reset(token)


# A reader: its name, and what it offers (None: nothing).
Reader = tuple[str, Callable[[T], R]]


def first_of(readers: Sequence[Reader[T, R]], said: T) -> R | None:
    """The first reading offered, readers in rank order. Explaining, all of them are run."""
    trace = _CURRENT.get()
    if trace is None or trace.depth >= NOTED_DEPTH:
        for _, reader in readers:
            if (found := reader(said)) is not None:
                return found
        return None
    return _traced(trace, readers, said)


def _traced(trace: Trace, readers: Sequence[Reader[T, R]], said: T) -> R | None:
    trace.depth += 1
    winner: R | None = None
    try:
        for rank, (name, reader) in enumerate(readers, start=1):
            trace.path.append(name)
            try:
                found = reader(said)
            finally:
                trace.path.pop()
            if found is None:
                continue
            label = "/".join([*trace.path, name])
            trace.candidates.append(Candidate(label, found, rank, winner is None))
            if winner is None:
                winner = found
    finally:
        trace.depth -= 1
    return winner
