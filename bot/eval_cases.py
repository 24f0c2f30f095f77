"""The eval case format (`tests/evals/README.md`): reading cases strictly, and judging a
finished conversation against a case's `expect`. Pure: no database, no agent."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from core.domain.when import zone_named
from core.storage.models import PRIORITIES

CASE_KEYS = frozenset({"id", "now", "tz", "given", "say", "press", "expect"})
GIVEN_KEYS = frozenset({"title", "description", "completed", "due", "priority", "tags"})
TASK_KEYS = frozenset(
    {"title", "title_like", "description", "completed", "due", "priority", "tags"}
)
_DAY = re.compile(r"^\d{4}-\d{2}-\d{2}$")
_MINUTE = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$")
EXPECT_KEYS = frozenset(
    {"tasks", "unchanged", "reply_contains", "reply_excludes", "reply_matches", "asks",
     "confirmation_offered", "reminders"}
)  # fmt: skip


class InvalidCase(ValueError):
    """A case that does not follow the format; it fails, it is never skipped."""


@dataclass(frozen=True)
class TaskState:
    """A task as the format sees it; `due` is local: `YYYY-MM-DD` or `YYYY-MM-DDTHH:MM`."""

    title: str
    description: str = ""
    completed: bool = False
    due: str | None = None
    priority: str = "low"
    tags: tuple[str, ...] = ()


@dataclass(frozen=True)
class Case:
    id: str
    given: tuple[TaskState, ...]
    say: tuple[str, ...]
    expect: dict[str, Any]
    press: str | None = None
    now: datetime | None = None  # the person's local time, naive
    tz: str = "UTC"


@dataclass(frozen=True)
class ReminderState:
    """A pending reminder: its task's title and the local minute it fires, `YYYY-MM-DDTHH:MM`."""

    title: str
    at: str


@dataclass(frozen=True)
class Outcome:
    """What the conversation left behind, for `judge`."""

    tasks: list[TaskState]
    reply: str
    confirmation_offered: bool
    reminders: list[ReminderState] = field(default_factory=list)
    before: tuple[list[TaskState], list[ReminderState]] | None = None  # state after `given`


@dataclass
class Loaded:
    cases: list[Case] = field(default_factory=list)
    invalid: list[tuple[str, str]] = field(default_factory=list)  # (name, reason)


def _require(condition: bool, reason: str) -> None:
    if not condition:
        raise InvalidCase(reason)


def _unknown(found: dict[str, Any], allowed: frozenset[str], where: str) -> None:
    extra = sorted(set(found) - allowed)
    _require(
        not extra, f"unknown key{'s' if len(extra) > 1 else ''} in {where}: {', '.join(extra)}"
    )


def _strings(value: Any, key: str) -> list[str]:
    if isinstance(value, str):
        return [value]
    _require(
        isinstance(value, list) and all(isinstance(item, str) for item in value),
        f"expect.{key} must be a list of strings",
    )
    return list(value)


def _regex(pattern: Any, key: str) -> None:
    _require(isinstance(pattern, str), f"{key} must be a string")
    try:
        re.compile(pattern)
    except re.error as error:
        raise InvalidCase(f"{key} is not a valid regex: {error}") from None


def _given(raw: Any) -> tuple[TaskState, ...]:
    _require(isinstance(raw, list), "given must be a list")
    tasks = []
    for index, item in enumerate(raw, start=1):
        _require(isinstance(item, dict), f"given[{index}] must be an object")
        _unknown(item, GIVEN_KEYS, f"given[{index}]")
        _require(
            isinstance(item.get("title"), str) and item["title"].strip() != "",
            f"given[{index}].title must be a non-empty string",
        )
        _require(
            isinstance(item.get("description", ""), str),
            f"given[{index}].description must be a string",
        )
        _require(
            isinstance(item.get("completed", False), bool),
            f"given[{index}].completed must be true or false",
        )
        where = f"given[{index}]"
        if "due" in item:
            _due(item["due"], f"{where}.due", nullable=False)
        if "priority" in item:
            _priority(item["priority"], f"{where}.priority")
        if "tags" in item:
            _tags(item["tags"], f"{where}.tags")
        tasks.append(
            TaskState(
                item["title"],
                item.get("description", ""),
                item.get("completed", False),
                item.get("due"),
                item.get("priority", "low"),
                tuple(item.get("tags", ())),
            )
        )
    return tuple(tasks)


def _due(value: Any, where: str, *, nullable: bool) -> None:
    if value is None and nullable:
        return
    _require(
        isinstance(value, str) and bool(_DAY.match(value) or _MINUTE.match(value)),
        f"{where} must be YYYY-MM-DD or YYYY-MM-DDTHH:MM" + (" or null" if nullable else ""),
    )
    try:
        datetime.fromisoformat(value)
    except ValueError:
        raise InvalidCase(f"{where} is not a real date: {value}") from None


