"""Task references: reading "task 2", "#2", "the second one", "it", "the milk one", and
matching a reference against tasks the conversation already showed."""

from __future__ import annotations

import re
from dataclasses import dataclass
from itertools import pairwise

from core.agent.builtin.dates import is_date
from core.agent.builtin.intents import Ref
from core.agent.builtin.lexicon.numbers import NUMBER_SIGNS, NUMBER_WORDS, ORDINAL_WORDS
from core.agent.builtin.lexicon.tasks import (
    ABOUT_WORDS,
    ALL_OF,
    EVERY_TASK,
    FOR_WHOM,
    JUST_MADE,
    LIST_NAMES,
    NEWEST,
    POINTER_TAILS,
    POINTERS,
    TASK_NOUNS,
    TOPIC_LEADS,
)
from core.agent.builtin.lexicon.verbs import DONE_FIRST
from core.agent.builtin.pattern import NOCASE, alt
from core.agent.builtin.text import (
    content_stems,
    content_words,
    stem,
    tidy_title,
    unquote,
)
from core.agent.builtin.typos import misspelt
from core.domain.task_refs import match_titles

_NOUN = alt(TASK_NOUNS)
_NOUNS = alt(TASK_NOUNS, TASK_NOUNS.values())
_LIST = alt(LIST_NAMES)
_NUMBER = re.compile(
    rf"^(?:the\s+|my\s+)?(?:{_NOUNS}\s*)?(?:{alt(NUMBER_SIGNS)}\s*)?#?\s*(\d{{1,9}}|{alt(NUMBER_WORDS)})"
    rf"(?:\s+(?:on|in)\s+(?:my|the)\s+{_LIST})?$",
    NOCASE,
)
_ORDINAL = re.compile(
    rf"^(?:the\s+|my\s+)?(?P<ord>{alt(ORDINAL_WORDS)}|\d+(?:st|nd|rd|th))"
    rf"(?:\s+(?:one|{_NOUN}))?(?:\s+(?:on|in|from)\s+(?:my|the|that)\s+{_LIST})?$",
    NOCASE,
)
_PRONOUN = re.compile(
    rf"^(?:{alt(POINTERS)}|(?:that|this|the|same|the same)\s+(?:one|{_NOUN})|"
    rf"(?:the\s+)?(?:one|{_NOUN})\s+(?:i|you|we)\s+just\s+{alt(JUST_MADE)}|"
    rf"the\s+{alt(NEWEST)}\s+(?:one|{_NOUN}))(?:\s+{alt(POINTER_TAILS)})*$",
    NOCASE,
)
_DESCRIBED_BEFORE = re.compile(
    rf"^(?:the|my|that|this)\s+(?P<text>.+?)\s+(?:one|{_NOUN})$",
    NOCASE,
)
_DESCRIBED_AFTER = re.compile(
    rf"^(?:the\s+|my\s+|that\s+)?(?:one|{_NOUN})\s+{alt(ABOUT_WORDS)}\s+(?P<text>.+)$",
    NOCASE,
)
# "delete me the task number 2": the person the request is for, before a pointer to a task.
_FOR_WHOM = re.compile(
    rf"^{alt(FOR_WHOM)}\s+(?=(?:the|my|this|that|{_NOUN}|{alt(NUMBER_SIGNS)}|#|\d)\b)", NOCASE
)
_NOUN_THEN_TITLE = re.compile(rf"^(?:the\s+)?{_NOUN}\s*:?\s+(?P<text>['\"“‘«].+)$", NOCASE)
_EVERYTHING = re.compile(
    rf"^(?:(?:all|every|each)(?:\s+(?:of\s+)?(?:my|the|these|those|them))?"
    rf"(?:\s+{alt(ALL_OF)})?|{alt(EVERY_TASK)})$",
    NOCASE,
)
_SEVERAL_NUMBERS = re.compile(
    rf"^(?:{_NOUNS}\s+|{alt(NUMBER_SIGNS)}\s+)?#?\d+(?:\s*(?:,|and|&|\+|or)\s*"
    rf"(?:{_NOUNS}\s+)?#?\d+)+$",
    NOCASE,
)


