"""What a decided confirmation does, and what each refusal tells the presser."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from datetime import datetime

from sqlmodel.ext.asyncio.session import AsyncSession

from core import conversations, offers
from core import tasks as task_service
from core.confirmations import Decision, Outcome, decide
from core.events import claim_event
from core.identities import user_for
from core.models import Confirmation, ToolCall, iso, utcnow
from core.reminders.book import cancel_for_task
from core.reminders.buttons import ACTIONS as REMINDER_ACTIONS
from core.reminders.buttons import press_reminder
from core.task_buttons import press_task_button
from core.types import TASK_ACTIONS, Press, Reply

ConfirmAction = Callable[[AsyncSession, Confirmation], Awaitable[str]]


async def confirm_delete(session: AsyncSession, confirmation: Confirmation) -> str:
    """Delete the task the confirmation names, if it still exists; audit either way."""
    cancelled = confirmation.task_id is not None and await cancel_for_task(
        session, user_id=confirmation.user_id, task_id=confirmation.task_id
    )
    deleted = confirmation.task_id is not None and await task_service.delete_task(
        session, user_id=confirmation.user_id, task_id=confirmation.task_id
    )
    message = (
        f"Deleted {confirmation.subject}." + (" Its reminder is cancelled." if cancelled else "")
        if deleted
        else f"{confirmation.subject} was already gone, so there was nothing to delete."
    )
    session.add(
        ToolCall(
            user_id=confirmation.user_id,
            conversation_id=confirmation.conversation_id,
            tool="delete_task.confirmed",
            input={"task_id": str(confirmation.task_id), "subject": confirmation.subject},
            result={"ok": deleted, "message": message},
            ok=deleted,
            duration_ms=0.0,
        )
    )
    return message


CONFIRM_ACTIONS: dict[str, ConfirmAction] = {
    "delete_task": confirm_delete,
    offers.OFFER_KIND: offers.confirm_offer,
}


def explain(decision: Decision) -> Reply:
    """Every press that did not confirm gets a clear answer; only the owner's edit the message."""
    confirmation = decision.confirmation
    subject = confirmation.subject if confirmation else "that"
    offered = confirmation is not None and confirmation.kind == offers.OFFER_KIND
    match decision.outcome:
        case Outcome.CANCELLED if offered:
            return Reply(text=offers.CANCELLED)
        case Outcome.EXPIRED if offered:
            return Reply(text=offers.EXPIRED)
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
    now: datetime | None = None,
) -> Reply | None:
    """Decide one press inside the caller's transaction; None for a redelivered one.
    A task's button (Done, Delete, More) acts on the presser's own list instead."""
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
    )
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
    decision = await decide(session, token=press.token, user_id=user.id, action=press.action)
    if decision.outcome is Outcome.CONFIRMED and decision.confirmation is not None:
        action = actions.get(decision.confirmation.kind)
        if action is None:
            raise LookupError(f"no action for confirmations of kind {decision.confirmation.kind}")
        reply = Reply(text=await action(session, decision.confirmation))
    else:
        reply = explain(decision)
    reply.outcome = decision.outcome.value
    await _remember(session, decision, reply)
    return reply


async def _remember(session: AsyncSession, decision: Decision, reply: Reply) -> None:
    """The owner's decision goes into their conversation, so the agent knows what happened."""
    confirmation: Confirmation | None = decision.confirmation
    if reply.ephemeral or confirmation is None or confirmation.conversation_id is None:
        return
    conversation = await conversations.get_conversation(
        session, user_id=confirmation.user_id, conversation_id=confirmation.conversation_id
    )
    if conversation is None:
        return
    call = {
        "tool_name": f"{confirmation.kind}:{decision.outcome.value}",
        "input": {"subject": confirmation.subject},
        "result": {"ok": True, "message": reply.text},
        "ok": True,
        "executed_at": iso(utcnow()),
    }
    await conversations.add_message(
        session, conversation=conversation, role="assistant", content=reply.text, tool_calls=[call]
    )
