"""Repeating tasks: "every monday", "on the 1st of every month", "daily", "stop repeating"."""

from __future__ import annotations

EVERY: tuple[str, ...] = ("every", "each")
WORKDAYS: tuple[str, ...] = (
    "weekday", "weekdays", "workday", "workdays", "work day", "work days", "working day",
    "working days",
)  # fmt: skip
ON_WORKDAYS: tuple[str, ...] = ("on weekdays",)
DAILY: tuple[str, ...] = ("every day", "each day", "daily", "every morning")
WEEKLY: tuple[str, ...] = ("every week", "each week", "weekly")
MONTHLY: tuple[str, ...] = ("every month", "each month", "monthly")
MONTH: tuple[str, ...] = ("month",)
# "every other thursday", "every alternate week": periods apart, besides "every second …".
EVERY_OTHER: dict[str, int] = {"other": 2, "alternate": 2}
# "every 2 weeks", "every third day": the periods a repeat counts in.
REPEAT_UNITS: dict[str, str] = {
    "day": "days", "days": "days", "week": "weeks", "weeks": "weeks", "wk": "weeks",
    "wks": "weeks", "fortnight": "fortnights", "fortnights": "fortnights", "month": "months",
    "months": "months",
}  # fmt: skip
# Every two weeks in one word or two.
FORTNIGHTLY: tuple[str, ...] = (
    "fortnightly", "biweekly", "bi-weekly", "every fortnight", "each fortnight",
)  # fmt: skip
# "stop repeating it", "don't repeat #2".
STOP_REPEATING: tuple[str, ...] = ("stop", "don't", "dont", "do not", "no longer")
REPEATING: tuple[str, ...] = ("repeat", "repeating")
# Words before a repeating task's title that are not part of it.
ADD_LEADS: tuple[str, ...] = (
    "add", "create", "new task", "new task:", "put", "remember to", "i need to", "i have to",
    "remind me to", "todo", "todo:",
)  # fmt: skip
