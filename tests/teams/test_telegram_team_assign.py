"""Giving a group's team tasks out in words, through the real python-telegram-bot polling the
fake Bot API: three people in two groups and one outsider. An `@username` the bot saw write in
the group means that person; one it never saw is refused. The assignee's private message has
Done and Open the list; Done completes once, only for the person holding the task."""

from __future__ import annotations

from sqlmodel import col, select

from core.storage.db import Database
from core.storage.list_models import TaskList
from core.storage.models import Identity, Task
from tests.fakes.telegram_api import (
    BOT_USERNAME,
    callback_update,
    group_chat,
    person,
)
from tests.fakes.telegram_rig import TelegramRig

ALICE = person(111, "Alice", "alice")
BOB = person(222, "Bob", "bob")
CAROL = person(333, "Carol", "carol")
DAVE = person(444, "Dave", "dave")
FLAT = group_chat(-100_555, "Flatmates")
BAND = group_chat(-100_777, "Band")
AT_BOT = f"@{BOT_USERNAME}"


async def held(database: Database, group: dict[str, object]) -> list[tuple[str, str | None, bool]]:
    """Each task of the group's list: its title, its holder's account, whether it is done."""
    async with database.session() as session:
        rows = await session.exec(
            select(Task)
            .join(TaskList, col(TaskList.id) == col(Task.list_id))
            .where(TaskList.chat_id == str(group["id"]))
            .order_by(col(Task.number))
        )
        found = []
        for task in rows.all():
            account = None
            if task.assignee_id is not None:
                who = await session.exec(
                    select(Identity.external_id).where(Identity.user_id == task.assignee_id)
                )
                account = who.first()
            found.append((task.title, account, task.completed))
        return found


async def test_words_give_a_task_to_a_seen_username_who_completes_it_with_done(
    team: TelegramRig, database: Database
) -> None:
    await team.say(CAROL, "/team", chat=FLAT)  # the bot sees @carol write in the group
    await team.say(ALICE, "/team add deploy the site", chat=FLAT)
    answer, told = await team.say(
        ALICE, f"{AT_BOT} give the deploy task to @carol", chat=FLAT, replies=2
    )
    assert answer.text == "#1 “deploy the site” is now assigned to Carol."
    assert told.params["chat_id"] == str(CAROL["id"])
    assert told.text == "Alice assigned you #1 “deploy the site”. (in Flatmates)"
    assert told.buttons == ["Done", "Open the list"]
    assert await held(database, FLAT) == [("deploy the site", "333", False)]

    await team.api.push(callback_update(CAROL, told, told.callback_data("Open the list")))
    shown = await team.answered("editMessageText")
    assert shown.text.splitlines() == [
        "#1 “deploy the site” is assigned to you. The list of Flatmates:",
        "#1 deploy the site → Carol",
    ]
    assert shown.buttons == ["Done", "Open the list"]

    await team.api.push(callback_update(CAROL, told, told.callback_data("Done")))
    done = await team.answered("editMessageText")
    assert done.text == "Done: #1 “deploy the site” in Flatmates."
    assert done.buttons == ["Undo"]
    in_group = await team.answered("sendMessage")
    assert in_group.params["chat_id"] == str(FLAT["id"])
    assert in_group.text == (
        '<a href="tg://user?id=111">@</a> Carol completed #1 “deploy the site”, which you assigned.'
    )
    assert await held(database, FLAT) == [("deploy the site", "333", True)]

    await team.api.push(callback_update(CAROL, told, told.callback_data("Done")))
    again = await team.answered("answerCallbackQuery")
    assert again.text == "#1 “deploy the site” was already done."
    assert await held(database, FLAT) == [("deploy the site", "333", True)]

    [mine] = await team.say(ALICE, "what's assigned to me?")
    assert mine.text == "Nothing on a team list is assigned to you."

    # the Done's answer takes it back, for Carol alone
    await team.api.push(callback_update(CAROL, told, done.callback_data("Undo")))
    undone = await team.answered("editMessageText")
    assert undone.text == "Undone: #1 “deploy the site” is not done any more."
    assert await held(database, FLAT) == [("deploy the site", "333", False)]


