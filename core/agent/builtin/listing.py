"""Listing and counting: "what's left?", "show completed tasks", "how many tasks do I have"."""

from __future__ import annotations

import re

from core.agent.builtin.intents import AboutTask, ListTasks, Search, Status
from core.agent.builtin.lexicon import questions
from core.agent.builtin.lexicon.fields import DESCRIPTION_WORDS
from core.agent.builtin.lexicon.numbers import NUMBER_SIGNS
from core.agent.builtin.lexicon.talk import YOU
from core.agent.builtin.lexicon.tasks import LISTING_NOUNS, TASK_NOUNS
from core.agent.builtin.lexicon.verbs import (
    DID_REPORTS,
    DONE_FIRST,
    DONE_REPORTS,
    OBLIGED,
    SHOW_VERBS,
)
from core.agent.builtin.pattern import alt
from core.agent.builtin.refs import parse_ref
from core.agent.builtin.tag_words import SHOWN, hashtag, tag_word
from core.agent.builtin.words import NOCASE, ON_MY_LIST

_TASK = alt(TASK_NOUNS)
TASKS = alt(TASK_NOUNS, TASK_NOUNS.values())
_PLURAL = alt(TASK_NOUNS.values())
COUNT = re.compile(
    rf"\b{alt(questions.HOW_MANY)}\b|\b{alt(questions.COUNT_NOUNS)}\s+of\s+(?:my\s+)?{_PLURAL}\b"
    rf"|^{alt(questions.COUNT_ALONE)}\b|\b{_TASK}\s+{alt(questions.COUNT_ALONE)}\b",
    NOCASE,
)
_LIST_NOUN = alt(LISTING_NOUNS)
LIST_LEADS = re.compile(rf"^(?:{alt(SHOW_VERBS)}|{alt(questions.LIST_ASKS)})\b", NOCASE)
_KINDS = alt(questions.LIST_KINDS)
_PLATE = rf"(?:my|the)\s+{alt(questions.PLATES)}"
_STILL = "(?:still|yet)"
_LIST_SHAPES = re.compile(
    rf"^(?:(?:my|all|all\s+my|the|our|{_KINDS})\s+)*{_LIST_NOUN}$"
    rf"|\bwhat\s+(?:do|should|must|else\s+do)\s+i\s+{alt(OBLIGED)}\s+to\s+do\b"
    rf"|\bwhat(?:'?s|\s+is)?\s+(?:{_STILL}\s+)?(?:{alt(questions.WHATS_LEFT)}|on\s+{_PLATE})\b"
    rf"|\bwhat\s+(?:am|are)\s+(?:i|we)\s+(?:{_STILL}\s+)?{alt(questions.FORGETTING)}$"
    rf"|\bwhat\s+(?:have|did|haven'?t|didn'?t)\s+i\s+(?:yet\s+|already\s+)?{alt(questions.DID_WHAT)}\b"
    rf"|\b(?:anything|something)\s+(?:{_STILL}\s+)?(?:{alt(questions.ANYTHING_LEFT)}|on\s+{_PLATE})\b"
    rf"|^{alt(questions.LIST_KINDS_ALONE)}$"
    rf"|^(?:(?:just|only)\s+)?(?:the\s+)?{_KINDS}\s+(?:ones|{_PLURAL})(?:\s+only)?$"
    rf"|^(?:(?:just|only)\s+)?(?:the\s+)?(?:ones|{_PLURAL})\s+(?:that\s+)?(?:i|we)(?:'?ve)?\s+"
    rf"(?:have\s+|haven'?t\s+|didn'?t\s+|already\s+|not\s+|yet\s+)*{alt(questions.DID_WHAT)}(?:\s+yet)?$"
    rf"|\bwhat\s+(?:do|did)\s+i\s+have\b|\b{alt(questions.STATUS)}\b",
    NOCASE,
)
_COMPLETED = re.compile(rf"\b{alt(questions.STATUS_DONE)}\b", NOCASE)
# "not done", "aren't finished yet", "haven't been completed", "didn't I finish".
_NOT_YET_DONE = re.compile(
    rf"\b(?:not|un|in|(?:aren|isn|haven|hasn|weren|wasn|ain|didn)['’]?t(?:\s+(?:i|we))?)"
    rf"(?:\s+(?:yet|been|even|all))*\s*(?:{alt(DONE_FIRST, questions.DID_WHAT)})\b",
    NOCASE,
)
_NOT_COMPLETED = re.compile(
    rf"{_NOT_YET_DONE.pattern}|\bto\s+(?:be\s+)?(?:{alt(DONE_FIRST)}|do)\b|"
    rf"\bget\s+{alt(DONE_FIRST)}\b|\bstill\b",
    NOCASE,
)
_PENDING = re.compile(rf"\b{alt(questions.STATUS_OPEN)}\b", NOCASE)
ALL_SAID = re.compile(rf"\b(?:all|every|everything|both|{alt(questions.WHOLE)})\b", NOCASE)


