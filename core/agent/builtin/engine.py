"""The builtin agent: parse the message, act through the tools, say what happened.

Every effect goes through `core.tools` (audited, confirmed, scoped to the turn's user), so
this engine and the LLM backend leave the same trail. Replies are built from what the tools
returned, never from what the engine hoped would happen.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, replace
from typing import Any

from core.agent.base import Agent, AgentTurn
from core.agent.builtin import (
    phrases,
    questions,
    recent,
    reminder_acts,
    reminding,
    reopening,
    repeating,
    scheduling,
    utterance,
)
from core.agent.builtin.context import Context, read_context
from core.agent.builtin.intents import (
    AboutTask,
    Add,
    AddedWhen,
    AddSeveral,
    AskSplit,
    AskTitle,
    AskWhich,
    BareRef,
    Batch,
    Chitchat,
    Complete,
    Count,
    Delete,
    EditFields,
    EmptyTrash,
    Family,
    Injection,
    Intent,
    ListTasks,
    NextDue,
    NotEnglish,
    Redirected,
    Ref,
    Reopen,
    Restore,
    Search,
    Several,
    ShowTrash,
    TwoIntents,
    Undo,
    Undone,
    Unknown,
    Unsupported,
    Update,
    WhenDue,
)
from core.agent.builtin.lexicon.numbers import NUMBER_WORDS
from core.agent.builtin.lexicon.verbs import PLAIN_DOING
from core.agent.builtin.nearest import nearest
from core.agent.builtin.notes import Awaiting, Note
from core.agent.builtin.parse import parse
from core.agent.builtin.refs import (
    Known,
    at_position,
    fuzzy_matches,
    listed_titles,
    loose_matches,
    most_overlap,
    title_matches,
)
from core.agent.builtin.reminder_intents import RemindNew
from core.agent.builtin.replies import failure, knowns
from core.agent.builtin.text import stem
from core.domain.task_pages import LIST_PAGE
from core.domain.task_titles import TitleRow
from core.storage.models import DESCRIPTION_MAX, TITLE_MAX
from core.tools import TOOL_REGISTRY, Envelope, ToolContext, ToolName

_TOOL_OF: dict[Family, ToolName] = {
    "complete": "complete_task",
    "delete": "delete_task",
    "update": "update_task",
}
# The longest message one request can need (a full title, a full description and the words
# around them). Longer ones are not read: no single request fits, and reading costs time.
READ_AT_MOST = TITLE_MAX + DESCRIPTION_MAX + 100
_NAMES = {number: word for word, number in NUMBER_WORDS.items()}
_CHITCHAT = {
    "help": phrases.HELP,
    "greeting": phrases.GREETING,
    "thanks": phrases.THANKS,
    "never_mind": phrases.NEVER_MIND,
    "yes": phrases.YES_WITHOUT_QUESTION,
    "no": phrases.NO_THANKS,
}


class BuiltinAgent(Agent):
    """Deterministic and offline; the default backend and the eval's reference."""

    # Follow-ups need only the last few turns; ChatService loads no more than this.
    history_window = 12

    async def respond(self, turn: AgentTurn) -> str:
        """The reply; what it leaves open is kept with the turn's calls for the next turn."""
        note = Note(turn.tools.calls)
        reply = await self._respond(turn, note)
        turn.tools.note(note.data())
        return reply

    async def _respond(self, turn: AgentTurn, note: Note) -> str:
        if len(turn.text) > READ_AT_MOST:
            return phrases.TOO_LONG_TO_READ.format(length=len(turn.text), limit=READ_AT_MOST)
        context = read_context(turn.history)
        tools = turn.tools
        tools.whole_listings = True  # its lookups match against everything; it shows a page
        this_turn = _Turn(tools, context, note)
        reminded = bool(context.last_input.get("remind_at"))
        text = utterance.prepared(turn.text)
        asked = reminding.read(text, now=tools.now, zone=tools.zone, follows_reminder=reminded)
        repeating_asked = repeating.read(text, now=tools.now, zone=tools.zone)
        # "remind me to stretch every day at 7am": a repeating task (reminded each time)
        if asked is not None and not (isinstance(asked, RemindNew) and repeating_asked is not None):
            return await reminder_acts.act(asked, this_turn.call, context, note, zone=tools.zone)
        if repeating_asked is not None and not repeating.misread(repeating_asked):
            return await repeating.act(
                repeating_asked, this_turn.call, context, now=tools.now, zone=tools.zone
            )
        # Reading is pure CPU: in a thread, the event loop (health checks, other people's
        # turns) runs between its steps.
        intent = await asyncio.to_thread(parse, text, context)
        return await this_turn.run(intent)


