"""What the engine says. The wording is free to change: what a question leaves open for the
next message ("yes", "the milk one", a title) is kept as data with the turn (`notes.py`)."""

from __future__ import annotations

from core.agent.builtin.intents import Family
from core.conversation.help import HELP_TEXT

ASK_TITLE = "What should I add? Tell me the task, for example “add buy milk”."
# "Say one or two", "Say one or separate".
SPLIT_ADD = (
    "Should I add “{whole}” as one task, or {parts} as {count} separate tasks? Say one or {other}."
)
ASK_WHICH: dict[Family, str] = {
    "complete": "Which task did you finish? Tell me its number or part of its title.",
    "delete": "Which task should I delete? Tell me its number or part of its title.",
    "update": "Which task should I change, and to what? For example: “rename 2 to buy oat milk”.",
    "add": ASK_TITLE,
    "list": "Which tasks should I show: pending, completed or all?",
}
TOO_LONG_TO_READ = (
    "That message is {length:,} characters, longer than any one request I can act on (I read "
    "up to {limit:,}), so I changed nothing. Send me one request at a time, for example "
    "“add buy milk”."
)
OFFER_ADD = "Do you want me to add “{title}” as a task?"
MISREAD_REMINDER = (
    "I'm not sure which task “{title}” is, so I changed nothing. Which task should I remind "
    "you about? Say its number, like “remind me about #2 at 5pm”."
)
REMIND_BEFORE_WHICH = (
    "Which task should I remind you about? I changed nothing yet; say its number, like "
    "“remind me about #2 the night before at 8pm”."
)
ASK_DUE_OR_TIME = " I changed nothing. When is it due, or when should I remind you?"
REMIND_BEFORE_NO_DUE = (
    "#{number} “{title}” has no due date, so there is no day before it to count from."
    + ASK_DUE_OR_TIME
)
REMIND_WHICH = (
    "Which task should I remind you about: {choices}? I changed nothing yet; say its number, "
    "like “remind me about #2 at 5pm”."
)
MISREAD_TITLE = (
    "I'm not sure I read that right, so I changed nothing. Should I add “{title}” as a task? "
    "If you meant something else, say it another way."
)
MISREAD_EITHER = (
    "I'm not sure I read that right, so I changed nothing. {reading}, or add “{title}” as a "
    "task? Press the one you meant."
)
ADD_AS_TASK = "Add “{title}” as a task"
REMIND_ABOUT = "Remind you about #{number} “{title}” at {when}"
MOVE_TO = "Move #{number} “{title}” to {when}"
DUPLICATE = "You already have #{number} “{title}” — add another?"
NOT_ENGLISH = (
    "Sorry, I only understand English, so I changed nothing. This offline engine reads "
    "English; to write in other languages, configure an OpenAI-compatible model "
    "(OPENAI_API_KEY, and OPENAI_BASE_URL for a server other than OpenAI's). "
    "To add your words as a task as they are, write “add” before them."
)
CONFIRM_COMPLETE = "Did you finish #{number} “{title}”? Press Yes to mark it done, or Cancel."
YES_DONE = "Yes, it's done"
ASK_CHANGE = (
    "What should I change about #{number}{title}? Tell me the new title, "
    "or say “description: …” to set its description."
)
# A title matched only with a typo: asked about with a button per task, never acted on.
DID_YOU_MEAN = {
    "complete": "Did you mean {choices}? Press the one to mark done, or Cancel.",
    "delete": "Did you mean {choices}? Press the one to delete, or Cancel.",
    "update": "Did you mean {choices}? Press the one to change, or Cancel.",
    "remind": "Did you mean {choices}? Press the one to set the reminder on, or Cancel.",
}
WHICH_OF = {
    "complete": "Which one did you finish: {choices}?",
    "delete": "Which one should I delete: {choices}?",
    "update": "Which one should I change: {choices}?",
}