def is_everything(text: str) -> bool:
    return bool(_EVERYTHING.match(text.strip()))


def is_several(text: str) -> bool:
    return bool(_SEVERAL_NUMBERS.match(text.strip()))


_TOPIC_FIRST = re.compile(
    rf"^(?:(?P<lead>(?:as\s+)?{alt(TOPIC_LEADS)})\s+)?(?P<topic>[^,;:]+?)\s*[,;:]\s*(?P<rest>\S.*)$",
    NOCASE,
)
_NAMED_TASK = re.compile(rf"^(?:the|my|that)\s+(?:(?:one|{_NOUN})\s+|.*\s(?:one|{_NOUN})$)", NOCASE)


def topic_first(text: str) -> tuple[Ref, str] | None:
    """ "for the car service, remind me …", "the task of gym, put it for saturday": the task
    said first, and the request after it (which may point back with "it")."""
    match = _TOPIC_FIRST.match(text.strip())
    if match is None or is_date(match.group("topic")):
        return None
    if not (match.group("lead") or _NAMED_TASK.search(match.group("topic"))):
        return None
    ref = parse_ref(match.group("topic"))
    return (ref, match.group("rest")) if ref is not None and ref.kind != "pronoun" else None


_ENDS = alt(word for word, position in ORDINAL_WORDS.items() if position in (1, -1))
_RUN = re.compile(
    rf"^(?:the\s+|my\s+)?(?P<end>{_ENDS})\s+(?P<count>\d+|{alt(NUMBER_WORDS)})"
    rf"(?:\s+(?:ones|{alt(TASK_NOUNS.values())}))?(?:\s+(?:on|in|from)\s+(?:my|the|that)\s+{_LIST})?$",
    NOCASE,
)
MOST_IN_A_RUN = 10


def positions(text: str) -> tuple[Ref, ...]:
    """ "the first two", "the last 3 tasks": each position of the run, in order; none for
    anything else (or a run longer than anyone counts off)."""
    match = _RUN.match(text.strip())
    if match is None:
        return ()
    said = match.group("count").lower()
    count = int(said) if said.isdigit() else NUMBER_WORDS[said]
    if not 1 < count <= MOST_IN_A_RUN:
        return ()
    first = ORDINAL_WORDS[match.group("end").lower()] > 0
    return tuple(
        Ref("ordinal", position=n if first else n - count - 1) for n in range(1, count + 1)
    )


def parse_ref(text: str) -> Ref | None:
    """Read a reference; None when there is nothing to read."""
    raw = _FOR_WHOM.sub("", text.strip())
    if not raw:
        return None
    inner, quoted = unquote(raw)
    if quoted:
        return Ref("title", text=inner, quoted=True)
    if match := _NUMBER.match(raw):
        said = match.group(1).lower()
        return Ref("number", number=int(said) if said.isdigit() else NUMBER_WORDS.get(said))
    if match := _ORDINAL.match(raw):
        word = match.group("ord").lower()  # "second", "2nd"
        return Ref("ordinal", position=ORDINAL_WORDS.get(word) or int(re.sub(r"\D", "", word)))
    if _PRONOUN.match(raw):
        return Ref("pronoun")
    for pattern in (_NOUN_THEN_TITLE, _DESCRIBED_AFTER, _DESCRIBED_BEFORE):
        if (match := pattern.match(raw)) and (found := tidy_title(match.group("text"))):
            return Ref("title", text=found)
    title = tidy_title(raw)
    return Ref("title", text=title) if title else None


@dataclass(frozen=True)
class Known:
    """A task as a tool result described it."""

    number: int
    title: str
    completed: bool = False


_ARTICLE = re.compile(r"^(?:the|my)\s+", re.IGNORECASE)


