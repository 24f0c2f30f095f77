"""The phrase router: exact account requests become commands; everything else stays free text."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.settings import load_settings
from bot.wiring import build_services
from core.people.account_phrases import asks_for_code, asks_to_forget, recognise
from core.people.link_codes import looks_like_code, normalize, shown
from core.types import COMMAND_WORDS


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("link", ("link", "")),
        ("Link my Telegram", ("link", "")),
        ("link my telegram account", ("link", "")),
        ("please link my slack.", ("link", "")),
        ("can you link my telegram?", ("link", "")),
        ("connect my slack and telegram", ("link", "")),
        ("link accounts", ("link", "")),
        ("link ABCD-EFGH", ("link", "ABCD-EFGH")),
        ("link abcd-efgh", ("link", "abcd-efgh")),
        ("link 2345 6789", ("link", "2345 6789")),
        ("link code WXYZ-2345", ("link", "WXYZ-2345")),
        ("unlink", ("unlink", "")),
        ("unlink this account", ("unlink", "")),
        ("accounts", ("accounts", "")),
        ("show my linked accounts", ("accounts", "")),
        ("which accounts are linked?", ("accounts", "")),
        ("export", ("export", "")),
        ("export my data", ("export", "")),
        ("download my data", ("export", "")),
        ("forget me", ("forget", "me")),
        ("Forget me!", ("forget", "me")),
        ("please forget everything about me", ("forget", "me")),
        ("erase all my data", ("forget", "me")),
    ],
)
def test_account_requests_are_recognised(text: str, expected: tuple[str, str]) -> None:
    assert recognise(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "link the report to the ticket",
        "link handbags",
        "add link to the docs",
        "unlink telegram",
        "forget about task 3",
        "don't forget milk",
        "export the slides for Friday",
        "delete 2",
        "what's on my list?",
    ],
)
def test_everything_else_stays_free_text(text: str) -> None:
    assert recognise(text) is None


def test_link_arguments() -> None:
    assert asks_for_code("") and asks_for_code("my telegram") and asks_for_code("accounts")
    assert not asks_for_code("ABCD-EFGH") and not asks_for_code("nonsense words")
    assert asks_to_forget("") and asks_to_forget("me") and not asks_to_forget("task 3")


def test_code_shapes() -> None:
    assert shown("ABCDEFGH") == "ABCD-EFGH"
    assert normalize(" abcd - efgh ") == "ABCDEFGH"
    assert looks_like_code("abcd-efgh")
    assert not looks_like_code("ABCD-EFG0")  # 0 is not in the alphabet
    assert not looks_like_code("ABCD-EFGHJ")


def test_command_words_and_wiring(tmp_path: Path) -> None:
    assert {"link", "unlink", "accounts", "export", "forget"} <= COMMAND_WORDS
    services = build_services(load_settings(database_url=f"sqlite:///{tmp_path}/w.db"))
    assert {"link", "unlink", "accounts", "export", "forget"} <= set(services.chat.commands)
    assert "forget_me" in services.chat.confirm_actions
    assert services.chat.text_routers