def _priority(value: Any, where: str) -> None:
    _require(value in PRIORITIES, f"{where} must be one of {', '.join(PRIORITIES)}")


def _tags(value: Any, where: str) -> None:
    _require(
        isinstance(value, list) and all(isinstance(tag, str) and tag.strip() for tag in value),
        f"{where} must be a list of non-empty strings",
    )


def _fold_tag(tag: str) -> str:
    return tag.strip().lstrip("#").casefold()


def _expect(raw: Any) -> dict[str, Any]:
    _require(isinstance(raw, dict) and bool(raw), "expect must be a non-empty object")
    _unknown(raw, EXPECT_KEYS, "expect")
    if "tasks" in raw:
        _require(isinstance(raw["tasks"], list), "expect.tasks must be a list")
        for index, entry in enumerate(raw["tasks"], start=1):
            where = f"expect.tasks[{index}]"
            _require(isinstance(entry, dict), f"{where} must be an object")
            _unknown(entry, TASK_KEYS, where)
            if "title" in entry:
                _require(isinstance(entry["title"], str), f"{where}.title must be a string")
            if "title_like" in entry:
                _regex(entry["title_like"], f"{where}.title_like")
            if "description" in entry:
                _require(
                    isinstance(entry["description"], str), f"{where}.description must be a string"
                )
            if "completed" in entry:
                _require(
                    isinstance(entry["completed"], bool), f"{where}.completed must be true or false"
                )
            if "due" in entry:
                _due(entry["due"], f"{where}.due", nullable=True)
            if "priority" in entry:
                _priority(entry["priority"], f"{where}.priority")
            if "tags" in entry:
                _tags(entry["tags"], f"{where}.tags")
    if "reminders" in raw:
        _require(isinstance(raw["reminders"], list), "expect.reminders must be a list")
        for index, entry in enumerate(raw["reminders"], start=1):
            where = f"expect.reminders[{index}]"
            _require(isinstance(entry, dict), f"{where} must be an object")
            _unknown(entry, frozenset({"title", "at"}), where)
            _require(isinstance(entry.get("title"), str), f"{where}.title must be a string")
            _require(
                isinstance(entry.get("at"), str) and bool(_MINUTE.match(entry["at"])),
                f"{where}.at must be YYYY-MM-DDTHH:MM",
            )
    for key in ("unchanged", "asks", "confirmation_offered"):
        if key in raw:
            _require(isinstance(raw[key], bool), f"expect.{key} must be true or false")
    for key in ("reply_contains", "reply_excludes"):
        if key in raw:
            _strings(raw[key], key)
    if "reply_matches" in raw:
        _regex(raw["reply_matches"], "expect.reply_matches")
    return raw


def parse_case(raw: Any) -> Case:
    _require(isinstance(raw, dict), "a case must be a JSON object")
    _unknown(raw, CASE_KEYS, "the case")
    _require(
        isinstance(raw.get("id"), str) and raw["id"].strip() != "", "id must be a non-empty string"
    )
    say = raw.get("say")
    _require(
        isinstance(say, list) and bool(say) and all(isinstance(turn, str) for turn in say),
        "say must be a non-empty list of strings",
    )
    press = raw.get("press")
    _require(press in (None, "confirm", "cancel"), 'press must be "confirm" or "cancel"')
    _require("expect" in raw, "expect is missing")
    now = raw.get("now")
    if now is not None:
        _require(isinstance(now, str) and bool(_MINUTE.match(now)), "now must be YYYY-MM-DDTHH:MM")
        try:
            now = datetime.fromisoformat(now)
        except ValueError:
            raise InvalidCase(f"now is not a real date: {raw['now']}") from None
    tz = raw.get("tz", "UTC")
    _require(isinstance(tz, str) and zone_named(tz) is not None, "tz must be an IANA time zone")
    return Case(
        raw["id"],
        _given(raw.get("given", [])),
        tuple(say),
        _expect(raw["expect"]),
        press,
        now,
        tz,
    )


def load_cases(text: str) -> Loaded:
    """Every non-blank line is a case; a line that is not a valid case is reported, not dropped."""
    loaded = Loaded()
    seen: set[str] = set()
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        name = f"line {number}"
        try:
            raw = json.loads(line)
            if isinstance(raw, dict) and isinstance(raw.get("id"), str):
                name = raw["id"]
            case = parse_case(raw)
            _require(case.id not in seen, f"duplicate id {case.id!r}")
        except json.JSONDecodeError as error:
            loaded.invalid.append((name, f"invalid JSON: {error.msg}"))
            continue
        except InvalidCase as error:
            loaded.invalid.append((name, f"invalid case: {error}"))
            continue
        seen.add(case.id)
        loaded.cases.append(case)
    return loaded


