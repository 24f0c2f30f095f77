"""What a reminder says: no I/O, so every wording is unit-tested on plain values."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta, tzinfo

from core.domain.when import local_time
from core.types import Action, Button, Reply

# Sent later than this after its time, a reminder says when it was due.
LATE_AFTER = timedelta(minutes=2)
# More than this late (the service was down), reminders are folded into one summary.
SUMMARY_AFTER = timedelta(days=1)
TOMORROW_HOUR = 9
SNOOZE = timedelta(hours=1)
# A shared list whose place never said its name.
UNNAMED_PLACE = "a shared chat's"


@dataclass(frozen=True)
class Due:
    """One reminder as the message needs it; `place` names a shared list's chat ("#eng",
    empty when it never said), None for a person's own task."""

    token: str
    number: int | None
    title: str
    fire_at: datetime
    place: str | None = None


def clock_time(moment: datetime, zone: tzinfo) -> str:
    return local_time(moment, zone).strftime("%H:%M")


def when(moment: datetime, zone: tzinfo, now: datetime) -> str:
    """ "15:00" today, "tomorrow at 15:00", "Fri 6 Mar at 15:00" further off."""
    local, today = local_time(moment, zone), now.astimezone(zone).date()
    time = local.strftime("%H:%M")
    if local.date() == today:
        return f"today at {time}"
    if local.date() == today + timedelta(days=1):
        return f"tomorrow at {time}"
    if local.date() == today - timedelta(days=1):
        return f"yesterday at {time}"
    return f"{local:%a} {local.day} {local:%b} at {time}"


def reminder_buttons(token: str) -> list[Button]:
    return [
        Button("Done", Action.REMINDER_DONE, token),
        Button("Snooze 1 h", Action.SNOOZE, token),
        Button(f"Tomorrow {TOMORROW_HOUR}:00", Action.TOMORROW, token),
    ]


def task_name(due: Due) -> str:
    return f"#{due.number} “{due.title}”" if due.number is not None else f"“{due.title}”"


def named(due: Due) -> str:
    """The task's name, and where a shared list's task lives: #3 “fix it” (#eng team list)."""
    if due.place is None:
        return task_name(due)
    return f"{task_name(due)} ({due.place or UNNAMED_PLACE} team list)"


def reminder_reply(due: Due, *, now: datetime, zone: tzinfo) -> Reply:
    """⏰ Reminder: #3 “call mom”, with its buttons; marked late when it is."""
    text = f"⏰ Reminder: {named(due)}"
    if now - due.fire_at > LATE_AFTER:
        text += f" (was due {when(due.fire_at, zone, now)})"
    return Reply(text=text, buttons=reminder_buttons(due.token))


def summary_reply(missed: list[Due], *, now: datetime, zone: tzinfo) -> Reply:
    """Reminders more than a day late, oldest first, in one message without buttons."""
    ordered = sorted(missed, key=lambda due: due.fire_at)
    noun = "reminder" if len(ordered) == 1 else "reminders"
    lines = [f"⏰ While I was away you missed {len(ordered)} {noun}:"]
    lines += [f"• {named(due)}, due {when(due.fire_at, zone, now)}" for due in ordered]
    lines.append("Tell me if you want any of them again.")
    return Reply(text="\n".join(lines))


def tomorrow_at_nine(now: datetime, zone: tzinfo) -> datetime:
    local = now.astimezone(zone)
    day = local.date() + timedelta(days=1)
    return datetime(day.year, day.month, day.day, TOMORROW_HOUR, tzinfo=zone)
