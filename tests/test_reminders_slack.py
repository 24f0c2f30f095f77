"""Reminders on Slack through the real slack_sdk and the fake Web API: a DM with buttons,
pressed by the owner (edited to the outcome) and by a stranger (told off, nothing changes)."""

from __future__ import annotations

from sqlmodel import select

from adapters.pacing import Pacer
from adapters.slack.clients import OneWorkspace
from adapters.slack.reminders import SlackReminderSender
from core.reminders.dispatch import ReminderDispatcher
from core.storage.models import Task
from tests.fakes import slack_payloads as payloads
from tests.fakes.slack_rig import slack_rig
from tests.harness import ChatDriver
from tests.reminders_rig import StepClock, remind, reminders_of


async def test_a_slack_reminder_is_a_dm_with_buttons(chat: ChatDriver) -> None:
    clock = StepClock()
    async with slack_rig(chat.service) as rig:
        await rig.event(payloads.dm("add call mom"))
        await rig.settled()
        [task] = await _tasks(chat)
        await remind(chat.database, task, clock.at, platform="slack")
        sender = SlackReminderSender(OneWorkspace(rig.worker.client), Pacer(interval=0))
        assert await ReminderDispatcher(chat.database, [sender], clock=clock).run_once() == 1
        [posted] = rig.api.of("chat.postMessage", channel="U0ALICE")
        assert posted["text"] == "⏰ Reminder: #1 “call mom”"
        buttons = [e for b in posted["blocks"] if b["type"] == "actions" for e in b["elements"]]
        assert [b["text"]["text"] for b in buttons] == ["Done", "Snooze 1 h", "Tomorrow 9:00"]
        done = buttons[0]["value"]

        await rig.click(
            payloads.block_actions(
                done,
                action="rdone",
                user="U0MALLORY",
                channel="D0ALICE",
                message_ts="1700000000.000009",
                response_url=rig.api.response_url("press"),
            )
        )
        await rig.settled()
        assert rig.api.of("chat.update") == []
        [told] = rig.api.of("chat.postEphemeral")
        assert "Only the person this reminder is for" in told["text"]

        await rig.click(
            payloads.block_actions(
                done,
                action="rdone",
                channel="D0ALICE",
                message_ts="1700000000.000009",
                response_url=rig.api.response_url("press"),
            )
        )
        await rig.settled()
        [edited] = rig.api.of("chat.update")
        assert edited["text"] == "✓ Marked #1 “call mom” as done."
    [reminder] = await reminders_of(chat.database, task.user_id)
    assert reminder.status == "done"


async def test_an_account_gone_from_the_workspace_is_marked(chat: ChatDriver) -> None:
    clock = StepClock()
    async with slack_rig(chat.service) as rig:
        await rig.event(payloads.dm("add call mom"))
        await rig.settled()
        [task] = await _tasks(chat)
        await remind(chat.database, task, clock.at, platform="slack")
        rig.api.refuse("chat.postMessage", error="account_inactive")
        sender = SlackReminderSender(OneWorkspace(rig.worker.client), Pacer(interval=0))
        await ReminderDispatcher(chat.database, [sender], clock=clock).run_once()
    [reminder] = await reminders_of(chat.database, task.user_id)
    assert reminder.status == "blocked"


async def _tasks(chat: ChatDriver) -> list[Task]:
    async with chat.database.session() as session:
        return list((await session.exec(select(Task))).all())