def _entry_matches(entry: dict[str, Any], task: TaskState) -> bool:
    if "title" in entry and entry["title"].strip().casefold() != task.title.strip().casefold():
        return False
    if "title_like" in entry and not re.search(entry["title_like"], task.title, re.IGNORECASE):
        return False
    if "description" in entry and entry["description"].strip() != task.description.strip():
        return False
    if "completed" in entry and entry["completed"] != task.completed:
        return False
    if "due" in entry and not _due_matches(entry["due"], task.due):
        return False
    if "priority" in entry and entry["priority"] != task.priority:
        return False
    return not (
        "tags" in entry
        and {_fold_tag(tag) for tag in entry["tags"]} != {_fold_tag(tag) for tag in task.tags}
    )


def _due_matches(expected: str | None, due: str | None) -> bool:
    """null: no due; a day: due that local day (any time or none); a minute: exactly it."""
    if expected is None or due is None:
        return expected is None and due is None
    if _DAY.match(expected):
        return due[:10] == expected
    return due == expected


def _assign(entries: list[dict[str, Any]], tasks: list[TaskState]) -> bool:
    """A distinct task for every entry (bipartite matching by augmenting paths)."""
    owner: dict[int, int] = {}

    def place(entry: int, visited: set[int]) -> bool:
        for index, task in enumerate(tasks):
            if index in visited or not _entry_matches(entries[entry], task):
                continue
            visited.add(index)
            if index not in owner or place(owner[index], visited):
                owner[index] = entry
                return True
        return False

    return all(place(entry, set()) for entry in range(len(entries)))


def _show(tasks: list[TaskState]) -> str:
    shown = [
        repr(t.title)
        + (" (done)" if t.completed else "")
        + (f" [{t.description}]" if t.description else "")
        + (f" due {t.due}" if t.due else "")
        + (f" {t.priority}" if t.priority != "low" else "")
        + ("".join(f" #{tag}" for tag in t.tags))
        for t in tasks
    ]
    return "[" + ", ".join(shown) + "]"


def _same(left: list[TaskState], right: list[TaskState]) -> bool:
    def key(task: TaskState) -> tuple[str, str, bool]:
        return task.title.strip(), task.description.strip(), task.completed

    return sorted(map(key, left)) == sorted(map(key, right))


def judge(case: Case, outcome: Outcome) -> list[str]:
    """Every expectation that does not hold, said plainly; empty means the case passed."""
    expect, problems = case.expect, []
    reply = outcome.reply
    if "tasks" in expect:
        entries = expect["tasks"]
        if len(entries) != len(outcome.tasks) or not _assign(entries, outcome.tasks):
            problems.append(f"tasks: expected {json.dumps(entries)}, got {_show(outcome.tasks)}")
    if "reminders" in expect:
        wanted = sorted((e["title"].strip().casefold(), e["at"]) for e in expect["reminders"])
        found = sorted((r.title.strip().casefold(), r.at) for r in outcome.reminders)
        if wanted != found:
            shown = ", ".join(f"{r.title!r} at {r.at}" for r in outcome.reminders) or "none"
            problems.append(f"reminders: expected {json.dumps(expect['reminders'])}, got {shown}")
    if "unchanged" in expect:
        same = _same(list(case.given), outcome.tasks)
        if same != expect["unchanged"]:
            problems.append(
                f"unchanged: expected {expect['unchanged']}, tasks are now {_show(outcome.tasks)}"
            )
    for text in _strings(expect.get("reply_contains", []), "reply_contains"):
        if text.casefold() not in reply.casefold():
            problems.append(f"reply_contains: {text!r} not in reply {reply!r}")
    for text in _strings(expect.get("reply_excludes", []), "reply_excludes"):
        if text.casefold() in reply.casefold():
            problems.append(f"reply_excludes: {text!r} is in reply {reply!r}")
    if "reply_matches" in expect and not re.search(expect["reply_matches"], reply):
        problems.append(f"reply_matches: {expect['reply_matches']!r} does not match {reply!r}")
    if "asks" in expect and ("?" in reply) != expect["asks"]:
        problems.append(f"asks: expected {expect['asks']}, reply {reply!r}")
    if (
        "confirmation_offered" in expect
        and outcome.confirmation_offered != expect["confirmation_offered"]
    ):
        problems.append(
            f"confirmation_offered: expected {expect['confirmation_offered']}, "
            f"got {outcome.confirmation_offered}"
        )
    return problems


_STATE_KEYS = ("tasks:", "reminders:", "unchanged:")


def harmful(case: Case, outcome: Outcome, problems: list[str]) -> bool:
    """A one-message case that failed on what the list should hold, yet changed the list:
    it acted on something other than what was asked (a question back changes nothing)."""
    if len(case.say) != 1 or outcome.before is None:
        return False
    if not any(problem.startswith(_STATE_KEYS) for problem in problems):
        return False
    tasks, reminders = outcome.before

    def key(states: list[Any]) -> list[str]:
        return sorted(repr(state) for state in states)

    return key(tasks) != key(outcome.tasks) or key(reminders) != key(outcome.reminders)
