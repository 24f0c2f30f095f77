"""The team list of a channel or group: `/todo team …` in Slack, `/team …` in Telegram.

`team` lists the place's open tasks; `team add <title> [@person] [due]`, `team done <n>`,
`team delete <n>` (confirmed by its creator or assignee), `team assign <n> to @person|me`,
`team unassign <n>`; `team mine` (and "what's assigned to me?") lists what a person holds,
anywhere. The list is always the place the message came from (`ToolContext.place`), and the
person acting, and anyone given a task, must be a member of it, as the platform says."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Protocol
from uuid import UUID

from core.commands.extensions import CommandCall, CommandHost
from core.commands.team_delete import CONFIRM_KIND, ask_to_delete, confirm_delete
from core.commands.team_life import TeamLife, audit_change, journal_of
from core.commands.team_people import account_of, names_of
from core.commands.team_phrases import recognise
from core.commands.team_reminder_phrase import recognise_reminder
from core.commands.team_words import (
    DateReader,
    NotUnderstood,
    due_words,
    named_person,
    says_me,
    task_line,
)
from core.domain import lists
from core.domain.lists import Place
from core.domain.tasks import TaskError
from core.people.identities import user_for
from core.people.membership import Memberships
from core.reminders.team_reminders import cancel_team_reminders
from core.storage.list_models import TaskList
from core.storage.models import Task
from core.types import Reply, Tell

USAGE = (
    "Team list commands: team (the list), team add <title> [@person] [due], team done <n>, "
    "team delete <n>, team assign <n> to @person, team unassign <n>, team mine, "
    "team remind <n> <when> (its assignee, or you; team remind @person about <n> <when>), "
    "team due <n> <date|none>, team priority <n> low|medium|high, team tag|untag <n> <tags>, "
    "team undo, team trash, team restore <n>."
)
NOT_A_PLACE = (
    "A team list belongs to a channel or group: use the team commands there. "
    "(“team mine” shows what is assigned to you from anywhere.)"
)
NOT_A_MEMBER = "Only members of this chat can use its team list, so I changed nothing."
_ASSIGN = re.compile(r"^#?(?P<number>\d+)\s+to\s+(?P<who>.+)$", re.IGNORECASE | re.DOTALL)


@dataclass
class Team:
    """The team commands, with the platforms' membership answers and a date reader."""

    memberships: Memberships
    read_date: DateReader

    async def command(self, call: CommandCall) -> Reply | str:
        word, _, rest = call.args.strip().partition(" ")
        word, rest = word.lower(), rest.strip()
        if word == "mine":
            return await self.mine(call)
        shared = await self._place_list(call)
        if isinstance(shared, str):
            return shared
        try:
            answer = await self._on_list(call, shared, word, rest)
        except (TaskError, NotUnderstood) as refused:
            await audit_change(call, shared, word, str(refused), ok=False)
            return str(refused)
        await audit_change(call, shared, word, answer, ok=True)
        return answer

    async def _on_list(
        self, call: CommandCall, shared: TaskList, word: str, rest: str
    ) -> Reply | str:
        match word:
            case "" | "list":
                return await self.listing(call, shared)
            case "add":
                return await self.add(call, shared, rest)
            case "done" | "complete":
                return await self.done(call, shared, rest)
            case "delete":
                task = await lists.task_numbered(
                    call.session, shared=shared, number=lists.number_of(rest)
                )
                return await ask_to_delete(call, task)
            case "assign" | "reassign":
                return await self.assign(call, shared, rest)
            case "unassign":
                return await self.unassign(call, shared, rest)
        answer = await TeamLife(self.read_date, self._member).on_list(call, shared, word, rest)
        return USAGE if answer is None else answer

    async def _place_list(self, call: CommandCall) -> TaskList | str:
        place = call.tools.place
        if place is None:
            return NOT_A_PLACE
        if not await self.memberships.is_member(place, call.incoming.user_ref):
            return NOT_A_MEMBER
        shared = await lists.shared_list(call.session, place, create=True)
        assert shared is not None
        return shared

    async def listing(self, call: CommandCall, shared: TaskList) -> str:
        tasks = await lists.open_tasks(call.session, shared=shared)
        if not tasks:
            return "This chat's team list is empty. Add to it with: team add <title> [@person]"
        names = await names_of(call.session, tasks, call.incoming.platform, call.incoming.tenant)
        now, zone = call.tools.now, call.tools.zone
        lines = [task_line(t, names.get(t.assignee_id), now=now, zone=zone) for t in tasks]
        return "This chat's team list:\n" + "\n".join(lines)

    async def add(self, call: CommandCall, shared: TaskList, text: str) -> Reply | str:
        named = named_person(text, call.incoming.mentions)
        rest, due = named.rest, None
        read = self.read_date(rest, call.tools.now, call.tools.zone) if rest else None
        if read is not None:
            rest, due = read
        assignee = await self._member(call, named.person) if named.person else None
        task = await lists.add_task(
            call.session,
            shared=shared,
            creator_id=call.user.id,
            title=rest,
            due=due,
            assignee_id=assignee,
            now=call.tools.now,
            journal=journal_of(call, shared),
        )
        said = f"Added #{task.number} “{task.title}” to this chat's team list"
        if named.person is None:
            return said + due_words(task, now=call.tools.now, zone=call.tools.zone) + "."
        said += f" for {named.person.name}" + due_words(
            task, now=call.tools.now, zone=call.tools.zone
        )
        return Reply(text=said + ".", tells=self._told(call, task, named.person.ref))

    async def done(self, call: CommandCall, shared: TaskList, rest: str) -> Reply | str:
        task = await lists.task_numbered(call.session, shared=shared, number=lists.number_of(rest))
        journal = journal_of(call, shared)
        if not await lists.complete(call.session, task=task, now=call.tools.now, journal=journal):
            return f"#{task.number} “{task.title}” was already done."
        await cancel_team_reminders(call.session, task=task, journal=journal)
        said = f"Done: #{task.number} “{task.title}”."
        assigner = task.assigner_id
        if assigner is None or assigner == call.user.id:
            return said
        ref = await account_of(call.session, assigner, call.incoming.platform, call.incoming.tenant)
        if ref is None:
            return said
        tell = self._tell(
            call, ref, f"{_who(call)} completed #{task.number} “{task.title}”, which you assigned."
        )
        return Reply(text=said, tells=[replace(tell, private=False)])

    async def assign(self, call: CommandCall, shared: TaskList, rest: str) -> Reply | str:
        match = _ASSIGN.match(rest)
        if match is None:
            return "Say which task and who: team assign 3 to @bob (or to me)."
        task = await lists.task_numbered(
            call.session, shared=shared, number=int(match.group("number"))
        )
        who = match.group("who")
        if says_me(who):
            ref, name, assignee = call.incoming.user_ref, "you", call.user.id
        else:
            person = named_person(who, call.incoming.mentions).person
            if person is None:
                return "Say who should have it: team assign 3 to @bob (or to me)."
            ref, name, assignee = person.ref, person.name, await self._member(call, person)
        previous = await lists.assign(
            call.session,
            task=task,
            assignee_id=assignee,
            by=call.user.id,
            now=call.tools.now,
            journal=journal_of(call, shared),
        )
        tells = [] if assignee == call.user.id else self._told(call, task, ref)
        tells += await self._taken_from(call, task, previous, assignee)
        return Reply(text=f"#{task.number} “{task.title}” is now assigned to {name}.", tells=tells)

    async def unassign(self, call: CommandCall, shared: TaskList, rest: str) -> Reply | str:
        task = await lists.task_numbered(call.session, shared=shared, number=lists.number_of(rest))
        previous = await lists.assign(
            call.session,
            task=task,
            assignee_id=None,
            by=call.user.id,
            now=call.tools.now,
            journal=journal_of(call, shared),
        )
        if previous is None:
            return f"#{task.number} “{task.title}” wasn't assigned to anyone."
        tells = await self._taken_from(call, task, previous, None)
        return Reply(text=f"#{task.number} “{task.title}” is no longer assigned.", tells=tells)

    async def mine(self, call: CommandCall) -> str:
        held = await lists.assigned_to(call.session, user_id=call.user.id)
        if not held:
            return "Nothing on a team list is assigned to you."
        now, zone = call.tools.now, call.tools.zone
        lines, last = ["Assigned to you:"], None
        for item in held:
            if item.place != last:
                lines.append(f"In {item.place.chat_id}:")
                last = item.place
            lines.append("  " + task_line(item.task, None, now=now, zone=zone))
        return "\n".join(lines)

    async def _member(self, call: CommandCall, person: _Person) -> UUID:
        """The person named, once the platform says they are in this chat; a person who
        never wrote to the bot gets an identity (their account id and name, nothing else)."""
        place = call.tools.place
        assert place is not None
        if not await self.memberships.is_member(place, person.ref):
            raise NotUnderstood(
                f"{person.name} is not a member of this chat, so I can't give them a task."
            )
        user = await user_for(
            call.session,
            platform=place.platform,
            tenant=place.tenant,
            external_id=person.ref,
            display_name=person.name,
        )
        return user.id

    def _told(self, call: CommandCall, task: Task, ref: str) -> list[Tell]:
        if ref == call.incoming.user_ref:
            return []
        due = due_words(task, now=call.tools.now, zone=call.tools.zone)
        text = f"{_who(call)} assigned you #{task.number} “{task.title}”{due}."
        return [self._tell(call, ref, text)]

    async def _taken_from(
        self, call: CommandCall, task: Task, previous: UUID | None, now_with: UUID | None
    ) -> list[Tell]:
        if previous is None or previous in (now_with, call.user.id):
            return []
        ref = await account_of(call.session, previous, call.incoming.platform, call.incoming.tenant)
        if ref is None:
            return []
        text = f"{_who(call)} took #{task.number} “{task.title}” off you; it's no longer yours."
        return [self._tell(call, ref, text)]

    def _tell(self, call: CommandCall, ref: str, text: str) -> Tell:
        place = call.tools.place
        return Tell(
            platform=call.incoming.platform,
            tenant=call.incoming.tenant,
            user_ref=ref,
            text=text,
            chat_ref=place.chat_id if place else None,
        )


class _Person(Protocol):
    @property
    def ref(self) -> str: ...
    @property
    def name(self) -> str: ...


def _who(call: CommandCall) -> str:
    return call.incoming.display_name or call.user.display_name or "Someone"


def install(chat: CommandHost, read_date: DateReader) -> None:
    team = Team(chat.memberships, read_date)
    chat.commands["team"] = team.command
    chat.confirm_actions[CONFIRM_KIND] = confirm_delete
    for router in (recognise, recognise_reminder):
        if router not in chat.text_routers:
            chat.text_routers.append(router)


__all__ = ["Place", "Team", "install", "recognise"]
