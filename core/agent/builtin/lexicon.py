"""The words the builtin engine's table-driven readers look for: dates, priorities and tags;
misspellings, other languages, emoji, when-added questions, repeats and labelled edits.
Vocabulary is data: the readers build their patterns from these tables, so a new word is
one entry here."""

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
# A part of the day and the clock time it stands for (24-hour).
PARTS_OF_DAY: dict[str, tuple[int, int]] = {
    "morning": (9, 0), "this morning": (9, 0), "in the morning": (9, 0),
    "afternoon": (15, 0), "this afternoon": (15, 0), "in the afternoon": (15, 0),
    "evening": (18, 0), "this evening": (18, 0), "in the evening": (18, 0),
    "tonight": (20, 0), "night": (20, 0), "at night": (20, 0),
    "lunchtime": (12, 0), "at lunchtime": (12, 0), "at lunch": (12, 0),
}  # fmt: skip
# Parts of the day whose bare hours are afternoon hours ("tonight at 9" is 21:00).
LATE_PARTS = frozenset({"afternoon", "evening", "tonight", "night"})
NAMED_TIMES: dict[str, tuple[int, int]] = {
    "noon": (12, 0), "midday": (12, 0), "midnight": (23, 59), "end of day": (17, 0),
    "eod": (17, 0), "close of business": (17, 0), "cob": (17, 0),
}  # fmt: skip
# Periods: the day they name, by rule (see dates.py).
PERIODS: dict[str, str] = {
    "next week": "next_monday", "this week": "week_end", "later this week": "week_end",
    "end of the week": "friday", "end of week": "friday", "eow": "friday",
    "end of the month": "month_end", "end of month": "month_end", "eom": "month_end",
    "end of this month": "month_end", "next month": "next_month",
    "end of the year": "year_end", "end of year": "year_end", "end of next month": "next_month_end",
    "this weekend": "saturday", "the weekend": "saturday", "weekend": "saturday",
    "next weekend": "next_saturday", "over the weekend": "saturday",
}  # fmt: skip
UNITS: dict[str, str] = {
    "minute": "minutes", "minutes": "minutes", "min": "minutes", "mins": "minutes",
    "hour": "hours", "hours": "hours", "hr": "hours", "hrs": "hours", "h": "hours",
    "day": "days", "days": "days", "week": "weeks", "weeks": "weeks", "wk": "weeks",
    "wks": "weeks", "month": "months", "months": "months", "year": "years", "years": "years",
}  # fmt: skip
COUNT_WORDS: dict[str, float] = {
    "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
    "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "fifteen": 15, "twenty": 20,
    "thirty": 30, "forty-five": 45, "a couple of": 2, "a couple": 2, "couple of": 2,
    "a few": 3, "few": 3, "half an": 0.5, "half a": 0.5,
}  # fmt: skip
# Words that may stand before a date and go with it ("due friday", "by the 15th").
DUE_LEADS: tuple[str, ...] = (
    "due on", "due by", "due", "by", "before", "on", "for", "until", "till", "no later than",
    "deadline", "deadline is", "latest", "at the latest", "starting", "from",
)  # fmt: skip
TIME_LEADS: tuple[str, ...] = ("at", "@", "around", "by", "before", "due at", "at about")

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

# Priority phrases, longest first when matched; each maps to low / medium / high.
PRIORITY_PHRASES: dict[str, str] = {
    "high priority": "high", "high prio": "high", "high-priority": "high", "priority high": "high",
    "top priority": "high", "priority: high": "high", "urgent": "high", "urgently": "high",
    "asap": "high", "as soon as possible": "high", "important": "high", "very important": "high",
    "critical": "high", "p1": "high", "prio 1": "high", "priority 1": "high", "!!!": "high",
    "!!": "high",
    "medium priority": "medium", "medium prio": "medium", "priority medium": "medium",
    "normal priority": "medium", "mid priority": "medium", "priority: medium": "medium",
    "p2": "medium", "prio 2": "medium", "priority 2": "medium",
    "low priority": "low", "low prio": "low", "priority low": "low", "priority: low": "low",
    "not urgent": "low", "no rush": "low", "p3": "low", "p4": "low", "prio 3": "low",
    "priority 3": "low",
}  # fmt: skip
# Bare level words after "make it" / "set priority to" ("make taxes high").
PRIORITY_LEVELS: dict[str, str] = {
    "high": "high", "top": "high", "urgent": "high", "important": "high", "medium": "medium",
    "normal": "medium", "mid": "medium", "low": "low", "not urgent": "low",
}  # fmt: skip

