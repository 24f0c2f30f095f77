"""Taking back a member's change to a team list, one path for both ways of asking: typed
`team undo` takes back their latest change to the list, and the **Undo** button under a team
reply takes back exactly the change that reply made. Either works only for the member who made
the change, only while the platform still counts them in the chat (the typed command's caller
has asked; the button asks here), once, and within the undo window. A press is audited as the
presser, undone or refused; a refused press is shown to the presser alone and changes nothing."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from uuid import UUID

from sqlmodel.ext.asyncio.session import AsyncSession

from core.commands.team_views import place_of_list
from core.domain.changes import team_list_of, team_scope
from core.domain.undo_words import describe_undo, refusal, window_words
from core.domain.undoing import UndoOutcome, UndoResult, undo_last, undo_token
from core.people.membership import Memberships
from core.reminders import book
from core.storage import audit
from core.storage.audit import AuditEntry
from core.storage.list_models import SHARED, TaskList
from core.storage.models import User
from core.types import Press, Reply

PRESSED = "team_undo.pressed"
GONE = "That Undo button no longer works: its team list is gone, so I changed nothing."
NOT_A_MEMBER = "Only members of its chat can use that team list, so I changed nothing."


@dataclass(frozen=True)
class Undo:
    """Who takes back what: their latest change to `shared`, or the one of `token`."""

    user_id: UUID
    shared: TaskList
    window_seconds: int
    now: datetime
    token: str | None = None


async def take_back(session: AsyncSession, undo: Undo) -> UndoResult:
    scope = team_scope(undo.shared.id)
    if undo.token is None:
        return await undo_last(
            session,
            user_id=undo.user_id,
            window_seconds=undo.window_seconds,
            wake_again=book.wake_again,
            now=undo.now,
            scope=scope,
        )
    return await undo_token(
        session,
        user_id=undo.user_id,
        token=undo.token,
        window_seconds=undo.window_seconds,
        wake_again=book.wake_again,
        now=undo.now,
        scope=scope,
    )


def said(result: UndoResult, window_seconds: int) -> str:
    """What the member is told of an undo, taken or refused."""
    if result.outcome is UndoOutcome.UNDONE:
        return describe_undo(result.changes)
    if result.outcome is UndoOutcome.NOTHING:
        return (
            f"Nothing to undo: you have made no change to this chat's team list in the last "
            f"{window_words(window_seconds)} that is not undone already, so I changed nothing."
        )
    if result.outcome is UndoOutcome.CHANGED_SINCE and result.changes:
        return (
            f"I can't undo that: {result.changes[0].summary} has changed since, "
            "so I changed nothing."
        )
    return refusal(result, window_seconds=window_seconds)


@dataclass
class TeamUndo:
    """The Undo button under a team reply, with the platforms' membership answers."""

    memberships: Memberships
    window_seconds: int

    async def press(self, session: AsyncSession, press: Press, user: User, now: datetime) -> Reply:
        shared = await _list_of(session, press)
        if shared is None:
            return Reply(text=GONE, ephemeral=True, outcome=UndoOutcome.NOT_FOUND.value)
        if not await self.memberships.is_member(place_of_list(shared), press.user_ref):
            await _audit(session, user, shared, press.token, None, NOT_A_MEMBER)
            return Reply(text=NOT_A_MEMBER, ephemeral=True, outcome="not_a_member")
        undo = Undo(user.id, shared, self.window_seconds, now, token=press.token)
        result = await take_back(session, undo)
        text = said(result, self.window_seconds)
        await _audit(session, user, shared, press.token, result, text)
        undone = result.outcome is UndoOutcome.UNDONE
        return Reply(text=text, ephemeral=not undone, outcome=result.outcome.value)


async def _list_of(session: AsyncSession, press: Press) -> TaskList | None:
    """The shared list the button's changes were made on, of the presser's own platform and
    workspace; None when there is no such list."""
    list_id = team_list_of(press.token)
    shared = None if list_id is None else await session.get(TaskList, list_id)
    if shared is None or shared.kind != SHARED:
        return None
    return shared if (shared.platform, shared.tenant) == (press.platform, press.tenant) else None


async def _audit(
    session: AsyncSession,
    user: User,
    shared: TaskList,
    token: str,
    result: UndoResult | None,
    text: str,
) -> None:
    ok = result is not None and result.outcome is UndoOutcome.UNDONE
    conversation_id = result.changes[0].conversation_id if result and ok else None
    await audit.record(
        session,
        AuditEntry(
            user_id=user.id,
            conversation_id=conversation_id,
            action=PRESSED,
            input={"list_id": str(shared.id), "command": "team undo", "token": token},
            result={"ok": ok, "message": text},
            ok=ok,
        ),
    )
