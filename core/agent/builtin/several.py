"""Several tasks in one message: "add call the bank; book flights; renew card", one task a
line under "add these:" ("- milk", "2. eggs", "• bread"), or after it and a colon, split by
commas ("add these pls: call the bank, email sarah", "can you add: milk, eggs, bread"). Pure:
the message in, an `AddSeveral` (or None) out; the caller's reader says whether the first
line asks to add."""

from __future__ import annotations

import re
from collections.abc import Callable

from core.agent.builtin.dated import dated_header
from core.agent.builtin.intents import Add, AddSeveral, Intent, Unknown
from core.agent.builtin.joined import split_joined
from core.agent.builtin.lexicon.tasks import ADD_NOUNS, THESE_ITEMS
from core.agent.builtin.pattern import NOCASE, alt
from core.agent.builtin.spans import tag
from core.agent.builtin.text import OPEN_TO_CLOSE, clean

# A line's bullet: "- ", "* ", "• ", "1. ", "2) ", "(3) ".
_BULLET = re.compile(r"^\s*(?:[-*•·◦▪‣–—+]|\d{1,2}[.)]|\(\d{1,2}\))\s*(?P<item>\S.*?)\s*$")
_THESE = re.compile(rf"\b{alt(THESE_ITEMS)}\b", NOCASE)
# "new task:", "add a todo:": one task is named, so its commas hold its fields or its words.
_ONE_TASK = re.compile(rf"\b{alt(tuple(ADD_NOUNS))}\b", NOCASE)
_COMMA = re.compile(r"\s*[,;]\s*(?:and\s+|&\s+|then\s+|also\s+|plus\s+)?", NOCASE)
_SEMICOLON = re.compile(r"\s*;\s*(?:and\s+|then\s+|also\s+)?", NOCASE)
# Stands for the tasks in the first line, so the add readers read it as one title.
_STAND_IN = "Qqtaskqq"
# More lines than this are not one request's tasks (nor read: each costs a parse).
MOST_LINES = 30

Reader = Callable[[str], Intent]
_INLINE_ITEM = re.compile(r"(?:^|\s)(?P<n>\d{1,2})[.)]\s+")


def _inline_items(line: str) -> list[str] | None:
    """Items numbered 1, 2, 3… on one line, as a head and a line each."""
    marks = list(_INLINE_ITEM.finditer(line))
    if len(marks) < 2 or [int(mark.group("n")) for mark in marks] != [*range(1, len(marks) + 1)]:
        return None
    ends = [mark.start() for mark in marks[1:]] + [len(line)]
    items = [line[mark.start() : end].strip() for mark, end in zip(marks, ends, strict=True)]
    head = line[: marks[0].start()].strip()
    return [head, *items] if head else items


def read_lines(text: str, single: Reader) -> Add | AddSeveral | None:
    """A task a line: bulleted or numbered lines, or plain lines under a first line that asks
    to add ("add these to my list:")."""
    lines = [line for line in text.splitlines() if line.strip()]
    if len(lines) == 1 and (inline := _inline_items(lines[0])) is not None:
        lines = inline  # "i need to: 1) renew car tax 2) book mot"
    if len(lines) == 1:
        return _after_colon(lines[0], single)
    if not 2 <= len(lines) <= MOST_LINES:
        return None
    head: str | None = lines[0]
    if _BULLET.match(lines[0]):
        head, items = None, lines
    else:
        items = lines[1:]
    bullets = [_BULLET.match(line) for line in items]
    if all(bullets):
        titles = [match.group("item") for match in bullets if match]
    elif head is None or any(bullets):
        return None  # lines of a message, not a list
    else:
        titles = [line.strip() for line in items]
    dated = None if head is None else dated_header(head, lambda said: _asks_to_add(said, single))
    if dated is not None and len(titles) >= 2:  # "jobs for saturday:" and a task a line
        return AddSeveral(tuple(titles), fields=dated.when)
    if len(titles) < 2 or (head is not None and not _asks_to_add(head, single)):
        return None
    return AddSeveral(tuple(titles))


def _after_colon(line: str, single: Reader) -> Add | AddSeveral | None:
    """ "add a few things: book flights, renew insurance and call gran": a task a comma
    after a first part that asks to add, or after a header naming their day ("tasks for
    tomorrow: gym, laundry"); a lone item or a quoted title stays one task."""
    head, colon, tail = line.partition(":")
    if not colon or any(quote in line for quote in OPEN_TO_CLOSE if quote != "'"):
        return None
    items = [part.strip(" .!") for part in _COMMA.split(tail) if part.strip(" .!")]
    if not items or len(items) > MOST_LINES or not all(_a_task(item) for item in items):
        return None
    if not head.strip():
        return None
    dated = dated_header(head, lambda said: _asks_to_add(said, single))
    if dated is not None and (dated.one or len(items) == 1):
        said = tail.strip(" .!")  # "task for friday: x, urgent"; not "friday: move 2 to 3pm"
        return Add(said, fields=dated.when) if _plain_words(said, single) else None
    if dated is not None:
        return AddSeveral(_titles(items), fields=dated.when)
    if len(items) < 2 or not (_asks_to_add(head, single) or _names_a_group(head, single)):
        return None
    if _ONE_TASK.search(head) and not _THESE.search(head):
        return None  # "new task: prep the slides, high priority, #work" is one task
    return AddSeveral(_titles(items))


