"""Putting a task back: reopening a finished one ("X isn't done after all") and restoring a
deleted one ("restore the last one I deleted"), through the tools."""

from __future__ import annotations

from core.agent.builtin import phrases
from core.agent.builtin.intents import Reopen, Restore
from core.agent.builtin.refs import Known, at_position, loose_matches, most_overlap
from core.agent.builtin.reminder_acts import Call
from core.agent.builtin.replies import failure, knowns


async def reopen(call: Call, intent: Reopen, identifier: str | None) -> str:
    """`identifier`: what the engine made of the person's reference (None: nothing)."""
    if identifier is None:
        return phrases.ASK_WHICH_REOPEN
    result = await call("complete_task", task_identifier=identifier, done=False)
    if result.get("error") == "NOT_FOUND" and intent.ref.kind == "title":
        done = knowns(await call("list_tasks", status="completed"))
        # "I never sent the forms": the words as said, else the one finished task that
        # shares the most of them ("send the forms")
        found = loose_matches(done, intent.ref.text) or most_overlap(done, intent.ref.text)
        if len(found) == 1:
            result = await call("complete_task", task_identifier=f"#{found[0].number}", done=False)
    return str(result["message"]) if result["ok"] else failure(result)


async def restore(call: Call, intent: Restore, last: Known | None) -> str:
    """`last`: the task the conversation is about, for "restore it"."""
    if intent.latest:
        trash = (await call("list_tasks", status="deleted"))["data"].get("tasks", [])
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
    return str(result["message"]) if result["ok"] else failure(result)