async def test_reassigning_tells_both_and_the_old_done_button_no_longer_works(
    team: TelegramRig, database: Database
) -> None:
    await team.say(CAROL, "/team", chat=FLAT)
    await team.say(ALICE, "/team add water the plants", chat=FLAT)
    _, first = await team.say(ALICE, "/team assign 1 @carol", chat=FLAT, replies=2)
    assert first.params["chat_id"] == str(CAROL["id"])

    answer, told = await team.say(BOB, f"{AT_BOT} reassign 1 to me", chat=FLAT, replies=2)
    assert answer.text == "#1 “water the plants” is now assigned to you."
    assert (told.params["chat_id"], told.text) == (
        str(CAROL["id"]),
        "Bob took #1 “water the plants” off you; it's no longer yours. (in Flatmates)",
    )
    assert await held(database, FLAT) == [("water the plants", "222", False)]

    await team.api.push(callback_update(CAROL, first, first.callback_data("Done")))
    refused = await team.answered("answerCallbackQuery")
    assert refused.text == (
        "#1 “water the plants” in Flatmates isn't assigned to you (any more), so I changed nothing."
    )
    assert await held(database, FLAT) == [("water the plants", "222", False)]

    [dropped] = await team.say(ALICE, f"{AT_BOT} unassign 1", chat=FLAT)
    assert dropped.text == "#1 “water the plants” is no longer assigned."
    assert await held(database, FLAT) == [("water the plants", None, False)]


async def test_unknown_usernames_outsiders_and_other_groups_change_nothing(
    team: TelegramRig, database: Database
) -> None:
    await team.say(ALICE, "/team add take out the bins", chat=FLAT)
    [unknown] = await team.say(ALICE, f"{AT_BOT} assign 1 to @robert", chat=FLAT)
    assert unknown.text.startswith("I don't know who @robert is here, so I changed nothing.")
    # dave wrote in the group, so the bot knows @dave, but Telegram says he is not in it
    [outsider] = await team.say(DAVE, f"{AT_BOT} assign 1 to me", chat=FLAT)
    assert outsider.text == "Only members of this chat can use its team list, so I changed nothing."
    [refused] = await team.say(ALICE, f"{AT_BOT} give 1 to @dave", chat=FLAT)
    assert refused.text == "Dave is not a member of this chat, so I can't give them a task."
    # @bob wrote only in Flatmates: in Band he is nobody the bot saw
    await team.say(BOB, "/team", chat=FLAT)
    await team.say(CAROL, "/team add book the room", chat=BAND)
    [elsewhere] = await team.say(CAROL, f"{AT_BOT} assign 1 to @bob", chat=BAND)
    assert elsewhere.text.startswith("I don't know who @bob is here")
    assert await held(database, FLAT) == [("take out the bins", None, False)]
    assert await held(database, BAND) == [("book the room", None, False)]
    assert [c for c in team.api.sent() if c.params["chat_id"] == str(DAVE["id"])] == []


async def test_whats_assigned_shows_each_group_by_its_title(team: TelegramRig) -> None:
    await team.say(ALICE, "/team add take out the bins", chat=FLAT)
    await team.say(CAROL, "/team add book the room", chat=BAND)
    await team.say(ALICE, "/team", chat=BAND)  # the bot sees @alice write in Band
    await team.say(ALICE, f"{AT_BOT} assign 1 to me", chat=FLAT)
    await team.say(CAROL, f"{AT_BOT} give 1 to @alice", chat=BAND, replies=2)
    [mine] = await team.say(ALICE, "what's assigned to me?")
    assert mine.text.splitlines() == [
        "Assigned to you:",
        "In Band:",
        "  #1 book the room",
        "In Flatmates:",
        "  #1 take out the bins",
    ]
    assert str(FLAT["id"]) not in mine.text and str(BAND["id"]) not in mine.text