_ALL_OF_ONE_KIND = re.compile(rf"\ball\s+(?:of\s+)?(?:my\s+|the\s+)?{_KINDS}\b", NOCASE)


_GOT_DONE = re.compile(
    rf"\b(?:did|have|had)\s+(?:i|we)\s+(?:get|gotten|got)\s+{alt(DONE_FIRST)}\b", NOCASE
)
_TODO_LIST = re.compile(rf"\b{alt(questions.TODO_LISTS)}\b", NOCASE)
_EVERYTHING_I = re.compile(r"\b(?:everything|all)\s+(?:that\s+)?(?:i|i'?ve|we)\b", NOCASE)


def status_of(text: str) -> Status:
    """Which tasks a listing or a count is of: "not done yet" is open whatever else is said,
    "everything" is all of them, and done words alone ask for the finished ones."""
    if _GOT_DONE.search(text):
        return "completed"  # "what did I get done?", unlike "what do I need to get done?"
    whole = ALL_SAID.search(text) and not _ALL_OF_ONE_KIND.search(text)
    if whole and not _EVERYTHING_I.search(text) and not _NOT_YET_DONE.search(text):
        return "all"  # "show all tasks including completed ones"
    if _NOT_COMPLETED.search(text):
        return "pending"
    completed, pending = bool(_COMPLETED.search(text)), bool(_PENDING.search(text))
    if completed == pending:
        return "all"
    return "completed" if completed else "pending"


STATUS_QUESTION = re.compile(
    rf"^(?:is|are|was|were|has|have|had|did(?!\s+{alt(DID_REPORTS)}\s+\w[^?]*$)|does)\s+(?!you\b).+",
    NOCASE,
)


_ASKS_FOR_A_LIST = re.compile(
    rf"\b{_LIST_NOUN}\b|\beverything\b|\bwhat\s+i\b|\b{alt(questions.LIST_HINTS)}\b", NOCASE
)


# "show only the work ones", "just my home tasks": one kind of task asked to be shown.
_ONLY = re.compile(
    rf"^(?:(?:{alt(SHOW_VERBS)})(?:\s+me)?\s+)?(?:just|only)\s+"
    rf"(?=(?:(?:the|my|our)\s+)?#?[\w-]+\s+{alt(questions.TAG_WORD_NOUNS)}[?!.]*$)",
    NOCASE,
)


def read_list(text: str) -> ListTasks | None:
    lowered = _ONLY.sub("show ", _TODO_LIST.sub("list", text))
    status = status_of(lowered)
    word = tag_word(lowered)
    named = word is not None and (  # "which errands are still open?", "show my errands"
        (status != "all" and LIST_LEADS.match(lowered)) or SHOWN.match(lowered.rstrip("?!. "))
    )
    if not (_LIST_SHAPES.search(lowered) or asks_for_list(lowered) or named):
        return None
    if (tag := hashtag(lowered)) is not None:
        return ListTasks(status, tag=tag, sort_by="due")  # "show my open #home tasks"
    return ListTasks(status, tag_word=word)


def asks_for_list(text: str) -> bool:
    """ "show me everything that isn't done yet": a request for a listing, not a reopen."""
    return bool(LIST_LEADS.match(text) and _ASKS_FOR_A_LIST.search(text))


