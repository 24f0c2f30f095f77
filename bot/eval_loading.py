"""Reading eval cases from YAML: every key checked, every bad case named with what is wrong."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from datetime import datetime
from typing import Any

from bot.eval_cases import Case, InvalidCase, Loaded, TaskState
from core.domain.when import zone_named
from core.storage.models import PRIORITIES

CASE_KEYS = frozenset({"id", "now", "tz", "given", "say", "press", "expect"})


GIVEN_KEYS = frozenset({"title", "description", "completed", "due", "priority", "tags"})


TASK_KEYS = frozenset(
    {"title", "title_like", "description", "completed", "due", "priority", "tags"}
)


DAY = re.compile(r"^\d{4}-\d{2}-\d{2}$")


_MINUTE = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$")


EXPECT_KEYS = frozenset(
    {"tasks", "unchanged", "reply_contains", "reply_excludes", "reply_matches", "asks",
     "confirmation_offered", "reminders"}
)  # fmt: skip


def _require(condition: bool, reason: str) -> None:
    if not condition:
        raise InvalidCase(reason)


def _unknown(found: dict[str, Any], allowed: frozenset[str], where: str) -> None:
    extra = sorted(set(found) - allowed)
    _require(
        not extra, f"unknown key{'s' if len(extra) > 1 else ''} in {where}: {', '.join(extra)}"
    )


def strings(value: Any, key: str) -> list[str]:
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
        isinstance(value, str) and bool(DAY.match(value) or _MINUTE.match(value)),
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


def fold_tag(tag: str) -> str:
    return tag.strip().lstrip("#").casefold()


def _expect(raw: Any) -> dict[str, Any]:
    _require(isinstance(raw, dict) and bool(raw), "expect must be a non-empty object")
    _unknown(raw, EXPECT_KEYS, "expect")
    if "tasks" in raw:
        _require(isinstance(raw["tasks"], list), "expect.tasks must be a list")
        for index, entry in enumerate(raw["tasks"], start=1):
            _expected_task(entry, f"expect.tasks[{index}]")
    if "reminders" in raw:
        _require(isinstance(raw["reminders"], list), "expect.reminders must be a list")
        for index, entry in enumerate(raw["reminders"], start=1):
            _expected_reminder(entry, f"expect.reminders[{index}]")
    for key in ("unchanged", "asks", "confirmation_offered"):
        if key in raw:
            _require(isinstance(raw[key], bool), f"expect.{key} must be true or false")
    for key in ("reply_contains", "reply_excludes"):
        if key in raw:
            strings(raw[key], key)
    if "reply_matches" in raw:
        _regex(raw["reply_matches"], "expect.reply_matches")
    return raw


def _expected_task(entry: Any, where: str) -> None:
    _require(isinstance(entry, dict), f"{where} must be an object")
    _unknown(entry, TASK_KEYS, where)
    checks: dict[str, Callable[[Any, str], object]] = {
        "title": lambda value, at: _require(isinstance(value, str), f"{at} must be a string"),
        "title_like": _regex,
        "description": lambda value, at: _require(isinstance(value, str), f"{at} must be a string"),
        "completed": lambda value, at: _require(
            isinstance(value, bool), f"{at} must be true or false"
        ),
        "due": lambda value, at: _due(value, at, nullable=True),
        "priority": _priority,
        "tags": _tags,
    }
    for key, check in checks.items():
        if key in entry:
            check(entry[key], f"{where}.{key}")


def _expected_reminder(entry: Any, where: str) -> None:
    _require(isinstance(entry, dict), f"{where} must be an object")
    _unknown(entry, frozenset({"title", "at"}), where)
    _require(isinstance(entry.get("title"), str), f"{where}.title must be a string")
    _require(
        isinstance(entry.get("at"), str) and bool(_MINUTE.match(entry["at"])),
        f"{where}.at must be YYYY-MM-DDTHH:MM",
    )


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
