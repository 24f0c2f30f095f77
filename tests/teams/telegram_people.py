"""Who is where in the Telegram team tests: Alice, Bob and Carol in Flatmates, Carol and Alice
in Band, Dave in neither."""

from __future__ import annotations

from tests.fakes.telegram_api import group_chat, person

ALICE = person(111, "Alice", "alice")
BOB = person(222, "Bob")
CAROL = person(333, "Carol", "carol")
DAVE = person(444, "Dave")
FLAT = group_chat(-100_555, "Flatmates")
BAND = group_chat(-100_777, "Band")
