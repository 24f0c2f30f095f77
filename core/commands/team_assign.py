"""Giving a team task to a member, taking it back, and naming the task and the person: `team
assign 3 to @bob` (or `3 @bob`, `the deploy task to me`), `team unassign 3`. A task has at
most one assignee, who must be in the chat as the platform says; the person who held it
before is told it moved."""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from uuid import UUID

from core.commands.extensions import CommandCall
from core.commands.team_notices import given, taken_from
from core.commands.team_record import journal_of
from core.commands.team_words import NotUnderstood, named_person, says_me
from core.domain import lists
from core.domain.lists import Place
from core.domain.tasks import TaskNotFound
from core.people.seen_names import seen_mentions
from core.storage.list_models import TaskList
from core.storage.models import Task
from core.types import Mention, Reply, Tell

ASK_WHO = "Say which task and who: team assign 3 to @bob (or to me)."
_TO = re.compile(r"^(?P<what>.+)\s+to\s+(?P<who>.+?)$", re.IGNORECASE | re.DOTALL)
_NUMBER_FIRST = re.compile(r"^#?(?P<what>\d+)\s+(?P<who>.+)$", re.DOTALL)
_FILLER = re.compile(r"^(?:the\s+)?(?P<words>.+?)(?:\s+(?:task|one|item))?$", re.IGNORECASE)

# The account of a person named, once the platform says they are in the chat.
MemberOf = Callable[[CommandCall, Mention], Awaitable[UUID]]


@dataclass(frozen=True)
class _Holder:
    ref: str
    name: str
    user_id: UUID


def who_by(call: CommandCall) -> str:
    return call.incoming.display_name or call.user.display_name or "Someone"


async def mentions_in(call: CommandCall, place: Place, text: str) -> tuple[Mention, ...]:
    """The people the platform identified in the message, and the `@usernames` the bot saw
    write in this chat."""
    seen = await seen_mentions(call.session, place, text)
    return call.incoming.mentions + tuple(m for m in seen if m not in call.incoming.mentions)


async def task_named(call: CommandCall, shared: TaskList, what: str) -> Task:
    """A task by its number ("3", "#3") or by words of its title ("the deploy task")."""
    said = what.strip()
    if said.removeprefix("#").isdigit():
        return await lists.task_numbered(call.session, shared=shared, number=lists.number_of(said))
    match = _FILLER.match(said)
    words = (match.group("words") if match else said).lower()
    found = [
        t for t in await lists.open_tasks(call.session, shared=shared) if words in t.title.lower()
    ]
    if not found:
        raise TaskNotFound(f"No open task on this chat's list matches “{said}”.")
    if len(found) > 1:
        shown = ", ".join(f"#{t.number} “{t.title}”" for t in found[:5])
        raise NotUnderstood(f"Several tasks match “{said}” ({shown}): say its number.")
    return found[0]


async def assign(call: CommandCall, shared: TaskList, rest: str, member: MemberOf) -> Reply:
    match = _TO.match(rest) or _NUMBER_FIRST.match(rest)
    if match is None:
        return Reply(text=ASK_WHO)
    place = call.tools.place
    assert place is not None
    task = await task_named(call, shared, match.group("what"))
    holder = await _holder(call, place, match.group("who"), member)
    if task.assignee_id == holder.user_id:
        return Reply(text=f"#{task.number} “{task.title}” was already assigned to {holder.name}.")
    previous = await lists.assign(
        call.session,
        task=task,
        assignee_id=holder.user_id,
        by=call.user.id,
        now=call.tools.now,
        journal=journal_of(call, shared),
    )
    text = f"#{task.number} “{task.title}” is now assigned to {holder.name}."
    tells: list[Tell] = []
    if holder.user_id != call.user.id:
        now, zone = call.tools.now, call.tools.zone
        tells.append(given(shared, holder.ref, task, by=who_by(call), now=now, zone=zone))
    if previous is not None and previous != call.user.id:
        to = None if holder.user_id == call.user.id else holder.name
        told = await taken_from(call.session, shared, task, previous, by=who_by(call), to=to)
        tells += [told] if told else []
    return Reply(text=text, tells=tells)


async def unassign(call: CommandCall, shared: TaskList, rest: str) -> Reply:
    place = call.tools.place
    assert place is not None
    task = await task_named(call, shared, rest)
    previous = await lists.assign(
        call.session,
        task=task,
        assignee_id=None,
        by=call.user.id,
        now=call.tools.now,
        journal=journal_of(call, shared),
    )
    if previous is None:
        return Reply(text=f"#{task.number} “{task.title}” wasn't assigned to anyone.")
    told = None
    if previous != call.user.id:
        told = await taken_from(call.session, shared, task, previous, by=who_by(call), to=None)
    text = f"#{task.number} “{task.title}” is no longer assigned."
    return Reply(text=text, tells=[told] if told else [])


async def _holder(call: CommandCall, place: Place, who: str, member: MemberOf) -> _Holder:
    if says_me(who):
        return _Holder(call.incoming.user_ref, "you", call.user.id)
    person = named_person(who, await mentions_in(call, place, who)).person
    if person is None:
        raise NotUnderstood(
            f"I don't know who “{who.strip()}” is here, so I changed nothing. Mention them so "
            "the app can see who they are (they must be in this chat), or say “me”."
        )
    return _Holder(person.ref, person.name, await member(call, person))