def _plain_words(said: str, single: Reader) -> bool:
    """Words that ask for nothing else, so they may be a task's title."""
    return isinstance(single(clean(said)), Add | Unknown)


def _titles(items: list[str]) -> tuple[str, ...]:
    titles: list[str] = []
    for item in items:  # "… and call gran": two tasks by the rule joined adds follow
        joined = split_joined(Add(item), item)
        titles.extend(joined.titles if isinstance(joined, AddSeveral) else [item])
    return (*titles[:-1], *_last_pair(titles[:-1], titles[-1]))


# The longest item of a list ("eggs, bread and milk") whose last "and" still joins two items.
MOST_LISTED_WORDS = 3
_AND = re.compile(r"\s+(?:and|&)\s+", NOCASE)


def _last_pair(before: list[str], last: str) -> list[str]:
    """ "eggs, bread and milk": the last "and" of a list of short items joins two of them."""
    halves = _AND.split(last)
    if not before or len(halves) != 2:
        return [last]
    longest = max(len(item.split()) for item in before)
    if all(0 < len(half.split()) <= min(longest, MOST_LISTED_WORDS) for half in halves):
        return halves
    return [last]


def _names_a_group(head: str, single: Reader) -> bool:
    """ "put groceries on my list: eggs, spinach": the head adds a name for what follows."""
    found = single(clean(head).rstrip(" :-–—"))
    return isinstance(found, Add) and not found.description and len(found.title.split()) == 1


def _asks_to_add(head: str, single: Reader) -> bool:
    """ "add these:", "can you put these on my list", "add": read with a stand-in title."""
    said = clean(head).rstrip(" :-–—")
    said = _THESE.sub(_STAND_IN, said, count=1) if _THESE.search(said) else f"{said} {_STAND_IN}"
    found = single(said)
    return isinstance(found, Add) and found.title.strip().casefold() == _STAND_IN.casefold()


def separated(found: Intent, text: str) -> Intent:
    """ "add call the bank; book flights", "add pay rent and also call mum": one add a part."""
    return one_date(split_joined(semicolons(found, text), text))


# "…, both for friday", "… - all due monday": the words that say the date is each one's.
_FOR_EACH = re.compile(
    r"[\s,;:–—-]*(?:(?:both|all|each)(?:\s+of\s+them)?(?:\s+are)?)?[\s,;:–—-]*$", NOCASE
)


def one_date(found: Intent) -> Intent:
    """ "add buy milk and pay rent tomorrow": a date said once, at the end, after the last of
    several tasks none of which has its own, is each task's date."""
    if not isinstance(found, AddSeveral) or found.fields:
        return found
    *before, last = found.titles
    spans = tag(last)
    if not spans or spans[-1].end < len(last.rstrip(" .!")) or any(tag(title) for title in before):
        return found
    title = _FOR_EACH.sub("", last[: spans[-1].start])
    return AddSeveral((*before, title), fields=spans[-1].text) if _a_task(title) else found


def semicolons(found: Intent, text: str) -> Intent:
    """ "add call the bank; book flights; renew card": one add of each part."""
    if not isinstance(found, Add) or found.description or ";" not in found.title:
        return found
    if any(quote in text for quote in OPEN_TO_CLOSE if quote != "'"):
        return found  # a quoted title keeps its semicolons
    parts = [part.strip(" ,.") for part in _SEMICOLON.split(found.title)]
    if len(parts) < 2 or not all(_a_task(part) for part in parts):
        return found  # "Robert'); DROP TABLE task;--" is one title that holds semicolons
    return AddSeveral(tuple(parts))


_WORD = re.compile(r"[^\W\d_]{2,}")
_OPENERS = {"(": ")", "[": "]", "{": "}"}


def _a_task(part: str) -> bool:
    """Words, with their brackets and quotes closed: a part a person would call a task."""
    if not _WORD.search(part) or part.count('"') % 2:
        return False
    if part.count("'") % 2 and not re.search(r"\w'\w", part):
        return False  # a stray quote, not an apostrophe ("mum's")
    return all(part.count(opener) == part.count(closer) for opener, closer in _OPENERS.items())
