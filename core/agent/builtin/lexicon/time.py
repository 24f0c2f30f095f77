"""Days, months, times of day, periods and amounts of time, and the words around a date
("due friday", "push it back a week"), read by `dates.py` and `timed.py`."""

from __future__ import annotations

WEEKDAYS: dict[str, int] = {
    "monday": 0, "mon": 0, "tuesday": 1, "tue": 1, "tues": 1, "wednesday": 2, "wed": 2,
    "weds": 2, "thursday": 3, "thu": 3, "thur": 3, "thurs": 3, "friday": 4, "fri": 4,
    "saturday": 5, "sat": 5, "sunday": 6, "sun": 6,
}  # fmt: skip
MONTHS: dict[str, int] = {
    "january": 1, "jan": 1, "february": 2, "feb": 2, "march": 3, "mar": 3, "april": 4,
    "apr": 4, "may": 5, "june": 6, "jun": 6, "july": 7, "jul": 7, "august": 8, "aug": 8,
    "september": 9, "sep": 9, "sept": 9, "october": 10, "oct": 10, "november": 11, "nov": 11,
    "december": 12, "dec": 12,
}  # fmt: skip
# Days counted from today.
RELATIVE_DAYS: dict[str, int] = {
    "today": 0, "tonight": 0, "tomorrow": 1, "tmrw": 1, "tmr": 1, "tomorow": 1, "tommorow": 1,
    "tommorrow": 1, "day after tomorrow": 2, "the day after tomorrow": 2, "yesterday": -1,
}  # fmt: skip
# A part of the day and the clock time it stands for (24-hour), as said after any of the
# leads ("in the morning", "at the evening", "this afternoon", "at night").
_DAY_PARTS = {"morning": (9, 0), "afternoon": (15, 0), "evening": (18, 0), "night": (20, 0),
              "lunchtime": (12, 0)}  # fmt: skip
_PART_LEADS = ("", "this ", "in the ", "at the ", "at ", "during the ", "in ")
PARTS_OF_DAY: dict[str, tuple[int, int]] = {
    **{lead + part: at for part, at in _DAY_PARTS.items() for lead in _PART_LEADS},
    "tonight": (20, 0), "at lunch": (12, 0),
}  # fmt: skip
# Parts of the day whose bare hours are afternoon hours ("tonight at 9" is 21:00).
LATE_PARTS = frozenset({"afternoon", "evening", "tonight", "night"})
NAMED_TIMES: dict[str, tuple[int, int]] = {
    "noon": (12, 0), "midday": (12, 0), "midnight": (23, 59), "end of day": (17, 0),
    "end of the day": (17, 0), "the end of the day": (17, 0), "the end of day": (17, 0),
    "eod": (17, 0), "close of business": (17, 0), "cob": (17, 0),
}  # fmt: skip
# Periods: the day they name, by rule (see days.py); each end also as "the end of the
# month", "at the end of this month", "month end".
_ENDS = {"week": "friday", "month": "month_end", "year": "year_end", "next week": "next_friday",
         "next month": "next_month_end"}  # fmt: skip
