"""When tasks were added ("what did I add yesterday?"), and doing the last thing again
("and the other one too")."""

from __future__ import annotations

# "what did I add yesterday?": the day words and the window each names.
ADDED_DAYS: dict[str, str] = {
    "today": "today", "so far today": "today", "this morning": "today", "tonight": "today",
    "yesterday": "yesterday", "last night": "yesterday", "this week": "week",
    "in the last week": "week", "over the last week": "week", "lately": "week",
    "recently": "week",
}  # fmt: skip
ADDED_VERBS: tuple[str, ...] = (
    "add", "added", "create", "created", "put", "note", "noted", "jot", "jotted", "save",
    "saved", "write", "wrote", "enter", "entered",
)  # fmt: skip
# "what did I just add", "what did I last add".
RECENTLY: tuple[str, ...] = ("just", "last", "recently")
NEWEST_WORDS = ("last", "latest", "newest", "most recent", "most recently added", "recent")
THING_WORDS = ("thing", "task", "item", "one", "todo", "to-do", "entry", "reminder")

# "and the other one too", "same for 3", "also task 2": the last action, on another task.
AGAIN_LEADS = (
    "and", "also", "and also", "plus", "same for", "same with", "same goes for",
    "do the same for", "do the same with", "and the same for", "ditto for", "ditto",
    "now", "and now", "then", "oh and",
)  # fmt: skip
AGAIN_TAILS = ("too", "as well", "also", "please", "pls", "aswell", "again")
OTHER_ONE = (
    "the other one", "the other", "other one", "the other task", "the other item",
    "the remaining one", "the last one left", "the second one too",
)  # fmt: skip
