"""The recent past: when things were added ("what did I add yesterday?", "what was the last
thing I added?": creation times are stored with every task, so these are answered, not
guessed), and doing the last thing again on another task ("and the other one too", "same
for 3", "and eggs too" after an add)."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, tzinfo
from typing import Any

from core.agent.builtin import verbs
from core.agent.builtin.answers import redone
from core.agent.builtin.context import Context
from core.agent.builtin.intents import (
    Add,
    AddedWhen,
    AskWhich,
    BareRef,
    Intent,
    Ref,
    Unknown,
)
from core.agent.builtin.lexicon.recent import (
    ADDED_DAYS,
    ADDED_VERBS,
    AGAIN_LEADS,
    AGAIN_TAILS,
    NEWEST_WORDS,
    OTHER_ONE,
    RECENTLY,
    THING_WORDS,
)
from core.agent.builtin.lexicon.tasks import TASK_NOUNS
from core.agent.builtin.lexicon.verbs import SHOW_VERBS
from core.agent.builtin.notes import Note
from core.agent.builtin.pattern import alt
from core.agent.builtin.refs import Known, parse_ref
from core.agent.builtin.replies import Call, count_of, failure
from core.agent.builtin.text import clean, tidy_title
from core.agent.builtin.words import LIST_NOUN
from core.domain.when import show_day

_VERB = alt(ADDED_VERBS)
_WHEN = rf"(?P<when>{alt(ADDED_DAYS)})"
_ON_LIST = rf"(?:\s+(?:to|on|in|onto|into)\s+(?:my|the)\s+{LIST_NOUN})?"
_SUBJECT = rf"(?:i|we)\s+(?:have\s+|'ve\s+|had\s+)?(?P<just>{alt(RECENTLY)}\s+)?"
_SHOW = rf"{alt(SHOW_VERBS)}(?:\s+me)?"
_THINGS = alt(TASK_NOUNS, TASK_NOUNS.values(), ("one", "ones"))
_QUESTIONS = (
    # "what did I add yesterday", "which tasks have I added today", "what did I just add"
    re.compile(
        rf"^(?:what|which(?:\s+{_THINGS})?|{_SHOW})"
        rf"\s+(?:did|have|had)\s+{_SUBJECT}{_VERB}(?:\s+(?:it|them))?{_ON_LIST}"
        rf"(?:\s+{_WHEN}|(?P<newest>\s+{alt(NEWEST_WORDS)}))?$",
        re.IGNORECASE,
    ),
    # "show me what I added today", "everything I added this week", "tasks I added yesterday"
    re.compile(
        rf"^(?:{_SHOW}\s+)?(?:what|everything|all|(?:the\s+)?{_THINGS})"
        rf"\s+(?:that\s+)?{_SUBJECT}{_VERB}{_ON_LIST}(?:\s+{_WHEN})?$",
        re.IGNORECASE,
    ),
    # "tasks added yesterday", "what was added today"
    re.compile(
        rf"^(?:{_SHOW}\s+)?(?:what\s+was|(?:the\s+)?{_THINGS})\s+"
        rf"(?:i\s+)?{_VERB}{_ON_LIST}\s+{_WHEN}$",
        re.IGNORECASE,
    ),
)
_NEWEST = re.compile(
    rf"^(?:(?:what|which)(?:'s|\s+is|\s+was|\s+were)?\s+|{_SHOW}\s+)?"
    rf"(?:the\s+|my\s+)?(?P<newest>{alt(NEWEST_WORDS)})\s+"
    rf"{alt(THING_WORDS)}s?"
    rf"(?P<added>\s+(?:that\s+)?(?:i|we)\s+(?:have\s+|'ve\s+)?(?:just\s+)?{_VERB}{_ON_LIST})?$",
    re.IGNORECASE,
)


def read_added(text: str) -> AddedWhen | None:
    for pattern in _QUESTIONS:
        if match := pattern.match(text):
            when = match.group("when")
            if when:
                return AddedWhen(ADDED_DAYS[" ".join(when.lower().split())])  # type: ignore[arg-type]
            newest = match.groupdict().get("newest") or match.group("just")
            return AddedWhen("last" if newest else "recent")
    match = _NEWEST.match(text)
    # "the last task" alone may mean the bottom of the list; with "I added" it cannot
    if match and (match.group("added") or match.group("newest").lower() != "last"):
        return AddedWhen("last")
    return None


@dataclass(frozen=True)
class _Added:
    number: int
    title: str
    completed: bool
    at: datetime  # when it was added, local


# The days back from today each window starts and ends.
_WINDOWS = {"today": (0, 0), "recent": (0, 0), "yesterday": (1, 1), "week": (6, 0)}


def _added(item: dict[str, Any], zone: tzinfo) -> _Added:
    at = datetime.fromisoformat(str(item["created_at"]).replace("Z", "+00:00")).astimezone(zone)
    return _Added(int(item["number"]), str(item["title"]), bool(item["completed"]), at)


async def answer(call: Call, intent: AddedWhen, note: Note, *, now: datetime, zone: tzinfo) -> str:
    result = await call("list_tasks", status="all")
    if not result.ok:
        return failure(result)
    tasks = sorted(
        (_added(item, zone) for item in result.data["tasks"]),
        key=lambda task: (task.at, task.number),
    )
    if not tasks:
        return "You haven't added any tasks yet. Tell me something to add."
    today, newest = now.astimezone(zone).date(), tasks[-1]
    day = show_day(newest.at.date(), today)  # "today", "yesterday", "Fri 14 Mar"
    last = (
        f"The last task you added is #{newest.number} “{newest.title}”, "
        + (day if day in ("today", "yesterday") else f"on {day}")
        + (" (done)." if newest.completed else ".")
    )
    first, final = _WINDOWS.get(intent.window, (0, 0))
    found = [task for task in tasks if final <= (today - task.at.date()).days <= first]
    when = {"week": "in the last 7 days", "recent": "today"}.get(intent.window, intent.window)
    if intent.window == "last" or (len(found) < 2 and (intent.window == "recent" or not found)):
        note.name(Known(newest.number, newest.title, newest.completed))  # "it" is that one
        none = "" if found or intent.window == "last" else f"You didn't add anything {when}. "
        return none + last
    heading = f"{when[0].upper()}{when[1:]} you added {count_of(len(found), 'task')}:"
    lines = (f"{task.number}. {'✓ ' if task.completed else ''}{task.title}" for task in found)
    return "\n".join([heading, *lines])


_LEAD = re.compile(rf"^{alt(AGAIN_LEADS)}(?:\s*[,:]\s*|\s+)", re.IGNORECASE)
_TAIL = re.compile(rf"(?:\s*,\s*|\s+){alt(AGAIN_TAILS)}$", re.IGNORECASE)
_OTHER = re.compile(rf"^{alt(OTHER_ONE)}$", re.IGNORECASE)


def read_again(
    text: str, context: Context, read: Callable[[str], Intent] | None = None
) -> Intent | None:
    """`read` reads the rest alone: when it understands it ("and show my list"), the rest
    says its own request and this returns None."""
    rest, lead = _LEAD.subn("", text.strip(" .!?"), count=1)
    rest, tail = _TAIL.subn("", rest.strip(), count=1)
    if not (lead or tail):
        return None
    rest = clean(rest)
    family = context.last_family
    if family not in ("add", "complete", "delete", "update") or not context.last_result.get("ok"):
        # "the other one too" with nothing done before: not a title to offer
        return Unknown(text) if _OTHER.match(rest) else None
    if not rest or verbs.leading(rest) is not None:
        return None  # "and add flour too" says its own verb
    if read is not None and not isinstance(read(rest), Unknown | BareRef):
        return None
    if _OTHER.match(rest):
        return _other_one(family, context)
    if family == "add":
        title = tidy_title(rest)
        ref = parse_ref(rest)
        named = ref is not None and ref.kind == "title" and ref.text == title
        return Add(title) if title and named else None  # not "the milk one": that exists
    ref = parse_ref(rest)
    if ref is None or ref.kind == "pronoun":
        return None  # "that one too": the same task again means nothing new
    return redone(family, ref, context)


def _other_one(family: str, context: Context) -> Intent:
    """Of the two tasks the person was looking at, the one the last action did not touch."""
    data = context.last_result.get("data") or {}
    done = (data.get("task") or {}).get("number")
    shown = context.candidates or context.listing
    others = [task for task in shown if task.number != done]
    if len(shown) == 2 and len(others) == 1:
        return redone(family, Ref("number", number=others[0].number), context)
    return AskWhich(family)  # type: ignore[arg-type]
