"""Who belongs to a place: asked of the platform (Slack's conversations.members, Telegram's
getChatMember) through the checker its adapter registers, never assumed.

A platform with no checker registered has no members as far as the core knows, so nothing on
a shared list there can be read or changed."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

from core.domain.lists import Place


class MemberCheck(Protocol):
    """One platform's answer to "is this account in this chat?"."""

    async def is_member(self, place: Place, user_ref: str) -> bool: ...


@dataclass
class Memberships:
    """The checkers of the platforms this process serves, by platform name."""

    checkers: dict[str, MemberCheck] = field(default_factory=dict)

    def register(self, platform: str, check: MemberCheck) -> None:
        self.checkers[platform] = check

    async def is_member(self, place: Place, user_ref: str) -> bool:
        check = self.checkers.get(place.platform)
        return check is not None and await check.is_member(place, user_ref)
