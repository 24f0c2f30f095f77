"""The pure translation between Bot API JSON and the core's types: no server, no database."""

from __future__ import annotations

from typing import Any

from adapters.telegram.render import alert_text, outcome_html, render, split_text
from adapters.telegram.translate import (
    BotIdentity,
    ButtonPress,
    MessageTurn,
    NotText,
    message_at,
    message_ref,
    read_update,
)
from core.types import Action, Button, Incoming, Press, Reply

BOT = BotIdentity(id=42, username="todo_test_bot")
ALICE = {"id": 111, "is_bot": False, "first_name": "Alice", "last_name": "Smith"}
PRIVATE = {"id": 111, "type": "private"}
GROUP = {"id": -100555, "type": "supergroup", "title": "Flatmates"}


def message(
    text: str | None, *, chat: dict = PRIVATE, entities: list | None = None, **extra: Any
) -> dict[str, Any]:
    body: dict[str, Any] = {"message_id": 9, "date": 0, "chat": chat, "from": ALICE, **extra}
    if text is not None:
        body["text"] = text
    if entities:
        body["entities"] = entities
    return {"update_id": 1001, "message": body}


def incoming(update: dict[str, Any]) -> Incoming:
    event = read_update(update, BOT)
    assert isinstance(event, MessageTurn), event
    return event.incoming


def command(length: int) -> list[dict[str, Any]]:
    return [{"type": "bot_command", "offset": 0, "length": length}]


def mention(offset: int, length: int = 14) -> list[dict[str, Any]]:
    return [{"type": "mention", "offset": offset, "length": length}]


def test_a_private_message_is_a_turn() -> None:
    event = read_update(message("add buy milk"), BOT)
    assert event == MessageTurn(
        incoming=Incoming(
            platform="telegram",
            tenant="",
            user_ref="111",
            chat_ref="111",
            text="add buy milk",
            event_id="1001",
            display_name="Alice Smith",
            is_group=False,
            command=None,
            list_controls=True,
        ),
        chat_id=111,
    )


def test_a_command_loses_its_slash_and_bot_name() -> None:
    turn = incoming(message("/done@todo_test_bot 2", entities=command(19)))
    assert (turn.command, turn.text) == ("done", "2")
    turn = incoming(message("/LIST", entities=command(5)))
    assert (turn.command, turn.text) == ("list", "")
    turn = incoming(message("/frobnicate now", entities=command(11)))
    assert (turn.command, turn.text) == ("frobnicate", "now")


def test_group_chatter_is_ignored() -> None:
    assert read_update(message("add gossip", chat=GROUP), BOT) is None
    assert read_update(message("hi @bob", chat=GROUP, entities=mention(3, 4)), BOT) is None
    assert read_update(message("/list@other_bot", chat=GROUP, entities=command(15)), BOT) is None


def test_a_group_mention_is_a_turn_without_the_mention() -> None:
    turn = incoming(message("@todo_test_bot add buy milk", chat=GROUP, entities=mention(0)))
    assert (turn.text, turn.is_group, turn.chat_ref, turn.user_ref) == (
        "add buy milk",
        True,
        "-100555",
        "111",
    )
    turn = incoming(message("please @Todo_Test_Bot add tea", chat=GROUP, entities=mention(7)))
    assert turn.text == "please add tea"


def test_mention_offsets_count_utf16_units() -> None:
    turn = incoming(message("🎉 @todo_test_bot add cake", chat=GROUP, entities=mention(3)))
    assert turn.text == "🎉 add cake"


def test_a_text_mention_of_the_bot_counts() -> None:
    entity = {"type": "text_mention", "offset": 0, "length": 7, "user": {"id": 42}}
    turn = incoming(message("todobot list", chat=GROUP, entities=[entity]))
    assert turn.text == "list"


def test_a_bare_mention_asks_for_help() -> None:
    turn = incoming(message("@todo_test_bot", chat=GROUP, entities=mention(0)))
    assert (turn.command, turn.text) == ("help", "")


def test_a_reply_to_the_bot_in_a_group_is_a_turn() -> None:
    bots = {
        "message_id": 3,
        "date": 0,
        "chat": GROUP,
        "from": {"id": 42, "is_bot": True, "first_name": "todobot"},
    }
    event = read_update(message("list", chat=GROUP, reply_to_message=bots), BOT)
    assert isinstance(event, MessageTurn) and event.reply_to == 9
    someone = {**bots, "from": {"id": 5, "is_bot": False, "first_name": "Bob"}}
    assert read_update(message("list", chat=GROUP, reply_to_message=someone), BOT) is None


