"""The team list of a channel or group: `/todo team …` in Slack, `/team …` in Telegram.

`team` lists the place's open tasks; `team add <title> [@person] [due]`, `team done <n>`,
`team delete <n>` (confirmed by its creator or assignee), `team assign <n> to @person|me`
(core/commands/team_assign.py), `team unassign <n>`; `team mine` (and "what's assigned to
me?") lists what a person holds, anywhere, under each place's name. Plain words ("assign 3 to
@bob", "give the deploy task to @carol") are read as these commands by the text routers in
team_phrases.py, team_assign_phrases.py and team_reminder_phrase.py; an assignee's Done and
Open the list buttons are team_presses.py. Reminders, due dates, priority, tags, undo and the
trash are team_life.py; repeats (`team add … every monday`, `team repeat <n> …`) are
team_repeat.py. Every change is written to the list's log and audited as the member who made
it (team_record.py), and its reply carries an Undo button for it (team_undo.py). The list is
always the place the message came from (`ToolContext.place`), and the person acting, and
anyone given a task, must be a member of it, as the platform says."""

from __future__ import annotations

from dataclasses import dataclass
from uuid import UUID

from core.commands.extensions import CommandCall, CommandHost
from core.commands.team_assign import assign, mentions_in, task_named, unassign, who_by
from core.commands.team_assign_phrases import recognise_assignment
from core.commands.team_delete import CONFIRM_KIND, ask_to_delete, confirm_delete
from core.commands.team_life import TeamLife
from core.commands.team_notices import completed, given
from core.commands.team_phrases import recognise
from core.commands.team_presses import TeamButtons
from core.commands.team_record import audit_change, journal_of, with_undo
from core.commands.team_reminder_phrase import recognise_reminder
from core.commands.team_repeat import REPEATS, next_words, read_title, repeat
from core.commands.team_undo import TeamUndo
from core.commands.team_views import list_text, place_name
from core.commands.team_words import (
    NotUnderstood,
    TeamReaders,
    due_words,
    named_person,
    task_line,
)
from core.domain import lists
from core.domain.lists import Place
from core.domain.tasks import TaskError
from core.people.identities import user_for
from core.people.membership import Memberships
from core.reminders.team_repeats import complete_on_team
from core.storage.list_models import TaskList
from core.types import Action, Mention, Reply

USAGE = (
    "Team list commands: team (the list), team add <title> [@person] [due], team done <n>, "
    "team delete <n>, team assign <n> to @person, team unassign <n>, team mine, "
    "team remind <n> <when> (its assignee, or you; team remind @person about <n> <when>; "
    "team remind <n> 1 day before), team repeat <n> every monday|off, "
    "team due <n> <date|none>, team priority <n> low|medium|high, team tag|untag <n> <tags>, "
    "team undo, team trash, team restore <n>."
)
NOT_A_PLACE = (
    "A team list belongs to a channel or group: use the team commands there. "
    "(“team mine” shows what is assigned to you from anywhere.)"
)
NOT_A_MEMBER = "Only members of this chat can use its team list, so I changed nothing."


