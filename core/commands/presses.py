"""What a decided confirmation does, and what each refusal tells the presser."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from datetime import datetime
from typing import Any
from uuid import UUID

from sqlmodel.ext.asyncio.session import AsyncSession

from core.commands import asked, offers
from core.commands.delete_audit import record_confirmed_delete
from core.commands.press_actions import PressAction
from core.commands.task_buttons import press_task_button
from core.conversation import conversations
from core.conversation.confirmations import Decision, Outcome, decide, note_choice, with_choice
from core.conversation.message_writes import add_message
from core.delivery.events import claim_event
from core.domain.changes import Journal
from core.domain.trash import delete_task, empty_trash
from core.domain.undo_words import describe_undo, refusal
from core.domain.undoing import UndoOutcome, undo_token
from core.people.identities import user_for
from core.reminders.book import cancel_for_task, wake_again
from core.reminders.buttons import ACTIONS as REMINDER_ACTIONS
from core.reminders.buttons import press_reminder
from core.storage import audit
from core.storage.audit import AuditEntry
from core.storage.models import Confirmation, iso, utcnow
from core.tools import undo_button
from core.types import TASK_ACTIONS, Action, Press, Reply

# What a confirmed action does: the text that replaces the question (or a whole Reply,
# when the outcome carries buttons of its own, such as Undo).
ConfirmAction = Callable[[AsyncSession, Confirmation], Awaitable[Reply | str]]


async def confirm_delete(session: AsyncSession, confirmation: Confirmation) -> Reply:
    """Move the task the confirmation names to the trash, if it is still on the list; audit
    either way. The outcome carries an Undo button."""
    journal = Journal(
        user_id=confirmation.user_id,
        conversation_id=confirmation.conversation_id,
        now=confirmation.decided_at,
    )
    # a task in the trash reminds nobody; undoing the delete sets its reminder again
    cancelled = confirmation.task_id is not None and await cancel_for_task(
        session, user_id=confirmation.user_id, task_id=confirmation.task_id, journal=journal
    )
    deleted = confirmation.task_id is not None and await delete_task(
        session, user_id=confirmation.user_id, task_id=confirmation.task_id, journal=journal
    )
    message = (
        f"Deleted {confirmation.subject}." + (" Its reminder is cancelled." if cancelled else "")
        if deleted
        else f"{confirmation.subject} was already gone, so there was nothing to delete."
    )
    await record_confirmed_delete(
        session, confirmation, kind="delete_task", deleted=deleted, message=message
    )
    return Reply(text=message, buttons=[undo_button(journal.token)] if journal.recorded else [])


async def confirm_empty_trash(session: AsyncSession, confirmation: Confirmation) -> str:
    """Erase the person's trash for good; audited."""
    erased = await empty_trash(session, user_id=confirmation.user_id)
    noun = "task" if erased == 1 else "tasks"
    message = (
        f"Emptied your trash: {erased} {noun} erased for good."
        if erased
        else "Your trash was already empty."
    )
    await audit.record(
        session,
        AuditEntry(
            user_id=confirmation.user_id,
            conversation_id=confirmation.conversation_id,
            action="empty_trash.confirmed",
            input={"subject": confirmation.subject},
            result={"ok": True, "message": message, "erased": erased},
            ok=True,
        ),
    )
    return message


CONFIRM_ACTIONS: dict[str, ConfirmAction] = {
    "delete_task": confirm_delete,
    offers.OFFER_KIND: offers.confirm_offer,
    asked.ASK_KIND: asked.confirm_choice,
    "empty_trash": confirm_empty_trash,
}


_KIND_WORDS: dict[str, tuple[str, str]] = {
    offers.OFFER_KIND: (offers.CANCELLED, offers.EXPIRED),
    asked.ASK_KIND: (asked.CANCELLED, asked.EXPIRED),
}


def explain(decision: Decision) -> Reply:
    """Every press that did not confirm gets a clear answer; only the owner's edit the message."""
    confirmation = decision.confirmation
    subject = confirmation.subject if confirmation else "that"
    words = _KIND_WORDS.get(confirmation.kind) if confirmation is not None else None
    match decision.outcome:
        case Outcome.CANCELLED if words:
            return Reply(text=words[0])
        case Outcome.EXPIRED if words:
            return Reply(text=words[1])
        case Outcome.CANCELLED:
            return Reply(text=f"Okay, I kept {subject}. Nothing was deleted.")
        case Outcome.NOT_YOURS:
            return Reply(
                text="Only the person who asked can confirm or cancel this.", ephemeral=True
            )
        case Outcome.EXPIRED:
            return Reply(
                text=f"This request to delete {subject} expired, so nothing was deleted. "
                "Ask me again if you still want it gone."
            )
        case Outcome.ALREADY_DECIDED:
            status = confirmation.status if confirmation else "decided"
            return Reply(text=f"That was already {status}; nothing more to do.", ephemeral=True)
        case _:
            return Reply(text="That button no longer works. Ask me again.", ephemeral=True)


