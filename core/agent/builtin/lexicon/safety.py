"""Messages that must change nothing: attempts to rewrite the rules, and batch operations."""

from __future__ import annotations

# "ignore all previous instructions": a verb, then (within a few words) what it overrides.
OVERRIDE_VERBS: tuple[str, ...] = ("ignore", "disregard", "forget", "override", "bypass", "skip")
RULES: tuple[str, ...] = (
    "instruction", "instructions", "rule", "rules", "prompt", "prompts", "guidelines",
    "directions", "constraints", "restrictions", "safety", "programming", "confirmation",
    "confirmations",
)  # fmt: skip
# Phrases that try to take the engine over, wherever they stand.
TAKEOVERS: tuple[str, ...] = (
    "system prompt", "system message", "system mode", "system instruction",
    "system instructions", "developer prompt", "developer message", "developer mode",
    "developer instruction", "developer instructions", "jailbreak", "jailbreaking", "dan",
    "you are now", "pretend to be", "pretend you", "act as admin", "act as an admin",
    "act as root", "act as a root", "act as developer", "act as a developer", "sudo",
    "admin mode", "new instruction", "new instructions", "without asking", "without confirm",
    "without confirming", "without confirmation", "someone else's", "someone elses",
    "everyone's", "everyones", "disregard the", "disregard everything", "disregard all",
    "disregard that", "disregard what",
)  # fmt: skip
# "another user's tasks", "user_id 5".
USERS: tuple[str, ...] = ("user", "users", "user's", "users'", "userss")
USER_IDS: tuple[str, ...] = ("user_id", "user id", "userid")
# Batch deletes: the verbs, and what they may take ("delete all my tasks", "wipe it").
BATCH_DELETE_VERBS: tuple[str, ...] = (
    "delete", "remove", "erase", "trash", "drop", "clear", "wipe", "purge", "empty", "reset",
    "nuke", "get rid of", "destroy", "scrap", "ditch", "bin", "flush", "cancel", "kill",
    "clean out", "clean up",
)  # fmt: skip
WIPE_VERBS: tuple[str, ...] = ("wipe", "clear", "purge", "empty", "reset", "nuke", "flush")
FRESH_START: tuple[str, ...] = (
    "clear", "wipe", "purge", "reset", "nuke", "start over", "start fresh", "clean slate",
    "delete all", "remove all",
)  # fmt: skip
WHOLE: tuple[str, ...] = ("whole", "entire")
THE_LOT: tuple[str, ...] = ("the lot",)
BARE_TASKS: tuple[str, ...] = ("tasks", "todos")
# "delete my whole list", "mark all the tasks done": the list as a whole.
ALL_THE_TASKS: tuple[str, ...] = (
    "list", "tasks", "todos", "to-dos", "todo list", "to-do list", "task list",
)  # fmt: skip
# "complete all of them", "everything is done".
BATCH_COMPLETE_VERBS: tuple[str, ...] = (
    "complete", "finish", "mark", "check off", "tick off", "cross off", "close", "resolve",
    "done with",
)  # fmt: skip
BATCH_DID: tuple[str, ...] = ("finished", "completed", "did", "done")
