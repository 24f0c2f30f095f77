"""The place a message came from, as the turn's context carries it."""

from __future__ import annotations

from core.domain.lists import Place
from core.types import Incoming


def place_of(incoming: Incoming) -> Place | None:
    """A shared place (a channel, a group) has a shared list; a private chat has none."""
    if not incoming.is_group:
        return None
    return Place(incoming.platform, incoming.tenant, incoming.chat_ref)
