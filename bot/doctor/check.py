"""One check's outcome, and how it is printed."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Status = Literal["ok", "failed", "skipped"]
MARKS: dict[Status, str] = {"ok": "✓", "failed": "✗", "skipped": "-"}


@dataclass(frozen=True)
class Check:
    name: str
    status: Status
    found: str
    fix: str = ""  # what to do, for a failure

    @property
    def failed(self) -> bool:
        return self.status == "failed"

    def line(self) -> str:
        text = f"{MARKS[self.status]} {self.name}: {self.found}"
        return f"{text} — fix: {self.fix}" if self.failed and self.fix else text


def passed(name: str, found: str) -> Check:
    return Check(name, "ok", found)


def failed(name: str, found: str, fix: str) -> Check:
    return Check(name, "failed", found, fix)


def skipped(name: str, found: str) -> Check:
    return Check(name, "skipped", found)


def first_line(problem: BaseException) -> str:
    lines = str(problem).strip().splitlines()
    return lines[0] if lines else type(problem).__name__