def test_a_forum_topic_is_its_own_thread() -> None:
    update = message(
        "@todo_test_bot list",
        chat=GROUP,
        entities=mention(0),
        is_topic_message=True,
        message_thread_id=77,
    )
    event = read_update(update, BOT)
    assert isinstance(event, MessageTurn)
    assert (event.thread_id, event.incoming.thread_ref) == (77, "77")


def test_what_the_bot_ignores() -> None:
    robot = message("add x")
    robot["message"]["from"] = {"id": 9, "is_bot": True, "first_name": "Other"}
    assert read_update(robot, BOT) is None
    assert read_update({"update_id": 1, "edited_message": message("x")["message"]}, BOT) is None
    assert read_update({"update_id": 1, "channel_post": message("x")["message"]}, BOT) is None
    assert read_update({"message": message("x")["message"]}, BOT) is None
    assert read_update(message(None, chat=GROUP, sticker={}), BOT) is None


def test_a_private_message_without_text_gets_a_hint() -> None:
    assert read_update(message(None, photo=[]), BOT) == NotText(chat_id=111)


def callback(data: str) -> dict[str, Any]:
    return {
        "update_id": 2002,
        "callback_query": {
            "id": "q1",
            "from": ALICE,
            "chat_instance": "c",
            "data": data,
            "message": {"message_id": 31, "date": 0, "chat": PRIVATE, "text": "Delete #1?"},
        },
    }


def test_a_button_press_becomes_a_press() -> None:
    assert read_update(callback("confirm|tok123"), BOT) == ButtonPress(
        press=Press(
            platform="telegram",
            tenant="",
            user_ref="111",
            token="tok123",
            action=Action.CONFIRM,
            event_id="2002",
            display_name="Alice Smith",
        ),
        query_id="q1",
        chat_id=111,
        message_id=31,
    )


def test_a_press_on_a_foreign_button_has_no_press() -> None:
    for data in ("hello", "explode|tok", "confirm|" + "x" * 70):
        event = read_update(callback(data), BOT)
        assert isinstance(event, ButtonPress) and event.press is None


def test_render_escapes_html_and_puts_buttons_under_the_text() -> None:
    buttons = [
        Button("Delete “<b>”", Action.CONFIRM, "tok"),
        Button("Cancel", Action.CANCEL, "tok"),
    ]
    [part] = render(Reply(text="Delete #1 “<b>x</b> & *y*”?", buttons=buttons))
    assert part.html == "Delete #1 “&lt;b&gt;x&lt;/b&gt; &amp; *y*”?"
    assert part.keyboard is not None
    assert part.keyboard.to_dict() == {
        "inline_keyboard": [
            [
                {"text": "Delete “<b>”", "callback_data": "confirm|tok"},
                {"text": "Cancel", "callback_data": "cancel|tok"},
            ]
        ]
    }


def test_a_long_reply_is_split_at_line_breaks_with_buttons_last() -> None:
    lines = [f"{n}. " + "y" * 96 for n in range(1, 51)]
    text = "\n".join(lines)
    assert len(text) > 5000
    parts = render(Reply(text=text, buttons=[Button("Cancel", Action.CANCEL, "t")]))
    assert len(parts) == 2
    assert [p.keyboard is not None for p in parts] == [False, True]
    assert "\n".join(p.html for p in parts) == text
    assert all(len(p.html) <= 4096 for p in parts)


def test_splitting_counts_utf16_units_and_cuts_unbroken_text() -> None:
    parts = split_text("😀" * 3000)
    assert [len(p) for p in parts] == [2048, 952]
    assert split_text("a" * 5000, limit=4096) == ["a" * 4096, "a" * 904]
    assert split_text("   ") == []


def test_outcomes_and_alerts_fit_their_limits() -> None:
    assert outcome_html(Reply(text="Deleted #1 “a&b”.")) == "Deleted #1 “a&amp;b”."
    assert len(outcome_html(Reply(text="z" * 9000))) <= 4096
    assert len(alert_text(Reply(text="w" * 500))) == 200


def test_a_message_ref_reads_back_and_nothing_else_does() -> None:
    assert message_at(message_ref(-100555, 42)) == (-100555, 42)
    for other in (None, "", "slack:C1:1.2", "telegram:5", "telegram:x:7"):
        assert message_at(other) is None
