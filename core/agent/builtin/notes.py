"""What a reply leaves open, kept as data with the turn (`ToolContext.note`) and read back by
the next turn: the question it asked, the tasks it offered to choose from, the task it named
and the listing it showed. The next turn never re-reads the reply's words, so they can be
reworded freely."""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass, field
from typing import Any, Literal, get_args

from core.agent.builtin import phrases
from core.agent.builtin.intents import Family
from core.agent.builtin.refs import Known
from core.types import AGENT_NOTE

AskedKind = Literal["title", "which", "offer_add", "change", "split_add", "duplicate"]


@dataclass(frozen=True)
class Awaiting:
    """A question of ours the last reply asked."""

    kind: AskedKind
    family: Family | None = None
    title: str = ""
    number: int | None = None
    parts: tuple[str, ...] = ()


@dataclass
class Note:
    """Filled in while a turn runs, `data()` being what is stored; read back by `kept`."""

    calls: list[dict[str, Any]] = field(default_factory=list)  # to point at a shown listing
    asked: Awaiting | None = None
    offered_family: Family | None = None
    offered: tuple[Known, ...] = ()
    about: Known | None = None
    shown: int | None = None

    def ask(self, awaiting: Awaiting) -> None:
        self.asked = awaiting

    def offer(self, family: Family, tasks: list[Known]) -> None:
        """ "Which one did you finish: #1 … or #4 …?": the answer picks among these."""
        self.offered_family, self.offered = family, tuple(tasks)

    def which_of(self, family: Family, tasks: list[Known]) -> str:
        """The question that offers the first ten: "Which one did you finish: #1 … or #4 …?"."""
        self.offer(family, tasks[:10])
        listed = phrases.choices([(task.number, task.title) for task in tasks[:10]])
        return phrases.WHICH_OF[family].format(choices=listed)

    def name(self, task: Known) -> None:
        """The reply is about this one task: "it" means it next."""
        self.about = task

    def show(self, listing: dict[str, Any]) -> None:
        """The reply shows this list_tasks result (`Envelope.as_json()`: the very one the
        turn's calls hold), not a lookup behind the reply."""
        for index in range(len(self.calls) - 1, -1, -1):
            if self.calls[index].get("result") is listing:
                self.shown = index
                return

    def data(self) -> dict[str, Any]:
        data: dict[str, Any] = {}
        if self.asked is not None:
            data["asked"] = {**asdict(self.asked), "parts": list(self.asked.parts)}
        if self.offered_family is not None:
            offered = [asdict(task) for task in self.offered]
            data["offered"] = {"family": self.offered_family, "tasks": offered}
        if self.about is not None:
            data["about"] = asdict(self.about)
        if self.shown is not None:
            data["shown"] = self.shown
        return data


def kept(calls: list[dict[str, Any]]) -> Note | None:
    """The engine's note among a stored message's calls; None when the engine did not write
    the message (a command, a button's outcome, a delivered reminder)."""
    for call in calls:
        if call.get("tool_name") != AGENT_NOTE:
            continue
        result = call.get("result")
        data = result.get("data") if isinstance(result, dict) else None
        return _read(data) if isinstance(data, dict) else Note()
    return None


def _read(data: dict[str, Any]) -> Note:
    asked = data.get("asked")
    offered = data.get("offered")
    shown = data.get("shown")
    return Note(
        asked=_awaiting(asked) if isinstance(asked, dict) else None,
        offered_family=offered.get("family") if isinstance(offered, dict) else None,
        offered=known_tasks(offered.get("tasks")) if isinstance(offered, dict) else (),
        about=known_task(data.get("about")),
        shown=shown if isinstance(shown, int) else None,
    )


def _awaiting(asked: dict[str, Any]) -> Awaiting | None:
    kind = asked.get("kind")
    if kind not in get_args(AskedKind):
        return None
    number = asked.get("number")
    parts = asked.get("parts")
    return Awaiting(
        kind,  # type: ignore[arg-type]  # one of AskedKind, checked above
        family=asked.get("family"),
        title=str(asked.get("title") or ""),
        number=number if isinstance(number, int) else None,
        parts=tuple(str(part) for part in parts) if isinstance(parts, list) else (),
    )


def known_task(data: Any) -> Known | None:
    """A task as a tool result (or a note) described it."""
    if not isinstance(data, dict) or not isinstance(data.get("number"), int):
        return None
    return Known(int(data["number"]), str(data.get("title", "")), bool(data.get("completed")))


def known_tasks(items: Any) -> tuple[Known, ...]:
    if not isinstance(items, list):
        return ()
    return tuple(known for item in items if (known := known_task(item)) is not None)


_LABEL = re.compile(r"#(?P<number>\d+) “(?P<title>[^”]*)”")


def labelled(text: str) -> Known | None:
    """The one task `text` names in the tools' label form (`core.tools.label`: #3 “call
    mom”), as a delivered reminder or an undo's summary does; None for none or several."""
    found = {(int(m.group("number")), m.group("title")) for m in _LABEL.finditer(text)}
    return Known(*found.pop()) if len(found) == 1 else None
