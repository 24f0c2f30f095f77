"""Answers kept with their delivery's claim, so a delivery that comes again gets the same."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime

from sqlmodel.ext.asyncio.session import AsyncSession

from core.chat.policy import ChatPolicy
from core.chat.screening import press_source
from core.commands.press_actions import PressAction
from core.commands.presses import ConfirmAction, decide_press
from core.delivery import events
from core.delivery.events import claim_event, release_event
from core.types import Action, Press, Reply


async def keep_answer(
    session: AsyncSession,
    source: str,
    event_id: str,
    reply: Reply,
    fingerprint: str | None,
) -> None:
    """Keep the answer with the delivery's claim. For an idempotency key it is kept
    whatever it holds (a secret as the history shows it, without a file), except a
    rate-limit refusal, which changed nothing: the key is released for a later retry."""
    if fingerprint is None:
        record = reply.to_record()
    elif reply.rate_limited:
        await release_event(session, source=source, event_id=event_id)
        return
    else:
        record = {**reply.to_redacted_record(), "request": fingerprint}
    if record is not None:
        await events.keep_reply(session, source=source, event_id=event_id, reply=record)


async def decided(
    session: AsyncSession,
    press: Press,
    actions: dict[str, ConfirmAction],
    *,
    policy: ChatPolicy,
    now: datetime,
    press_actions: dict[Action, PressAction] | None = None,
) -> Reply | None:
    """A press decided; one with an idempotency key is claimed here, so its answer is kept.
    None when that key's press was decided already."""

    async def decide(press: Press) -> Reply | None:
        return await decide_press(
            session,
            press,
            actions,
            ttl_seconds=policy.confirmation_ttl_seconds,
            default_timezone=policy.default_timezone,
            undo_window_seconds=policy.undo_window_seconds,
            now=now,
            press_actions=press_actions,
        )

    if not (press.event_id and press.fingerprint):
        return await decide(press)
    source = press_source(press)
    if not await claim_event(
        session, source=source, event_id=press.event_id, expires_after=policy.idempotency_window
    ):
        return None
    reply = await decide(replace(press, event_id=None))
    if reply is not None:
        await keep_answer(session, source, press.event_id, reply, press.fingerprint)
    return reply