PERIODS: dict[str, str] = {
    "next week": "next_monday", "this week": "week_end", "later this week": "week_end",
    "eow": "friday", "eom": "month_end", "next month": "next_month",
    "this weekend": "saturday", "the weekend": "saturday", "weekend": "saturday",
    "next weekend": "next_saturday", "over the weekend": "saturday",
    **{f"{at}end of {the}{span}": rule for span, rule in _ENDS.items()
       for at in ("", "the ", "at the ") for the in ("", "the ", "this ")
       if not (the and span.startswith("next"))},
    **{f"{the}{span}{sep}end": _ENDS[span] for span in ("month", "year") for the in ("", "the ")
       for sep in (" ", "-")},
}  # fmt: skip
UNITS: dict[str, str] = {
    "minute": "minutes", "minutes": "minutes", "min": "minutes", "mins": "minutes",
    "hour": "hours", "hours": "hours", "hr": "hours", "hrs": "hours", "h": "hours",
    "day": "days", "days": "days", "week": "weeks", "weeks": "weeks", "wk": "weeks",
    "wks": "weeks", "month": "months", "months": "months", "year": "years", "years": "years",
    "fortnight": "fortnights", "fortnights": "fortnights",
}  # fmt: skip
# Units that are a number of another ("in a fortnight" is in two weeks).
UNIT_MULTIPLES: dict[str, tuple[int, str]] = {"fortnights": (2, "weeks")}
# Words that may stand before a date and go with it ("due friday", "by the 15th").
DUE_LEADS: tuple[str, ...] = (
    "due on", "due by", "due", "by", "before", "on", "for", "until", "till", "no later than",
    "deadline", "deadline is", "latest", "at the latest", "starting", "from",
)  # fmt: skip
# Said after a whole hour ("at 5 o'clock"): the hour on the clock, read as "5:00".
OCLOCK: tuple[str, ...] = ("o'clock", "o’clock", "oclock", "o clock")
TIME_LEADS: tuple[str, ...] = ("at", "@", "around", "by", "before", "due at", "at about")
# "by 5": leads that make a bare hour a time only where the date may stand (at the end, or
# beside a day); "cut the budget by 5 percent" keeps its number.
BARE_HOUR_LEADS: tuple[str, ...] = ("by",)
# Clock times said in words: "half 3" (British for half past three), "quarter past 9",
# "twenty to 6". The minutes, the words that put them past or before the hour, and the
# hours in words ("half five").
CLOCK_MINUTES: dict[str, int] = {
    "quarter": 15, "a quarter": 15, "five": 5, "ten": 10, "twenty": 20, "twenty five": 25,
    "twenty-five": 25, "half": 30,
}  # fmt: skip
HALF_HOUR: tuple[str, ...] = ("half past", "half")
CLOCK_PAST: tuple[str, ...] = ("past", "after")
CLOCK_TO: tuple[str, ...] = ("to", "till", "til")
CLOCK_HOURS: dict[str, int] = {
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
    "nine": 9, "ten": 10, "eleven": 11, "twelve": 12,
}  # fmt: skip
# A day counted from another: "friday week" and "friday after next" (a week after the coming
# friday), "a week on friday", "two weeks from tomorrow", "a week today".
WEEK_AFTER: tuple[str, ...] = ("week", "wk", "after next")
COUNTED_FROM: tuple[str, ...] = ("on", "from", "after")
COUNTED_BASES: tuple[str, ...] = ("today", "tomorrow", "tmrw", "tmr")

