"""Asking for, moving and cancelling reminders."""

from __future__ import annotations

# Other ways to ask for a reminder; each is read as "remind me" ("ping me at 3pm to …").
REMIND_ASKS: tuple[str, ...] = (
    "ping me", "nudge me", "alert me", "notify me", "buzz me", "poke me", "prompt me",
    "give me a reminder", "send me a reminder", "give me a nudge", "send me a nudge",
    "give me a ping", "send me a ping", "give me a heads up", "give me a heads-up",
    "set me a reminder", "shoot me a reminder", "drop me a reminder", "remember me",
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
# "the night before at 8pm", "two days before": the parts of a day counted back from a due day.
DAYS_BEFORE_PARTS: tuple[str, ...] = (
    "night", "nights", "evening", "evenings", "morning", "mornings", "afternoon", "afternoons",
    "day", "days",
)  # fmt: skip
# "30 min before" a task's due, said after the task: the words that close the phrase.
BEFORE_WORDS: tuple[str, ...] = (
    "before", "beforehand", "before hand", "before it", "before that", "ahead", "ahead of time",
    "in advance", "early", "prior", "before it's due", "before its due", "before it is due",
    "before it's on", "before the due date", "before its due date", "before the deadline",
)  # fmt: skip
REMINDER_NOUNS: dict[str, str] = {"reminder": "reminders"}
# "can the reminder be 30 mins earlier", "the reminder should go off at 6".
REMINDER_BE: tuple[str, ...] = (
    "be", "go off", "come", "come in", "fire", "ring", "pop up", "happen", "arrive",
)  # fmt: skip
REMIND_ME: tuple[str, ...] = ("remind me",)
# "remind me at 3pm", "set a reminder for …": asking for a reminder.
SET_REMINDER: tuple[str, ...] = (
    "remind me", "set a reminder", "set an reminder", "set the reminder", "set reminder",
    "reminder",
)  # fmt: skip
# "remind me about the dentist", "remind me re: rent".
REGARDING: tuple[str, ...] = ("about", "of", "re", "regarding")
# "… 30 min before its due": what the time is before.
ITS_TIME: tuple[str, ...] = ("due", "time", "start")
# "don't remind me about it", "cancel the reminder for #2".
STOP_REMINDING: tuple[str, ...] = ("don't", "dont", "do not", "stop", "never mind", "no need to")
REMINDING: tuple[str, ...] = ("remind", "reminding")
CANCEL_VERBS: tuple[str, ...] = (
    "cancel", "delete", "remove", "drop", "clear", "turn off", "kill", "never mind", "nevermind",
    "scrap", "scratch", "ditch", "forget", "forget about", "skip", "lose", "get rid of", "undo",
    "no need for",
)  # fmt: skip
NO_REMINDER: tuple[str, ...] = ("no reminder",)
# "cancel all my reminders", "mute every reminder".
CANCEL_ALL_VERBS: tuple[str, ...] = (
    "cancel", "clear", "delete", "remove", "drop", "turn off", "switch off", "kill", "stop",
    "disable", "mute", "silence", "wipe", "get rid of", "scrap", "ditch", "no more",
)  # fmt: skip
PENDING_KINDS: tuple[str, ...] = ("pending", "upcoming", "current")
FOR_NOW: tuple[str, ...] = ("please", "for now", "too")
# "what reminders do I have?".
ASK_REMINDERS: tuple[str, ...] = (
    "what", "which", "show", "list", "see", "view", "check", "any", "do i have any",
    "are there any", "my",
)  # fmt: skip
# Right after a reminder was set, "make the alarm 6pm" moves it.
REMINDER_ALIASES: tuple[str, ...] = ("time", "alert", "alarm", "ping", "nudge")
# Moving a reminder: verbs that mean later by themselves ("snooze it 10 min").
LATER_VERBS: tuple[str, ...] = ("snooze", "delay", "postpone")
# Direction words that may stand before a moved reminder's task ("push back the one for …").
MOVE_ASIDE: tuple[str, ...] = ("back", "forward", "up", "out", "over")
# Words before a reminder request that change nothing ("ok so can you remind me …").
REMINDER_LEAD_INS: tuple[str, ...] = (
    "actually", "ok", "okay", "oh", "and", "also", "please", "pls", "hey", "so", "wait", "now",
    "can you", "could you", "would you", "will you", "can u", "could u", "would u", "will u",
)  # fmt: skip
# Words before "reminder" that name no task ("set a reminder", "make it a reminder"): a new
# reminder is asked for, not one moved.
NEW_ONE: tuple[str, ...] = ("a", "an", "another", "one", "new", "some", "me", "it", "us")
# The words that say "the task we talked about" ("remind me about it at 5").
TASK_POINTERS: frozenset[str] = frozenset(
    {"it", "that", "this", "that one", "this one", "the task", "that task"}
)  # fmt: skip
# "instead", "rather": words after a moved time that change nothing.
INSTEAD: tuple[str, ...] = ("instead", "then", "please", "pls", "rather")
# "don't remind me about it after all": words after a cancelled reminder that change nothing.
AFTER_ALL: tuple[str, ...] = (
    "after all", "anymore", "any more", "then", "either", "please", "pls", "thanks", "now",
)  # fmt: skip