@dataclass
class Team:
    """The team commands, with the platforms' membership answers and the readers of dates,
    repeats and amounts before a due."""

    memberships: Memberships
    readers: TeamReaders

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
        return with_undo(call, answer)

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
                return await ask_to_delete(call, await task_named(call, shared, rest))
            case "assign" | "reassign" | "give":
                return await assign(call, shared, rest, self._member)
            case "unassign":
                return await unassign(call, shared, rest)
            case "repeat":
                return await repeat(call, self.readers, shared, rest)
        answer = await TeamLife(self.readers, self._member).on_list(call, shared, word, rest)
        return USAGE if answer is None else answer

    async def _place_list(self, call: CommandCall) -> TaskList | str:
        place = call.tools.place
        if place is None:
            return NOT_A_PLACE
        if not await self.memberships.is_member(place, call.incoming.user_ref):
            return NOT_A_MEMBER
        shared = await lists.shared_list(call.session, place, create=True)
        assert shared is not None
        await place_name(call.session, self.memberships, shared)  # kept for "team mine"
        return shared

    async def listing(self, call: CommandCall, shared: TaskList) -> str:
        now, zone = call.tools.now, call.tools.zone
        return await list_text(
            call.session, shared, now=now, zone=zone, heading="This chat's team list:"
        )

    async def add(self, call: CommandCall, shared: TaskList, text: str) -> Reply | str:
        place = call.tools.place
        assert place is not None
        named = named_person(text, await mentions_in(call, place, text))
        titled = await read_title(self.readers, named.rest, call)
        assignee = await self._member(call, named.person) if named.person else None
        task = await lists.add_task(
            call.session,
            shared=shared,
            creator_id=call.user.id,
            title=titled.title,
            due=titled.due,
            assignee_id=assignee,
            now=call.tools.now,
            journal=journal_of(call, shared),
            repeat=titled.rule,
        )
        now, zone = call.tools.now, call.tools.zone
        said = f"Added #{task.number} “{task.title}” to this chat's team list"
        if named.person is not None:
            said += f" for {named.person.name}"
        said += due_words(task, now=now, zone=zone) + "." + (REPEATS if task.repeat else "")
        if named.person is None:
            return said
        if named.person.ref == call.incoming.user_ref:
            return said
        tell = given(shared, named.person.ref, task, by=who_by(call), now=now, zone=zone)
        return Reply(text=said, tells=[tell])

    async def done(self, call: CommandCall, shared: TaskList, rest: str) -> Reply | str:
        task = await task_named(call, shared, rest)
        finished = await complete_on_team(
            call.session,
            task=task,
            now=call.tools.now,
            zone=call.tools.zone,
            journal=journal_of(call, shared),
        )
        if finished is False:
            return f"#{task.number} “{task.title}” was already done."
        said = f"Done: #{task.number} “{task.title}”." + next_words(call, finished, task)
        place = call.tools.place
        assert place is not None
        told = await completed(call.session, place, task, by=who_by(call), by_id=call.user.id)
        return Reply(text=said, tells=[told]) if told else said

    async def mine(self, call: CommandCall) -> str:
        """The team tasks the person holds, under each place's name (A to Z)."""
        held = await lists.assigned_to(call.session, user_id=call.user.id)
        if not held:
            return "Nothing on a team list is assigned to you."
        now, zone = call.tools.now, call.tools.zone
        places: dict[UUID, tuple[str, list[str]]] = {}
        for item in held:
            if item.task.list_id not in places:
                shared = await call.session.get(TaskList, item.task.list_id)
                assert shared is not None
                name = await place_name(call.session, self.memberships, shared)
                places[item.task.list_id] = (name, [])
            places[item.task.list_id][1].append(
                "  " + task_line(item.task, None, now=now, zone=zone)
            )
        lines = ["Assigned to you:"]
        for name, tasks in sorted(places.values(), key=lambda place: place[0].lower()):
            lines += [f"In {name}:", *tasks]
        return "\n".join(lines)

    async def _member(self, call: CommandCall, person: Mention) -> UUID:
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


def install(chat: CommandHost, readers: TeamReaders) -> None:
    team = Team(chat.memberships, readers)
    chat.commands["team"] = team.command
    chat.confirm_actions[CONFIRM_KIND] = confirm_delete
    buttons = TeamButtons(chat.memberships)
    chat.press_actions[Action.TEAM_DONE] = buttons.done
    chat.press_actions[Action.TEAM_OPEN] = buttons.open
    chat.press_actions[Action.REMINDER_DONE] = buttons.reminder_done
    undo = TeamUndo(chat.memberships, chat.policy.undo_window_seconds)
    chat.press_actions[Action.TEAM_UNDO] = undo.press
    for router in (recognise, recognise_assignment, recognise_reminder):
        if router not in chat.text_routers:
            chat.text_routers.append(router)


__all__ = ["Place", "Team", "install", "recognise"]
