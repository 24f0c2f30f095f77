"""A group's team list in Telegram, through the real python-telegram-bot polling the fake Bot
API: three people in two groups and one outsider. A person picked by name (`text_mention`)
is given the task and told in their private chat if they started the bot, else by a mention
in the group; membership is Telegram's getChatMember."""

from __future__ import annotations

import pytest

from tests.fakes.telegram_api import BOT_USERNAME, FakeTelegramAPI
from tests.fakes.telegram_rig import TelegramRig
from tests.teams.telegram_people import ALICE, BAND, BOB, CAROL, DAVE, FLAT


@pytest.fixture(autouse=True)
def bob_never_started(bot_api: FakeTelegramAPI) -> None:
    """Bob has never opened a private chat with the bot: he is told in the group."""
    bot_api.never_started = {222}


async def test_the_assignee_is_mentioned_in_the_group_when_they_never_started_the_bot(
    team: TelegramRig,
) -> None:
    added, private, in_group = await team.say(
        ALICE, "/team add take out the bins Bob", chat=FLAT, replies=3, picked={"Bob": BOB}
    )
    assert added.text == "Added #1 “take out the bins” to this chat's team list for Bob."
    assert private.params["chat_id"] == "222"  # tried first, and refused by Telegram
    assert in_group.params["chat_id"] == str(FLAT["id"])
    assert in_group.params["text"] == (
        '<a href="tg://user?id=222">@</a> Alice assigned you #1 “take out the bins”.'
    )
    [listed] = await team.say(CAROL, f"/team@{BOT_USERNAME}", chat=FLAT)
    assert listed.text.splitlines() == ["This chat's team list:", "#1 take out the bins → Bob"]

    done, told = await team.say(BOB, "/team done 1", chat=FLAT, replies=2)
    assert done.text == "Done: #1 “take out the bins”."
    assert told.params["chat_id"] == str(FLAT["id"])
    assert told.params["text"] == (
        '<a href="tg://user?id=111">@</a> Bob completed #1 “take out the bins”, which you assigned.'
    )


async def test_an_assignee_who_started_the_bot_is_told_privately(team: TelegramRig) -> None:
    added, told = await team.say(
        ALICE, "/team add book the rehearsal room Carol", chat=BAND, replies=2,
        picked={"Carol": CAROL},
    )  # fmt: skip
    assert added.text.startswith("Added #1 “book the rehearsal room”")
    assert told.params["chat_id"] == str(CAROL["id"])
    assert told.text == "Alice assigned you #1 “book the rehearsal room”. (in Band)"
    [mine] = await team.say(CAROL, "what's assigned to me?")
    assert mine.text.splitlines() == [
        "Assigned to you:",
        "In Band:",
        "  #1 book the rehearsal room",
    ]


async def test_an_outsider_and_an_unknown_username_are_refused(team: TelegramRig) -> None:
    await team.say(ALICE, "/team add take out the bins", chat=FLAT)
    [refused] = await team.say(DAVE, "/team done 1", chat=FLAT)
    assert refused.text == "Only members of this chat can use its team list, so I changed nothing."
    [outsider] = await team.say(ALICE, "/team assign 1 to Dave", chat=FLAT, picked={"Dave": DAVE})
    assert outsider.text == "Dave is not a member of this chat, so I can't give them a task."
    [unknown] = await team.say(ALICE, "/team assign 1 to @robert", chat=FLAT)
    assert unknown.text.startswith("I don't know who @robert is here, so I changed nothing.")
    [listed] = await team.say(ALICE, "/team", chat=FLAT)
    assert listed.text.splitlines() == ["This chat's team list:", "#1 take out the bins"]
