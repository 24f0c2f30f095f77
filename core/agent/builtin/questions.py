"""Questions about the list that change nothing: how many, which mention a word, and the
state of one task. Each looks the tasks up through `list_tasks`, like every other read."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime, tzinfo
from typing import Any

from core.agent.builtin import phrases
from core.agent.builtin.context import Context
from core.agent.builtin.intents import AboutTask, Count, ListTasks, Ref, Search
from core.agent.builtin.notes import Note
from core.agent.builtin.refs import Known, at_position, loose_matches, title_matches
from core.agent.builtin.replies import Call, count_of, failure, knowns, state
from core.agent.builtin.text import stem
from core.domain.when import Due, show_due_plain


async def count(call: Call, intent: Count) -> str:
    result = await call("list_tasks", status="all")
    if not result.ok:
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
    if not result.ok:
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


async def one_task(
    call: Call, context: Context, ref: Ref | None, note: Note
) -> tuple[Known, dict[str, Any]] | str:
    """The one task a question points at (None: the next open one) and its row, named so
    that "tick it off" can follow; else what to say when none or several fit."""
    result = await call("list_tasks", status="all")
    if not result.ok:
        return failure(result)
    tasks = knowns(result)
    found = resolve(context, ref, tasks) if ref else [task for task in tasks if not task.completed]
    if not found:
        return phrases.ABOUT_NONE if ref else phrases.NOTHING_NEXT
    if ref and len(found) > 1:
        listed = phrases.choices([(task.number, task.title) for task in found[:10]])
        return phrases.ABOUT_WHICH.format(choices=listed)
    note.name(found[0])
    return found[0], next(row for row in result.data["tasks"] if row["number"] == found[0].number)


def due_of(row: dict[str, Any]) -> Due | None:
    if not row.get("due_at"):
        return None
    return Due(datetime.fromisoformat(row["due_at"].replace("Z", "+00:00")), row["due_has_time"])


async def about(call: Call, context: Context, intent: AboutTask, note: Note) -> str:
    """One task's state (and description)."""
    found = await one_task(call, context, intent.ref, note)
    if isinstance(found, str):
        return found
    task, row = found
    details = f" Description: {row['description']}." if row.get("description") else ""
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


async def with_tag(call: Call, intent: ListTasks) -> ListTasks:
    """The listing filtered by the tag its word names ("my errands" and a #errands tag), or
    the listing without the word when no tag is so named."""
    plain = replace(intent, tag_word=None)
    result = await call("list_tasks", status="all")
    if not result.ok or not intent.tag_word:
        return plain
    tags = {str(tag) for item in result.data["tasks"] for tag in item.get("tags") or ()}
    wanted = stem(intent.tag_word)
    named = [tag for tag in tags if tag == intent.tag_word] or sorted(
        tag for tag in tags if stem(tag) == wanted
    )  # "errands" is #errands, else #errand
    return replace(plain, tag=named[0], sort_by="due") if named else plain


async def next_due(call: Call, note: Note, *, now: datetime, zone: tzinfo) -> str:
    """The open task whose due comes first (all of them when several share it), and how
    many are overdue already."""
    result = await call("list_tasks", status="pending", sort_by="due")
    if not result.ok:
        return failure(result)
    tasks = {task.number: task for task in knowns(result)}
    dues = [
        (due, tasks[int(row["number"])]) for row in result.data["tasks"] if (due := due_of(row))
    ]
    ahead = sorted(
        ((due, task) for due, task in dues if due.deadline(zone) > now),
        key=lambda pair: (pair[0].at, pair[0].has_time),
    )
    overdue = len(dues) - len(ahead)
    later = (
        phrases.ALSO_OVERDUE.format(overdue=count_of(overdue, "overdue task")) if overdue else ""
    )
    if not ahead:
        return phrases.NO_NEXT_DUE + later
    first = ahead[0][0]
    named = [task for due, task in ahead if due == first]
    if len(named) == 1:
        note.name(named[0])
    listed = phrases.choices([(task.number, task.title) for task in named], joiner="and")
    when = show_due_plain(first, zone, now=now)
    return phrases.NEXT_DUE.format(tasks=listed, when=when) + later
