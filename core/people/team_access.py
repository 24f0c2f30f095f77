"""A team list reached from outside its chat (the chat API, MCP): named only by its id, and
only by a person the platform confirms is in that chat.

A caller is one account (an `api` one, a console one); its person may have linked Slack or
Telegram accounts. A shared list is visible to the caller when the person has used it (created
or holds one of its tasks) with an account of the list's own platform and workspace, and the
platform, asked now through the same `Memberships` the chat adapters register, says that
account is still in the chat. A platform this process does not serve answers no, so nothing is
visible through it. Anything else, an id that does not exist included, gets the same refusal
(`NotVisible`) and changes nothing."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from uuid import UUID

from sqlmodel import col, or_, select
from sqlmodel.ext.asyncio.session import AsyncSession

from core.clock import Clock, SystemClock
from core.domain import lists
from core.domain.changes import team_journal
from core.domain.lists import Place
from core.people.identities import find_user
from core.people.membership import Memberships
from core.people.team_people import SOMEONE, assignee_name, creator_name, people_names
from core.storage import audit
from core.storage.audit import AuditEntry
from core.storage.db import Database, in_transaction
from core.storage.list_models import SHARED, TaskList
from core.storage.models import Identity, Task

NOT_VISIBLE = (
    "No team list with that id is open to you: only members of its channel or group, as the "
    "platform says, can read or change it. Nothing was changed."
)


class NotVisible(Exception):
    """The list does not exist, or the caller may not see it."""

    def __init__(self) -> None:
        super().__init__(NOT_VISIBLE)


@dataclass(frozen=True)
class Caller:
    """The account asking: its platform, workspace and id there."""

    platform: str
    external_id: str
    tenant: str = ""


@dataclass(frozen=True)
class TeamList:
    id: UUID
    platform: str
    tenant: str
    chat_id: str
    open_tasks: int


@dataclass(frozen=True)
class TeamTask:
    number: int
    title: str
    completed: bool
    due_at: datetime | None
    assigned_to_you: bool
    # Who holds it (None: nobody) and who added it ("a former member" once forgotten), as
    # their accounts on the list's platform are called.
    assigned_to: str | None = None
    created_by: str = SOMEONE


@dataclass(frozen=True)
class _Seen:
    """A list the person used, with the account of theirs in its workspace."""

    shared: TaskList
    account: str


@dataclass
class TeamAccess:
    db: Database
    memberships: Memberships
    clock: Clock = field(default_factory=SystemClock)

    async def visible(self, caller: Caller) -> list[TeamList]:
        """The team lists the caller may see, each re-checked with its platform now."""
        seen = await in_transaction(self.db, lambda session: self._used(session, caller))
        shown = [item for item in seen if await self._member(item)]

        async def counted(session: AsyncSession) -> list[TeamList]:
            return [await _view(session, item.shared) for item in shown]

        return await in_transaction(self.db, counted)

    async def tasks(self, caller: Caller, list_id: UUID) -> list[TeamTask]:
        user_id = await self.allowed(caller, list_id)

        async def read(session: AsyncSession) -> list[TeamTask]:
            shared = await shared_by_id(session, list_id)
            return await shown(
                session, shared, await lists.open_tasks(session, shared=shared), user_id
            )

        return await in_transaction(self.db, read)

    async def add(self, caller: Caller, list_id: UUID, title: str) -> TeamTask:
        user_id = await self.allowed(caller, list_id)

        async def write(session: AsyncSession) -> TeamTask:
            now = self.clock.now()
            task = await lists.add_task(
                session,
                shared=await shared_by_id(session, list_id),
                creator_id=user_id,
                title=title,
                due=None,
                assignee_id=None,
                now=now,
                journal=team_journal(list_id, user_id, None, now),
            )
            await audit_team_change(session, user_id, "team_add", list_id, task, ok=True)
            return (await shown(session, await shared_by_id(session, list_id), [task], user_id))[0]

        return await in_transaction(self.db, write)

    async def allowed(self, caller: Caller, list_id: UUID) -> UUID:
        """The caller's person, when they may use this list; otherwise `NotVisible`."""

        async def read(session: AsyncSession) -> tuple[UUID | None, list[_Seen]]:
            user = await _caller(session, caller)
            return (user, await self._used(session, caller, only=list_id)) if user else (None, [])

        user_id, seen = await in_transaction(self.db, read)
        if user_id is None or not seen or not await self._member(seen[0]):
            raise NotVisible()
        return user_id

    async def _member(self, item: _Seen) -> bool:
        place = Place(
            item.shared.platform or "", item.shared.tenant or "", item.shared.chat_id or ""
        )
        return await self.memberships.is_member(place, item.account)

    async def _used(
        self, session: AsyncSession, caller: Caller, *, only: UUID | None = None
    ) -> list[_Seen]:
        user_id = await _caller(session, caller)
        if user_id is None:
            return []
        query = (
            select(TaskList, Identity.external_id)
            .join(Task, col(Task.list_id) == col(TaskList.id))
            .join(
                Identity,
                (col(Identity.platform) == col(TaskList.platform))
                & (col(Identity.tenant) == col(TaskList.tenant)),
            )
            .where(
                TaskList.kind == SHARED,
                Identity.user_id == user_id,
                or_(col(Task.creator_id) == user_id, col(Task.assignee_id) == user_id),
            )
            .distinct()
        )
        if only is not None:
            query = query.where(col(TaskList.id) == only)
        found = await session.exec(query.order_by(col(TaskList.chat_id)))
        return [_Seen(shared, account) for shared, account in found.all()]


async def _caller(session: AsyncSession, caller: Caller) -> UUID | None:
    user = await find_user(
        session, platform=caller.platform, tenant=caller.tenant, external_id=caller.external_id
    )
    return user.id if user is not None else None


async def shared_by_id(session: AsyncSession, list_id: UUID) -> TaskList:
    shared = await session.get(TaskList, list_id)
    if shared is None or shared.kind != SHARED:
        raise NotVisible()
    return shared


async def _view(session: AsyncSession, shared: TaskList) -> TeamList:
    count = len(await lists.open_tasks(session, shared=shared))
    return TeamList(
        shared.id, shared.platform or "", shared.tenant or "", shared.chat_id or "", count
    )


async def shown(
    session: AsyncSession, shared: TaskList, tasks: list[Task], user_id: UUID
) -> list[TeamTask]:
    """The tasks as a caller sees them, with their people by name."""
    names = await people_names(session, tasks, shared.platform or "", shared.tenant or "")
    return [
        TeamTask(
            number=task.number,
            title=task.title,
            completed=task.completed,
            due_at=task.due_at,
            assigned_to_you=task.assignee_id == user_id,
            assigned_to=assignee_name(task, names),
            created_by=creator_name(task, names),
        )
        for task in tasks
    ]


async def audit_team_change(
    session: AsyncSession, user_id: UUID, action: str, list_id: UUID, task: Task, *, ok: bool
) -> None:
    """A change made outside the chat's typed commands (the API, MCP, a button), audited as
    the person who made it."""
    await audit.record(
        session,
        AuditEntry(
            user_id=user_id,
            action=action,
            input={"list_id": str(list_id), "number": task.number},
            result={"ok": ok, "message": f"#{task.number} “{task.title}”"},
            ok=ok,
        ),
    )