@dataclass
class _Turn:
    tools: ToolContext
    context: Context
    note: Note

    async def call(self, name: ToolName, **arguments: Any) -> Envelope:
        return await TOOL_REGISTRY[name](self.tools, **arguments)

    async def run(self, intent: Intent) -> str:
        match intent:
            case Add():
                return await self.add(intent)
            case AskSplit():
                self.note.ask(Awaiting("split_add", title=intent.whole, parts=intent.parts))
                quoted = [f"“{part}”" for part in intent.parts]
                parts = f"{', '.join(quoted[:-1])} and {quoted[-1]}"
                count = _NAMES.get(len(intent.parts), str(len(intent.parts)))
                asked = phrases.SPLIT_ADD if len(intent.parts) == 2 else phrases.SPLIT_ADD_MANY
                return asked.format(whole=intent.whole, parts=parts, count=count)
            case AddSeveral():
                added = [
                    await self.add(Add(title, again=True, fields=intent.fields))
                    for title in intent.titles
                ]
                return " ".join(added)
            case AskTitle():
                self.note.ask(Awaiting("title"))
                return phrases.ASK_TITLE
            case ListTasks() if intent.tag_word:
                return await self.run(await questions.with_tag(self.call, intent))
            case ListTasks() if intent == ListTasks(intent.status):
                # soonest due first, then priority; a list without either keeps its numbers
                listed = await self.call(
                    "list_tasks", status=intent.status, sort_by="due", limit=LIST_PAGE
                )
                self.note.show(listed.as_json())
                return scheduling.with_creation_dates(listed, self.tools)
            case ListTasks():
                return await scheduling.listing(self.call, self.tools, intent, self.note)
            case WhenDue():
                return await scheduling.when_due(
                    self.call, self.tools, self.context, intent, self.note
                )
            case EditFields():
                return await self.edit_fields(intent)
            case NextDue():
                return await questions.next_due(
                    self.call, self.note, now=self.tools.now, zone=self.tools.zone
                )
            case Count():
                return await self.count(intent)
            case Search():
                return await self.search(intent)
            case AboutTask():
                return await self.about(intent)
            case Complete() | Delete() | Update():
                return await self.change(intent)
            case Undone() | Redirected():
                return await reopening.taken_back(self.call, self.note, intent, self.change)
            case AskWhich():
                return self.ask_which(intent.family)
            case Batch():
                if intent.family != "add":
                    self.note.ask(Awaiting("which", family=intent.family))
                return phrases.BATCH[intent.family]
            case TwoIntents():
                return phrases.TWO_INTENTS.format(first=intent.first, second=intent.second)
            case Several():
                return " ".join([await self.run(part) for part in intent.parts])
            case Injection():
                return phrases.INJECTION
            case Unsupported():
                return phrases.CANNOT_REOPEN
            case Undo():
                return await reopening.undo(self.call, self.note, intent)
            case Reopen():
                return await self.reopen(intent)
            case ShowTrash():
                trash = await self.call("list_tasks", status="deleted", limit=LIST_PAGE)
                self.note.show(trash.as_json())
                return str(trash.message)
            case Restore():
                return await self.restore(intent)
            case EmptyTrash():
                return (await self.call("empty_trash")).message
            case Chitchat():
                return _CHITCHAT[intent.kind]
            case AddedWhen():
                return await recent.answer(
                    self.call, intent, self.note, now=self.tools.now, zone=self.tools.zone
                )
            case NotEnglish():
                return phrases.NOT_ENGLISH
            case BareRef():
                return phrases.NO_CONTEXT
            case Unknown():
                if intent.maybe_task:
                    self.note.ask(Awaiting("offer_add", title=intent.maybe_task))
                    return phrases.OFFER_ADD.format(title=intent.maybe_task)
                return phrases.UNKNOWN
        raise AssertionError(f"unhandled intent {intent!r}")

    async def add(self, intent: Add) -> str:
        async def duplicate(title: str) -> str | None:
            if intent.again or intent.description:
                return None
            same = await self.open_task_titled(title)
            if same is None:
                return None
            self.note.ask(Awaiting("duplicate", title=same.title, number=same.number))
            self.note.name(Known(same.number, same.title, same.completed))
            return phrases.DUPLICATE.format(number=same.number, title=same.title)

        return await scheduling.add(self.call, self.tools, intent, self.note, check=duplicate)

    async def edit_fields(self, intent: EditFields) -> str:
        if intent.tentative and intent.ref.kind == "title":
            tasks = knowns(await self.call("list_tasks", status="all"))
            named = title_matches(tasks, intent.ref.text) or loose_matches(tasks, intent.ref.text)
            if not named:  # "make pancakes 8am tomorrow": a new task, not a change
                return await self.run(Unknown(intent.tentative, maybe_task=intent.tentative))
        identifier = await self.identifier(intent.ref, "update")
        if identifier is None:
            return self.ask_which("update") if intent.ref.kind == "pronoun" else phrases.NO_CONTEXT
        result = await scheduling.edit(self.call, self.tools, identifier, intent, self.note)
        if isinstance(result, str):
            return result
        if result.error == "NOT_FOUND" and intent.ref.kind == "title":
            tasks = knowns(await self.call("list_tasks", status="all"))
            found = loose_matches(tasks, intent.ref.text)
            if len(found) == 1:
                result = await scheduling.edit(
                    self.call, self.tools, f"#{found[0].number}", intent, self.note
                )
                if isinstance(result, str):
                    return result
            elif found:
                return self.offer("update", found)
        return _phrase("update", result)

    async def open_task_titled(self, title: str) -> TitleRow | None:
        """An open task of exactly this title (case and spacing aside). A read, not an act,
        so it goes past the tools and leaves no audit row; it sees only this person's tasks."""
        return await self.tools.open_titled(title)

    async def count(self, intent: Count) -> str:
        return await questions.count(self.call, intent)

    async def search(self, intent: Search) -> str:
        return await questions.search(self.call, intent, self.note)

    async def about(self, intent: AboutTask) -> str:
        return await questions.about(self.call, self.context, intent, self.note)

    def ask_which(self, family: Family) -> str:
        last = self.context.last_task
        if family == "complete" and last is not None and not last.completed:
            return self.confirm_complete(last)
        self.note.ask(Awaiting("title") if family == "add" else Awaiting("which", family=family))
        return phrases.ASK_WHICH[family]

    def confirm_complete(self, task: Known) -> str:
        self.note.ask(Awaiting("confirm_complete", number=task.number))
        self.note.name(task)
        return phrases.CONFIRM_COMPLETE.format(number=task.number, title=task.title)

    def offer(self, family: Family, found: list[Known]) -> str:
        """ "Which one did you finish: #1 … or #4 …?" (the first ten)."""
        self.note.offer(family, found[:10])
        listed = phrases.choices([(task.number, task.title) for task in found[:10]])
        return phrases.WHICH_OF[family].format(choices=listed)

    async def change(self, intent: Complete | Delete | Update) -> str:
        family: Family = (
            "complete"
            if isinstance(intent, Complete)
            else "delete"
            if isinstance(intent, Delete)
            else "update"
        )
        if isinstance(intent, Update) and intent.alternatives and intent.ref.kind == "title":
            intent = await self.choose_split(intent)
        identifier = await self.identifier(intent.ref, family)
        if identifier is None:
            return self.ask_which(family) if intent.ref.kind == "pronoun" else phrases.NO_CONTEXT
        if isinstance(intent, Update) and intent.title is None and intent.description is None:
            return await self.ask_change(identifier)
        extra = _changes(intent)
        result = await self.call(_TOOL_OF[family], task_identifier=identifier, **extra)
        if result.error == "NOT_FOUND" and intent.ref.kind == "title":
            return await self.loosely(intent, family, result)
        return _phrase(family, result)

    async def reopen(self, intent: Reopen) -> str:
        identifier = await self.identifier(intent.ref, "update")
        return await reopening.reopen(self.call, intent, identifier)

    async def restore(self, intent: Restore) -> str:
        last = self.context.last_task
        if intent.ref.kind == "pronoun" and not intent.latest and last is None:
            return await reopening.undo(self.call, self.note, Undo())
        return await reopening.restore(self.call, intent, last)

    async def loosely(
        self, intent: Complete | Delete | Update, family: Family, missed: Envelope
    ) -> str:
        """The tools match titles literally; try word stems ("calling mom" -> "call mom").
        Only the titles are read (the open ones, to complete), past the audit."""
        found = await self.tools.titles(open_only=family == "complete")
        near = nearest(found, intent.ref.text)
        tasks = [Known(row.number, row.title, row.completed) for row in near]
        if isinstance(intent, Complete) and (parts := listed_titles(tasks, intent.ref.text)):
            each = (replace(intent, ref=Ref("title", text=part)) for part in parts)
            return await self.run(Several(tuple(each)))  # "done with the laundry and the dishes"
        matches = loose_matches(tasks, intent.ref.text)
        if family == "complete" and len(matches) > 1:
            matches = [task for task in matches if not task.completed] or matches
        if (acted := await self.act_or_ask(intent, family, matches)) is not None:
            return acted
        explicit = isinstance(intent, Complete) and (intent.told or not intent.loose)
        if explicit or isinstance(intent, Delete | Update):
            # "complete buy mlik": a typo in a title the person named (never in a report
            # like "I called mom", which only acts on the words as said)
            typed = fuzzy_matches(tasks, intent.ref.text)
            if family == "complete" and len(typed) > 1:
                typed = [task for task in typed if not task.completed] or typed
            if (acted := await self.act_or_ask(intent, family, typed)) is not None:
                return acted
        if explicit or isinstance(intent, Delete):
            candidates = [task for task in tasks if not task.completed or family != "complete"]
            overlapping = most_overlap(candidates, intent.ref.text)
            if isinstance(intent, Complete) and not intent.told and len(overlapping) == 1:
                return self.confirm_complete(overlapping[0])  # a guess: asked, never acted on
            # a delete waits for its button, which names the task
            if (acted := await self.act_or_ask(intent, family, overlapping)) is not None:
                return acted
        if isinstance(intent, Complete) and intent.loose:
            every = [Known(row.number, row.title, row.completed) for row in found]
            return await self.without_the_verb(intent, every)
        return failure(missed)

    async def without_the_verb(self, intent: Complete, tasks: list[Known]) -> str:
        """ "got the milk" for "buy milk": match the object alone. A plain verb acts on a
        single match; any other verb only asks, since "called mom" is not "email mom"."""
        verb, _, rest = intent.ref.text.partition(" ")
        pending = [task for task in tasks if not task.completed]
        matches = loose_matches(pending, rest) if rest else []
        if len(matches) == 1 and stem(verb) not in {stem(plain) for plain in PLAIN_DOING}:
            return self.confirm_complete(matches[0])
        return await self.act_or_ask(intent, "complete", matches) or phrases.LOOSE_MISS

    async def act_or_ask(
        self, intent: Complete | Delete | Update, family: Family, found: list[Known]
    ) -> str | None:
        """One task found: act on it. Several: ask which (naming the first ten). None: None."""
        if len(found) == 1:
            result = await self.call(
                _TOOL_OF[family], task_identifier=f"#{found[0].number}", **_changes(intent)
            )
            return _phrase(family, result)
        if found:
            return self.offer(family, found)
        return None

    async def identifier(self, ref: Ref, family: Family) -> str | None:
        """What to hand the tool: a `#n` when the conversation decides, else the person's words."""
        if ref.kind == "number":
            return f"#{ref.number}"
        if ref.kind == "title":
            return ref.text
        if ref.kind == "pronoun":
            last = self.context.last_task
            return f"#{last.number}" if last is not None else None
        shown = list(self.context.candidates or self.context.listing)
        if not shown:
            status = "pending" if family == "complete" else "all"
            shown = knowns(await self.call("list_tasks", status=status))
        found = at_position(shown, ref.position or 0)
        return f"#{found.number}" if found is not None else None

    async def ask_change(self, identifier: str) -> str:
        last = self.context.last_task
        if last is not None and identifier == f"#{last.number}":
            return self.ask_what_to_change(last)
        if identifier.startswith("#") and identifier[1:].isdigit():
            self.note.ask(Awaiting("change", number=int(identifier[1:])))
            return phrases.ASK_CHANGE.format(number=identifier[1:], title="")
        tasks = knowns(await self.call("list_tasks", status="all"))
        found = title_matches(tasks, identifier)
        if len(found) == 1:
            return self.ask_what_to_change(found[0])
        return self.ask_which("update")

    def ask_what_to_change(self, task: Known) -> str:
        self.note.ask(Awaiting("change", number=task.number))
        self.note.name(task)
        return phrases.ASK_CHANGE.format(number=task.number, title=f" “{task.title}”")

    async def choose_split(self, intent: Update) -> Update:
        """`rename go to gym to go to the gym`: take the split whose task exists."""
        tasks = knowns(await self.call("list_tasks", status="all"))
        options = [(intent.ref, intent.title or ""), *intent.alternatives]
        titles = {task.title.casefold() for task in tasks}
        exact = [(ref, title) for ref, title in options if ref.text.casefold() in titles]
        partial = [(ref, title) for ref, title in options if title_matches(tasks, ref.text)]
        for ref, title in exact or sorted(partial, key=lambda option: -len(option[0].text)):
            if ref.kind == "title":
                return Update(ref, title=title, description=intent.description)
        return intent


def _changes(intent: Complete | Delete | Update) -> dict[str, Any]:
    if not isinstance(intent, Update):
        return {}
    return {"new_title": intent.title, "new_description": intent.description}


def _phrase(family: Family, result: Envelope) -> str:
    if not result.ok:
        return failure(result)
    if family == "complete" and not result.data.get("already_completed"):
        return result.message + " Nice work!"
    return result.message
