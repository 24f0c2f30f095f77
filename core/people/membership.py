"""Who belongs to a place: asked of the platform (Slack's conversations.members, Telegram's
getChatMember) through the checker its adapter registers, never assumed; and what the place is
called there (Slack's conversations.info, Telegram's getChat) and telling people of a change
made outside the chat (through the chat API or MCP), through its voice.

A platform with no checker registered has no members as far as the core knows, so nothing on
a shared list there can be read or changed."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

from core.domain.lists import Place
from core.types import Tell


class MemberCheck(Protocol):
    """One platform's answer to "is this account in this chat?"."""

    async def is_member(self, place: Place, user_ref: str) -> bool: ...


class PlaceVoice(Protocol):
    """One platform's name for a chat ("#general", "Flatmates"; None when it won't say), and
    its way of telling people there (best effort)."""

    async def place_name(self, place: Place) -> str | None: ...

    async def tell(self, tells: list[Tell]) -> None: ...


@dataclass
class Memberships:
    """The checkers (and voices) of the platforms this process serves, by platform name."""

    checkers: dict[str, MemberCheck] = field(default_factory=dict)
    voices: dict[str, PlaceVoice] = field(default_factory=dict)

    def register(self, platform: str, check: MemberCheck, voice: PlaceVoice | None = None) -> None:
        self.checkers[platform] = check
        if voice is not None:
            self.voices[platform] = voice

    async def name_of(self, place: Place) -> str | None:
        voice = self.voices.get(place.platform)
        return await voice.place_name(place) if voice is not None else None

    async def tell(self, tells: list[Tell]) -> None:
        """Each tell through its platform's voice; one no voice serves is not sent."""
        for platform in dict.fromkeys(tell.platform for tell in tells):
            voice = self.voices.get(platform)
            if voice is not None:
                await voice.tell([tell for tell in tells if tell.platform == platform])

    async def is_member(self, place: Place, user_ref: str) -> bool:
        check = self.checkers.get(place.platform)
        return check is not None and await check.is_member(place, user_ref)
