"""What a message's text may be, on every platform: no control characters, at most
`MESSAGE_MAX_CHARS` characters.

Control characters (a NUL above all, which PostgreSQL refuses in text) and lone surrogates
(which no database encodes) would make a delivery fail the same way on every retry, so they
are dropped before anything reads or stores the text. A longer text is answered with the
limit and never read or stored whole.
"""

from __future__ import annotations

import re

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


def too_long(text: str) -> str | None:
    """The answer to a text over the limit; None for one within it."""
    if len(text) <= MESSAGE_MAX_CHARS:
        return None
    return TOO_LONG.format(length=len(text), limit=MESSAGE_MAX_CHARS)


def excerpt(text: str) -> str:
    """The start of an over-long text, marked as cut, to keep in the history instead of it."""
    return f"{text[:EXCERPT_CHARS]}… [{len(text):,} characters, not read]"
