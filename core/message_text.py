"""What a message's text may be, on every platform: no control characters, at most
`MESSAGE_MAX_CHARS` characters.

Control characters (a NUL above all, which PostgreSQL refuses in text) and lone surrogates
(which no database encodes) would make a delivery fail the same way on every retry, so they
are dropped before anything reads or stores the text. A longer text is answered with the
limit and never read or stored whole.
"""

from __future__ import annotations

import re
import unicodedata

MESSAGE_MAX_CHARS = 5000
# What the conversation keeps of a text over the limit.
EXCERPT_CHARS = 200
TOO_LONG = (
    "That message is {length:,} characters; I read at most {limit:,} at a time, so I changed "
    "nothing. Please send it shorter, or in parts."
)

# C0 controls but tab, line feed and carriage return; DEL and the C1 controls; surrogates.
_UNSAFE = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff]")


def without_controls(text: str) -> str:
    return _UNSAFE.sub("", text)


ZWJ = "\u200d"
_VARIATION = "\ufe0f"
_BLACK_FLAG = "\U0001f3f4"
_TAGS = range(0xE0020, 0xE0080)


def without_format_chars(text: str) -> str:
    """`text` without Unicode format characters (category Cf): zero-width spaces and joiners,
    bidi overrides and isolates, which can hide a title or make it read backwards (a file
    name "gpj.exe" shown as "exe.jpg"). An emoji sequence keeps its joiners (a woman and a
    laptop joined into one emoji) and a subdivision flag its tag characters (Scotland's)."""
    if text.isascii():
        return text
    kept: list[str] = []
    for index, char in enumerate(text):
        before = kept[-1] if kept else ""
        if unicodedata.category(char) != "Cf" or _joins(char, before, text[index + 1 : index + 2]):
            kept.append(char)
    return "".join(kept)


def _joins(char: str, before: str, after: str) -> bool:
    """A format character that belongs to an emoji: a joiner between two, or a flag's tag."""
    if char == ZWJ:
        return _emoji(before) and _emoji(after)
    return ord(char) in _TAGS and bool(before) and (before == _BLACK_FLAG or ord(before) in _TAGS)


def _emoji(char: str) -> bool:
    """What a joiner may join: a symbol (an emoji), a skin tone or an emoji selector."""
    return bool(char) and (char == _VARIATION or unicodedata.category(char) in ("So", "Sk"))


def too_long(text: str) -> str | None:
    """The answer to a text over the limit; None for one within it."""
    if len(text) <= MESSAGE_MAX_CHARS:
        return None
    return TOO_LONG.format(length=len(text), limit=MESSAGE_MAX_CHARS)


def excerpt(text: str) -> str:
    """The start of an over-long text, marked as cut, to keep in the history instead of it."""
    return f"{text[:EXCERPT_CHARS]}… [{len(text):,} characters, not read]"
