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
from core.delivery.inbox import Inbox
from core.delivery.inbox_policy import InboxPolicy
from core.delivery.inbox_rows import Claimed
from core.reminders import digest
from core.reminders.book import source_for
from core.reminders.delivery import (
    NoReminderObserver,
    Notice,
    Refused,
    ReminderObserver,
    Sender,
    Unreachable,
)
from core.reminders.outgoing import (
    Live,
    Outgoing,
    Round,
    by_person,
    overdue_for_summary,
)
from core.reminders.recipients import recipients_of
from core.reminders.team_reminders import team_places
from core.reminders.zones import zones_of
from core.storage.db import Database, in_transaction
from core.storage.models import Identity, Task
from core.storage.reminder_models import Reminder

log = logging.getLogger(__name__)


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
            *(self._send_in_order(queue, deadline) for queue in by_person(outgoing))
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
    ) -> list[Outgoing]:
        live = await self._live(session, items)
        if not live:
            return []
        users = {reminder.user_id for _, reminder, _ in live}
        zones = await zones_of(session, user_ids=users, default=self.policy.default_timezone)
        places = await recipients_of(session, [reminder for _, reminder, _ in live])
        folded = await overdue_for_summary(session, live, now)
        tasks = [task for _, _, task in live] + [t for pairs in folded.values() for _, t in pairs]
        teams = await team_places(session, tasks)
        round_ = Round(session, now=now, zones=zones, places=places, folded=folded, teams=teams)
        outgoing = await round_.compose(live)
        await session.flush()
        return outgoing

    async def _live(self, session: AsyncSession, items: list[Claimed]) -> list[Live]:
        """The claimed reminders still to send, locked; a wake-up for an older version, a
        cancelled or a sent one, or one whose reminder is gone, is finished without a word."""
        wanted = {UUID(item.payload["reminder"]): item for item in items}
        rows = await session.exec(
            select(Reminder, Task)
            .join(Task, col(Task.id) == col(Reminder.task_id), isouter=True)
            .where(col(Reminder.id).in_(list(wanted)))
            .with_for_update(of=Reminder)
        )
        live: list[Live] = []
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
        return live

    async def _send_in_order(self, queue: list[Outgoing], deadline: float) -> None:
        """One person's messages one after another, oldest first; people side by side."""
        for out in queue:
            await self._send(out, deadline)

    async def _send(self, out: Outgoing, deadline: float) -> None:
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

    async def _settle(self, outgoing: list[Outgoing], now: datetime) -> None:
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
        await self._count(outgoing, giving_up, now)

    async def _count(self, outgoing: list[Outgoing], giving_up: set[int], now: datetime) -> None:
        """Tell the observer each message's outcome; the ones to try again get their wait."""
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

    async def _retry(self, out: Outgoing, now: datetime) -> None:
        error = out.error or Refused("refused")
        wait = error.retry_after if isinstance(error, Refused) else None
        if wait is None:
            wait = self.policy.retry_base_seconds * 2 ** (out.attempts - 1)
        wait = min(max(wait, 0.0), self.policy.retry_max_seconds)
        for item in out.items:
            await self._inbox.settle_failure(item, error, retry_at=now + timedelta(seconds=wait))


async def _mark_unreachable(session: AsyncSession, outgoing: list[Outgoing], now: datetime) -> None:
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
