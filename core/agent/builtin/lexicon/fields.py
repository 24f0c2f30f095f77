"""Priorities, tags and the names of a task's fields ("high priority", "tagged work",
"description: …"), and the words of edits that name them."""

from __future__ import annotations

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

# --- Labelled edits ----------------------------------------------------------------------
# Verbs before a second labelled field ("…, and set its description to …").
FIELD_SETTERS: tuple[str, ...] = ("set", "change", "update", "make", "give it")
# "it should say buy milk", "should read …", "make it say …": a correction of the task the
# conversation is about.
SHOULD_SAY = (
    "it should say", "it should read", "it should be", "should say", "should read",
    "should be", "that should say", "that should read", "that should be", "make it say",
    "make it read", "it's supposed to say", "it is supposed to say", "supposed to say",
    "it was supposed to say", "i wanted it to say", "it needs to say", "change it to say",
)  # fmt: skip
# Words for a task's description ("with notes: …", "details - …").
DESCRIPTION_WORDS: tuple[str, ...] = (
    "description", "desc", "note", "notes", "detail", "details", "comment",
)  # fmt: skip
# Those that cannot be a new note-task's label ("add a description: cash only" is said of a
# task; "add a note: call Bo" may be a new task).
DESCRIPTION_ONLY: tuple[str, ...] = ("description", "desc", "detail", "details")
# Words that attach a description to a new task ("… with description …", "… w/ notes …").
ALONG_WITH: tuple[str, ...] = ("with", "w/", "and", "plus", "having", "including")
# Words between the description's name and its text ("description saying …").
DESCRIPTION_IS: tuple[str, ...] = (
    "of", "that says", "saying", "reading", "being", "as", "like", "is", "are", "should be",
)  # fmt: skip
DESCRIBED: tuple[str, ...] = ("described as", "details being")
# "the new title is …".
NEW_FIELD: tuple[str, ...] = ("new",)
# Words for a task's title ("change the wording of …", "its name should be …").
TITLE_WORDS: tuple[str, ...] = ("title", "name", "wording", "text")
# "edit task 1: title 'x', description 'y'": the labels, and the field each sets.
FIELD_LABELS: dict[str, str] = {
    f"{new} {word}".strip(): field
    for field, words in (("title", TITLE_WORDS), ("description", DESCRIPTION_WORDS))
    for word in words
    for new in ("", *NEW_FIELD)
}
# "fix the typo in …".
MISTAKE_WORDS: tuple[str, ...] = ("typo", "spelling", "mistake")
# "add a short note to …".
SMALL: tuple[str, ...] = ("extra", "little", "short", "quick", "small")
# Words between a description's task and its text ("… saying …", "… which says …").
SAYING: tuple[str, ...] = ("saying", "that says", "reading", "as", "which says")
# "X has the title …", "I want X to have the name …".
WANT_THAT: tuple[str, ...] = ("want", "would like")
# The title by its plainest names ("the title of …").
TITLE_NAMES: tuple[str, ...] = ("title", "name")
# What follows "should be" that is no new title ("the milk should be done", "… later").
NOT_A_NEW_TITLE: tuple[str, ...] = (
    "done", "finished", "complete", "completed", "deleted", "removed", "gone", "ready", "over",
    "fine", "ok", "okay", "easy", "hard", "fun", "quick", "first", "last", "next", "later",
    "earlier", "sooner", "tomorrow", "today", "tonight",
)  # fmt: skip
# Words that start a time, not a title ("… should be due friday", "… should be on monday").
WHEN_WORDS: tuple[str, ...] = ("on", "by", "before", "after", "at", "in", "due")
PRIORITY_NOUNS: tuple[str, ...] = ("priority", "prio")
# "what's urgent?", "show my priorities": a level to list, or "sort" to list by priority.
PRIORITY_ASKS: dict[str, str] = {
    "urgent": "high", "important": "high", "high": "high", "high priority": "high",
    "high-priority": "high", "top priority": "high", "medium": "medium",
    "medium priority": "medium", "medium-priority": "medium", "low": "low",
    "low priority": "low", "low-priority": "low", "most important": "high",
    "priority": "sort", "priorities": "sort",
}  # fmt: skip
# "is there anything urgent i should be doing right now?": the words around a priority ask.
PRIORITY_ASK_LEADS: tuple[str, ...] = (
    "is there anything", "is there", "are there any", "are there", "do i have anything",
    "do i have any", "have i got anything", "got anything", "anything", "any",
)  # fmt: skip
PRIORITY_ASK_DUTIES: tuple[str, ...] = (
    "i should", "i need to", "i have to", "i must", "i ought to", "i gotta", "to",
)  # fmt: skip
PRIORITY_ASK_DOING: tuple[str, ...] = (
    "do", "be doing", "doing", "work on", "be working on", "get done", "handle", "tackle",
    "focus on", "deal with", "look at",
)  # fmt: skip
PRIORITY_ASK_WHEN: tuple[str, ...] = (
    "now", "right now", "rn", "today", "at the moment", "atm", "first", "next", "on my list",
)  # fmt: skip
# "set the priority of #2 to high", "make taxes urgent", "flag it as high".
PRIORITY_MARKERS: tuple[str, ...] = ("make", "mark", "set", "flag", "put", "change")
# What joins a task to its new level: "set #2 to high", "put the gym task in high" (a
# preposition as a second language may use it).
LEVEL_LINKS: tuple[str, ...] = ("as", "to", "at", "in", "on", "into")
# "bump #2 to high", "raise the taxes to urgent", "give #3 high priority": verbs that move a
# task to the level named after them.
PRIORITY_MOVES: tuple[str, ...] = (
    "bump", "bump up", "bump down", "move", "raise", "upgrade", "downgrade", "lower", "drop",
    "switch", "turn", "give", "knock", "push", "up", "escalate", "demote", "promote",
)  # fmt: skip
BARE_URGENT: tuple[str, ...] = ("urgent", "important")
# "taxes are urgent", "taxes r urgent": the verb between a task and its level.
IS_NOW: tuple[str, ...] = ("is", "are", "r", "'s")
# "the paint can wait": said of a task, its priority is low.
CAN_WAIT: tuple[str, ...] = (
    "can wait", "is no rush", "isn't urgent", "is not urgent", "isnt urgent", "is not a priority",
    "isn't a priority", "can be later",
)  # fmt: skip
# "raise the priority of …": the level each step sets.
PRIORITY_STEPS: dict[str, str] = {
    "raise": "high", "increase": "high", "bump up": "high", "bump": "high", "upgrade": "high",
    "up": "high", "escalate": "high", "lower": "low", "decrease": "low", "bump down": "low",
    "reduce": "low", "drop": "low", "downgrade": "low", "knock down": "low",
}  # fmt: skip
PRIORITISE: dict[str, str] = {
    "prioritise": "high", "prioritize": "high", "deprioritise": "low", "deprioritize": "low",
    "de-prioritise": "low", "de-prioritize": "low",
}  # fmt: skip
# Tags: "tag it work", "label #2 as home", "untag it", "remove the home tag from …".
TAG_VERBS: tuple[str, ...] = ("tag", "label")
TAG_NOUNS: tuple[str, ...] = ("tag", "tags", "label", "labels")
TAGGED: tuple[str, ...] = ("tagged", "labelled", "labeled")
ATTACH_VERBS: tuple[str, ...] = ("add", "put", "give", "attach")
UNTAG: tuple[str, ...] = ("untag",)
DETACH_VERBS: tuple[str, ...] = ("remove", "drop", "delete", "take off", "take", "clear", "strip")
# "oh and it's urgent", "that one's not that important": a priority said about the task the
# conversation just added or changed. What points at it, the words that grade the level,
# whole sayings that lower it, and what may follow.
PRIORITY_POINTERS: tuple[str, ...] = (
    "it's", "its", "it is", "that's", "thats", "that is", "this is", "this one's",
    "this one is", "that one's", "that one is", "it should be", "it'll be", "it will be",
    "that should be", "make it", "mark it",
)  # fmt: skip
PRIORITY_DEGREES: tuple[str, ...] = (
    "very", "pretty", "quite", "super", "kinda", "kind of", "a bit", "fairly", "so", "really",
    "actually", "also", "definitely", "extremely", "rather", "a little",
)  # fmt: skip
LOWER_PRIORITY: dict[str, str] = {
    "not important": "low", "not that important": "low", "not very important": "low",
    "not that urgent": "low", "not very urgent": "low", "not a priority": "low",
    "not high priority": "low", "a priority": "high",
}  # fmt: skip
PRIORITY_SAYINGS: dict[str, str] = {
    "it can wait": "low", "that can wait": "low", "this can wait": "low", "no rush": "low",
    "no hurry": "low", "no rush on it": "low", "no rush on that": "low",
    "no rush on that one": "low", "no hurry on it": "low", "there's no rush": "low",
}  # fmt: skip
PRIORITY_AFTER: tuple[str, ...] = (
    "actually", "though", "btw", "too", "as well", "by the way", "fyi", "then", "tbh", "now",
    "after all", "really",
)  # fmt: skip
# Words that name a priority, said of a task in a clause of its own ("1 is urgent", "low prio").
PRIORITY_MENTIONS: tuple[str, ...] = ("prio", "priority", "urgent", "important")
