"""Listing and counting: "what's left?", "show completed tasks", "how many tasks do I have"."""

from __future__ import annotations

import re

from core.agent.builtin.intents import AboutTask, ListTasks, Search, Status
from core.agent.builtin.refs import parse_ref
from core.agent.builtin.words import NOCASE, ON_MY_LIST

COUNT = re.compile(
    r"\bhow\s+many\b|\b(?:number|count|total)\s+of\s+(?:my\s+)?(?:tasks|todos|items|things)\b"
    r"|^count\b|\btask\s+count\b",
    NOCASE,
)
_LIST_NOUN = (
    r"(?:tasks?|to-?dos?|to\s+dos?|todo\s+list|to-?do\s+list|list|items?|things|stuff|agenda|"
    r"reminders?|chores?)"
)
_LIST_LEADS = re.compile(
    r"^(?:show|list|display|view|see|print|give|get|read|tell|check|open|pull\s+up|bring\s+up|"
    r"what\s+are|what'?s|whats|what\s+is|which\s+are|which|what|let\s+me\s+see|can\s+i\s+see|"
    r"may\s+i\s+see|remind\s+me\s+(?:of|what)|recap|review|go\s+over|run\s+through|summar(?:ize|ise)|"
    r"do\s+i\s+have|have\s+i\s+got|any|anything)\b",
    NOCASE,
)
_LIST_SHAPES = re.compile(
    rf"^(?:(?:my|all|all\s+my|the|our|current|open|pending|completed|done|finished|remaining|"
    rf"outstanding|incomplete|unfinished)\s+)*{_LIST_NOUN}$"
    r"|\bwhat\s+(?:do|should|must|else\s+do)\s+i\s+(?:need|have|got)\s+to\s+do\b"
    r"|\bwhat(?:'?s|\s+is)?\s+(?:left|pending|next|remaining|outstanding|open|up|on\s+(?:my|the)\s+"
    r"(?:list|plate|agenda|schedule)|coming\s+up|due|still\s+open|still\s+to\s+do|to\s+do)\b"
    r"|\bwhat\s+(?:have|did)\s+i\s+(?:done|do|completed|complete|finished|finish|accomplished|"
    r"got\s+done|gotten\s+done|get\s+done)\b"
    r"|\b(?:anything|something)\s+(?:left|pending|else|to\s+do|on\s+my\s+(?:list|plate))\b"
    r"|^(?:pending|completed|done|finished|open|outstanding|remaining|left|todo|to-?do)$"
    r"|^(?:(?:just|only)\s+)?(?:the\s+)?(?:completed|done|finished|pending|open|remaining|unfinished)"
    r"\s+(?:ones|tasks|items|todos)(?:\s+only)?$"
    r"|\bwhat\s+(?:do|did)\s+i\s+have\b|\bwhere\s+am\s+i\s+at\b|\bstatus\b",
    NOCASE,
)
_COMPLETED = re.compile(
    r"\b(?:completed|complete|done|finished|accomplished|checked\s+off|ticked\s+off|closed|"
    r"crossed\s+off|did|finish)\b",
    NOCASE,
)
_NOT_COMPLETED = re.compile(
    r"\b(?:not|un|in)(?:\s+yet)?\s*(?:completed|complete|done|finished)\b|\bto\s+(?:be\s+)?(?:done|do)\b|"
    r"\bget\s+done\b|\bstill\b",
    NOCASE,
)
_PENDING = re.compile(
    r"\b(?:pending|open|left|remaining|outstanding|incomplete|unfinished|not\s+(?:yet\s+)?done|"
    r"undone|to\s+do|need\s+to\s+do|have\s+to\s+do|due|active|current|upcoming|coming\s+up|next|"
    r"still|todo|uncompleted|unchecked|in\s+progress|waiting|ongoing)\b",
    NOCASE,
)
_ALL = re.compile(r"\b(?:all|every|everything|full|entire|whole|complete\s+list|both)\b", NOCASE)


_ALL_OF_ONE_KIND = re.compile(
    r"\ball\s+(?:of\s+)?(?:my\s+|the\s+)?(?:completed|done|finished|pending|open|remaining|"
    r"unfinished|incomplete|outstanding)\b",
    NOCASE,
)


_GOT_DONE = re.compile(r"\b(?:did|have|had)\s+(?:i|we)\s+(?:get|gotten|got)\s+done\b", NOCASE)


def status_of(text: str) -> Status:
    if _GOT_DONE.search(text):
        return "completed"  # "what did I get done?", unlike "what do I need to get done?"
    completed = bool(_COMPLETED.search(text)) and not _NOT_COMPLETED.search(text)
    pending = bool(_PENDING.search(text)) or bool(_NOT_COMPLETED.search(text))
    whole = _ALL.search(text) and not _ALL_OF_ONE_KIND.search(text)
    if whole and not re.search(
        r"\b(?:everything|all)\s+(?:that\s+)?(?:i|i'?ve|we)\b", text, NOCASE
    ):
        return "all"  # "show all tasks including completed ones"
    if completed and not pending:
        return "completed"
    if pending and not completed:
        return "pending"
    return "all"