# "bump it to the same day next week": the due moved by one unit, on its weekday and time.
SAME_NEXT: dict[str, str] = {
    f"{the}same {what} {after} {span}": f"{span}s"
    for the in ("", "the ") for what in ("day", "time", "weekday", "day and time")
    for after in ("next", "the following") for span in ("week", "month", "year")
}  # fmt: skip
# Moving a due by an amount ("push #3 back a week", "bring the meeting forward 30 minutes").
# The verbs, and the direction words: later pushes the due out, earlier pulls it in.
SHIFT_VERBS: tuple[str, ...] = (
    "move", "push", "push back", "postpone", "delay", "defer", "put off", "shift", "bump",
    "bring", "bring forward", "pull", "pull forward", "pull in", "move up", "move back",
    "reschedule", "slide", "set back", "kick", "kick back",
)  # fmt: skip
SHIFT_LATER: tuple[str, ...] = ("back", "later", "out", "further", "down the road", "on")
SHIFT_EARLIER: tuple[str, ...] = ("forward", "earlier", "up", "in", "ahead", "sooner")
# Verbs that mean earlier by themselves (the others push the due later).
SHIFT_EARLIER_VERBS = frozenset(
    {"bring", "bring forward", "pull", "pull forward", "pull in", "move up"}
)
# "change the dentist to 11am": verbs whose new value, when it is a date, moves the due.
RETIME_VERBS: tuple[str, ...] = ("change", "update", "set", "switch", "amend", "edit")
# Words before a weekday, and what each makes of it: "next" is that day of next week,
# "last" the one past, "this" may be today, the others the coming one.
WEEK_WHICH: dict[str, str] = {
    "this": "this", "next": "next", "coming": "", "the coming": "", "last": "last",
    "this coming": "this",
}  # fmt: skip
# "the 15th of next month": which month.
MONTH_WHICH: dict[str, str] = {"the": "", "this": "", "next": "next"}
MONTH_WORDS: tuple[str, ...] = ("month",)
# Day words that are a date wherever they stand ("call mom tonight").
DATES_ANYWHERE: tuple[str, ...] = ("tonight",)
# "what's due this week?": the windows list_tasks filters by, by the words that name them.
DUE_WINDOWS: dict[str, str] = {
    "today": "today", "tonight": "today", "this morning": "today", "this evening": "today",
    "tomorrow": "tomorrow", "tmrw": "tomorrow", "tmr": "tomorrow", "tomorow": "tomorrow",
    "this week": "this_week", "the week": "this_week", "this wk": "this_week",
    "next week": "next_week", "next wk": "next_week", "soon": "this_week",
    "this weekend": "weekend", "the weekend": "weekend", "weekend": "weekend",
    "this wknd": "weekend", "the wknd": "weekend",
}  # fmt: skip
# The window list_tasks has no name for: the coming Saturday and Sunday (or what is left).
WEEKEND_WINDOW = "weekend"
DUE: tuple[str, ...] = ("due",)
DUE_DATE: tuple[str, ...] = ("due date", "deadline")
DATE_NAMES: tuple[str, ...] = ("due date", "deadline", "date")
# "anything overdue?", "am I behind?".
DEADLINES: tuple[str, ...] = ("deadline", "deadlines", "due date", "due dates")
OVERDUE: tuple[str, ...] = (
    "overdue", "past due", "late", "over due", "behind schedule", "running late",
    *(f"past {its} {name}" for its in ("the", "their", "its") for name in DEADLINES),
)  # fmt: skip
# "am I late on anything?", "what are we behind with?".
BEHIND: tuple[str, ...] = ("behind", "late", "behind schedule", "running late", "overdue")
# "have I missed any deadlines?", "which due dates did I blow?".
MISSED: tuple[str, ...] = ("missed", "miss", "blown", "blew", "blow", "slipped", "passed")
# "anything with no due date?", "which tasks have no deadline?": open tasks without a due.
UNDATED: tuple[str, ...] = (
    "with no", "without", "without a", "without any", "that have no", "that has no", "have no",
    "has no", "with no set", "missing a", "lacking a",
)  # fmt: skip
UNDATED_NAMES: tuple[str, ...] = (*DEADLINES, "date", "dates", "due", "set date")
UNDATED_TAILS: tuple[str, ...] = ("yet", "set", "set yet", "on them", "on it")
OVERDUE_QUESTIONS: tuple[str, ...] = (
    "am i behind", "am i behind on anything", "what am i behind on", "what did i miss",
)  # fmt: skip
# "what's planned for today?", "what's happening tomorrow?".
PLANNED: tuple[str, ...] = ("due", "on", "planned", "scheduled", "left", "to do", "happening")
AGENDA: tuple[str, ...] = ("agenda", "plan")
WHAT_NEEDS: tuple[str, ...] = (
    "what should i do", "what needs to be done", "what has to be done",
    "what needs to happen", "what has to happen",
)  # fmt: skip
# "what's coming up?", "anything with a due date?".
UPCOMING: tuple[str, ...] = (
    "due", "coming up", "upcoming", "with due date", "with due dates", "with a due date",
    "with a due dates",
)  # fmt: skip
# Moving a due to a date ("move the dentist to friday", "change the deadline of #2 to …").
MOVE_VERBS: tuple[str, ...] = (
    "move", "push", "postpone", "reschedule", "shift", "bump", "defer", "delay", "put off",
    "push back",
)  # fmt: skip
MOVE_WAYS: tuple[str, ...] = ("back", "out", "forward")
# "put the gym off till tomorrow": a moving verb whose particle comes after the task.
MOVE_APART: tuple[str, ...] = ("put off", "push back", "push out", "move back", "bump back")
# "… to wednesday same time": the due's time kept, said after the new day.
SAME_TIME: tuple[str, ...] = ("same time", "at the same time", "the same time")
# "put it for saturday", "schedule it on monday": a date given to the task in mind (with a
# task's name these verbs may add a new one, "put dentist on friday").
PLACE_IT_VERBS: tuple[str, ...] = ("put", "schedule", "plan", "set up")
SET_DATE_VERBS: tuple[str, ...] = ("change", "set", "update", "make")
MARK_DUE_VERBS: tuple[str, ...] = ("make", "set", "mark")
GIVE_DATE_VERBS: tuple[str, ...] = ("give", "set")
CLEAR_DATE_VERBS: tuple[str, ...] = (
    "remove", "clear", "delete", "drop", "take off", "unset", "reset", "cancel", "get rid of",
    "no more",
)  # fmt: skip
# "no deadline for the essay", "no more due date on #2".
NO_DATE: tuple[str, ...] = ("no", "no more")
# "at 4:30", "for 9": words before a bare clock time.
CLOCK_LEADS: tuple[str, ...] = ("at", "for", "to", "by")
# "take the deadline off the essay".
DATE_OFF_VERBS: tuple[str, ...] = ("take", "knock", "strip", "get")
# "make the dentist 11am", "have the vet on monday": a task's words, then its new date.
MAKE_WHEN_VERBS: tuple[str, ...] = ("make", "have")
# "can the dentist be moved to 4pm": words between "be" and the new date.
BE_MOVED: tuple[str, ...] = (
    "moved", "changed", "pushed", "pushed back", "rescheduled", "shifted", "bumped", "put",
    "set", "brought forward", "due",
)  # fmt: skip
# "move it another two days", "push it an extra week".
MORE: tuple[str, ...] = ("another", "an extra", "a further")
# "change the time of #2 to 3pm".
TIME_NAMES: tuple[str, ...] = (
    "time", "day", "date", "hour", "due time", "due day", "due date", "due hour",
)  # fmt: skip
# "in 3 days": units a day phrase may count in.
CALENDAR_UNITS: tuple[str, ...] = ("day", "week", "fortnight", "month")
# "the dentist got moved to 3pm", "the vet has been pushed to friday": a change told as news.
MOVED_NEWS: tuple[str, ...] = (
    "moved", "changed", "pushed", "pushed back", "put back", "rescheduled", "shifted",
    "bumped", "brought forward", "postponed", "delayed", "switched", "put off",
)  # fmt: skip
# What stands before "moved" in such news ("got", "has been", "'s been").
HAS_BEEN: tuple[str, ...] = (
    "got", "has been", "have been", "'s been", "was", "were", "is being", "has got",
)  # fmt: skip
# "the plumber's coming at 4pm now, not 10": what a task's time does, said before the time.
ARRIVING: tuple[str, ...] = (
    "coming", "coming over", "coming round", "coming by", "arriving", "happening", "booked",
    "scheduled", "starting", "planned", "set", "on", "turning up", "showing up", "getting here",
    "being delivered", "going to be", "gonna be",
)  # fmt: skip
ARRIVES: tuple[str, ...] = (
    "comes", "arrives", "starts", "happens", "will come", "will arrive", "will start",
    "will be", "will happen",
)  # fmt: skip
# "can't do the parking permit today, move it to tomorrow": the old plan will not happen,
# so the new day stands alone (no time is kept from the old due).
_CANT: tuple[str, ...] = ("can't", "cant", "cannot", "won't", "wont")
CANT_DO: tuple[str, ...] = (
    *(f"{cant} {do}" for cant in _CANT for do in ("do", "make", "get to", "manage", "fit in")),
    *(f"{dont} have time for" for dont in ("won't", "wont", "don't", "dont")),
    "no time for", "not going to make", "not gonna make", "not gonna get to", "too busy for",
    "not doing",
)  # fmt: skip
# "what's on for friday?", "anything due on the 3rd?": how a question about one day's tasks
# opens, before the day.
_WHAT_IS: tuple[str, ...] = ("what's", "whats", "what is")
_HAVE_ANY: tuple[str, ...] = (
    "what do i have", "what have i got", "what've i got", "do i have anything", "anything",
    "have i got anything", "is there anything", "any tasks",
    *(f"{which} {things} {have}" for which in ("what", "which")
      for things in ("tasks", "things", "todos")
      for have in ("do i have", "i have", "have i got", "are")),
)  # fmt: skip
DAY_ASKS: tuple[str, ...] = (
    *(f"{what} {ask}" for what in _WHAT_IS
      for ask in ("on", "happening", "planned", "scheduled", "due", "there")),
    *(f"{have}{on}" for have in _HAVE_ANY for on in ("", " on", " due")),
    "anything happening", "anything planned", "is anything due", "is anything on",
    "what do i need to do", "what do i have to do", "what must i do", "what should i do",
    "anything i need to do", "what i have", "what i have to do", "what i got",
)  # fmt: skip
# The word between such a question and its day ("… on friday", "… for the 3rd").
DAY_ASK_LINKS: tuple[str, ...] = ("on", "for", "by", "this", "over")
# "when's the dentist?", "what day is the vet?", "when do I have to renew the passport?":
# how a question about one task's due opens, before the task.
WHEN_ASKS: tuple[str, ...] = (
    "when's", "whens", "when is", "when was", "when are", "what day is", "which day is",
    "what date is", "what time is", "when do i have to", "when do i need to", "when must i",
    "when should i", "when have i got to", "when do i gotta", "when am i supposed to",
    *(f"{what} the {name} {of}" for what in (*_WHAT_IS, "when's", "when is")
      for name in ("due date", "deadline") for of in ("of", "for", "on")),
)  # fmt: skip
# Leads after which the task must be named, not "it": "what time is it" asks the clock.
WHEN_ASKS_NAMING: tuple[str, ...] = ("what day is", "which day is", "what date is", "what time is")
# Words that may end such a question and name nothing ("when's the mot due again?").
WHEN_ENDS: tuple[str, ...] = (
    "due", "due again", "again", "exactly", "due exactly", "by", "due by", "planned",
    "scheduled", "on", "happening", "supposed to be done", "due on", "done by", "set for",
)  # fmt: skip
# "can the vet go to friday instead", "the bike service can wait till monday": a move told as
# what the task can do, and the verbs that tell it.
CAN_WORDS: tuple[str, ...] = ("can", "could", "should", "will", "may", "might", "would")
GO_VERBS: tuple[str, ...] = (
    "go", "move", "slide", "slip", "shift", "wait", "happen", "be done", "go back",
    "be pushed", "be moved", "get moved", "get pushed",
)  # fmt: skip
GO_LINKS: tuple[str, ...] = ("to", "till", "until", "on", "for", "onto", "into")
# "the essay's deadline is friday now", "set the due date of the gift to the 10th": what may
# stand between the named date and the new one, and a trailing word that says it is new.
DEADLINE_LINKS: tuple[str, ...] = (
    "to", "is", "is now", "as", "at", "on", "by", "should be", "will be", "needs to be",
    "becomes", "moves to", "changes to", "is moving to", "=", ":", "now",
)  # fmt: skip
NEW_NOW: tuple[str, ...] = ("now", "instead", "then", "please", "pls", "actually")
# "the bbq should be on sunday, not saturday", "… monday instead of friday": the old date
# said after the new one, which changes nothing.
NOT_THE_OLD: tuple[str, ...] = (
    "not", "and not", "but not", "instead of", "rather than", "in place of", "not on",
)  # fmt: skip
