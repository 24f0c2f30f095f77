"""Completing a team task as a person, the one way every Done takes: once (a second press, or
one after someone else finished it, completes nothing), written to the list's log as theirs
(their `team undo` takes it back), with the task's reminders cancelled and a repeating one's
next occurrence added.

`ReminderRules` are the list's rules for a Done pressed under a reminder of its task (the
reminders room decides the press and asks them): the presser must still be in the task's
chat, as its platform says, and whoever assigned the task is told in the chat, as when it is
completed with `team done` or the assignee's own Done."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlmodel.ext.asyncio.session import AsyncSession

from core.commands.team_notices import completed
from core.commands.team_record import undo_button
from core.commands.team_views import account_of, place_of_list
from core.domain.changes import Journal, team_journal
from core.domain.zones import settle_zone
from core.people.membership import Memberships
from core.reminders.team_reminders import TeamDone
from core.reminders.team_repeats import complete_on_team
from core.storage.list_models import SHARED, TaskList
from core.storage.models import Task, User
from core.types import Press, Tell

NOT_A_MEMBER = "Only members of its chat can use that team list, so I changed nothing."


async def complete_as(
    session: AsyncSession, task: Task, user: User, journal: Journal, now: datetime, *, by: str
) -> list[Tell] | None:
    """Complete the task once, as the person (in the list's log, named `by` to others),
    cancelling its reminders and putting a repeating one's next occurrence on the list. None
    when someone already had; otherwise who is told: whoever assigned it, in its chat."""
    zone, _ = settle_zone(user, None, "UTC")
    if await complete_on_team(session, task=task, now=now, zone=zone, journal=journal) is False:
        return None
    shared = await session.get(TaskList, task.list_id)
    assert shared is not None
    told = await completed(session, place_of_list(shared), task, by=by, by_id=user.id)
    return [told] if told else []


@dataclass(frozen=True)
class ReminderRules:
    """A shared list's rules for one person's Done under a reminder (`TeamRules`)."""

    memberships: Memberships
    press: Press
    user: User

    async def refusal(self, session: AsyncSession, task: Task) -> str | None:
        shared = await session.get(TaskList, task.list_id)
        if shared is None or shared.kind != SHARED:
            return NOT_A_MEMBER
        place = place_of_list(shared)
        ref = await self._account(session, shared)
        if ref is None or not await self.memberships.is_member(place, ref):
            return NOT_A_MEMBER
        return None

    async def complete(self, session: AsyncSession, task: Task, now: datetime) -> TeamDone:
        journal = team_journal(task.list_id, self.user.id, None, now)
        by = self.press.display_name or self.user.display_name or "Someone"
        tells = await complete_as(session, task, self.user, journal, now, by=by)
        if tells is None:
            return TeamDone(False)
        return TeamDone(True, tells, [undo_button(journal)])

    async def _account(self, session: AsyncSession, shared: TaskList) -> str | None:
        """The presser's account where the list lives: the one that pressed, when it is there."""
        if (self.press.platform, self.press.tenant) == (shared.platform, shared.tenant):
            return self.press.user_ref
        return await account_of(session, self.user.id, shared.platform or "", shared.tenant or "")
