"""Emoji."""

from __future__ import annotations

# Emoji that react to a message rather than belong to a title ("add milk 🙏" adds "milk").
REACTIONS = frozenset("🙏👍👌🙂😊😀😃😄😁😉😅🤞✅✔☑✓❤♥😍🥰🤗😎💪")
# Alone, these answer yes.
THUMBS_UP = ("👍", "👌", "🙏")
# A check mark beside a task says it is done ("✅ task 1").
CHECK_MARKS = "✅✔☑✓"
