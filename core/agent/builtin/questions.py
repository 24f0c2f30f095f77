"""Questions about the list that change nothing: how many, which mention a word, and the
state of one task. Each looks the tasks up through `list_tasks`, like every other read."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from core.agent.builtin import phrases
from core.agent.builtin.context import Context
from core.agent.builtin.intents import AboutTask, Count, Ref, Search
from core.agent.builtin.notes import Note
from core.agent.builtin.refs import Known, at_position, loose_matches, title_matches
from core.agent.builtin.replies import count_of, failure, knowns, state
from core.domain.tools import Envelope

Call = Callable[..., Awaitable[Envelope]]


async def count(call: Call, intent: Count) -> str:
    result = await call("list_tasks", status="all")
    if not result["ok"]:
        return failure(result)
    tasks = knowns(result)
    done = sum(1 for task in tasks if task.completed)
    pending = len(tasks) - done
    if intent.status == "pending":
        return f"You have {count_of(pending, 'pending task')}." + ("" if pending else " Nice work!")
    if intent.status == "completed":
        return f"You have completed {count_of(done, 'task')}."
    if not tasks:
        return phrases.COUNT_NONE
    return f"You have {count_of(len(tasks), 'task')}: {pending} pending and {done} completed."


async def search(call: Call, intent: Search, note: Note) -> str:
    result = await call("list_tasks", status="all")
    if not result["ok"]:
        return failure(result)
    found = title_matches(knowns(result), intent.query)
    if not found:
        return phrases.SEARCH_NONE.format(query=intent.query)
    if len(found) == 1:
        note.name(found[0])
        return phrases.SEARCH_ONE.format(query=intent.query, task=state(found[0]))
    lines = [f"{len(found)} tasks mention “{intent.query}”:"]
    lines += [f"{task.number}. {'✓ ' if task.completed else ''}{task.title}" for task in found]
    return "\n".join(lines)


async def about(call: Call, context: Context, intent: AboutTask, note: Note) -> str:
    """One task's state (and description), named so that "tick it off" can follow."""
    result = await call("list_tasks", status="all")
    if not result["ok"]:
        return failure(result)
    tasks = knowns(result)
    if intent.ref is None:
        found = [task for task in tasks if not task.completed][:1]
        if not found:
            return phrases.NOTHING_NEXT
    else:
        found = resolve(context, intent.ref, tasks)
    if not found:
        return phrases.ABOUT_NONE
    if len(found) > 1:
        listed = phrases.choices([(task.number, task.title) for task in found[:10]])
        return phrases.ABOUT_WHICH.format(choices=listed)
    task = found[0]
    note.name(task)
    described = next(
        (item.get("description") for item in result["data"]["tasks"]
         if item.get("number") == task.number),
        "",
    )  # fmt: skip
    details = f" Description: {described}." if described else ""
    if intent.asks_done:
        answer = phrases.IS_DONE if task.completed else phrases.NOT_YET
        return answer.format(number=task.number, title=task.title) + details
    return state(task) + "." + details


def resolve(context: Context, ref: Ref, tasks: list[Known]) -> list[Known]:
    if ref.kind == "number":
        return [task for task in tasks if task.number == ref.number]
    if ref.kind == "pronoun":
        last = context.last_task
        return [task for task in tasks if last is not None and task.number == last.number]
    if ref.kind == "ordinal":
        shown = list(context.listing) or [task for task in tasks if not task.completed]
        found = at_position(shown, ref.position or 0)
        return [found] if found is not None else []
    return title_matches(tasks, ref.text) or loose_matches(tasks, ref.text)
