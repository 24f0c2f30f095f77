"""Done/Delete/More buttons on listings and task forms, in the core: owner-only, exactly once,
through the same tools and audit as typed requests."""

from __future__ import annotations

from sqlmodel import select

from core.chat import queries_for
from core.commands.forms import TaskForm
from core.domain.task_pages import LIST_PAGE
from core.storage import audit
from core.storage.delivery_models import ProcessedEvent
from core.types import Action, Press, Reply
from tests.harness import ChatDriver


def pressing(chat: ChatDriver, reply: Reply, label: str, **fields: object) -> Press:
    button = next(b for b in reply.buttons if b.label == label)
    return Press(
        platform=chat.platform,
        user_ref=str(fields.get("user", chat.user)),
        token=button.token,
        action=button.action,
        event_id=fields.get("event_id"),  # type: ignore[arg-type]
    )


async def listed(chat: ChatDriver, text: str = "/list") -> Reply:
    reply = await chat.push(text, list_controls=True)
    assert reply is not None
    return reply


async def test_a_private_listing_carries_a_done_button_per_open_task(chat: ChatDriver) -> None:
    for title in ("milk", "eggs", "bread"):
        await chat.say(f"add {title}")
    await chat.say("done 2")
    reply = await listed(chat, "/list all")
    assert [b.label for b in reply.buttons] == ["✓ 1", "✓ 3"]
    assert all(len(b.payload.encode()) <= 64 for b in reply.buttons)
    plain = await chat.push("/list")
    assert plain is not None and plain.buttons == []  # a group or the console: no buttons


async def test_pressing_done_completes_once_and_redraws_the_listing(chat: ChatDriver) -> None:
    await chat.say("add milk")
    await chat.say("add eggs")
    reply = await listed(chat)
    press = pressing(chat, reply, "✓ 1", event_id="press-1")
    after = await chat.service.press(press)
    assert after is not None and not after.ephemeral
    assert after.text == "Marked #1 “milk” as done.\nYou have 1 pending task:\n2. eggs"
    assert [b.label for b in after.buttons] == ["✓ 2"]
    assert await chat.service.press(press) is None  # the same delivery again: applied once
    audit = [row.action for row in await chat.audit()]
    assert audit.count("complete_task") == 1
    assert [t.completed for t in await chat.tasks()] == [True, False]


async def test_a_strangers_done_press_changes_nothing(chat: ChatDriver) -> None:
    await chat.say("add milk")
    reply = await listed(chat)
    bob = chat.as_user("bob")
    await bob.say("add his own thing")
    refused = await chat.service.press(pressing(chat, reply, "✓ 1", user="bob"))
    assert refused is not None and refused.ephemeral
    assert refused.text.startswith("That task isn't on your list")
    assert [t.completed for t in await chat.tasks()] == [False]
    assert [t.completed for t in await bob.tasks()] == [False]


async def test_long_listings_are_a_page_and_more_continues_after_it(chat: ChatDriver) -> None:
    for n in range(1, LIST_PAGE + 4):
        await chat.say(f"add task {n}")
    reply = await listed(chat)
    labels = [b.label for b in reply.buttons]
    assert labels[-1] == "More ›" and len(labels) == LIST_PAGE + 1
    lines = reply.text.splitlines()
    assert lines[0] == f"You have {LIST_PAGE + 3} pending tasks:"
    assert lines[-1] == f"Showing 1–{LIST_PAGE} of {LIST_PAGE + 3}."
    assert len(lines) == LIST_PAGE + 2 and lines[-2].startswith(f"{LIST_PAGE}. task {LIST_PAGE}")
    more = await chat.service.press(pressing(chat, reply, "More ›"))
    assert more is not None
    assert [b.label for b in more.buttons] == ["✓ 21", "✓ 22", "✓ 23", "‹ First"]
    assert more.text.startswith(f"You have {LIST_PAGE + 3} pending tasks:\n21. task 21")
    assert more.text.endswith(f"Showing 21–23 of {LIST_PAGE + 3}.")
    # the numbers stay the tasks' own: "done 22" after More is the task shown as 22
    assert (await chat.say("done 22")).startswith("Marked #22 “task 22” as done")
    assert [t.number for t in await chat.tasks() if t.completed] == [22]


async def test_a_delete_question_replaces_the_listing_buttons(chat: ChatDriver) -> None:
    await chat.say("add milk")
    reply = await chat.push("/delete 1", list_controls=True)
    assert reply is not None
    assert [b.action for b in reply.buttons] == [Action.CONFIRM, Action.CANCEL]


async def test_the_delete_button_asks_first(chat: ChatDriver) -> None:
    await chat.say("add milk")
    [task] = await chat.tasks()
    asked = await chat.service.press(
        Press(platform=chat.platform, user_ref=chat.user, token=task.id.hex, action=Action.DELETE)
    )
    assert asked is not None and asked.text.startswith("Delete #1 “milk”?")
    board = await queries_for(chat.service).board(
        platform=chat.platform, tenant="", user_ref=chat.user
    )
    assert [q.text for q in board.questions] == ["Delete #1 “milk”?"]
    done = await chat.service.press(pressing(chat, asked, "Delete “milk”"))
    assert done is not None and done.text == "Deleted #1 “milk”."
    assert await chat.titles() == []


def form(chat: ChatDriver, form_id: str, title: str, description: str = "", **more) -> TaskForm:
    return TaskForm(
        platform=chat.platform,
        user_ref=chat.user,
        form_id=form_id,
        title=title,
        description=description,
        **more,
    )


async def test_a_form_with_errors_stores_nothing(chat: ChatDriver) -> None:
    result = await chat.service.submit_form(form(chat, "V1", "   ", "x" * 1001))
    assert set(result.errors) == {"title", "description"}
    assert result.errors["title"] == "A task needs a title."
    async with chat.database.session() as session:
        assert await audit.entries(session) == []
        assert (await session.exec(select(ProcessedEvent))).all() == []


async def test_a_form_adds_then_edits_once_each(chat: ChatDriver) -> None:
    added = await chat.service.submit_form(form(chat, "V1", " buy milk ", "2 litres"))
    assert added.errors == {} and added.message == "Added #1 “buy milk” (2 litres)."
    again = await chat.service.submit_form(form(chat, "V1", "buy milk", "2 litres"))
    assert again.duplicate
    [task] = await chat.tasks()
    edited = await chat.service.submit_form(form(chat, "V2", "buy oat milk", "", task_id=task.id))
    assert edited.errors == {} and "renamed #1" in edited.message
    [task] = await chat.tasks()
    assert (task.title, task.description) == ("buy oat milk", "")
    assert [row.action for row in await chat.audit()] == ["add_task", "update_task"]


async def test_a_strangers_edit_form_is_refused(chat: ChatDriver) -> None:
    await chat.say("add milk")
    [task] = await chat.tasks()
    bob = chat.as_user("bob")
    result = await chat.service.submit_form(form(bob, "V9", "mine now", task_id=task.id))
    assert result.errors == {"title": "No task has that id."}
    assert await chat.titles() == ["milk"]
