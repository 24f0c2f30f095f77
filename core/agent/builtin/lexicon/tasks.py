"""What people call a task, and their list."""

from __future__ import annotations

# Nouns for one task, with their plurals ("task 2", "the milk one", "the item about rent").
TASK_NOUNS: dict[str, str] = {
    "task": "tasks", "todo": "todos", "to-do": "to-dos", "to do": "to dos", "item": "items",
    "entry": "entries", "reminder": "reminders", "thing": "things",
}  # fmt: skip
# Names of the list itself ("on my list", "my to-do list", "the shopping list").
LIST_NAMES: tuple[str, ...] = (
    "list", "tasks", "todos", "to-dos", "task list", "tasks list", "todo list", "to-do list",
    "to do list", "shopping list",
)  # fmt: skip
# What a listing may be asked for by ("show my chores", "what's on the agenda").
LISTING_NOUNS: tuple[str, ...] = (
    "task", "tasks", "todo", "todos", "to-do", "to-dos", "to do", "to dos", "todo list",
    "to-do list", "list", "item", "items", "things", "stuff", "agenda", "reminder", "reminders",
    "chore", "chores",
)  # fmt: skip
# "the whole list", "all of them", "the lot": every task at once.
EVERY_TASK: tuple[str, ...] = (
    "everything", "them all", "all of them", "both", "both of them", "them both", "the whole list",
    "the entire list", "my whole list", "my entire list", "my list", "the list", "my tasks",
    "my todos", "the lot", "whatever",
)  # fmt: skip
# What follows "all"/"every" for every task ("all my tasks", "every one of them").
# "complete both", "push them all to friday": the tasks the last reply showed, each.
ALL_SHOWN: tuple[str, ...] = (
    "both", "both of them", "them all", "all of them", "all of those", "all those",
    "all these", "those", "these", "each of them", "them both",
)  # fmt: skip
ALL_OF: tuple[str, ...] = (
    "task", "tasks", "todo", "todos", "to-do", "to-dos", "item", "items", "thing", "things",
    "one", "ones", "stuff", "list", "entry", "entries",
)  # fmt: skip
# Words between a noun and what it is about ("the task about rent", "the one called x").
# "for the car service, remind me …", "as for the gym, move it": a task said first.
TOPIC_LEADS: tuple[str, ...] = ("for", "about", "regarding", "re", "re:", "concerning")
ABOUT_WORDS: tuple[str, ...] = (
    "about", "with", "for", "of", "called", "named", "titled", "that says", "saying",
    "regarding", "re", "re:", "on",
)  # fmt: skip
# "the one I just added", "the newest one": the task the conversation is about.
JUST_MADE: tuple[str, ...] = ("added", "created", "made", "mentioned")
NEWEST: tuple[str, ...] = ("latest", "newest", "new", "previous", "last added")
# Whole phrases that point at the task the conversation is about.
POINTERS: tuple[str, ...] = (
    "it", "that", "this", "them", "the same", "what i just added", "the latest", "the newest",
    "the last one i added", "the last task i added", "the last one you added",
    "the last task you added",
)  # fmt: skip
# Words after a pointer that leave it pointing ("done with it already", "finished it just now").
POINTER_TAILS: tuple[str, ...] = (
    "already", "now", "just", "just now", "right now", "finally", "at last", "too", "as well",
    "lol",
)  # fmt: skip
# "oh wait that's done already", "already got it haha": the task just added, done before.
DONE_BEFORE_VERBS: tuple[str, ...] = (
    "did", "done", "got", "bought", "sent", "finished", "handled", "sorted", "paid", "called",
    "booked", "picked up", "took care of", "dealt with", "fixed", "grabbed", "posted",
    "emailed", "rang", "completed", "ordered", "texted", "returned", "cleaned", "made",
)  # fmt: skip
DONE_BEFORE_STATES: tuple[str, ...] = (
    "done", "sorted", "handled", "taken care of", "dealt with", "finished", "complete",
    "completed", "covered", "bought", "sent", "paid", "booked",
)  # fmt: skip
DONE_BEFORE_WORDS: tuple[str, ...] = ("already", "just", "actually")
DONE_BEFORE_WHO: tuple[str, ...] = ("i", "i have", "i've", "ive", "we", "we've")
DONE_BEFORE_POINTERS: tuple[str, ...] = (
    "it", "that", "this", "that one", "this one", "the thing", "one",
)  # fmt: skip
DONE_BEFORE_POLITE: tuple[str, ...] = ("please", "pls", "plz")
# "…, mark it done": the request that may follow such news.
DONE_BEFORE_ASKS: tuple[str, ...] = (
    "mark it done", "mark it as done", "mark that done", "mark that as done", "mark it off",
    "mark it complete", "mark it as complete", "tick it off", "check it off", "cross it off",
    "tick that off", "check that off", "cross that off", "you can tick it off",
    "you can mark it done", "so mark it done", "so tick it off",
)  # fmt: skip
DONE_BEFORE_TAILS: tuple[str, ...] = (
    "already", "haha", "hahaha", "lol", "lmao", "tbh", "though", "anyway", "actually", "earlier",
    "yesterday", "today", "this morning", "last night", "just now", "oops", "my bad",
)  # fmt: skip
# Words that may stand where a task would and point at none ("I'm done", "all done").
NOT_A_TASK: tuple[str, ...] = (
    "i'm", "im", "i am", "we're", "we are", "all", "just", "almost", "nearly", "not", "half",
    "not yet", "you", "are you", "is it", "it is", "mostly", "partially", "is everything",
    "everything is", "am i", "i'm all", "im all", "we're all", "mark", "set", "be", "get",
    "getting", "got", "get it", "is", "it's", "its", "that's", "thats", "almost all", "well",
)  # fmt: skip
# "tasks for tomorrow: gym, laundry", "friday's todos: …": what a list of tasks may be headed
# by, before or after the day its tasks are for.
LIST_HEADERS: tuple[str, ...] = (
    "tasks", "todos", "to-dos", "to dos", "to do", "todo", "to-do", "todo list", "to-do list",
    "to do list", "list", "things to do", "stuff to do", "things", "jobs", "chores", "errands",
    "groceries", "shopping", "shopping list", "plan", "plans", "agenda", "task", "job", "chore",
    "errand",
)  # fmt: skip
# Of those, the ones that name one task, whose commas are its own ("task for friday: …").
ONE_TASK_HEADERS: tuple[str, ...] = ("task", "job", "chore", "errand")
# Nouns a new task may be introduced by ("add a note: …", "new reminder - …").
ADD_NOUNS: dict[str, str] = {**TASK_NOUNS, "note": "notes"}
# Words before a new task's noun ("add the following new task …").
NEW: tuple[str, ...] = ("new", "following", "following new")
FOLLOWING: tuple[str, ...] = ("following", "the following")
# "add for me: …", "add a task for me to …": who the task is for, said around the add.
FOR_ME: tuple[str, ...] = ("for me", "for us", "for myself", "for ourselves")
# "delete me the task number 2", "complete for me #3": who a request is for, said between
# its verb and the task it names.
FOR_WHOM: tuple[str, ...] = ("me", *FOR_ME)
# Words between a new task's noun and its title ("a task called …").
CALLED: tuple[str, ...] = (
    "called", "named", "titled", "that says", "saying", "reading", "which says",
)  # fmt: skip
# "another one: …", "a new one - …".
ANOTHER_ONE: tuple[str, ...] = ("another one", "one more one", "a new one", "new one")
# Words after a new task that are not its title ("… too", "… at some point").
# "add eggs, flour and butter as separate tasks": each item its own task, without asking.
SEPARATELY: tuple[str, ...] = (
    "as separate tasks", "as separate items", "as separate todos", "as separate to-dos",
    "separately", "individually", "each as its own task", "each on its own", "one task each",
    "as individual tasks", "as their own tasks",
)  # fmt: skip
# "tag it finance too": words after a second change that say it comes on top.
ON_TOP: tuple[str, ...] = ("too", "as well", "also")
# "… as two separate tasks": words between the count and the noun.
SEPARATE_WORDS: tuple[str, ...] = ("separate", "different")
SOMEDAY: tuple[str, ...] = (
    "too", "as well", "at some point", "sometime", "sometime soon", "some time", "eventually",
    "one of these days", "when i can", "when i get a chance",
)  # fmt: skip
# "add these:", "put the following on my list": the tasks on the lines below.
THESE_ITEMS: tuple[str, ...] = (
    "these", "the following", "following", "this lot", "all of these", "all these",
    "these items", "these tasks", "these things", "these todos", "the following tasks",
    "the following items", "the following things", "everything below", "the ones below",
    "the items below", "the tasks below", "this list", "them", "a few things", "a few",
    "a couple of things", "a couple things", "some things", "some stuff", "few things",
    "a few tasks", "some tasks", "a few items", "some items", "a bunch of things", "this stuff",
)  # fmt: skip
# Titles that name no task ("add something").
NOT_TITLES: frozenset[str] = frozenset(
    {"to", "do", "something", "sth", "a thing", "a", "an", "the"}
)
# "schedule a dentist appointment for the 22nd": verbs that put one of the events on a day,
# adding the event ("schedule the vet" and "schedule posts for monday" are tasks as said).
SCHEDULE_VERBS: tuple[str, ...] = ("schedule", "book in")
EVENTS: tuple[str, ...] = (
    "appointment", "appt", "meeting", "call", "checkup", "check-up", "haircut", "session",
    "interview", "lesson", "class", "viewing", "consultation", "visit", "catch-up", "catchup",
    "review", "demo", "lunch", "dinner", "coffee",
)  # fmt: skip
