"""One turn of the builtin engine: a reading acted on through the tools, and the reply said
from what they returned, never from what the engine hoped would happen."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, replace
from typing import Any

from core.agent.builtin import (
    field_edits,
    phrases,
    questions,
    recent,
    reopening,
    scheduling,
)
from core.agent.builtin.batches import too_many
from core.agent.builtin.context import Context
from core.agent.builtin.intents import (
    AboutTask,
    Add,
    AddedWhen,
    AddSeveral,
    AskWhich,
    Complete,
    Count,
    Delete,
    EditFields,
    EmptyTrash,
    Family,
    Intent,
    ListTasks,
    NextDue,
    Redirected,
    Ref,
    Reopen,
    Restore,
    Search,
    Several,
    ShowTrash,
    Undo,
    Undone,
    Unknown,
    Update,
    WhenDue,
)
from core.agent.builtin.matching import TOOL_OF, changes, choose_split, loosely, said
from core.agent.builtin.notes import Awaiting, Note
from core.agent.builtin.refs import Known, at_position, loose_matches, title_matches, title_words
from core.agent.builtin.replies import knowns
from core.agent.builtin.said_back import said_back
from core.domain.task_pages import LIST_PAGE
from core.tools import TOOL_REGISTRY, Envelope, ToolContext, ToolName
from core.tools.asking import Choice, ask_choices


@dataclass
class Turn:
    tools: ToolContext
    context: Context
    note: Note

    async def call(self, name: ToolName, **arguments: Any) -> Envelope:
        return await TOOL_REGISTRY[name](self.tools, **arguments)

    async def ask(self, question: str, choices: list[Choice]) -> str:
        """A question with a button per choice and Cancel (`core/tools/asking.py`)."""
        return await ask_choices(self.tools, question, choices)

    async def run(self, intent: Intent) -> str:
        if (reply := said_back(intent, self.note)) is not None:
            return reply
        handler = _HANDLERS.get(type(intent))
        if handler is None:
            raise AssertionError(f"unhandled intent {intent!r}")
        return await handler(self, intent)

    async def listing(self, intent: ListTasks) -> str:
        if intent.tag_word:
            return await self.run(await questions.with_tag(self.call, intent))
        if intent != ListTasks(intent.status):
            return await scheduling.listing(self.call, self.tools, intent, self.note)
        # soonest due first, then priority; a list without either keeps its numbers
        listed = await self.call("list_tasks", status=intent.status, sort_by="due", limit=LIST_PAGE)
        self.note.show(listed.as_json())
        return scheduling.with_creation_dates(listed, self.tools)

    async def add_several(self, intent: AddSeveral) -> str:
        if refused := too_many(len(intent.titles), "tasks"):
            return refused
        adds = [Add(title, again=True, fields=intent.fields) for title in intent.titles]
        return " ".join([await self.add(add) for add in adds])

    async def several(self, intent: Several) -> str:
        if refused := too_many(len(intent.parts), "requests"):
            return refused
        parts = await self._counted(intent.parts)
        return " ".join([await self.run(part) for part in parts])

    async def _counted(self, parts: tuple[Intent, ...]) -> list[Intent]:
        """Tasks counted off by position ("the first two are done") as their numbers, read
        from one list before any of them is acted on: done, the first no longer heads it."""
        lists: dict[Family, list[Known]] = {}
        counted: list[Intent] = []
        for part in parts:
            if isinstance(part, Complete | EditFields) and part.ref.kind == "ordinal":
                family: Family = "complete" if isinstance(part, Complete) else "update"
                if family not in lists:
                    lists[family] = await self.shown(family)
                if (found := at_position(lists[family], part.ref.position or 0)) is not None:
                    part = replace(part, ref=Ref("number", number=found.number))
            counted.append(part)
        return counted

    async def show_trash(self, _intent: ShowTrash) -> str:
        trash = await self.call("list_tasks", status="deleted", limit=LIST_PAGE)
        self.note.show(trash.as_json())
        return str(trash.message)

    async def empty_trash(self, _intent: EmptyTrash) -> str:
        return str((await self.call("empty_trash")).message)

    async def add(self, intent: Add) -> str:
        async def duplicate(title: str) -> str | None:
            if intent.again or intent.description:
                return None
            if intent.about and (kept := await self.kept(title)) is not None:
                return kept
            # a read past the tools (no audit row), of this person's tasks only
            same = await self.tools.open_titled(title)
            if same is None:
                return None
            self.note.ask(Awaiting("duplicate", title=same.title, number=same.number))
            self.note.name(Known(same.number, same.title, same.completed))
            return phrases.DUPLICATE.format(number=same.number, title=same.title)

        return await scheduling.add(self.call, self.tools, intent, self.note, check=duplicate)

    async def kept(self, title: str) -> str | None:
        """ "remind me about the report" with no time, when tasks already hold its words:
        which of them, asked, rather than a new task "the report" beside them."""
        named = loose_matches(knowns(await self.call("list_tasks", status="pending")), title)
        if not named:
            return None
        if len(named) == 1:
            self.note.name(named[0])
        listed = phrases.choices([(task.number, task.title) for task in named[:10]])
        return phrases.REMIND_WHICH.format(choices=listed)

    async def edit_fields(self, intent: EditFields) -> str:
        if intent.tentative and intent.ref.kind == "title":
            tasks = knowns(await self.call("list_tasks", status="all"))
            named = title_matches(tasks, intent.ref.text) or loose_matches(tasks, intent.ref.text)
            if not named:  # "make pancakes 8am tomorrow": a new task, not a change
                return await self.run(Unknown(intent.tentative, maybe_task=intent.tentative))
        identifier = await self.identifier(intent.ref, "update")
        if identifier is None:
            if intent.ref.kind == "pronoun":
                return await self.ask_which("update")
            return phrases.NO_CONTEXT
        result = await field_edits.edit(self.call, self.tools, identifier, intent, self.note)
        if isinstance(result, str):
            return result
        if result.error == "NOT_FOUND" and intent.ref.kind == "title":
            tasks = knowns(await self.call("list_tasks", status="all"))
            found = loose_matches(tasks, intent.ref.text)
            if len(found) == 1:
                result = await field_edits.edit(
                    self.call, self.tools, f"#{found[0].number}", intent, self.note
                )
                if isinstance(result, str):
                    return result
            elif found:
                return self.note.which_of("update", found)
        return said("update", result)

    async def ask_which(self, family: Family) -> str:
        last = self.context.last_task
        if family == "complete" and last is not None and not last.completed:
            if self.context.just_listed and self.context.listing == (last,):
                return await self.change(Complete(Ref("number", number=last.number)))
            return await self.confirm_complete(last)
        self.note.ask(Awaiting("title") if family == "add" else Awaiting("which", family=family))
        return phrases.ASK_WHICH[family]

    async def confirm_complete(self, task: Known) -> str:
        """ "Did you finish #2 “call the plumber”?" with its button (a typed yes answers too)."""
        self.note.name(task)
        done = Choice(phrases.YES_DONE, "complete_task", {"task_identifier": f"#{task.number}"})
        question = phrases.CONFIRM_COMPLETE.format(number=task.number, title=task.title)
        return await self.ask(question, [done])

    async def change(self, intent: Complete | Delete | Update) -> str:
        family: Family = (
            "complete"
            if isinstance(intent, Complete)
            else "delete"
            if isinstance(intent, Delete)
            else "update"
        )
        if isinstance(intent, Update) and intent.alternatives and intent.ref.kind == "title":
            intent = await choose_split(self, intent)
        identifier = await self.identifier(intent.ref, family)
        if identifier is None:
            if intent.ref.kind == "pronoun":
                return await self.ask_which(family)
            return phrases.NO_CONTEXT
        if isinstance(intent, Update) and intent.title is None and intent.description is None:
            return await self.ask_change(identifier)
        extra = changes(intent)
        result = await self.call(TOOL_OF[family], task_identifier=identifier, **extra)
        if result.error == "NOT_FOUND" and intent.ref.kind == "title":
            return await loosely(self, intent, family, result)
        return said(family, result)

    async def reopen(self, intent: Reopen) -> str:
        identifier = await self.identifier(intent.ref, "update")
        return await reopening.reopen(self.call, intent, identifier)

    async def restore(self, intent: Restore) -> str:
        last = self.context.last_task
        if intent.ref.kind == "pronoun" and not intent.latest and last is None:
            return await reopening.undo(self.call, self.note, Undo())
        return await reopening.restore(self.call, intent, last)

    async def identifier(self, ref: Ref, family: Family) -> str | None:
        """What to hand the tool: a `#n` when the conversation decides, else the person's words."""
        if ref.kind == "number":
            return f"#{ref.number}"
        if ref.kind == "title":
            return title_words(ref)
        if ref.kind == "pronoun":
            last = self.context.last_task
            return f"#{last.number}" if last is not None else None
        found = at_position(await self.shown(family), ref.position or 0)
        return f"#{found.number}" if found is not None else None

    async def shown(self, family: Family) -> list[Known]:
        """The list a position counts in: what the person was just shown, else their tasks."""
        shown = list(self.context.candidates or self.context.listing)
        if shown:
            return shown
        status = "pending" if family == "complete" else "all"
        return knowns(await self.call("list_tasks", status=status))

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
        return await self.ask_which("update")

    def ask_what_to_change(self, task: Known) -> str:
        self.note.ask(Awaiting("change", number=task.number))
        self.note.name(task)
        return phrases.ASK_CHANGE.format(number=task.number, title=f" “{task.title}”")


