"""Answers kept with their delivery's claim, so a delivery that comes again gets the same."""

from __future__ import annotations

import logging
from collections.abc import Awaitable
from dataclasses import replace
from datetime import datetime, timedelta
from typing import Protocol

from sqlalchemy.exc import SQLAlchemyError
from sqlmodel.ext.asyncio.session import AsyncSession

from core.chat.policy import ChatPolicy, KeyReused
from core.chat.screening import press_source
from core.commands.press_actions import PressAction
from core.commands.presses import ConfirmAction, decide_press
from core.delivery import events
from core.delivery.events import claim_event, release_event
from core.storage.db import Database, in_transaction
from core.types import Action, Incoming, Press, Reply

log = logging.getLogger("core.chat")


class SendNote(Protocol):
    """What a sender notes about a kept answer's send (`events.mark_answered`,
    `events.release_send`)."""

    def __call__(self, session: AsyncSession, *, source: str, event_id: str) -> Awaitable[None]: ...


async def keep_answer(
    session: AsyncSession,
    source: str,
    event_id: str,
    reply: Reply,
    fingerprint: str | None,
    *,
    sending_until: datetime | None = None,
) -> None:
    """Keep the answer with the delivery's claim. A platform's delivery (no `fingerprint`)
    holds the send of its answer until `sending_until` (core/delivery/events.py). For an
    idempotency key it is kept whatever it holds (a secret as the history shows it, without
    a file), except a rate-limit refusal, which changed nothing: the key is released for a
    later retry; the answer goes back in a response, so no send is claimed."""
    if fingerprint is None:
        record = reply.to_record()
        if record is not None:
            await events.keep_reply(
                session, source=source, event_id=event_id, reply=record, sending_until=sending_until
            )
        return
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


async def kept_reply(
    db: Database,
    *,
    source: str,
    event_id: str,
    fingerprint: str | None,
    now: datetime,
    claim: timedelta,
) -> Reply | None:
    """The kept answer to an applied delivery never noted as sent. A platform's delivery (no
    `fingerprint`) takes its send for `claim`, or raises SendInFlight while another attempt
    holds it; an idempotency key's answer is only read, as it goes back in a response
    (KeyReused when it came with another request)."""
    async with db.session() as session, session.begin():
        if fingerprint is None:
            record = await events.claim_unanswered(
                session, source=source, event_id=event_id, now=now, until=now + claim
            )
        else:
            record = await events.unanswered_reply(session, source=source, event_id=event_id)
    if record is None:
        return None
    if record.get("request") != fingerprint:
        raise KeyReused(event_id)
    return Reply.from_record(record)


async def note_send(db: Database, incoming: Incoming, note: SendNote, *, retries: int) -> None:
    """Note how the send of `incoming`'s answer went (sent, or failed). Best effort: failing
    here can only mean one more send after a crash, or a later one after a failure."""
    platform, event_id = incoming.platform, incoming.event_id
    if not event_id:
        return
    try:
        await in_transaction(
            db, lambda session: note(session, source=platform, event_id=event_id), retries=retries
        )
    except SQLAlchemyError:
        log.warning("could not note how the answer to %s/%s was sent", platform, event_id)