_ABOUT = alt(questions.MENTIONING)
_SEARCH = re.compile(
    rf"^(?:(?:do|did)\s+(?:i|we)\s+have\s+|have\s+(?:i|we)\s+got\s+|(?:is|are)\s+there\s+|got\s+|"
    rf"any\s+)?(?:a\s+|an\s+|any\s+)?(?:{TASKS}|anything|something)\s+"
    rf"{_ABOUT}\s+(?P<query>.+)$"
    rf"|^{alt(questions.SEARCH_VERBS)}\s+(?:for|up|through\s+my\s+{alt(questions.PLATES)}\s+for)\s+(?:{TASKS}\s+{_ABOUT}\s+)?"
    rf"(?P<searched>.+)$"
    rf"|^{alt(questions.FIND_VERBS)}\s+(?:my\s+|all\s+|the\s+)?{TASKS}\s+"
    rf"{_ABOUT}\s+(?P<found>.+)$"
    rf"|^(?:do|did)\s+(?:i|we)\s+(?:still\s+)?have\s+(?P<held>.+?)(?:\s+{alt(questions.HELD_NOUNS)})?"
    rf"\s+{alt(questions.HELD_WHERE)}$",
    NOCASE,
)  # "do I still have the dentist thing on there?"
_NOT_A_TOPIC = re.compile(
    rf"^{alt(questions.NOT_TOPICS)}(?:\s+{alt(questions.WHEN_TAILS)})?$", NOCASE
)
_LEADING_ARTICLE = re.compile(r"^(?:the|my|a|an|our)\s+", NOCASE)


def read_search(text: str) -> Search | None:
    match = _SEARCH.match(text.rstrip("?").strip())
    if match is None:
        return None
    query = next(group for group in match.groups() if group)
    query = _LEADING_ARTICLE.sub("", query.strip()).strip(" ?.!")
    query = ON_MY_LIST.sub("", query).strip()
    return Search(query) if query and not _NOT_A_TOPIC.match(query) else None


_DONE = alt(DONE_REPORTS)
_IS_IT_DONE = re.compile(
    rf"^(?:is|was|has|have|are)\s+(?P<ref>.+?)\s+(?:been\s+|already\s+|all\s+)?{_DONE}(?:\s+yet|\s+already)?$",
    NOCASE,
)
_DID_I = re.compile(
    r"^(?:did|have|had)\s+(?:i|we)\s+(?:already\s+|actually\s+|ever\s+)?(?P<ref>(?!got\b|get\b).+?)"
    r"(?:\s+yet|\s+already)?$",
    NOCASE,
)
_NEXT_ONE = rf"(?:{alt(questions.NEXT_TASK)})\s+(?:one|{_TASK})"
_WHAT_IS = re.compile(
    rf"^{alt(questions.ABOUT_ASKS)}\s+"
    rf"(?P<ref>(?:{_TASK}|{alt(NUMBER_SIGNS)}|#)(?![a-z])\s*\S+|the\s+\S+\s+(?:one|{_TASK})|"
    rf"(?:the\s+)?(?:my\s+)?{_NEXT_ONE})$",
    NOCASE,
)
_NOTE_ON = re.compile(
    rf"^{alt(questions.ABOUT_ASKS)}\s+(?:the\s+)?{alt(DESCRIPTION_WORDS)}\s+(?:on|for|of|about)\s+(?P<ref>.+)$",
    NOCASE,
)
_ANY = re.compile(
    rf"\b(?:everything|anything|something|all|nothing|{alt(questions.WHOLE_LIST_WHEN)})\b", NOCASE
)
_NEXT = re.compile(rf"^(?:the\s+)?(?:my\s+)?{_NEXT_ONE}$", NOCASE)
_POINTS_ELSEWHERE = re.compile(rf"^(?:{alt(YOU)}|it|that|this)\b", NOCASE)


def read_about(text: str) -> AboutTask | None:
    """A question about one task; None for questions about the whole list."""
    text = text.rstrip("?").strip()
    about_the_list = read_list(text) is not None or bool(COUNT.search(text))
    for pattern, asks_done in ((_NOTE_ON, False), (_WHAT_IS, False), (_IS_IT_DONE, True),
                               (_DID_I, True)):  # fmt: skip
        match = pattern.match(text)
        if match is None or (asks_done and about_the_list):
            continue
        if _ANY.search(match.group("ref")):
            return None  # "did I finish everything?" asks about the list
        words = ON_MY_LIST.sub("", match.group("ref")).strip()
        if _NEXT.match(words):
            return AboutTask(None, asks_done)
        ref = parse_ref(words)
        if ref is not None and (ref.kind == "pronoun" or not _POINTS_ELSEWHERE.match(words)):
            return AboutTask(ref, asks_done)
    return None
