"""Text helpers for the parser: cleaning a message, quotes, word stems."""

from __future__ import annotations

import functools
import re
import threading
import unicodedata

import Stemmer  # type: ignore[import-not-found]  # a C extension without type hints

from core.agent.builtin.lexicon.forms import (
    IRREGULAR_FORMS,
    SHORT_FORMS,
    STOPWORDS,
)
from core.agent.builtin.lexicon.talk import (
    ASKING_MODALS,
    ASKING_TOGETHER,
    DRAWN_OUT,
    DRAWN_OUT_TRAILERS,
    GO_AHEAD,
    KIND_ASKS,
    LEAD_INS,
    LEAD_INS_WITH_A_COMMA,
    POLITE_ASKS,
    SOFTENERS,
    TRAILERS,
    WE,
    YOU,
)
from core.agent.builtin.lexicon.verbs import DONE_WITH, GERUNDS, REQUEST_VERBS
from core.agent.builtin.pattern import alt, drawn

OPEN_TO_CLOSE = {'"': '"', "'": "'", "“": "”", "„": "“", "‘": "’", "«": "»", "`": "`", "”": "”"}

_APOSTROPHE = re.compile(r"(?<=\w)[’‘`´](?=\w)")
_SPACES = re.compile(r"\s+")
# Trailing punctuation and emoticons (":)", "<3").
_TAIL = re.compile(r"(?:[\s.!?…,]|(?<=\s)(?:[:;=8][-']?[)(\]\[dDpP/\\|*]+|<3|xD|XD))+$")

_LEAD_INS = re.compile(
    rf"^(?:(?:(?:{alt(LEAD_INS)}|{drawn(DRAWN_OUT)}|@\w+)(?:\s*[,!.:;-]+\s*|\s+(?=\S)))"
    rf"|(?:{alt(LEAD_INS_WITH_A_COMMA)}\s*[,!.:;-]+\s*))+",
    re.IGNORECASE,
)
_REQUEST_LEAD_INS = re.compile(
    rf"^(?:(?:{alt(POLITE_ASKS, GO_AHEAD)}|{alt(KIND_ASKS)}|to(?=\s+{alt(REQUEST_VERBS)}\b)|"
    rf"{alt(ASKING_MODALS)}\s+{alt(YOU)}(?:\s+{alt(KIND_ASKS)})?|"
    rf"{alt(YOU)}\s+(?:can|could)(?=\s+{alt(REQUEST_VERBS)}\b)|"  # "please you can add …"
    rf"{alt(ASKING_MODALS, ASKING_TOGETHER)}\s+{alt(WE)}|{alt(SOFTENERS)})"
    rf"(?:\s+{alt(SOFTENERS, GO_AHEAD)})*[\s,:]+)+",
    re.IGNORECASE,
)
# (the "now" of "two weeks from now" belongs to its date)
_TRAILERS = re.compile(
    rf"(?:[\s,;.!?…-]*\b(?<!from\s)(?:{alt(TRAILERS)}|{drawn(DRAWN_OUT_TRAILERS)})\b)+[\s.!?…,]*$",
    re.IGNORECASE,
)


_JOINERS = "\u200d\ufe0f\ufe0e\u20e3"


@functools.cache
def _emoji_characters() -> frozenset[str]:
    """Every character of an emoji as the emoji package knows them: newer than this Python's
    Unicode tables ("🫨"), and in sequences no category marks ("‼️", subdivision flags).
    Digits, "#" and "*" (keycaps) stay text. Loaded by the first message that needs it."""
    import emoji

    return frozenset(char for found in emoji.EMOJI_DATA for char in found if not char.isascii())


def _is_decoration(char: str) -> bool:
    """Emoji, symbols and their joiners: noise at the edges of a message."""
    if char in _JOINERS or unicodedata.category(char) in ("So", "Sk", "Cs", "Co"):
        return True
    return not char.isascii() and char in _emoji_characters()


def strip_decoration(text: str) -> str:
    start, end = 0, len(text)
    while start < end and (_is_decoration(text[start]) or text[start].isspace()):
        start += 1
    while end > start and (_is_decoration(text[end - 1]) or text[end - 1].isspace()):
        end -= 1
    return text[start:end]


@functools.lru_cache(maxsize=256)  # a message's readers normalise the same words again
def normalize(text: str) -> str:
    """One line, word apostrophes made plain, emoji at the edges dropped (shorthand and
    misspellings were spelled out before, in `utterance.prepared`)."""
    text = unicodedata.normalize("NFKC", text)
    text = _APOSTROPHE.sub("'", text)
    text = _SPACES.sub(" ", text).strip()
    text = _ARROW.sub(" to ", text)
    text = _DONE_WITH.sub(lambda match: f"{match.group('done')} with ", text)
    return strip_decoration(text)


