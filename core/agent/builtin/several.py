"""Several tasks in one add: a task a line under "add these:" ("- milk", "2. eggs"), a task a
comma after a colon ("can you add: milk, eggs, bread"), parts cut by semicolons ("add call the
bank; book flights") or joined as tasks ("add pay rent and also call mum"); and the emoji
after an added title put back when they belong to it ("add 🎂 order cake 🎉"). Pure."""

from __future__ import annotations

import re
import unicodedata

from core.agent.builtin.clauses import breaks, cut
from core.agent.builtin.dated import dated_header
from core.agent.builtin.intents import Add, AddSeveral, Intent, Unknown
from core.agent.builtin.lexicon.emoji import REACTIONS
from core.agent.builtin.lexicon.forms import TASK_VERBS
from core.agent.builtin.lexicon.grammar import GRAMMAR
from core.agent.builtin.lexicon.tasks import ADD_NOUNS, THESE_ITEMS
from core.agent.builtin.lexicon.verbs import PLAIN_ADD_VERBS
from core.agent.builtin.pattern import NOCASE, alt
from core.agent.builtin.single import single
from core.agent.builtin.spans import tag
from core.agent.builtin.text import OPEN_TO_CLOSE, clean, strip_decoration

# A line's bullet: "- ", "* ", "• ", "1. ", "2) ", "(3) ".
_BULLET = re.compile(r"^\s*(?:[-*•·◦▪‣–—+]|\d{1,2}[.)]|\(\d{1,2}\))\s*(?P<item>\S.*?)\s*$")
_THESE = re.compile(rf"\b{alt(THESE_ITEMS)}\b", NOCASE)
# "new task:", "add a todo:": one task is named, so its commas hold its fields or its words.
_ONE_TASK = re.compile(rf"\b{alt(tuple(ADD_NOUNS))}\b", NOCASE)
# Stands for the tasks in the first line, so the add readers read it as one title.
_STAND_IN = "Qqtaskqq"
# More lines than this are not one request's tasks (nor read: each costs a parse).
MOST_LINES = 30
# At most this many tasks are read out of one add's title by its joining words.
MOST_PARTS = 6
_VERBS = frozenset(TASK_VERBS)
# "add buy eggs; add buy flour": the add said again before the next part.
_ADDED_AGAIN = re.compile(rf"^(?:{alt(PLAIN_ADD_VERBS)})\s+", NOCASE)
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


def read_lines(text: str) -> Add | AddSeveral | None:
    """A task a line: bulleted or numbered lines, or plain lines under a first line that asks
    to add ("add these to my list:")."""
    lines = [line for line in text.splitlines() if line.strip()]
    if len(lines) == 1 and (inline := _inline_items(lines[0])) is not None:
        lines = inline  # "i need to: 1) renew car tax 2) book mot"
    if len(lines) == 1:
        return _after_colon(lines[0])
    if not 2 <= len(lines) <= MOST_LINES:
        return None
    head = None if _BULLET.match(lines[0]) else lines[0]
    bullets = [_BULLET.match(line) for line in lines[head is not None :]]
    if all(bullets):
        titles = [match.group("item") for match in bullets if match]
    elif head is None or any(bullets):
        return None  # lines of a message, not a list
    else:
        titles = [line.strip() for line in lines[1:]]
    dated = None if head is None else dated_header(head, _asks_to_add)
    if dated is not None and len(titles) >= 2:  # "jobs for saturday:" and a task a line
        return AddSeveral(tuple(titles), fields=dated.when)
    if len(titles) < 2 or (head is not None and not _asks_to_add(head)):
        return None
    return AddSeveral(tuple(titles))


def _after_colon(line: str) -> Add | AddSeveral | None:
    """ "add a few things: book flights, renew insurance and call gran": a task a comma
    after a first part that asks to add, or after a header naming their day ("tasks for
    tomorrow: gym, laundry"); a lone item or a quoted title stays one task."""
    head, colon, tail = line.partition(":")
    if not colon or not head.strip() or _quoted(line):
        return None
    items = [part.strip(" .!") for part in cut(tail, (",", ";")) if part.strip(" .!")]
    if not items or len(items) > MOST_LINES or not all(_a_task(item) for item in items):
        return None
    dated = dated_header(head, _asks_to_add)
    if dated is not None and (dated.one or len(items) == 1):
        said = tail.strip(" .!")  # "task for friday: x, urgent"; not "friday: move 2 to 3pm"
        return (
            Add(said, fields=dated.when) if isinstance(single(clean(said)), Add | Unknown) else None
        )
    if dated is not None:
        return AddSeveral(_titles(items), fields=dated.when)
    if len(items) < 2 or not (_asks_to_add(head) or _names_a_group(head)):
        return None
    if _ONE_TASK.search(head) and not _THESE.search(head):
        return None  # "new task: prep the slides, high priority, #work" is one task
    return AddSeveral(_titles(items))


def _titles(items: list[str]) -> tuple[str, ...]:
    """Each item's tasks (joined ones apart); the last "and" of a list of short items
    ("eggs, bread and milk") joins two of them."""
    titles = [title for item in items for title in joined(item)]
    *before, last = titles
    halves = [half.strip() for half in cut(last, ("",), ("and", "&"))]
    longest = min(max((len(item.split()) for item in before), default=0), MOST_LISTED_WORDS)
    if len(halves) == 2 and all(0 < len(half.split()) <= longest for half in halves):
        return (*before, *halves)
    return tuple(titles)


