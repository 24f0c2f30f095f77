"""A round's messages: each due reminder phrased for its person, the very late ones folded
into one summary."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, tzinfo
from uuid import UUID

from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from core.delivery.inbox_rows import Claimed
from core.reminders import digest
from core.reminders.delivery import Recipient, Unreachable
from core.reminders.notice import LATE_AFTER, SUMMARY_AFTER, Due, reminder_reply, summary_reply
from core.reminders.zones import UTC_ZONE
from core.storage.models import Task
from core.storage.reminder_models import Reminder
from core.types import Reply

LATE = LATE_AFTER.total_seconds()


@dataclass
class Outgoing:
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


def by_person(outgoing: list[Outgoing]) -> list[list[Outgoing]]:
    queues: dict[tuple[str, str, UUID], list[Outgoing]] = {}
    for out in sorted(outgoing, key=lambda out: min(r.fire_at for r in out.reminders)):
        person = out.recipient
        queues.setdefault((person.platform, person.user_ref, person.user_id), []).append(out)
    return list(queues.values())


def due_of(reminder: Reminder, task: Task | None, places: dict[UUID, str]) -> Due:
    """The reminder as its message needs it; a shared list's task with the chat it lives in
    (`places`, by list)."""
    if task is None:
        return Due(reminder.token, None, "your reminder", reminder.fire_at)
    place = places.get(task.list_id) if task.user_id is None else None
    return Due(reminder.token, task.number, task.title, reminder.fire_at, place)


async def overdue_for_summary(
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


Live = tuple[Claimed, Reminder, Task | None]


@dataclass
class Round:
    """Phrases one round's messages inside its transaction: each live reminder goes
    `sending`, and a person's reminders more than a day late share one summary."""

    session: AsyncSession
    now: datetime
    zones: dict[UUID, tzinfo]
    places: dict[UUID, Recipient]
    folded: dict[UUID, list[tuple[Reminder, Task | None]]]
    # The chats shared lists' tasks live in, by list (`team_reminders.team_places`).
    teams: dict[UUID, str] = field(default_factory=dict)
    _summaries: dict[UUID, Outgoing] = field(default_factory=dict)

    async def compose(self, live: list[Live]) -> list[Outgoing]:
        outgoing: list[Outgoing] = []
        for item, reminder, task in live:
            reminder.status = "sending"
            reminder.attempts += 1
            self.session.add(reminder)
            out = await self._message(item, reminder, task)
            if out is not None:
                outgoing.append(out)
        self._word_summaries(live)
        return outgoing

    async def _message(
        self, item: Claimed, reminder: Reminder, task: Task | None
    ) -> Outgoing | None:
        """The reminder's own message; None when it joined a summary already out."""
        recipient = self.places.get(reminder.id)
        zone = self.zones.get(reminder.user_id, UTC_ZONE)
        lag = (self.now - reminder.fire_at).total_seconds()
        if recipient is None:
            nobody = Recipient(reminder.user_id, reminder.platform, "", "")
            out = Outgoing([item], nobody, None, [reminder], lag, False, outcome="blocked")
            out.error = Unreachable("no reachable account on that platform")
            return out
        if reminder.kind == "digest":
            reply = await digest.digest_reply(
                self.session, user_id=reminder.user_id, zone=zone, now=self.now
            )
            return Outgoing([item], recipient, reply, [reminder], lag, lag > LATE)
        if self.now - reminder.fire_at > SUMMARY_AFTER:
            return self._fold(item, reminder, recipient, lag)
        reply = reminder_reply(due_of(reminder, task, self.teams), now=self.now, zone=zone)
        out = Outgoing([item], recipient, reply, [reminder], lag, lag > LATE)
        out.task_number = task.number if task is not None else None
        return out

    def _fold(
        self, item: Claimed, reminder: Reminder, recipient: Recipient, lag: float
    ) -> Outgoing | None:
        """Into the person's summary: made with their other late reminders on first use."""
        summary = self._summaries.get(reminder.user_id)
        made = summary is None
        if summary is None:
            summary = Outgoing([], recipient, None, [], lag, True, outcome="summarised")
            self._summaries[reminder.user_id] = summary
            for other, _ in self.folded.get(reminder.user_id, []):
                other.status = "sending"
                self.session.add(other)
                summary.reminders.append(other)
        summary.items.append(item)
        summary.reminders.append(reminder)
        return summary if made else None

    def _word_summaries(self, live: list[Live]) -> None:
        tasks = {task.id: task for _, _, task in live if task is not None}
        tasks.update({t.id: t for pairs in self.folded.values() for _, t in pairs if t is not None})
        for user_id, summary in self._summaries.items():
            missed = [
                due_of(r, tasks.get(r.task_id) if r.task_id else None, self.teams)
                for r in summary.reminders
            ]
            zone = self.zones.get(user_id, UTC_ZONE)
            summary.reply = summary_reply(missed, now=self.now, zone=zone)