STATUS_QUESTION = re.compile(r"^(?:is|are|was|were|has|have|had|did|does)\s+(?!you\b).+", NOCASE)


def read_list(text: str) -> ListTasks | None:
    lowered = re.sub(r"\b(?:to-?do|todo|to\s+do)\s+list\b", "list", text, flags=NOCASE)
    if _LIST_SHAPES.search(lowered):
        return ListTasks(status_of(lowered))
    if _LIST_LEADS.match(lowered) and re.search(
        rf"\b{_LIST_NOUN}\b|\beverything\b|\bwhat\s+i\b|\bpending\b|\bcompleted\b|\bdone\b|\bleft\b",
        lowered,
        NOCASE,
    ):
        return ListTasks(status_of(lowered))
    return None


_ABOUT = (
    r"(?:about|for|with|on|regarding|re|related\s+to|mentioning|involving|called|named|"
    r"containing)"
)
_SEARCH = re.compile(
    rf"^(?:(?:do|did)\s+(?:i|we)\s+have\s+|have\s+(?:i|we)\s+got\s+|(?:is|are)\s+there\s+|got\s+|"
    rf"any\s+)?(?:a\s+|an\s+|any\s+)?(?:tasks?|todos?|to-?dos?|items?|anything|something|reminders?)\s+"
    rf"{_ABOUT}\s+(?P<query>.+)$"
    rf"|^(?:search|look)\s+(?:for|up|through\s+my\s+(?:list|tasks)\s+for)\s+(?:tasks?\s+{_ABOUT}\s+)?"
    rf"(?P<searched>.+)$"
    rf"|^(?:find|show(?:\s+me)?|list|get)\s+(?:my\s+|all\s+|the\s+)?(?:tasks?|todos?|to-?dos?|items?)\s+"
    rf"{_ABOUT}\s+(?P<found>.+)$",
    NOCASE,
)
_NOT_A_TOPIC = re.compile(
    r"^(?:me|today|tonight|tomorrow|this\s+week|the\s+week|now|later|the\s+weekend|this\s+weekend|"
    r"the\s+day|it|that|this|list|plate|agenda|schedule|calendar|radar)"
    r"(?:\s+(?:today|tonight|tomorrow|this\s+week|now|right\s+now))?$",
    NOCASE,
)


def read_search(text: str) -> Search | None:
    match = _SEARCH.match(text.rstrip("?").strip())
    if match is None:
        return None
    query = next(group for group in match.groups() if group)
    query = re.sub(r"^(?:the|my|a|an|our)\s+", "", query.strip(), flags=NOCASE).strip(" ?.!")
    query = ON_MY_LIST.sub("", query).strip()
    return Search(query) if query and not _NOT_A_TOPIC.match(query) else None


_DONE = r"(?:done|complete|completed|finished|ticked\s+off|checked\s+off|crossed\s+off|sorted)"
_IS_IT_DONE = re.compile(
    rf"^(?:is|was|has|have|are)\s+(?P<ref>.+?)\s+(?:been\s+|already\s+|all\s+)?{_DONE}(?:\s+yet|\s+already)?$",
    NOCASE,
)
_DID_I = re.compile(
    r"^(?:did|have|had)\s+(?:i|we)\s+(?:already\s+|actually\s+|ever\s+)?(?P<ref>(?!got\b|get\b).+?)"
    r"(?:\s+yet|\s+already)?$",
    NOCASE,
)
_WHAT_IS = re.compile(
    r"^(?:what'?s|whats|what\s+is|what\s+was|show(?:\s+me)?|tell\s+me\s+about|remind\s+me\s+of)\s+"
    r"(?P<ref>(?:task|todo|item|number|no\.?|#)(?![a-z])\s*\S+|the\s+\S+\s+(?:one|task|item)|"
    r"(?:the\s+)?(?:my\s+)?(?:next|first|top)\s+(?:one|task|thing|item))$",
    NOCASE,
)
_NOTE_ON = re.compile(
    r"^(?:what'?s|whats|what\s+is|what\s+are|show(?:\s+me)?)\s+(?:the\s+)?"
    r"(?:note|notes|description|details?)\s+(?:on|for|of|about)\s+(?P<ref>.+)$",
    NOCASE,
)
_ANY = re.compile(r"\b(?:everything|anything|something|all|nothing|today|this\s+week)\b", NOCASE)
_NEXT = re.compile(r"^(?:the\s+)?(?:my\s+)?(?:next|first|top)\s+(?:one|task|thing|item)$", NOCASE)


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
        if ref is not None and not re.match(r"^(?:you|u|it|that|this)\b", words, NOCASE):
            return AboutTask(ref, asks_done)
        if ref is not None and ref.kind == "pronoun":
            return AboutTask(ref, asks_done)
    return None