_HANDLERS: dict[type, Callable[[Turn, Any], Awaitable[str]]] = {
    Add: Turn.add,
    AddSeveral: Turn.add_several,
    ListTasks: Turn.listing,
    WhenDue: lambda turn, intent: scheduling.when_due(
        turn.call, turn.tools, turn.context, intent, turn.note
    ),
    EditFields: Turn.edit_fields,
    NextDue: lambda turn, _: questions.next_due(
        turn.call, turn.note, now=turn.tools.now, zone=turn.tools.zone
    ),
    Count: lambda turn, intent: questions.count(turn.call, intent),
    Search: lambda turn, intent: questions.search(turn.call, intent, turn.note),
    AboutTask: lambda turn, intent: questions.about(turn.call, turn.context, intent, turn.note),
    Complete: Turn.change,
    Delete: Turn.change,
    Update: Turn.change,
    Undone: lambda turn, intent: reopening.taken_back(turn.call, turn.note, intent, turn.change),
    Redirected: lambda turn, intent: reopening.taken_back(
        turn.call, turn.note, intent, turn.change
    ),
    AskWhich: lambda turn, intent: turn.ask_which(intent.family),
    Several: Turn.several,
    Undo: lambda turn, intent: reopening.undo(turn.call, turn.note, intent),
    Reopen: Turn.reopen,
    ShowTrash: Turn.show_trash,
    Restore: Turn.restore,
    EmptyTrash: Turn.empty_trash,
    AddedWhen: lambda turn, intent: recent.answer(
        turn.call, intent, turn.note, now=turn.tools.now, zone=turn.tools.zone
    ),
}