HELP = HELP_TEXT
GREETING = (
    "Hi! I'm todobot, your to-do list. What can I do for you? "
    "Try “add buy milk” or “show my tasks”."
)
THANKS = "You're welcome! Anything else for your list?"
NEVER_MIND = "Okay, I left everything as it was."
NO_THANKS = "Okay, I won't change anything. What would you like to do instead?"
YES_WITHOUT_QUESTION = (
    "Happy to help. What would you like to do? For example “add buy milk” or “show my tasks”."
)
UNKNOWN = (
    "I'm not sure what you'd like me to do, so I changed nothing. I can add, list, complete, "
    "rename or delete tasks: for example “add buy milk” or “show my tasks”. What would you like?"
)
INJECTION = (
    "I can't change how I work, and I haven't changed anything. I manage your tasks one at a "
    "time, and deletes always wait for your confirmation. What would you like to do with your list?"
)
BATCH = {
    "delete": "I can only delete one task at a time, and I changed nothing. " + ASK_WHICH["delete"],
    "complete": "I can only mark one task done at a time, and I changed nothing. "
    + ASK_WHICH["complete"],
    "update": "I can only change one task at a time, and I changed nothing. Which task should I "
    "change, and to what?",
    "add": "I can add one task at a time, so I changed nothing yet. What's the first task to add?",
    "list": ASK_WHICH["list"],
}
SKIPPED = "I did not do “{text}”: I could not read it. Say it on its own, another way."
TWO_INTENTS = (
    "That sounds like two things: “{first}” and “{second}”. I changed nothing yet: is the "
    "second part of the task's title, or should I do both?"
)
NO_CONTEXT = "Which task do you mean? Tell me its number or part of its title."
LOOSE_MISS = (
    "Nice! I couldn't match that to a task on your list, so I changed nothing. Which task "
    "should I mark done? Tell me its number or part of its title."
)
NOT_FOUND_TAIL = " Say “show my tasks” to see your list."
SEARCH_ONE = "1 task mentions “{query}”: {task}."
IS_DONE = "Yes, #{number} “{title}” is done."
NOT_YET = "Not yet: #{number} “{title}” is still open."
NOTHING_NEXT = "Nothing: you have no open tasks. Nice work!"
NEXT_DUE = "Your next deadline: {tasks}, due {when}."
NO_NEXT_DUE = "You have no upcoming deadlines: none of your open tasks has a due date ahead."
ALSO_OVERDUE = " You also have {overdue} (ask “what’s overdue?” to see)."
ABOUT_NONE = "I couldn't find that task on your list. Say “show my tasks” to see it."
ABOUT_WHICH = "Which one do you mean: {choices}?"
SEARCH_NONE = "I don't see a task mentioning “{query}”. Say “show my tasks” to see your list."
COUNT_NONE = "You have no tasks yet. Tell me something to add."


def choices(tasks: list[tuple[int, str]], joiner: str = "or") -> str:
    named = [f"#{number} “{title}”" for number, title in tasks]
    return named[0] if len(named) == 1 else ", ".join(named[:-1]) + f" {joiner} " + named[-1]


ASK_DAY = (
    "Did you mean {first} or {second} by “{phrase}”? I changed nothing yet: say the date with "
    "its month, for example “{iso}”."
)
PAST_CHANGE = (
    "{when} is already in the past, so I didn't move #{number}. Tell me a date from today on, "
    "or say “remove the due date” to clear it."
)
SHIFT_NEEDS_TIME = (
    "#{number} is due on a day without a time, so I changed nothing. Tell me the new time, "
    "for example “move it to 3pm”, or move it by days."
)
NO_TASK_NUMBER = "There's no task #{number}, so I changed nothing." + NOT_FOUND_TAIL
PAST_DUE = "Tell me a date from today on, or say the task again without a date."
NO_DUE = "{task} has no due date. Say “move it to friday” to give it one."
ASK_WHEN = "When should it be due? For example “tomorrow at 3pm” or “next friday”."
NOTHING_DUE_TODAY = "Nothing is due today."
NO_REDO = "I can't redo an undo, so I changed nothing. Tell me the change again and I'll make it."
UNDO_MORE = " Say “undo” again to take back the change before that."
ASK_WHICH_REOPEN = "Which task should I reopen? Give me its number or title."
ASK_WHICH_RESTORE = (
    "Which task should I restore? Say “show my deleted tasks” to see the trash, then "
    "“restore” and its number."
)
