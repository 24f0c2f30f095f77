"""Is a message written in another language? The offline engine reads English only, so it
says so (in English) rather than offering a request as a task title."""

from __future__ import annotations

import re
import unicodedata

from core.agent.builtin.lexicon.languages import FOREIGN_REQUEST_WORDS, SHARED_WITH_ENGLISH

_WORD = re.compile(r"[^\W\d_][\w'-]*")


def not_english(text: str) -> bool:
    """Mostly letters of another script (Chinese, Arabic, Cyrillic…), or led by a request
    word of another language written in Latin letters ("añadir leche", "zeig mir …")."""
    letters = [char for char in text if char.isalpha()]
    if not letters:
        return False
    other_script = sum(not unicodedata.name(char, "").startswith("LATIN") for char in letters)
    if other_script * 2 > len(letters):
        return True
    words = [word.lower() for word in _WORD.findall(text)]
    foreign = [word for word in words if word in FOREIGN_REQUEST_WORDS]
    leading = bool(words) and words[0] in FOREIGN_REQUEST_WORDS - SHARED_WITH_ENGLISH
    return leading or (len(foreign) >= 2 and len(foreign) * 2 >= len(words))
