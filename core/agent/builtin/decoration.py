"""Emoji at the end of a message: a reaction ("add milk 🙏") or part of the title ("add 🎂
order cake 🎉"). Cleaning drops them all; this puts back the ones that belong to a title."""

from __future__ import annotations

import unicodedata

from core.agent.builtin.intents import Add, Intent
from core.agent.builtin.lexicon.emoji import REACTIONS
from core.agent.builtin.text import strip_decoration


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