# "tags: a, b", "tag it work", "tagged work", "with tag work".
TAG_LEADS: tuple[str, ...] = (
    "tags", "tag", "tagged", "tagged as", "tagged with", "with tag", "with tags", "with the tag",
    "label", "labels", "labelled", "labeled",
)  # fmt: skip


# --- Typos -------------------------------------------------------------------------------
# Words a misspelt word may be corrected to ("shwo my tsaks", "whats lfet", "mrak 2 done").
# Corrections are tried only on a message nothing else could read.
TYPO_TARGETS: tuple[str, ...] = (
    "add", "show", "list", "lists", "tasks", "task", "todos", "todo", "left", "done", "delete",
    "remove", "complete", "completed", "finish", "finished", "rename", "update", "change",
    "edit", "mark", "pending", "remaining", "description", "title", "what's", "whats", "what",
    "remind", "check", "tick", "everything", "display", "help",
)  # fmt: skip
# How far a word may be from its correction (transpositions count once), by the word's length.
TYPO_DISTANCE: tuple[tuple[int, int], ...] = ((4, 1), (7, 2))
# Words that are never corrected, though they are close to one above.
NOT_TYPOS = frozenset(
    {"last", "lost", "lest", "lust", "mask", "made", "dine", "dune", "gone", "tone", "bone",
     "cone", "none", "note", "took", "tasty", "cheek", "chick", "shop", "slow", "snow",
     "stow", "chow", "that", "whet", "wants", "mart", "mars", "mary", "dark", "park",
     "bark", "lark", "marks", "lift", "loft", "soft", "lent", "felt", "exit", "emit", "adds",
     "odd", "ads", "tick", "kick", "lick", "pick", "sick", "wick", "mist", "fist", "gist",
     "with", "wish", "tusk", "desk", "dusk", "risk", "disk", "rust", "dust", "must", "bust"}
)  # fmt: skip

# --- Other languages ---------------------------------------------------------------------
# Request words of other languages written in the Latin alphabet. A message led by one (or
# mostly made of them) is answered in English: the offline engine reads English only.
FOREIGN_REQUEST_WORDS = frozenset(
    {
        # Spanish
        "añadir", "añade", "anade", "agrega", "agregar", "apunta", "muestra", "muéstrame",
        "mostrar", "borra", "borrar", "elimina", "eliminar", "tarea", "tareas", "comprar",
        "recuérdame", "recuerdame", "hecho", "terminado", "lista", "mis", "mi", "por", "favor",
        "gracias",
        # French
        "ajoute", "ajouter", "montre", "montre-moi", "affiche", "afficher", "supprime",
        "supprimer", "tâche", "tâches", "acheter", "rappelle-moi", "fait", "terminé", "mes",
        "merci",
        # German
        "füge", "hinzufügen", "zeig", "zeige", "lösche", "löschen", "aufgabe", "aufgaben",
        "kaufen", "einkaufen", "erinnere", "erledigt", "meine", "bitte", "danke",
        # Italian
        "aggiungi", "aggiungere", "mostra", "mostrami", "cancella", "compito", "compiti",
        "comprare", "ricordami", "fatto", "grazie",
        # Portuguese
        "adicionar", "adiciona", "apagar", "tarefa", "tarefas", "lembre-me", "feito", "obrigado",
        "obrigada",
        # Dutch
        "toevoegen", "voeg", "toon", "verwijder", "taak", "taken", "kopen",
    }
)  # fmt: skip
# Words of the list above that English shares: they alone never make a message foreign.
SHARED_WITH_ENGLISH = frozenset({"lista", "por", "mis", "fait", "mostra", "toon", "taken"})

