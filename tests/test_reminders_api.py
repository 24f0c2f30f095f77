"""On the chat API a reminder is a message in the conversation it was asked in."""

from __future__ import annotations

from adapters.http.reminders import ApiReminderSender
from core.reminders import book
from core.reminders.dispatch import ReminderDispatcher
from tests.harness import ChatDriver
from tests.reminders_rig import StepClock


async def test_a_reminder_arrives_as_a_message_in_the_conversation(chat: ChatDriver) -> None:
    api = chat.as_user("user-789", platform="api", chat_ref="api/c1")
    reply = await api.push("/add call mom")
    assert reply is not None and reply.conversation_id is not None
    [task] = await api.tasks()
    clock = StepClock()
    async with chat.database.session() as session, session.begin():
        await book.set_for_task(
            session, task=task, at=clock.at, where=book.Where("api", reply.conversation_id)
        )
    sender = ApiReminderSender(chat.database)
    assert await ReminderDispatcher(chat.database, [sender], clock=clock).run_once() == 1
    messages = await chat.service.messages(
        platform="api", tenant="", user_ref="user-789", conversation_id=reply.conversation_id
    )
    last = messages.items[-1]
    assert (last.role, last.content) == ("assistant", "⏰ Reminder: #1 “call mom”")
    [call] = last.tool_calls
    assert [a["action"] for a in call["result"]["data"]["actions"]] == [
        "rdone",
        "snooze",
        "tomorrow",
    ]
