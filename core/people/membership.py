"""Who belongs to a place: asked of the platform (Slack's conversations.members, Telegram's
getChatMember) through the checker its adapter registers, never assumed; and what the place is
called there (Slack's conversations.info, Telegram's getChat), through its namer.

A platform with no checker registered has no members as far as the core knows, so nothing on
a shared list there can be read or changed."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

from core.domain.lists import Place


class MemberCheck(Protocol):
    """One platform's answer to "is this account in this chat?"."""

    async def is_member(self, place: Place, user_ref: str) -> bool: ...


class PlaceNamer(Protocol):
    """One platform's name for a chat ("#general", "Flatmates"), or None when it won't say."""

    async def place_name(self, place: Place) -> str | None: ...


@dataclass
class Memberships:
    """The checkers (and namers) of the platforms this process serves, by platform name."""

    checkers: dict[str, MemberCheck] = field(default_factory=dict)
    namers: dict[str, PlaceNamer] = field(default_factory=dict)

    def register(self, platform: str, check: MemberCheck, names: PlaceNamer | None = None) -> None:
        self.checkers[platform] = check
        if names is not None:
            self.namers[platform] = names

    async def name_of(self, place: Place) -> str | None:
        namer = self.namers.get(place.platform)
        return await namer.place_name(place) if namer is not None else None

    async def is_member(self, place: Place, user_ref: str) -> bool:
        check = self.checkers.get(place.platform)
        return check is not None and await check.is_member(place, user_ref)
