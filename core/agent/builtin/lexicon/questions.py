"""Asking about the list: showing it, counting it, searching it, and one task's state."""

from __future__ import annotations

# "do I still have the dentist thing on there?": the words after the task, and where it is.
HELD_NOUNS: tuple[str, ...] = ("thing", "one", "task")
HELD_WHERE: tuple[str, ...] = (
    "on there", "on here", "on it", "on my list", "on the list", "left", "on my plate",
)  # fmt: skip
# "how many tasks", "the number of my todos", "task count".
HOW_MANY: tuple[str, ...] = ("how many",)
COUNT_NOUNS: tuple[str, ...] = ("number", "count", "total")
COUNT_ALONE: tuple[str, ...] = ("count",)
# How a request to see the list may start, besides a show verb ("what's …", "do I have …").
LIST_ASKS: tuple[str, ...] = (
    "what are", "what's", "whats", "what is", "which are", "which", "what", "let me see",
    "can i see", "may i see", "remind me of", "remind me what", "do i have", "have i got",
    "any", "anything",
)  # fmt: skip
# Which tasks a listing is of ("my open tasks", "the completed ones").
LIST_KINDS: tuple[str, ...] = (
    "current", "open", "pending", "completed", "done", "finished", "remaining", "outstanding",
    "incomplete", "unfinished",
)  # fmt: skip
# Alone, these ask for a listing ("pending", "todo").
LIST_KINDS_ALONE: tuple[str, ...] = (*LIST_KINDS, "left", "todo", "to-do")
# "what's left?", "what's coming up?", "what's on my plate?".
WHATS_LEFT: tuple[str, ...] = (
    "left", "pending", "next", "remaining", "outstanding", "open", "up", "coming up", "due",
    "still open", "still to do", "to do",
)  # fmt: skip
ANYTHING_LEFT: tuple[str, ...] = ("left", "pending", "else", "to do", "outstanding", "remaining")
# "what am I forgetting?", "what are we missing?": asking what is still open.
FORGETTING: tuple[str, ...] = ("forgetting", "missing", "overlooking", "neglecting")
PLATES: tuple[str, ...] = ("list", "plate", "agenda", "schedule")
# "what have I done?", "what did I get done?".
DID_WHAT: tuple[str, ...] = (
    "done", "do", "completed", "complete", "finished", "finish", "accomplished", "got done",
    "gotten done", "get done", "ticked off", "checked off", "crossed off",
)  # fmt: skip
# Words that make a listing one of finished tasks, or of open ones.
STATUS_DONE: tuple[str, ...] = (
    "completed", "complete", "done", "finished", "accomplished", "checked off", "ticked off",
    "closed", "crossed off", "did", "finish",
)  # fmt: skip
STATUS_OPEN: tuple[str, ...] = (
    "pending", "open", "left", "remaining", "outstanding", "incomplete", "unfinished",
    "not done", "not yet done", "undone", "to do", "need to do", "have to do", "due", "active",
    "current", "upcoming", "coming up", "next", "still", "todo", "uncompleted", "unchecked",
    "in progress", "waiting", "ongoing",
)  # fmt: skip
STATUS: tuple[str, ...] = ("status", "where am i at")
# Words that make a listing of every task ("show the full list").
WHOLE: tuple[str, ...] = ("full", "entire", "whole", "complete list")
# Words that, besides a list noun, make a show verb ask for a listing ("show pending").
LIST_HINTS: tuple[str, ...] = ("pending", "completed", "done", "left")
TODO_LISTS: tuple[str, ...] = ("todo list", "to-do list", "to do list")
# "do I have anything about the dentist?".
MENTIONING: tuple[str, ...] = (
    "about", "for", "with", "on", "regarding", "re", "related to", "mentioning", "involving",
    "called", "named", "containing",
)  # fmt: skip
SEARCH_VERBS: tuple[str, ...] = ("search", "look")
FIND_VERBS: tuple[str, ...] = ("find", "show", "show me", "list", "get")
# "show me what's overdue", "tell me which tasks are due today": a question asked through a verb.
ASKED_THROUGH: tuple[str, ...] = (
    "show me", "tell me", "can you show me", "can you tell me", "let me see", "i want to see",
    "i'd like to see", "list",
)  # fmt: skip
# What "anything for …" may be asked about that is no topic ("anything for today?").
NOT_TOPICS: tuple[str, ...] = (
    "me", "today", "tonight", "tomorrow", "this week", "the week", "now", "later",
    "the weekend", "this weekend", "the day", "it", "that", "this", "list", "plate", "agenda",
    "schedule", "calendar", "radar",
)  # fmt: skip
WHEN_TAILS: tuple[str, ...] = ("today", "tonight", "tomorrow", "this week", "now", "right now")
# "what's task 3?", "tell me about the dentist one".
ABOUT_ASKS: tuple[str, ...] = (
    "what's", "whats", "what is", "what was", "what are", "show", "show me", "tell me about",
    "remind me of",
)  # fmt: skip
# Words that make "did I …?" a question about the whole list.
WHOLE_LIST_WHEN: tuple[str, ...] = ("today", "this week")
# "what's my next task?".
NEXT_TASK: tuple[str, ...] = ("next", "first", "top")
# "show me my errands that aren't done yet", "any work stuff left?": words after a word that
# may name a tag, which make it so (the engine keeps the word only when a tag has that name).
TAG_WORD_NOUNS: tuple[str, ...] = (
    "tasks", "task", "todos", "to-dos", "stuff", "things", "items", "ones", "list", "jobs",
)  # fmt: skip
# Of those, the ones that name several ("just the work ones" asks to see them; "the milk task"
# picks one).
TAG_WORD_PLURALS: tuple[str, ...] = (
    "tasks", "todos", "to-dos", "stuff", "things", "items", "ones", "jobs",
)  # fmt: skip
TAG_WORD_TAILS: tuple[str, ...] = (
    "that", "which", "are", "is", "have", "haven't", "havent", "did", "do", "i", "still",
    "left", "not", "aren't", "arent", "isn't", "isnt", "remaining", "outstanding", "i've",
    "ive", "we", "due",
)  # fmt: skip
# "what's left for work", "open tasks tagged work": a word that may name a tag, at the end.
TAG_WORD_LEADS: tuple[str, ...] = ("for", "tagged", "labelled", "labeled", "under", "in")
# "show my errands": verbs that ask for a listing of what follows them, a tag's word too.
LISTING_VERBS: tuple[str, ...] = ("show", "list", "display", "view", "pull up", "bring up")
# "what's my next deadline?", "what's due next?", "which task is due soonest?": the open
# task whose due comes first. How the question opens, the words for "next" and for a
# deadline, and the words that end "what's due …".
NEXT_DUE_LEADS: tuple[str, ...] = (
    "what's", "whats", "what is", "when's", "whens", "when is", "which is", "tell me",
    "show me", "show", "give me", "remind me of", "what are", "which are", "what'll be",
)  # fmt: skip
NEXT_WORDS: tuple[str, ...] = (
    "next", "nearest", "closest", "soonest", "earliest", "upcoming", "first", "next upcoming",
    "very next",
)  # fmt: skip
NEXT_DUE_NOUNS: tuple[str, ...] = (
    "deadline", "due date", "due task", "due thing", "thing due", "task due", "one due",
    "item due", "thing that's due", "task that's due", "thing that is due", "task that is due",
    "thing i have due", "task i have due", "thing on my list that's due", "due",
)  # fmt: skip
NEXT_DUE_ASKS: tuple[str, ...] = (
    "what's", "whats", "what is", "which", "what", "which task is", "which one is",
    "what task is", "which thing is", "what thing is", "what do i have", "what have i got",
    "what's got to be", "what comes", "which task comes", "what needs to be done",
)  # fmt: skip
NEXT_DUE_TAILS: tuple[str, ...] = (
    "next", "soonest", "first", "earliest", "the soonest", "up next", "next up",
)  # fmt: skip
# What may end a question about the next deadline and change nothing.
NEXT_DUE_ENDS: tuple[str, ...] = (
    "i have", "i've got", "ive got", "i got", "on my list", "coming up", "then", "now",
)  # fmt: skip
