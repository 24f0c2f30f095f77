"""Claiming due reminders and sending each exactly once, whichever process does it.

Every process that can reach a platform (`todobot serve` workers, `todobot slack`,
`todobot telegram`, the console) runs a `ReminderDispatcher` for its platforms. A round:

1. lease a batch of due wake-ups from the inbox (one statement, `FOR UPDATE SKIP LOCKED`, in
   the order they fell due), so no two processes hold the same reminder;
2. one transaction takes the reminders they name (`pending` -> `sending`; a wake-up for an
   older version, or a cancelled reminder, is finished without a word), folds reminders more
   than a day late into one summary per person, and phrases every message;
3. the messages go out concurrently (the platform sender keeps to its rate limits);
4. one transaction marks the delivered ones `sent` with their wake-ups done; a refusal is
   retried with backoff (the platform's `retry_after` when it gave one), a blocked person
   is marked and not tried again, and after the inbox's attempt limit the reminder fails.

A process killed after step 2 leaves its lease to run out: another process finds the
reminders `sending` and sends them. Only a kill between a send and step 4 can repeat one.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from uuid import UUID

from sqlalchemy import bindparam, update
from sqlalchemy.exc import DBAPIError
from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from core.clock import Clock, SystemClock
from core.delivery import scheduled
from core.delivery.inbox import Claimed, Inbox, InboxPolicy
from core.reminders import digest
from core.reminders.book import source_for
from core.reminders.delivery import (
    NoReminderObserver,
    Notice,
    Recipient,
    Refused,
    ReminderObserver,
    Sender,
    Unreachable,
)
from core.reminders.notice import LATE_AFTER, SUMMARY_AFTER, Due, reminder_reply, summary_reply
from core.reminders.zones import UTC_ZONE, zones_of
from core.storage.db import Database, in_transaction
from core.storage.models import Conversation, Identity, Task
from core.storage.reminder_models import Reminder
from core.types import Reply

log = logging.getLogger(__name__)

LATE = LATE_AFTER.total_seconds()


@dataclass(frozen=True)
class DispatchPolicy:
    batch: int = 200
    poll_seconds: float = 1.0
    lease_seconds: float = 60.0
    sends_at_once: int = 64
    max_attempts: int = 8
    retry_base_seconds: float = 5.0
    retry_max_seconds: float = 900.0
    default_timezone: str = "UTC"


@dataclass
class _Outgoing:
    """One message of a round: the reminders it carries and the wake-ups that claimed them."""

    items: list[Claimed]
    recipient: Recipient
    reply: Reply | None
    reminders: list[Reminder]
    lag_seconds: float
    late: bool
    outcome: str = "sent"
    message_ref: str | None = None
    error: Exception | None = None
    task_number: int | None = None

    @property
    def attempts(self) -> int:
        return max(item.attempts for item in self.items)


@dataclass
class ReminderDispatcher:
    db: Database
    senders: Sequence[Sender]
    clock: Clock = field(default_factory=SystemClock)
    policy: DispatchPolicy = field(default_factory=DispatchPolicy)
    observer: ReminderObserver = field(default_factory=NoReminderObserver)

    def __post_init__(self) -> None:
        self._by_platform = {sender.platform: sender for sender in self.senders}
        self._sources = [source_for(platform) for platform in self._by_platform]
        self._inbox = Inbox(
            self.db,
            policy=InboxPolicy(
                lease_seconds=self.policy.lease_seconds, max_attempts=self.policy.max_attempts
            ),
        )
        self._stopping = asyncio.Event()
        self._gate = asyncio.Semaphore(self.policy.sends_at_once)

    async def run_once(self) -> int:
        """One round; how many wake-ups it claimed (tests step the clock between rounds)."""
        now = self.clock.now()
        items = await self._inbox.claim(
            self.policy.batch, sources=self._sources, by_due=True, now=now
        )
        if not items:
            return 0
        outgoing = await in_transaction(self.db, lambda session: self._take(session, items, now))
        deadline = asyncio.get_running_loop().time() + self.policy.lease_seconds * 0.8
        await asyncio.gather(
            *(self._send_in_order(queue, deadline) for queue in _by_person(outgoing))
        )
        await self._settle(outgoing, self.clock.now())
        return len(items)

    async def run(self) -> None:
        """Rounds until `stop()`: straight on while there is a backlog, else every poll."""
        while not self._stopping.is_set():
            try:
                claimed = await self.run_once()
            except (DBAPIError, OSError) as error:
                log.warning("reminders: database unreachable (%s); retrying", type(error).__name__)
                claimed = 0
            if claimed >= self.policy.batch:
                continue
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._stopping.wait(), timeout=self.policy.poll_seconds)

    def stop(self) -> None:
        self._stopping.set()

    async def _take(
        self, session: AsyncSession, items: list[Claimed], now: datetime
    ) -> list[_Outgoing]:
        wanted = {UUID(item.payload["reminder"]): item for item in items}
        rows = await session.exec(
            select(Reminder, Task)
            .join(Task, col(Task.id) == col(Reminder.task_id), isouter=True)
            .where(col(Reminder.id).in_(list(wanted)))
            .with_for_update(of=Reminder)
        )
        live: list[tuple[Claimed, Reminder, Task | None]] = []
        stale: list[Claimed] = []
        for reminder, found_task in rows.all():
            item = wanted.pop(reminder.id)
            current = reminder.version == item.payload.get("version")
            if current and reminder.status in ("pending", "sending"):
                live.append((item, reminder, found_task))
            else:
                stale.append(item)
        stale += wanted.values()  # the reminder is gone (its task was erased)
        for item in stale:
            self.observer.reminder(item.source.removeprefix("reminder:"), "stale")
        await scheduled.finish(session, item_ids=[item.id for item in stale])
        if not live:
            return []
        users = {reminder.user_id for _, reminder, _ in live}
        zones = await zones_of(session, user_ids=users, default=self.policy.default_timezone)
        places = await _recipients(session, [reminder for _, reminder, _ in live])
        folded = await _overdue_for_summary(session, live, now)
        outgoing: list[_Outgoing] = []
        summaries: dict[UUID, _Outgoing] = {}
        for item, reminder, task in live:
            reminder.status = "sending"
            reminder.attempts += 1
            session.add(reminder)
            recipient = places.get(reminder.id)
            zone = zones.get(reminder.user_id, UTC_ZONE)
            lag = (now - reminder.fire_at).total_seconds()
            if recipient is None:
                nobody = Recipient(reminder.user_id, reminder.platform, "", "")
                out = _Outgoing([item], nobody, None, [reminder], lag, False, outcome="blocked")
                out.error = Unreachable("no reachable account on that platform")
                outgoing.append(out)
            elif reminder.kind == "digest":
                reply = await digest.digest_reply(
                    session, user_id=reminder.user_id, zone=zone, now=now
                )
                outgoing.append(_Outgoing([item], recipient, reply, [reminder], lag, lag > LATE))
            elif now - reminder.fire_at > SUMMARY_AFTER:
                summary = summaries.get(reminder.user_id)
                if summary is None:
                    summary = _Outgoing([], recipient, None, [], lag, True, outcome="summarised")
                    summaries[reminder.user_id] = summary
                    outgoing.append(summary)
                    for other, _ in folded.get(reminder.user_id, []):
                        other.status = "sending"
                        session.add(other)
                        summary.reminders.append(other)
                summary.items.append(item)
                summary.reminders.append(reminder)
            else:
                reply = reminder_reply(_due(reminder, task), now=now, zone=zone)
                out = _Outgoing([item], recipient, reply, [reminder], lag, lag > LATE)
                out.task_number = task.number if task is not None else None
                outgoing.append(out)
        tasks = {task.id: task for _, _, task in live if task is not None}
        tasks.update({t.id: t for pairs in folded.values() for _, t in pairs if t is not None})
        for user_id, summary in summaries.items():
            missed = [
                _due(r, tasks.get(r.task_id) if r.task_id else None) for r in summary.reminders
            ]
            summary.reply = summary_reply(missed, now=now, zone=zones.get(user_id, UTC_ZONE))
        await session.flush()
        return outgoing

    async def _send_in_order(self, queue: list[_Outgoing], deadline: float) -> None:
        """One person's messages one after another, oldest first; people side by side."""
        for out in queue:
            await self._send(out, deadline)

    async def _send(self, out: _Outgoing, deadline: float) -> None:
        if out.outcome == "blocked" or out.reply is None:
            return
        sender = self._by_platform[out.recipient.platform]
        async with self._gate:
            if asyncio.get_running_loop().time() > deadline:
                out.outcome, out.error = "retry", Refused("the lease ran short; sent next round")
                return
            try:
                notice = Notice(out.recipient, out.reply, task_number=out.task_number)
                out.message_ref = await sender.send(notice)
            except Unreachable as error:
                out.outcome, out.error = "blocked", error
            except Refused as error:
                out.outcome, out.error = "retry", error
            except Exception as error:
                log.exception("reminder send failed on %s", sender.platform)
                out.outcome, out.error = "retry", error

    async def _settle(self, outgoing: list[_Outgoing], now: datetime) -> None:
        limit = self.policy.max_attempts
        giving_up = {
            id(out) for out in outgoing if out.outcome == "retry" and out.attempts >= limit
        }

        async def mark(session: AsyncSession) -> None:
            rows: list[dict[str, object]] = []
            for out in outgoing:
                if out.outcome == "retry" and id(out) not in giving_up:
                    continue
                status = {"retry": "failed", "blocked": "blocked"}.get(out.outcome, "sent")
                for reminder in out.reminders:
                    if reminder.kind == "digest" and status == "sent":
                        await digest.schedule_next(session, reminder=reminder, now=now)
                        continue
                    rows.append(
                        {
                            "rid": reminder.id,
                            "status": status,
                            "sent_at": now,
                            "late": out.late,
                            "message_ref": out.message_ref,
                            "last_error": str(out.error)[:500] if out.error else None,
                        }
                    )
            if rows:
                connection = await session.connection()
                await connection.execute(
                    update(Reminder)
                    .where(col(Reminder.id) == bindparam("rid"))
                    .values(
                        status=bindparam("status"),
                        sent_at=bindparam("sent_at"),
                        late=bindparam("late"),
                        message_ref=bindparam("message_ref"),
                        last_error=bindparam("last_error"),
                    ),
                    rows,
                )
            await _mark_unreachable(session, outgoing, now)
            finished = [i.id for out in outgoing if out.outcome != "retry" for i in out.items]
            await scheduled.finish(session, item_ids=finished)

        await in_transaction(self.db, mark)
        for out in outgoing:
            platform = out.recipient.platform
            if out.outcome == "retry":
                await self._retry(out, now)
                self.observer.reminder(platform, "failed" if id(out) in giving_up else "retry")
            elif out.outcome == "sent":
                self.observer.reminder(platform, "late" if out.late else "sent", out.lag_seconds)
            else:
                for _ in out.reminders:
                    self.observer.reminder(platform, out.outcome, out.lag_seconds)

    async def _retry(self, out: _Outgoing, now: datetime) -> None:
        error = out.error or Refused("refused")
        wait = error.retry_after if isinstance(error, Refused) else None
        if wait is None:
            wait = self.policy.retry_base_seconds * 2 ** (out.attempts - 1)
        wait = min(max(wait, 0.0), self.policy.retry_max_seconds)
        for item in out.items:
            await self._inbox.settle_failure(item, error, retry_at=now + timedelta(seconds=wait))


