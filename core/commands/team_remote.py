"""Changing a team list from outside its chat (the chat API, MCP): complete a task, give it to
a member, take it back, and delete it through the same Confirm its chat asks for. The list is
named by its id and the caller must be able to see it (`TeamAccess.allowed`: the platform
asked now); a person given a task must be in its chat as the platform says. The people
concerned are told through the platform's voice, as they would be in the chat. Each change is
written to the list's log and audited as the caller, as a change in the chat is."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from uuid import UUID

from sqlmodel import select
from sqlmodel.ext.asyncio.session import AsyncSession

from core.commands.presses import decide_confirmation
from core.commands.team_completion import complete_as
from core.commands.team_delete import CONFIRM_KIND, confirm_delete
from core.commands.team_notices import given, taken_from
from core.commands.team_views import account_of, place_of_list
from core.conversation.confirmations import request_confirmation
from core.domain import lists
from core.domain.changes import Journal, team_journal
from core.domain.tasks import InvalidInput
from core.domain.zones import settle_zone
from core.people.identities import user_for
from core.people.team_access import (
    Caller,
    TeamAccess,
    TeamTask,
    audit_team_change,
    shared_by_id,
    shown,
)
from core.storage.db import in_transaction
from core.storage.list_models import TaskList
from core.storage.models import Identity, Task, User
from core.types import Action, Press, Reply, Tell

ME = "me"


@dataclass(frozen=True)
class _Mover:
    """Who is acting, on which list and task."""

    user: User
    shared: TaskList
    task: Task
    name: str


@dataclass
class TeamRemote:
    access: TeamAccess
    ttl_seconds: int = 600

    async def assign(self, caller: Caller, list_id: UUID, number: int, to: str) -> TeamTask:
        """Give task `number` to `to`: "me", or an account id on the list's platform."""
        user_id = await self.access.allowed(caller, list_id)
        if to.strip().lower() != ME:
            await self._member(caller, list_id, to.strip())
        tells: list[Tell] = []

        async def write(session: AsyncSession) -> TeamTask:
            tells.clear()
            mover = await self._mover(session, user_id, list_id, number)
            place = place_of_list(mover.shared)
            ref = to.strip()
            if ref.lower() == ME:
                ref = await account_of(session, user_id, place.platform, place.tenant) or ""
            holder = await user_for(
                session, platform=place.platform, tenant=place.tenant, external_id=ref
            )
            previous = mover.task.assignee_id
            if previous != holder.id:
                await lists.assign(
                    session,
                    task=mover.task,
                    assignee_id=holder.id,
                    by=user_id,
                    now=self._now(),
                    journal=self._journal(list_id, user_id),
                )
                tells.extend(await self._tells(session, mover, ref, holder.id, previous))
            await audit_team_change(session, user_id, "team_assign", list_id, mover.task, ok=True)
            return (await shown(session, mover.shared, [mover.task], user_id))[0]

        done = await in_transaction(self.access.db, write)
        await self.access.memberships.tell(tells)
        return done

    async def complete(self, caller: Caller, list_id: UUID, number: int) -> tuple[TeamTask, bool]:
        """Complete task `number` once, as every Done does (a repeating one adds its next);
        whether this call completed it. Whoever assigned it is told in its chat."""
        user_id = await self.access.allowed(caller, list_id)
        tells: list[Tell] = []

        async def write(session: AsyncSession) -> tuple[TeamTask, bool]:
            tells.clear()
            mover = await self._mover(session, user_id, list_id, number)
            journal = self._journal(list_id, user_id)
            told = await complete_as(
                session, mover.task, mover.user, journal, self._now(), by=mover.name
            )
            finished = told is not None
            tells.extend(told or [])
            await session.refresh(mover.task)
            await audit_team_change(session, user_id, "team_done", list_id, mover.task, ok=finished)
            return (await shown(session, mover.shared, [mover.task], user_id))[0], finished

        done = await in_transaction(self.access.db, write)
        await self.access.memberships.tell(tells)
        return done

    async def unassign(self, caller: Caller, list_id: UUID, number: int) -> TeamTask:
        user_id = await self.access.allowed(caller, list_id)
        tells: list[Tell] = []

        async def write(session: AsyncSession) -> TeamTask:
            tells.clear()
            mover = await self._mover(session, user_id, list_id, number)
            previous = await lists.assign(
                session,
                task=mover.task,
                assignee_id=None,
                by=user_id,
                now=self._now(),
                journal=self._journal(list_id, user_id),
            )
            await audit_team_change(session, user_id, "team_unassign", list_id, mover.task, ok=True)
            if previous is not None and previous != user_id:
                told = await taken_from(
                    session, mover.shared, mover.task, previous, by=mover.name, to=None
                )
                tells.extend([told] if told else [])
            return (await shown(session, mover.shared, [mover.task], user_id))[0]

        done = await in_transaction(self.access.db, write)
        await self.access.memberships.tell(tells)
        return done

    async def ask_delete(self, caller: Caller, list_id: UUID, number: int) -> tuple[TeamTask, str]:
        """A pending confirmation to delete the task (its creator's or assignee's alone), and
        its token: nothing is deleted until the person confirms it."""
        user_id = await self.access.allowed(caller, list_id)

        async def write(session: AsyncSession) -> tuple[TeamTask, str]:
            mover = await self._mover(session, user_id, list_id, number)
            task = mover.task
            if user_id not in (task.creator_id, task.assignee_id):
                raise InvalidInput(
                    f"Only the person who added #{task.number} “{task.title}” or the one it is "
                    "assigned to can delete it, so I changed nothing."
                )
            asked = await request_confirmation(
                session,
                user_id=user_id,
                kind=CONFIRM_KIND,
                task_id=task.id,
                subject=f"#{task.number} “{task.title}”",
                ttl_seconds=self.ttl_seconds,
                now=self._now(),
            )
            return (await shown(session, mover.shared, [task], user_id))[0], asked.token

        return await in_transaction(self.access.db, write)

    async def answer_delete(self, caller: Caller, token: str, action: Action) -> Reply:
        """The person's answer to a delete question: decided once, like its button."""

        async def write(session: AsyncSession) -> Reply:
            user = await user_for(
                session,
                platform=caller.platform,
                tenant=caller.tenant,
                external_id=caller.external_id,
            )
            press = Press(caller.platform, caller.external_id, token, action, caller.tenant)
            return await decide_confirmation(
                session,
                user_id=user.id,
                press=press,
                actions={CONFIRM_KIND: confirm_delete},
                remember=False,
                now=self._now(),
            )

        return await in_transaction(self.access.db, write)

    async def _member(self, caller: Caller, list_id: UUID, ref: str) -> None:
        async def read(session: AsyncSession) -> TaskList:
            return await shared_by_id(session, list_id)

        shared = await in_transaction(self.access.db, read)
        if not ref or not await self.access.memberships.is_member(place_of_list(shared), ref):
            raise InvalidInput(
                f"“{ref}” is not a member of that list's chat, so I can't give them a task.",
                "Name a member by their account id on the list's platform, or say “me”.",
            )

    async def _mover(
        self, session: AsyncSession, user_id: UUID, list_id: UUID, number: int
    ) -> _Mover:
        shared = await shared_by_id(session, list_id)
        task = await lists.task_numbered(session, shared=shared, number=number)
        user = await session.get(User, user_id)
        assert user is not None
        place = place_of_list(shared)
        named = await _display_name(session, user_id, place.platform, place.tenant)
        ref = await account_of(session, user_id, place.platform, place.tenant)
        return _Mover(user, shared, task, named or user.display_name or ref or "Someone")

    async def _tells(
        self,
        session: AsyncSession,
        mover: _Mover,
        ref: str,
        holder: UUID,
        previous: UUID | None,
    ) -> list[Tell]:
        place = place_of_list(mover.shared)
        zone, _ = settle_zone(mover.user, None, "UTC")
        tells: list[Tell] = []
        if holder != mover.user.id:
            tells.append(
                given(mover.shared, ref, mover.task, by=mover.name, now=self._now(), zone=zone)
            )
        if previous is not None and previous != mover.user.id:
            to = await _display_name(session, holder, place.platform, place.tenant)
            taken = await taken_from(
                session, mover.shared, mover.task, previous, by=mover.name, to=to
            )
            tells.extend([taken] if taken else [])
        return tells

    def _now(self) -> datetime:
        return self.access.clock.now()

    def _journal(self, list_id: UUID, user_id: UUID) -> Journal:
        """The change as the caller's, under the list's undo token (no conversation)."""
        return team_journal(list_id, user_id, None, self._now())


async def _display_name(
    session: AsyncSession, user_id: UUID, platform: str, tenant: str
) -> str | None:
    found = await session.exec(
        select(Identity.display_name).where(
            Identity.user_id == user_id, Identity.platform == platform, Identity.tenant == tenant
        )
    )
    return found.first()
