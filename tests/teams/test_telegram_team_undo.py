"""The Undo button under a team reply in a Telegram group, through the real python-telegram-bot
polling the fake Bot API: three people in the group and one outsider. Alice's change carries
it; Carol, also in the group, and Dave, outside it, are answered on the button alone and
nothing changes; Alice's press takes back exactly that change and the list shows it, and a
second press changes nothing more. A confirmed delete carries it too."""

from __future__ import annotations

from core.storage import audit
from core.storage.db import Database
from tests.fakes.telegram_api import Call, callback_update
from tests.fakes.telegram_rig import TelegramRig
from tests.teams.test_telegram_team import ALICE, CAROL, DAVE, FLAT
from tests.teams.test_telegram_team_life import flat_tasks

NOT_YOURS = "Only the person who made this change can undo it."
NOT_A_MEMBER = "Only members of its chat can use that team list, so I changed nothing."
ALREADY = "That was already undone; nothing more to do."


async def press(
    team: TelegramRig,
    who: dict[str, object],
    message: Call,
    method: str,
    *,
    shown: Call | None = None,
) -> Call:
    """`who` presses Undo under `message` (as `shown`, when edited since); the bot's next
    `method` call."""
    data = (shown or message).callback_data("Undo")
    await team.api.push(callback_update(who, message, data))
    return await team.answered(method)


async def listed(team: TelegramRig) -> list[str]:
    [shown] = await team.say(CAROL, "/team", chat=FLAT)
    return shown.text.splitlines()


async def test_only_the_maker_undoes_a_group_change_and_only_once(
    team: TelegramRig, database: Database
) -> None:
    await team.say(ALICE, "/team add take out the bins", chat=FLAT)
    [done] = await team.say(ALICE, "/team done 1", chat=FLAT)
    assert (done.text, done.buttons) == ("Done: #1 “take out the bins”.", ["Undo"])

    stranger = await press(team, CAROL, done, "answerCallbackQuery")
    assert stranger.params["text"] == NOT_YOURS
    outsider = await press(team, DAVE, done, "answerCallbackQuery")
    assert outsider.params["text"] == NOT_A_MEMBER
    assert [t.completed for t in await flat_tasks(database)] == [True]
    assert team.api.sent("editMessageText") == []

    undone = await press(team, ALICE, done, "editMessageText")
    assert undone.params["message_id"] == str(done.result["message_id"])
    assert undone.text == "Undone: #1 “take out the bins” is not done any more."
    assert undone.buttons == []
    assert [t.completed for t in await flat_tasks(database)] == [False]
    assert await listed(team) == ["This chat's team list:", "#1 take out the bins"]

    again = await press(team, ALICE, done, "answerCallbackQuery")
    assert again.params["text"] == ALREADY
    assert len(team.api.sent("editMessageText")) == 1
    assert [t.completed for t in await flat_tasks(database)] == [False]
    async with database.session() as session:
        pressed = await audit.entries(session, action="team_undo.pressed")
    assert [(entry.ok, entry.input["command"]) for entry in pressed] == [
        (False, "team undo"),
        (False, "team undo"),
        (True, "team undo"),
        (False, "team undo"),
    ]


async def test_a_confirmed_delete_is_undone_from_its_own_message(
    team: TelegramRig, database: Database
) -> None:
    await team.say(ALICE, "/team add buy a new kettle", chat=FLAT)
    [question] = await team.say(ALICE, "/team delete 1", chat=FLAT)
    await team.api.push(callback_update(ALICE, question, question.callback_data("Delete it")))
    deleted = await team.answered("editMessageText")
    assert deleted.text.startswith("Deleted #1 “buy a new kettle” from the team list")
    assert deleted.buttons == ["Undo"]

    stranger = await press(team, CAROL, question, "answerCallbackQuery", shown=deleted)
    assert stranger.params["text"] == NOT_YOURS
    assert [t.deleted_at is not None for t in await flat_tasks(database)] == [True]
    undone = await press(team, ALICE, question, "editMessageText", shown=deleted)
    assert undone.text == "Undone: #1 “buy a new kettle” is back from the trash."
    assert await listed(team) == ["This chat's team list:", "#1 buy a new kettle"]
    [nothing] = await team.say(ALICE, "/team undo", chat=FLAT)
    assert nothing.text == "Undone: removed #1 “buy a new kettle”, which you had just added."