def _by_person(outgoing: list[_Outgoing]) -> list[list[_Outgoing]]:
    queues: dict[tuple[str, str, UUID], list[_Outgoing]] = {}
    for out in sorted(outgoing, key=lambda out: min(r.fire_at for r in out.reminders)):
        person = out.recipient
        queues.setdefault((person.platform, person.user_ref, person.user_id), []).append(out)
    return list(queues.values())


def _due(reminder: Reminder, task: Task | None) -> Due:
    if task is None:
        return Due(reminder.token, None, "your reminder", reminder.fire_at)
    return Due(reminder.token, task.number, task.title, reminder.fire_at)


async def _recipients(session: AsyncSession, reminders: list[Reminder]) -> dict[UUID, Recipient]:
    """Each reminder's person on its platform, in the chat they asked from; none for an
    account marked unreachable (setting a reminder from it clears the mark)."""
    users = {reminder.user_id for reminder in reminders}
    platforms = {reminder.platform for reminder in reminders}
    accounts = await session.exec(
        select(Identity)
        .where(col(Identity.user_id).in_(users), col(Identity.platform).in_(platforms))
        .order_by(col(Identity.created_at))
    )
    account: dict[tuple[UUID, str], Identity] = {}
    for found_identity in accounts.all():
        account[(found_identity.user_id, found_identity.platform)] = found_identity
    asked = {r.conversation_id for r in reminders if r.conversation_id is not None}
    chats: dict[UUID, str] = {}
    if asked:
        found = await session.exec(
            select(Conversation.id, Conversation.chat_key).where(col(Conversation.id).in_(asked))
        )
        chats = {row[0]: row[1] for row in found.all()}
    places: dict[UUID, Recipient] = {}
    for reminder in reminders:
        identity = account.get((reminder.user_id, reminder.platform))
        if identity is None:
            continue
        if identity.unreachable_since is not None:
            continue
        key = chats.get(reminder.conversation_id) if reminder.conversation_id else None
        chat_ref, _, thread_ref = (key or "").partition("/")
        places[reminder.id] = Recipient(
            user_id=reminder.user_id,
            platform=reminder.platform,
            tenant=identity.tenant,
            user_ref=identity.external_id,
            chat_ref=chat_ref or None,
            thread_ref=thread_ref or None,
            display_name=identity.display_name,
            conversation_id=reminder.conversation_id,
        )
    return places


