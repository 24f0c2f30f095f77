"""Putting things back: undoing the last change ("oops"), taking back a change made to the
wrong task ("no wait, I meant 2"), reopening a finished task ("X isn't done after all") and
restoring a deleted one ("restore the last one I deleted"), through the tools."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from core.agent.builtin import phrases
from core.agent.builtin.intents import Complete, Redirected, Reopen, Restore, Undo, Undone, Update
from core.agent.builtin.notes import Awaiting, Note, labelled
from core.agent.builtin.refs import Known, at_position, loose_matches, most_overlap
from core.agent.builtin.reminder_acts import Call
from core.agent.builtin.replies import failure, knowns


async def reopen(call: Call, intent: Reopen, identifier: str | None) -> str:
    """`identifier`: what the engine made of the person's reference (None: nothing)."""
    if identifier is None:
        return phrases.ASK_WHICH_REOPEN
    result = await call("complete_task", task_identifier=identifier, done=False)
    if result.error == "NOT_FOUND" and intent.ref.kind == "title":
        done = knowns(await call("list_tasks", status="completed"))
        # "I never sent the forms": the words as said, else the one finished task that
        # shares the most of them ("send the forms")
        found = loose_matches(done, intent.ref.text) or most_overlap(done, intent.ref.text)
        if len(found) == 1:
            result = await call("complete_task", task_identifier=f"#{found[0].number}", done=False)
    return str(result.message) if result.ok else failure(result)


async def restore(call: Call, intent: Restore, last: Known | None) -> str:
    """`last`: the task the conversation is about, for "restore it"."""
    if intent.latest:
        trash = (await call("list_tasks", status="deleted")).data.get("tasks", [])
        if not trash:
            return "Your trash is empty: there is nothing to restore."
        newest = max(trash, key=lambda task: str(task.get("deleted_at") or ""))
        identifier = f"#{newest['number']}"
    elif intent.ref.kind == "pronoun" and last is not None:
        identifier = f"#{last.number}"
    elif intent.ref.kind == "ordinal":
        trash = knowns(await call("list_tasks", status="deleted"))
        found = at_position(trash, intent.ref.position or 0)
        if found is None:
            return phrases.ASK_WHICH_RESTORE
        identifier = f"#{found.number}"
    else:
        identifier = f"#{intent.ref.number}" if intent.ref.kind == "number" else intent.ref.text
    result = await call("restore_task", task_identifier=identifier)
    return str(result.message) if result.ok else failure(result)


# "undo my last 20 changes" takes back no more than this many.
MOST_UNDONE = 5


async def undo(call: Call, note: Note, intent: Undo) -> str:
    if intent.redo:
        return phrases.NO_REDO
    said: list[str] = []
    for _step in range(min(intent.steps, MOST_UNDONE)):
        result = await call("undo_last_change")
        if not result.ok:
            return " ".join([*said, str(result.message)])
        said.append(str(result.message))
    undone = labelled(" ".join(str(summary) for summary in result.data.get("undone", [])))
    if undone is not None:
        note.name(undone)  # "Undone: #3 “x” is not done any more": "it" is #3
    more = phrases.UNDO_MORE if result.data.get("more") else ""
    return " ".join(said) + more


Redo = Callable[[Complete | Update], Awaitable[str]]


async def taken_back(call: Call, note: Note, intent: Undone | Redirected, redo: Redo) -> str:
    """The change made to the wrong task taken back (a rename put back, a completion undone),
    then done to the task meant; asked which when the person named none yet."""
    if isinstance(intent, Undone):
        undone = await call(
            "update_task",
            task_identifier=f"#{intent.undo.ref.number}",
            new_title=intent.undo.title,
            new_description=None,
        )
        if not undone.ok:
            return failure(undone)
        task = undone.data["task"]
        return f"I put #{task['number']} back to “{task['title']}”. " + await redo(intent.redo)
    undone = await call("undo_last_change")
    if not undone.ok:
        return failure(undone)
    if intent.redo is None:
        note.ask(Awaiting("which", family="complete"))
        return f"{undone.message} {phrases.ASK_WHICH['complete']}"
    return f"{undone.message} " + await redo(intent.redo)