# --- Emoji -------------------------------------------------------------------------------
# Emoji that react to a message rather than belong to a title ("add milk 🙏" adds "milk").
REACTIONS = frozenset("🙏👍👌🙂😊😀😃😄😁😉😅🤞✅✔☑✓❤♥😍🥰🤗😎💪")

# --- When tasks were added ---------------------------------------------------------------
# "what did I add yesterday?": the day words and the window each names.
ADDED_DAYS: dict[str, str] = {
    "today": "today", "so far today": "today", "this morning": "today", "tonight": "today",
    "yesterday": "yesterday", "last night": "yesterday", "this week": "week",
    "in the last week": "week", "over the last week": "week", "lately": "week",
    "recently": "week",
}  # fmt: skip
ADD_VERBS = (
    "add", "added", "create", "created", "put", "note", "noted", "jot", "jotted", "save",
    "saved", "write", "wrote", "enter", "entered",
)  # fmt: skip
NEWEST_WORDS = ("last", "latest", "newest", "most recent", "most recently added", "recent")
THING_WORDS = ("thing", "task", "item", "one", "todo", "to-do", "entry", "reminder")

# --- Doing the last thing again ----------------------------------------------------------
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

# --- Labelled edits ----------------------------------------------------------------------
# "edit task 1: title 'x', description 'y'": the labels, and the field each sets.
FIELD_LABELS: dict[str, str] = {
    "title": "title", "name": "title", "new title": "title", "new name": "title",
    "text": "title", "wording": "title",
    "description": "description", "desc": "description", "note": "description",
    "notes": "description", "details": "description", "detail": "description",
    "new description": "description", "comment": "description",
}  # fmt: skip
EDIT_VERBS = (
    "edit", "update", "change", "modify", "set", "fix", "correct", "amend", "adjust", "rename",
)  # fmt: skip
# "it should say buy milk", "should read …", "make it say …": a correction of the task the
# conversation is about.
SHOULD_SAY = (
    "it should say", "it should read", "it should be", "should say", "should read",
    "should be", "that should say", "that should read", "that should be", "make it say",
    "make it read", "it's supposed to say", "it is supposed to say", "supposed to say",
    "it was supposed to say", "i wanted it to say", "it needs to say", "change it to say",
)  # fmt: skip

# --- Reminders ---------------------------------------------------------------------------
# Other ways to ask for a reminder; each is read as "remind me" ("ping me at 3pm to …").
REMIND_ASKS: tuple[str, ...] = (
    "ping me", "nudge me", "alert me", "notify me", "buzz me", "poke me", "prompt me",
    "give me a reminder", "send me a reminder", "give me a nudge", "send me a nudge",
    "give me a ping", "send me a ping", "give me a heads up", "give me a heads-up",
    "set me a reminder", "shoot me a reminder", "drop me a reminder",
)  # fmt: skip
# Moving a reminder by an amount: the words for the direction, and which way each goes.
SHIFT_WORDS: dict[str, int] = {
    "earlier": -1, "sooner": -1, "before": -1, "forward": -1, "up": -1, "ahead": -1,
    "later": 1, "back": 1, "after": 1, "out": 1, "on": 1,
}  # fmt: skip
# Verbs that move a reminder ("push the reminder back an hour", "make it 6pm").
REMINDER_MOVES: tuple[str, ...] = (
    "change", "move", "push", "set", "make", "reschedule", "update", "shift", "bump", "put",
    "delay", "postpone", "bring", "snooze",
)  # fmt: skip
# "30 min before" a task's due, said after the task: the words that close the phrase.
BEFORE_WORDS: tuple[str, ...] = (
    "before", "beforehand", "before hand", "before it", "before that", "ahead", "ahead of time",
    "in advance", "early", "prior",
)  # fmt: skip