async def _overdue_for_summary(
    session: AsyncSession, live: list[tuple[Claimed, Reminder, Task | None]], now: datetime
) -> dict[UUID, list[tuple[Reminder, Task | None]]]:
    """For people with a reminder more than a day late in this round: their other pending
    reminders that late, so one summary carries them all."""
    taken = {reminder.id for _, reminder, _ in live}
    people = {r.user_id for _, r, _ in live if now - r.fire_at > SUMMARY_AFTER}
    if not people:
        return {}
    found = await session.exec(
        select(Reminder, Task)
        .join(Task, col(Task.id) == col(Reminder.task_id), isouter=True)
        .where(
            col(Reminder.user_id).in_(people),
            col(Reminder.status) == "pending",
            col(Reminder.kind) == "task",
            col(Reminder.fire_at) < now - SUMMARY_AFTER,
        )
        .with_for_update(of=Reminder, skip_locked=True)
    )
    extra: dict[UUID, list[tuple[Reminder, Task | None]]] = {}
    for reminder, task in found.all():
        if reminder.id not in taken:
            extra.setdefault(reminder.user_id, []).append((reminder, task))
    return extra


async def _mark_unreachable(
    session: AsyncSession, outgoing: list[_Outgoing], now: datetime
) -> None:
    for out in outgoing:
        recipient = out.recipient
        if out.outcome != "blocked" or not recipient.user_ref:
            continue
        await session.exec(
            update(Identity)
            .where(
                col(Identity.user_id) == recipient.user_id,
                col(Identity.platform) == recipient.platform,
                col(Identity.external_id) == recipient.user_ref,
            )
            .values(unreachable_since=now)
            .execution_options(synchronize_session=False)
        )