_ARROW = re.compile(r"\s*(?:→|->|=>|⇒|⟶)\s*")
_DONE_WITH = re.compile(rf"\b(?P<done>{alt(DONE_WITH)})\s+w/?\s+", re.IGNORECASE)


# How far from the end a trailing pattern may start: politeness and punctuation are short, and
# searching the whole text from every position would cost its length squared.
TAIL_WINDOW = 120


def _without_tail(pattern: re.Pattern[str], text: str) -> str:
    """`pattern.sub("", text)` for a pattern anchored at the end, searched near the end only."""
    found = pattern.search(text, max(0, len(text) - TAIL_WINDOW))
    return text[: found.start()] if found else text


def without_trailers(text: str) -> str:
    """ "take the meds pls": the words before the politeness after them."""
    return _without_tail(_TRAILERS, text).rstrip()


def trim_tail(text: str) -> str:
    """Drop trailing punctuation, emoticons and politeness ("..., please!"), never inside quotes."""
    previous = None
    while previous != text:
        previous = text
        text = strip_decoration(text)
        text = _without_tail(_TAIL, text)
        text = _without_tail(_TRAILERS, text).strip() or text  # never all of it
    return text.strip()


def strip_lead_ins(text: str) -> str:
    """Drop greetings, fillers and request wrappers ("hey, can you please ...")."""
    previous = None
    while previous != text:
        previous = text
        for lead_ins in (_LEAD_INS, _REQUEST_LEAD_INS):
            text = lead_ins.sub("", text).strip() or text  # never all of it
    return text.strip()


@functools.lru_cache(maxsize=256)
def clean(text: str) -> str:
    return _plain_verb(trim_tail(strip_lead_ins(trim_tail(normalize(text)))))


def _plain_verb(text: str) -> str:
    first, space, rest = text.partition(" ")
    plain = GERUNDS.get(first.lower())
    return f"{plain}{space}{rest}" if plain and rest else text


def split_quoted(text: str) -> tuple[str, str] | None:
    """`'a b' rest` -> ("a b", "rest") when `text` opens with a quote that closes."""
    if not text or text[0] not in OPEN_TO_CLOSE:
        return None
    closer = OPEN_TO_CLOSE[text[0]]
    closers = {closer, "”", "’"} if text[0] in "“„‘" else {closer}
    for index in range(1, len(text)):
        if text[index] not in closers:
            continue
        after = text[index + 1 : index + 2]
        if closer == "'" and after and (after.isalnum() or after == "'"):
            continue  # an apostrophe inside the title ("'Bob's party'")
        inner = text[1:index].strip()
        if inner:
            return inner, text[index + 1 :].strip()
    return None


def unquote(text: str) -> tuple[str, bool]:
    """The text without surrounding quotes, and whether it had them."""
    text = text.strip()
    found = split_quoted(text)
    if found is not None and not found[1].strip(" .!?"):
        return found[0], True
    return text, False


_TITLE_END = re.compile(r"[\s.!?…,]+$")


def tidy_title(text: str) -> str:
    """A title as a person would write it: unquoted, no leading colon or trailing full stop."""
    if text.strip() and all(char in OPEN_TO_CLOSE or char in "”’" for char in text.strip()):
        return ""  # only quotes: '' or ""
    text, quoted = unquote(text)
    if quoted:
        return text
    text = text.strip().lstrip(":-–— ").strip()
    text = _TITLE_END.sub("", text)
    return unquote(text)[0]


# The Snowball English stemmer (PyStemmer, the Snowball project's C binding: "calling",
# "called", "calls" -> "call"); one object is not safe across the threads turns are read
# in, so one word is stemmed at a time.
_STEMMER = Stemmer.Stemmer("english")
_STEMMING = threading.Lock()


@functools.lru_cache(maxsize=8192)
def stem(word: str) -> str:
    """The word's stem, for matching what people say to what they wrote ("bought milk" finds
    "buy milk"): short and irregular forms from the lexicon, then Snowball."""
    word = word.lower().strip("'")
    word = word.removesuffix("'s")
    word = SHORT_FORMS.get(word, word)  # "ch" is "chapter"
    word = IRREGULAR_FORMS.get(word, word)
    with _STEMMING:
        return str(_STEMMER.stemWord(word))


def content_words(text: str) -> list[str]:
    """The words of `text` that say what it is about (no "the", "task", "my")."""
    return [word for word in re.findall(r"[\w']+", text.lower()) if word not in STOPWORDS]


def content_stems(text: str) -> set[str]:
    return {found for word in content_words(text) if (found := stem(word))}
