"""Judging one eval case: the tasks and reminders after the turn against what the case expects."""

from __future__ import annotations

import json
import re
from typing import Any

from bot.eval_cases import Case, Outcome, TaskState
from bot.eval_loading import DAY, fold_tag, strings


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
        and {fold_tag(tag) for tag in entry["tags"]} != {fold_tag(tag) for tag in task.tags}
    )


def _due_matches(expected: str | None, due: str | None) -> bool:
    """null: no due; a day: due that local day (any time or none); a minute: exactly it."""
    if expected is None or due is None:
        return expected is None and due is None
    if DAY.match(expected):
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
    return [
        *_state_problems(case, outcome),
        *_reply_problems(case.expect, outcome.reply),
        *_offer_problems(case.expect, outcome),
    ]


def _state_problems(case: Case, outcome: Outcome) -> list[str]:
    """What the tasks and reminders should be after the turn."""
    expect, problems = case.expect, []
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
    return problems


def _reply_problems(expect: dict[str, Any], reply: str) -> list[str]:
    """What the reply should and should not say."""
    problems = [
        f"reply_contains: {text!r} not in reply {reply!r}"
        for text in strings(expect.get("reply_contains", []), "reply_contains")
        if text.casefold() not in reply.casefold()
    ]
    problems += [
        f"reply_excludes: {text!r} is in reply {reply!r}"
        for text in strings(expect.get("reply_excludes", []), "reply_excludes")
        if text.casefold() in reply.casefold()
    ]
    if "reply_matches" in expect and not re.search(expect["reply_matches"], reply):
        problems.append(f"reply_matches: {expect['reply_matches']!r} does not match {reply!r}")
    if "asks" in expect and ("?" in reply) != expect["asks"]:
        problems.append(f"asks: expected {expect['asks']}, reply {reply!r}")
    return problems


def _offer_problems(expect: dict[str, Any], outcome: Outcome) -> list[str]:
    """Whether the turn should have asked for a confirmation."""
    if (
        "confirmation_offered" in expect
        and outcome.confirmation_offered != expect["confirmation_offered"]
    ):
        return [
            f"confirmation_offered: expected {expect['confirmation_offered']}, "
            f"got {outcome.confirmation_offered}"
        ]
    return []


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