async def decide_press(
    session: AsyncSession,
    press: Press,
    actions: dict[str, ConfirmAction],
    *,
    ttl_seconds: int = 600,
    default_timezone: str = "UTC",
    undo_window_seconds: int = 600,
    now: datetime | None = None,
    press_actions: Mapping[Action, PressAction] | None = None,
) -> Reply | None:
    """Decide one press inside the caller's transaction; None for a redelivered one.
    A task's button (Done, Delete, More) acts on the presser's own list instead; a
    button a plugin registered (`press_actions`: a team task's Done, or a reminder's Done,
    which the team plugin decides with a shared list's rules) does what its plugin says."""
    if press.event_id and not await claim_event(
        session, source=f"{press.platform}:press", event_id=press.event_id
    ):
        return None
    user = await user_for(
        session,
        platform=press.platform,
        tenant=press.tenant,
        external_id=press.user_ref,
        display_name=press.display_name,
        lock=True,  # presses and turns of one person take their row first, in that order
    )
    plugged = (press_actions or {}).get(press.action)
    if plugged is not None:
        return await plugged(session, press, user, now or utcnow())
    if press.action in TASK_ACTIONS:
        return await press_task_button(
            session,
            press,
            user=user,
            ttl_seconds=ttl_seconds,
            default_timezone=default_timezone,
            now=now or utcnow(),
        )
    if press.action in REMINDER_ACTIONS:
        return await press_reminder(
            session, user_id=user.id, token=press.token, action=press.action, now=utcnow()
        )
    if press.action is Action.UNDO:
        return await press_undo(
            session,
            user_id=user.id,
            token=press.token,
            window_seconds=undo_window_seconds,
            now=now,
        )
    return await decide_confirmation(
        session, user_id=user.id, press=press, actions=actions, now=now
    )


async def decide_confirmation(
    session: AsyncSession,
    *,
    user_id: UUID,
    press: Press,
    actions: dict[str, ConfirmAction],
    remember: bool = True,
    now: datetime | None = None,
) -> Reply:
    """The one decision of a confirmation, by button or by a typed yes or no (whose turn
    stores the reply itself, so it does not `remember` it)."""
    token, choice = with_choice(press.token)
    decision = await decide(session, token=token, user_id=user_id, action=press.action, now=now)
    if decision.outcome is Outcome.CONFIRMED and decision.confirmation is not None:
        note_choice(decision.confirmation, choice)
        action = actions.get(decision.confirmation.kind)
        if action is None:
            raise LookupError(f"no action for confirmations of kind {decision.confirmation.kind}")
        done = await action(session, decision.confirmation)
        reply = done if isinstance(done, Reply) else Reply(text=done)
    else:
        reply = explain(decision)
    reply.outcome = decision.outcome.value
    if remember:
        await _remember(session, decision, reply)
    return reply


async def press_undo(
    session: AsyncSession,
    *,
    user_id: UUID,
    token: str,
    window_seconds: int,
    now: datetime | None = None,
) -> Reply:
    """An Undo button: its owner takes back that turn's changes, once, within the window."""
    result = await undo_token(
        session,
        user_id=user_id,
        token=token,
        window_seconds=window_seconds,
        wake_again=wake_again,
        now=now,
    )
    if result.outcome is UndoOutcome.UNDONE:
        reply = Reply(text=describe_undo(result.changes), outcome=result.outcome.value)
        owner, conversation_id = user_id, result.changes[0].conversation_id
        await audit.record(
            session,
            AuditEntry(
                user_id=owner,
                conversation_id=conversation_id,
                action="undo.pressed",
                input={"token": token},
                result={"ok": True, "message": reply.text},
                ok=True,
            ),
        )
        await _note(session, owner, conversation_id, "undo:pressed", reply.text)
        return reply
    return Reply(
        text=refusal(result, window_seconds=window_seconds),
        ephemeral=True,
        outcome=result.outcome.value,
    )


async def _remember(session: AsyncSession, decision: Decision, reply: Reply) -> None:
    """The owner's decision goes into their conversation, so the agent knows what happened."""
    confirmation: Confirmation | None = decision.confirmation
    if reply.ephemeral or confirmation is None:
        return
    await _note(
        session,
        confirmation.user_id,
        confirmation.conversation_id,
        f"{confirmation.kind}:{decision.outcome.value}",
        reply.text,
        subject=confirmation.subject,
        calls=reply.tool_calls,
    )


async def _note(
    session: AsyncSession,
    user_id: UUID,
    conversation_id: UUID | None,
    name: str,
    text: str,
    *,
    subject: str = "",
    calls: list[dict[str, Any]] | None = None,
) -> None:
    if conversation_id is None:
        return
    conversation = await conversations.get_conversation(
        session, user_id=user_id, conversation_id=conversation_id
    )
    if conversation is None:
        return
    call = {
        "tool_name": name,
        "input": {"subject": subject},
        "result": {"ok": True, "message": text},
        "ok": True,
        "executed_at": iso(utcnow()),
    }
    await add_message(
        session,
        conversation=conversation,
        role="assistant",
        content=text,
        tool_calls=[call, *(calls or [])],
    )
