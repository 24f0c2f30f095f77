"""Taking things back: undo, reopen and the trash."""

from __future__ import annotations

# Words before an undo that do not change it ("oops, undo that", "hmm wait, revert").
OOPS: tuple[str, ...] = (
    "oh no", "uh oh", "ugh", "argh", "damn", "dang", "shoot", "crap", "my bad", "sorry",
    "wait", "no", "nope", "nah", "ah", "oh", "actually", "never mind", "nevermind", "nvm", "ok",
    "okay", "please", "hey", "hang on", "hold on", "hold up", "that's wrong", "thats wrong",
    "that's not right",
)  # fmt: skip
DRAWN_OUT_OOPS: tuple[str, ...] = ("oops", "whoops", "woops", "hmm")
# Said alone, these take the last change back.
OOPS_ALONE: tuple[str, ...] = ("oopsie", "oh no", "uh oh", "my bad", "oh dear")
DRAWN_OUT_OOPS_ALONE: tuple[str, ...] = ("oops", "whoops", "woops")
UNDO_VERBS: tuple[str, ...] = (
    "undo", "un-do", "revert", "reverse", "roll back", "rollback", "roll that back",
    "roll it back", "take that back", "take it back", "take this back", "ctrl z", "ctrl+z",
    "ctrl + z", "cmd z", "cmd+z", "cmd + z", "ctrlz", "cmdz", "go back", "put it back",
    "put that back", "put it back the way it was", "put that back the way it was",
    "put it back how it was", "put that back how it was", "change it back", "change that back",
    "set it back", "set that back", "switch it back", "switch that back", "scratch that",
    "cancel that", "cancel the last one", "cancel the last change", "cancel the last thing",
    "reverse that", "put things back", "back out that", "back out the last change",
)  # fmt: skip
# Said of what was just done ("scrap that", "forget that last one", "never mind that"):
# an undo right after a change, and no more than a never mind or a delete otherwise.
CASUAL_UNDO_VERBS: tuple[str, ...] = (
    "scrap", "forget", "ignore", "never mind", "nevermind", "nvm", "disregard", "ditch", "bin",
    "lose", "skip",
)  # fmt: skip
# "actually don't bother": what was just done was not wanted; a casual undo.
DONT_BOTHER: tuple[str, ...] = ("don't bother", "dont bother", "do not bother")
# Words after "undo" that do not change it ("undo my last change", "undo the rename").
UNDO_TAILS: tuple[str, ...] = (
    "that", "it", "this", "please", "pls", "now", "again", "too", "last",
    "what i did", "what i just did", "the last thing", "the last thing i did",
    "one more time", "one more step", "mistake",
)  # fmt: skip
# "undo twice": how many changes, said as a count of times.
TIMES: dict[str, int] = {"twice": 2, "thrice": 3}
# The last change, by name ("the last edit", "my last command").
LAST_CHANGE: tuple[str, ...] = ("last", "previous")
CHANGES: tuple[str, ...] = (
    "one", "change", "thing", "action", "step", "edit", "command", "delete", "deletion",
    "rename", "renaming", "completion", "add", "addition", "mistake",
)  # fmt: skip
# "I didn't mean to delete that": the verbs of a change made by mistake.
MISTAKEN: tuple[str, ...] = (
    "add", "delete", "remove", "complete", "finish", "rename", "change", "edit", "mark",
    "tick", "check", "do",
)  # fmt: skip
# "that was a mistake", "wrong button".
WAS_A_MISTAKE: tuple[str, ...] = ("mistake", "wrong", "a mistake", "an accident", "accident",
                                  "by accident")  # fmt: skip
WRONG: tuple[str, ...] = (
    "wrong one", "wrong button", "wrong task", "mistake", "my mistake", "misclick", "typo",
)  # fmt: skip
MEAN_TO: tuple[str, ...] = ("mean", "want")
REDO: tuple[str, ...] = ("redo", "re-do")
UNDO_WORD: tuple[str, ...] = ("undo",)
# The trash, and what is in it.
TRASH: tuple[str, ...] = (
    "trash", "trash can", "bin", "rubbish", "rubbish bin", "recycle bin", "wastebasket",
    "garbage",
)  # fmt: skip
DELETED: tuple[str, ...] = ("deleted", "removed", "trashed", "binned")
RECENTLY_DELETED: tuple[str, ...] = ("recently deleted",)
STUFF: tuple[str, ...] = ("stuff",)
TRASH_PARTS: tuple[str, ...] = ("tasks", "items", "list", "folder", "contents")
# "what did I delete?".
DELETE_FORMS: tuple[str, ...] = (
    "delete", "deleted", "remove", "removed", "trashed", "thrown away",
)  # fmt: skip
LATELY: tuple[str, ...] = ("recently", "lately", "so far", "today")
EMPTY_VERBS: tuple[str, ...] = (
    "empty", "clear", "purge", "clean out", "clean", "wipe", "flush", "nuke", "take out",
)  # fmt: skip
ERASE_VERBS: tuple[str, ...] = ("delete", "erase", "remove")
FOR_GOOD: tuple[str, ...] = ("for good", "permanently", "forever")
RESTORE_VERBS: tuple[str, ...] = (
    "restore", "undelete", "un-delete", "recover", "retrieve", "rescue", "resurrect",
    "bring back", "get back",
)  # fmt: skip
BRING_BACK_VERBS: tuple[str, ...] = ("bring", "get", "put", "move")
FISH_OUT_VERBS: tuple[str, ...] = ("take", "get", "pull", "fish")
# "the last deleted one", "what I just deleted": the newest in the trash.
NEWEST_DELETED: tuple[str, ...] = (
    "last", "latest", "most recent", "most recently", "recently", "just", "previously",
)  # fmt: skip
DELETED_WHEN: tuple[str, ...] = ("last", "just now", "earlier", "by mistake")
LAST_DELETION: tuple[str, ...] = ("last deletion", "last deleted")
# A finished task that is not done after all ("reopen #3", "mark it as not done").
REOPEN_VERBS: tuple[str, ...] = (
    "reopen", "re-open", "untick", "un-tick", "uncheck", "un-check", "uncomplete",
    "un-complete", "unfinish", "un-finish", "unmark", "un-mark", "undone", "un-done",
    "undo the completion of", "undo completion of", "undo the done on", "undo done on",
    "undo the completing", "undo completing", "restart", "reactivate", "revive",
)  # fmt: skip
# "open it again": a reopen said plainly.
OPEN_AGAIN: tuple[str, ...] = ("open", "open up")
NOT_DONE: tuple[str, ...] = (
    "not done", "not yet done", "not complete", "not completed", "not yet complete",
    "not yet completed", "not finished", "not yet finished", "not ticked", "not yet ticked",
    "not checked", "not yet checked", "undone", "incomplete", "unfinished", "uncompleted",
    "pending", "open", "todo", "to-do", "active", "outstanding",
)  # fmt: skip
MARK_AGAIN: tuple[str, ...] = ("mark", "set", "make", "put", "move", "flag", "turn", "change")
# "X isn't done after all", "I didn't finish it".
STILL: tuple[str, ...] = ("after all", "yet", "actually", "then")
DID_NOT_DO: tuple[str, ...] = (
    "finish", "finished", "complete", "completed", "do", "done", "did", "get to",
    "manage to do", "manage to finish",
)  # fmt: skip
TURNS_OUT: tuple[str, ...] = ("actually", "oops", "turns out")
