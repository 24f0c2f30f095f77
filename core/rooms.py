"""The rooms of the core, lowest first. A module imports only from its own room, from rooms
below it and from the shared language every room speaks; a lower room that must set off a
higher one returns a value or calls a function passed down to it. `tests/test_project.py`
holds every core file to this order, and `python3 -m bot.docs_gen` draws the map in
docs/ARCHITECTURE.md from it."""

from __future__ import annotations

ROOMS: tuple[str, ...] = (
    "storage",
    "delivery",
    "domain",
    "reminders",
    "people",
    "conversation",
    "tools",
    "commands",
    "agent",
    "remote",
    "chat",
)
# Modules every room may import: they import only each other.
SHARED: frozenset[str] = frozenset({"types", "views", "clock", "message_text", "observe", "rooms"})
# The doors on top: only bot/ and adapters/ use them.
DOORS: frozenset[str] = frozenset({"remote", "chat"})