# The longest item of a list ("eggs, bread and milk") whose last "and" still joins two items.
MOST_LISTED_WORDS = 3


def _names_a_group(head: str) -> bool:
    """ "put groceries on my list: eggs, spinach": the head adds a name for what follows."""
    found = single(clean(head).rstrip(" :-–—"))
    return isinstance(found, Add) and not found.description and len(found.title.split()) == 1


def _asks_to_add(head: str) -> bool:
    """ "add these:", "can you put these on my list", "add": read with a stand-in title."""
    said = clean(head).rstrip(" :-–—")
    said = _THESE.sub(_STAND_IN, said, count=1) if _THESE.search(said) else f"{said} {_STAND_IN}"
    found = single(said)
    return isinstance(found, Add) and found.title.strip().casefold() == _STAND_IN.casefold()


def separated(found: Intent, text: str) -> Intent:
    """ "add call the bank; book flights", "add pay rent and also call mum": one add a part,
    with a date said once at the end of them each one's date."""
    if isinstance(found, AddSeveral) and not found.fields:
        return _one_date(found)
    if not isinstance(found, Add) or found.description or _quoted(text):
        return found  # a quoted title is the person's own words
    parts = [_ADDED_AGAIN.sub("", part.strip(" ,.")) for part in cut(found.title, (";",))]
    if len(parts) > 1 and not all(_a_task(part) for part in parts):
        return found  # "Robert'); DROP TABLE task;--" is one title that holds semicolons
    parts = parts if len(parts) > 1 else joined(found.title)
    return _one_date(AddSeveral(tuple(parts))) if 1 < len(parts) <= MOST_PARTS else found


# "…, both for friday", "… - all due monday": the words that say the date is each one's.
_FOR_EACH = re.compile(
    r"[\s,;:–—-]*(?:(?:both|all|each)(?:\s+of\s+them)?(?:\s+are)?)?[\s,;:–—-]*$", NOCASE
)


def _one_date(found: AddSeveral) -> AddSeveral:
    """ "add buy milk and pay rent tomorrow": a date said once, at the end, after the last of
    several tasks none of which has its own, is each task's date."""
    *before, last = found.titles
    spans = tag(last)
    if not spans or spans[-1].end < len(last.rstrip(" .!")) or any(tag(title) for title in before):
        return found
    title = _FOR_EACH.sub("", last[: spans[-1].start])
    return AddSeveral((*before, title), fields=spans[-1].text) if _a_task(title) else found


def joined(title: str) -> list[str]:
    """ "book a haircut and also email the landlord": a task starts with a verb. "and also",
    "then", "plus" join two tasks when a task verb follows; a plain "and" only when both
    sides start with one, the first has an object and the second more than its verb. So
    "fish and chips", "call mum and dad" and "wash and iron the shirts" stay one."""
    parts, start = [], 0
    for found in breaks(title):
        if found.mark not in ("", ",") or found.word in ("", "so", "but"):
            continue
        left, right = title[start : found.start].strip(), title[found.end :].strip()
        if not _starts_a_task(right):
            continue
        if found.word in ("and", "&") and not (_has_object(left) and len(right.split()) > 1):
            continue
        parts.append(left)
        start = found.end
    return [part for part in (*parts, title[start:].strip()) if part]


def _words(text: str) -> list[str]:
    return re.findall(r"[\w'-]+", text.casefold())


def _starts_a_task(text: str) -> bool:
    words = _words(text)
    return bool(words) and words[0] in _VERBS


def _has_object(text: str) -> bool:
    """`pick up the parcel` (a verb and what it acts on), not `pick up` or `wash`."""
    return _starts_a_task(text) and any(word not in GRAMMAR for word in _words(text)[1:])


def _quoted(text: str) -> bool:
    return any(quote in text for quote in OPEN_TO_CLOSE if quote != "'")


_WORD = re.compile(r"[^\W\d_]{2,}")
_OPENERS = {"(": ")", "[": "]", "{": "}"}


def _a_task(part: str) -> bool:
    """Words, with their brackets and quotes closed: a part a person would call a task."""
    if not _WORD.search(part) or part.count('"') % 2:
        return False
    if part.count("'") % 2 and not re.search(r"\w'\w", part):
        return False  # a stray quote, not an apostrophe ("mum's")
    return all(part.count(opener) == part.count(closer) for opener, closer in _OPENERS.items())


def _trailing(text: str) -> tuple[str, str]:
    """(the text before its trailing emoji, the emoji)."""
    kept = strip_decoration(text)
    if not kept:
        return text, ""
    end = text.rindex(kept[-1]) + 1
    return text[:end], text[end:].strip()


def _plain(text: str) -> str:
    return " ".join(text.casefold().split())


def keep_trailing_emoji(intent: Intent, text: str) -> Intent:
    """An added title gets back the emoji that followed it, unless they only react."""
    if not isinstance(intent, Add) or intent.description:
        return intent
    text = unicodedata.normalize("NFKC", text).strip()
    before, emoji = _trailing(text)
    symbols = {char for char in emoji if not char.isspace() and char not in "\ufe0f\u200d"}
    if not symbols or symbols <= REACTIONS:
        return intent
    if not _plain(before).endswith(_plain(intent.title)):
        return intent  # something else stood between the title and the emoji ("please")
    return Add(f"{intent.title} {emoji}", intent.description, intent.again)