def title_words(ref: Ref) -> str:
    """A title reference as the tools match it: "the report" names every task holding
    "report", not only one that also says "the"."""
    return ref.text if ref.quoted else _ARTICLE.sub("", ref.text) or ref.text


def loose_matches(tasks: list[Known], text: str) -> list[Known]:
    """Tasks whose title holds every meaningful word of `text`, by stem; two words of a
    title also count written as one ("drycleaning" is in "drop off dry cleaning")."""
    wanted = content_stems(text)
    if not wanted:
        return []
    return [task for task in tasks if wanted <= content_stems(task.title) | _joined(task.title)]


def _joined(title: str) -> set[str]:
    words = content_words(title)
    return {stem(first + second) for first, second in pairwise(words)}


_LISTED = re.compile(r"\s*(?:,\s*(?:and\s+)?|\s+(?:and|&)\s+)", NOCASE)


def listed_titles(tasks: list[Known], text: str) -> list[str] | None:
    """ "the laundry and the hoovering", "watered the plants and called the bank": several
    tasks named in one breath, when the words name none as a whole but a part names one."""
    parts = [part for part in _LISTED.split(text.strip()) if part]
    if len(parts) < 2 or loose_matches(tasks, text):
        return None
    return parts if any(loose_matches(tasks, part) for part in parts) else None


def most_overlap(tasks: list[Known], text: str) -> list[Known]:
    """The tasks sharing the most meaningful words with `text` (at least one): for a person
    who described the task ("just got back from the gym") rather than named it."""
    wanted = content_stems(text)
    scored = [(len(wanted & content_stems(task.title)), task) for task in tasks]
    best = max((score for score, _ in scored), default=0)
    return [task for score, task in scored if best and score == best]


def _same_word(said: str, written: str) -> bool:
    return stem(said) == stem(written) or misspelt(said, written)


def fuzzy_matches(tasks: list[Known], text: str) -> list[Known]:
    """Tasks whose title holds every meaningful word of `text`, each by stem or with a typo
    ("buy mlik" finds "buy milk"): the last resort, after the words as written."""
    wanted = content_words(text)
    if not wanted:
        return []
    return [
        task
        for task in tasks
        if all(
            any(_same_word(said, written) for written in content_words(task.title))
            for said in wanted
        )
    ]


def title_matches(tasks: list[Known], text: str) -> list[Known]:
    """Exact title, then part of a title, then every word by stem, then with typos: to read
    by (an act on a typo only asks, `guesses.py`)."""
    return sure_matches(tasks, text) or fuzzy_matches(tasks, text)


def sure_matches(tasks: list[Known], text: str) -> list[Known]:
    """As the tools match a title (exact, then part of one, then every word), then every
    word by stem."""
    return match_titles(tasks, text) or loose_matches(tasks, text)


def at_position(tasks: list[Known], position: int) -> Known | None:
    """The task at an ordinal position of a list: 1 is the first, -1 the last."""
    index = position - 1 if position > 0 else len(tasks) + position
    return tasks[index] if 0 <= index < len(tasks) else None


def pick(candidates: list[Known], ref: Ref) -> list[Known]:
    """Which of the tasks the person was just shown a reference means: a number is the
    task's own, else a position in the list, as an ordinal is."""
    if ref.kind == "title":
        return title_matches(candidates, ref.text)
    by_number = [task for task in candidates if ref.number and task.number == ref.number]
    position = ref.number if ref.kind == "number" else ref.position
    found = at_position(candidates, position) if position and ref.kind != "pronoun" else None
    return by_number or ([found] if found is not None else [])


_VERB_THEN_REF = re.compile(rf"^(?:\w+)\s+(?P<ref>.+?)(?:\s+(?:as\s+)?{alt(DONE_FIRST)})?$", NOCASE)


def after_the_verb(text: str) -> str | None:
    """What "tick off everything done" points at: the words after its first word."""
    match = _VERB_THEN_REF.match(text)
    return match.group("ref") if match else None
