"""A team task's life after it is added: `team remind` (at a time, or "1 day before" its due),
`team due`, `team priority`,
`team tag`/`untag`, `team undo`, `team trash` and `team restore`.

Every change is recorded as the member who made it, under the list's undo token
(`changes.team_journal`), so `team undo` takes back that member's latest change to this list,
and only while the platform still counts them in the chat (the caller has asked)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime
from uuid import UUID

from core.commands.extensions import CommandCall
from core.commands.team_assign import MemberOf, mentions_in
from core.commands.team_record import journal_of
from core.commands.team_undo import Undo, said, take_back
from core.commands.team_views import names_of
from core.commands.team_when import amount_words, before_due, checked_moment, followed
from core.commands.team_words import NotUnderstood, TeamReaders, due_words, named_person, says_me
from core.domain import lists, team_trash, trash
from core.domain.task_fields import FieldError, check_new_due
from core.domain.tasks import label, update_task
from core.domain.when import Due
from core.reminders.book import Where
from core.reminders.notice import when
from core.reminders.team_reminders import remind_on_team
from core.reminders.tooling import make_room, reminder_time
from core.storage.list_models import TaskList
from core.storage.models import Task

_REMIND = re.compile(
    r"^(?:(?P<who>.+?)\s+(?:about|of|for)\s+)?#?(?P<number>\d+)\s+(?P<when>.+)$",
    re.IGNORECASE | re.DOTALL,
)
_NUMBERED = re.compile(r"^#?(?P<number>\d+)(?:\s+(?P<rest>.*))?$", re.DOTALL)
_NO_DUE = frozenset({"none", "no", "clear", "nothing", "off"})
REMIND_HOW = (
    "Say which task and when: team remind 3 tomorrow 9am, team remind 3 1 day before "
    "(or team remind @bob about 3 …)."
)


@dataclass
class TeamLife:
    readers: TeamReaders
    member: MemberOf

    async def on_list(
        self, call: CommandCall, shared: TaskList, word: str, rest: str
    ) -> str | None:
        """The answer to one of this module's words; None for a word it does not know."""
        match word:
            case "remind":
                return await self.remind(call, shared, rest)
            case "due":
                return await self.due(call, shared, rest)
            case "priority":
                return await self.edit(call, shared, rest, "priority")
            case "tag" | "untag":
                return await self.edit(call, shared, rest, word)
            case "undo":
                return await self.undo(call, shared)
            case "trash":
                return await self.trash(call, shared)
            case "restore":
                return await self.restore(call, shared, rest)
        return None

    async def remind(self, call: CommandCall, shared: TaskList, rest: str) -> str:
        match = _REMIND.match(rest)
        if match is None:
            return REMIND_HOW
        task = await _numbered(call, shared, match.group("number"))
        if task.completed:
            return f"{label(task)} is already done, so I didn't set a reminder."
        person, name = await self._reminded(call, task, match.group("who"))
        said = match.group("when")
        before = self.readers.before(said)
        at = self._moment(call, said) if before is None else before_due(call, task, before)
        await make_room(
            call.session,
            user_id=person,
            task_id=task.id,
            limit=call.tools.max_pending_reminders,
        )
        await remind_on_team(
            call.session,
            task=task,
            person=person,
            at=at,
            where=Where(call.incoming.platform, call.conversation.id),
            journal=journal_of(call, shared),
            before_due_minutes=before,
        )
        said = f"I'll remind {name} about {label(task)} {when(at, call.tools.zone, call.tools.now)}"
        return said + ("." if before is None else f", {amount_words(before)} before it's due.")

    async def _reminded(self, call: CommandCall, task: Task, who: str | None) -> tuple[UUID, str]:
        """The person named, else the task's assignee, else whoever asked."""
        if who is None or says_me(who):
            if who is None and task.assignee_id not in (None, call.user.id):
                assert task.assignee_id is not None
                incoming = call.incoming
                names = await names_of(call.session, [task], incoming.platform, incoming.tenant)
                return task.assignee_id, names.get(task.assignee_id, "its assignee")
            return call.user.id, "you"
        place = call.tools.place
        assert place is not None
        person = named_person(who, await mentions_in(call, place, who)).person
        if person is None:
            raise NotUnderstood(REMIND_HOW)
        if person.ref == call.incoming.user_ref:
            return call.user.id, "you"
        return await self.member(call, person), person.name

    def _moment(self, call: CommandCall, said: str) -> datetime:
        now, zone = call.tools.now, call.tools.zone
        read = self.readers.date(f"task {said}", now, zone)
        if read is None or read[0] != "task":
            raise NotUnderstood(f"I couldn't read “{said}” as a time, so I set no reminder.")
        due = read[1]
        at = due.at if due.has_time else reminder_time(due.day(zone).isoformat(), zone=zone)
        return checked_moment(at, now=now, zone=zone)

    async def due(self, call: CommandCall, shared: TaskList, rest: str) -> str:
        task, said = await _numbered_with(call, shared, rest, "team due 3 friday (or none)")
        due = None if said.lower() in _NO_DUE else self._new_due(call, said)
        if isinstance(due, str):
            return due
        journal = journal_of(call, shared)
        await update_task(call.session, task=task, due=due, now=call.tools.now, journal=journal)
        told = f"{label(task)} has no due date now."
        if due is not None:
            told = f"{label(task)} is due {_shown_due(call, task)}."
        return told + await followed(call, task, journal)

    def _new_due(self, call: CommandCall, said: str) -> Due | str:
        """The due `said` names, or why it can't be one."""
        read = self.readers.date(f"task {said}", call.tools.now, call.tools.zone)
        if read is None or read[0] != "task":
            return f"I couldn't read “{said}” as a date, so I changed nothing."
        try:
            check_new_due(read[1], now=call.tools.now, zone=call.tools.zone, done="set it")
        except FieldError as error:
            return error.message
        return read[1]

    async def edit(self, call: CommandCall, shared: TaskList, rest: str, word: str) -> str:
        example = {"priority": "team priority 3 high", "tag": "team tag 3 backend"}
        task, said = await _numbered_with(call, shared, rest, example.get(word, "team untag 3 x"))
        words = said.split()
        journal = journal_of(call, shared)
        if word == "priority":
            await update_task(call.session, task=task, priority=said, journal=journal)
            return f"{label(task)} is {task.priority} priority now."
        if word == "tag":
            await update_task(call.session, task=task, add_tags=words, journal=journal)
        else:
            await update_task(call.session, task=task, remove_tags=words, journal=journal)
        tags = " ".join(f"#{tag}" for tag in task.tags) or "none"
        return f"{label(task)} tags: {tags}."

    async def undo(self, call: CommandCall, shared: TaskList) -> str:
        window, now = call.tools.undo_window_seconds, call.tools.now
        result = await take_back(call.session, Undo(call.user.id, shared, window, now))
        return said(result, window)

    async def trash(self, call: CommandCall, shared: TaskList) -> str:
        deleted = await team_trash.trashed(call.session, shared=shared)
        if not deleted:
            return "This chat's team trash is empty."
        lines = [f"#{task.number} {task.title}" for task in deleted]
        return "In this chat's team trash (team restore <n> brings one back):\n" + "\n".join(lines)

    async def restore(self, call: CommandCall, shared: TaskList, rest: str) -> str:
        number = lists.number_of(rest)
        task = await team_trash.trashed_numbered(call.session, shared=shared, number=number)
        await trash.restore_task(call.session, task=task, journal=journal_of(call, shared))
        return f"Restored {label(task)} to this chat's team list."


async def _numbered(call: CommandCall, shared: TaskList, number: str) -> Task:
    return await lists.task_numbered(call.session, shared=shared, number=lists.number_of(number))


async def _numbered_with(
    call: CommandCall, shared: TaskList, rest: str, example: str
) -> tuple[Task, str]:
    """The task a command's first word numbers, and what follows it (refused when empty)."""
    match = _NUMBERED.match(rest.strip())
    said = (match.group("rest") or "").strip() if match else ""
    if match is None or not said:
        raise NotUnderstood(f"Say which task and what to set: {example}.")
    return await _numbered(call, shared, match.group("number")), said


def _shown_due(call: CommandCall, task: Task) -> str:
    return due_words(task, now=call.tools.now, zone=call.tools.zone).removeprefix(", due ")
