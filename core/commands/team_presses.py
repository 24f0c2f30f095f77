"""The buttons an assignee gets with a team task: **Done** completes it (once: a second press,
or one after someone else completed it, is told so), **Open the list** shows the chat's team
list (to anyone else, or once the task is done, it is shown to the presser alone and the
message stays). Only the person who holds the task now, and whom the platform still counts in
the chat, may press Done; anyone else is refused and nothing changes. A Done is written to the
list's log as the presser's (so their `team undo`, or the Undo button its answer carries, takes
it back), cancels the task's reminders, and is audited, refused or not."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from uuid import UUID

from sqlmodel.ext.asyncio.session import AsyncSession

from core.commands.team_completion import ReminderRules, complete_as
from core.commands.team_notices import task_buttons
from core.commands.team_record import undo_button
from core.commands.team_views import list_text, place_name, place_of_list
from core.domain.changes import team_journal
from core.domain.zones import settle_zone
from core.people.membership import Memberships
from core.people.team_access import audit_team_change
from core.reminders.buttons import press_reminder
from core.storage.list_models import SHARED, TaskList
from core.storage.models import Task, User
from core.types import Press, Reply

PRESSED = "team_done.pressed"
GONE = "That task is no longer on its team list, so I changed nothing."
NOT_A_MEMBER = "Only members of its chat can use that team list, so I changed nothing."


@dataclass(frozen=True)
class _Found:
    task: Task
    shared: TaskList
    where: str


def _refused(text: str, outcome: str) -> Reply:
    return Reply(text=text, ephemeral=True, outcome=outcome)


@dataclass
class TeamButtons:
    """The presses, with the platforms' membership answers."""

    memberships: Memberships

    async def done(self, session: AsyncSession, press: Press, user: User, now: datetime) -> Reply:
        found = await self._found(session, press)
        if isinstance(found, Reply):
            return found
        task, where = found.task, found.where
        if task.assignee_id != user.id:
            await audit_team_change(session, user.id, PRESSED, task.list_id, task, ok=False)
            return _refused(
                f"#{task.number} “{task.title}” in {where} isn't assigned to you (any more), so "
                "I changed nothing.",
                "not_yours",
            )
        journal = team_journal(task.list_id, user.id, None, now)
        by = press.display_name or user.display_name or "Someone"
        tells = (
            None if task.completed else await complete_as(session, task, user, journal, now, by=by)
        )
        await audit_team_change(session, user.id, PRESSED, task.list_id, task, ok=tells is not None)
        if tells is None:
            return _refused(f"#{task.number} “{task.title}” was already done.", "already_done")
        return Reply(
            text=f"Done: #{task.number} “{task.title}” in {where}.",
            outcome="done",
            tells=tells,
            buttons=[undo_button(journal)],
        )

    async def reminder_done(
        self, session: AsyncSession, press: Press, user: User, now: datetime
    ) -> Reply:
        """Done under a reminder: the reminder's own decision, a shared list's task completed
        under the list's rules (team_completion.py)."""
        rules = ReminderRules(self.memberships, press, user)
        return await press_reminder(
            session, user_id=user.id, token=press.token, action=press.action, now=now, rules=rules
        )

    async def open(self, session: AsyncSession, press: Press, user: User, now: datetime) -> Reply:
        found = await self._found(session, press)
        if isinstance(found, Reply):
            return found
        task, where = found.task, found.where
        zone, _ = settle_zone(user, None, "UTC")
        held = task.assignee_id == user.id and not task.completed
        heading = f"#{task.number} “{task.title}” is assigned to you. The list of {where}:"
        if not held:
            heading = f"The team list of {where}:"
        text = await list_text(session, found.shared, now=now, zone=zone, heading=heading)
        if not held:  # someone else's message (a mention in a group) stays as it is
            return Reply(text=text, ephemeral=True, outcome="listed")
        return Reply(text=text, buttons=list(task_buttons(task)), outcome="listed")

    async def _found(self, session: AsyncSession, press: Press) -> _Found | Reply:
        """The pressed task on a shared list of the presser's own platform and workspace,
        when the platform counts the presser in its chat."""
        task = await session.get(Task, _task_id(press.token))
        shared = await session.get(TaskList, task.list_id) if task is not None else None
        if (
            task is None
            or shared is None
            or task.deleted_at is not None
            or shared.kind != SHARED
            or (shared.platform, shared.tenant) != (press.platform, press.tenant)
        ):
            return _refused(GONE, "not_found")
        if not await self.memberships.is_member(place_of_list(shared), press.user_ref):
            return _refused(NOT_A_MEMBER, "not_a_member")
        return _Found(task, shared, await place_name(session, self.memberships, shared))


def _task_id(token: str) -> UUID:
    try:
        return UUID(hex=token)
    except ValueError:
        return UUID(int=0)
