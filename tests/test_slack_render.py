"""Replies to Block Kit: escaping, buttons and Slack's size limits. Pure, no I/O."""

from __future__ import annotations

from adapters.slack import render
from core.types import Action, Button, Reply, parse_payload


def texts(blocks: list[dict]) -> list[str]:
    return [b["text"]["text"] for b in blocks if b["type"] == "section"]


def test_user_text_cannot_ping_or_link() -> None:
    content = render.message(Reply(text="Added #1 “<!channel> & <@U123> <https://x|y>”."))
    expected = "Added #1 “&lt;!channel&gt; &amp; &lt;@U123&gt; &lt;https://x|y&gt;”."
    assert content["text"] == expected
    assert texts(content["blocks"]) == [expected]


def test_delete_buttons_carry_their_payload_and_confirm_is_danger() -> None:
    buttons = [
        Button("Delete “milk”", Action.CONFIRM, "ctok", danger=True),
        Button("Cancel", Action.CANCEL, "ctok"),
    ]
    blocks = render.message_blocks(Reply(text="Delete #1 “milk”?", buttons=buttons))
    assert [b["type"] for b in blocks] == ["section", "actions"]
    confirm, cancel = blocks[-1]["elements"]
    assert confirm["style"] == "danger" and "style" not in cancel
    assert confirm["text"]["text"] == "Delete “milk”"
    assert parse_payload(confirm["value"]) == (Action.CONFIRM, "ctok")
    assert parse_payload(cancel["value"]) == (Action.CANCEL, "ctok")
    assert confirm["action_id"] != cancel["action_id"]


def test_buttons_of_one_action_each_have_an_action_id_of_their_own() -> None:
    """Slack refuses a block where two elements share an action_id: a listing's Done buttons
    (or a question's choices) differ by id, and a press still reads its task from the value."""
    buttons = [Button(f"✓ {n}", Action.DONE, f"t{n}") for n in (1, 2, 3)]
    buttons.append(Button("Cancel", Action.CANCEL, "c"))
    [actions] = render.message_blocks(Reply(text="Your tasks", buttons=buttons))[1:]
    ids = [element["action_id"] for element in actions["elements"]]
    assert len(set(ids)) == len(ids) == 4
    assert all(i.startswith("todobot_") for i in ids)
    assert [parse_payload(e["value"]) for e in actions["elements"][:3]] == [
        (Action.DONE, f"t{n}") for n in (1, 2, 3)
    ]


def test_long_button_labels_fit_slack() -> None:
    element = render.button_element(Button("x" * 120, Action.CANCEL, "t"))
    assert len(element["text"]["text"]) == render.BUTTON_LABEL_LIMIT


def test_a_long_list_is_split_into_sections_at_line_ends() -> None:
    lines = [f"{n}. task number {n} <b>" for n in range(1, 400)]
    blocks = render.message_blocks(Reply(text="\n".join(lines)))
    sections = texts(blocks)
    assert len(sections) > 1
    assert all(len(text) <= render.SECTION_LIMIT for text in sections)
    assert "\n".join(sections) == "\n".join(render.escape(line) for line in lines)


def test_a_huge_reply_is_cut_to_fifty_blocks_with_a_note() -> None:
    text = "\n".join(f"{n}. " + "&" * 500 for n in range(1, 2000))
    buttons = [Button("Cancel", Action.CANCEL, "t")]
    blocks = render.message_blocks(Reply(text=text, buttons=buttons))
    assert len(blocks) == render.MESSAGE_BLOCK_LIMIT and blocks[-1]["type"] == "actions"
    sections = texts(blocks)
    assert all(len(s) <= render.SECTION_LIMIT for s in sections)
    assert sections[-1].endswith(render.TRUNCATED)
    assert all("&" not in s.replace("&amp;", "") for s in sections)  # no half an escape


def test_one_endless_line_is_split_without_breaking_an_escape() -> None:
    chunks = texts(render.message_blocks(Reply(text="<" * 5000)))
    assert all(chunk == "&lt;" * (len(chunk) // 4) for chunk in chunks)
    assert sum(len(chunk) for chunk in chunks) == 5000 * 4


def test_notification_text_stays_within_limits() -> None:
    content = render.message(Reply(text="&" * 50_000))
    assert len(content["text"]) <= render.NOTIFICATION_LIMIT
    assert content["text"].endswith("&amp;")


def test_an_outcome_has_no_buttons() -> None:
    content = render.outcome("Deleted #1 “milk”.")
    assert [b["type"] for b in content["blocks"]] == ["section"]
