"""The verb families, and the words that say a task is done. Each table is one role a word
can play; the readers build their patterns from these, so a synonym added here is read
everywhere that role is."""

from __future__ import annotations

# --- Adding -------------------------------------------------------------------------------
# "add milk", "jot down call mom", "+ milk".
ADD_VERBS: tuple[str, ...] = (
    "add", "create", "new", "jot", "jot down", "write down", "note to self", "note down",
    "note", "pencil in", "put down", "+", "mind adding", "do you mind adding",
    "would you mind adding", "could you possibly add", "if you could add",
)  # fmt: skip
# "todo buy milk" (but not "todo list").
ADD_TODO: tuple[str, ...] = ("todo", "to-do")
# "make a new task: …", "log a reminder …": verbs that need a task noun after them.
CREATE_VERBS: tuple[str, ...] = (
    "make", "save", "set", "set up", "start", "open", "log", "record", "enter", "insert",
)  # fmt: skip
# "put milk on my list", "chuck it on the list".
PUT_VERBS: tuple[str, ...] = (
    "put", "stick", "throw", "pop", "place", "get", "chuck", "bung", "whack", "slap", "add",
)  # fmt: skip
# The particles of phrasal verbs: after "put" they make the task's own verb ("put out the
# bins", "put away the shopping"), not the adding "put X on my list".
PARTICLES: tuple[str, ...] = (
    "out", "away", "up", "back", "off", "together", "aside", "forward", "through", "across",
)  # fmt: skip
REMEMBER_VERBS: tuple[str, ...] = ("remember", "please remember", "memorize")
DONT_FORGET: tuple[str, ...] = (
    "don't forget", "dont forget", "do not forget", "never forget", "don't let me forget",
    "dont let me forget", "do not let me forget", "never let me forget",
)  # fmt: skip
# "one more for my list: …".
ONE_MORE: tuple[str, ...] = ("one more", "another one", "something", "a new one", "new one")
# "todo: buy milk", "note to self - call mom".
NOTE_LABELS: tuple[str, ...] = (
    "todo", "to-do", "to do", "task", "new task", "reminder", "todo item", "note to self",
    "memo",
)  # fmt: skip
REMIND_VERBS: tuple[str, ...] = ("remind",)
# "I need to …", "gotta …", "I'm supposed to …": what follows is a task to note.
NEED_PHRASES: tuple[str, ...] = (
    "need to", "have to", "must", "should", "ought to", "got to", "gotta", "'ve got to",
    "have got to", "'ve gotta", "want to", "wanna", "plan to", "'m planning to",
    "am planning to", "'d like to", "would like to", "'m going to", "am going to", "'m gonna",
    "am gonna", "gonna", "'ll have to", "will have to", "'ll need to", "will need to",
    "need to", "needs to", "'m supposed to", "am supposed to", "are supposed to",
    "i'm supposed to", "i am supposed to", "we're supposed to", "we are supposed to",
    "have yet to", "mustn't forget to", "mustnt forget to", "can't forget to",
    "cant forget to", "shouldn't forget to", "shouldnt forget to", "need", "needs",
    "'d better", "had better", "'d best",
)  # fmt: skip
# Hedges before "I need to …" that leave it a task to note ("i think i need to …",
# "i reckon i should …").
HEDGES: tuple[str, ...] = (
    "i think", "i reckon", "i guess", "i suppose", "i believe", "i feel like", "pretty sure",
    "i'm pretty sure", "im pretty sure", "i'm sure", "think", "reckon", "guess", "suppose",
    "maybe", "perhaps", "probably", "so", "ok so", "right so", "oh and", "oh", "hmm", "um",
)  # fmt: skip
# Words that may stand inside "I need to …" without changing it ("I really need to …").
INTENSIFIERS: tuple[str, ...] = (
    "really", "definitely", "probably", "also", "still", "seriously", "finally", "actually",
    "totally", "absolutely",
)  # fmt: skip

# --- Completing ---------------------------------------------------------------------------
# "check off milk", "tick milk off", and their past forms ("ticked off").
CHECK_OFF_VERBS: dict[str, str] = {
    "check": "checked", "tick": "ticked", "cross": "crossed", "strike": "struck",
    "scratch": "scratched", "knock": "knocked",
}  # fmt: skip
# "mark milk done", "set task 2 as complete".
MARK_VERBS: tuple[str, ...] = ("mark", "set", "flag", "make", "put", "move", "tag")
# "complete milk", "wrap up the report".
COMPLETE_VERBS: tuple[str, ...] = (
    "complete", "finish", "close", "resolve", "accomplish", "take care of", "wrap up",
    "knock out",
)  # fmt: skip
# The words for the state of a finished task ("mark it done", "milk is done").
DONE_WORDS: tuple[str, ...] = (
    "done", "complete", "completed", "finished", "checked", "checked off", "ticked",
    "ticked off", "resolved", "closed", "✓", "✔", "✅", "☑",
)  # fmt: skip
# More ways to say a task is done, in a report ("the essay is sorted", "milk is finito").
DONE_REPORTS: tuple[str, ...] = (
    "done", "complete", "completed", "finished", "taken care of", "sorted", "handled",
    "dealt with", "checked off", "ticked off", "crossed off", "finito",
)  # fmt: skip
# "I finished the report", "just did the dishes": a past-tense report.
DID_VERBS: tuple[str, ...] = (
    "finished", "completed", "done", "did", "accomplished", "wrapped up", "took care of",
    "taken care of", "handled", "sorted", "sorted out", "dealt with", "crossed off",
    "checked off", "ticked off", "knocked out", "knocked off", "got through", "closed",
    "resolved",
)  # fmt: skip
# "did my stretches", "did the dishes": after "did", the words that make it a report of a task
# done rather than a question ("did i …", "did the plumber call?" asks).
DID_REPORTS: tuple[str, ...] = ("my", "our", "all my", "all the", "the", "some", "those", "these")
# "done with the report", "through with the taxes".
DONE_WITH: tuple[str, ...] = ("done", "finished", "finish", "through")
# "done: milk", "finished - the report".
DONE_FIRST: tuple[str, ...] = ("done", "finished", "completed", "complete")
# "got the report done", "got the taxes out of the way".
GOT_IT_DONE: tuple[str, ...] = ("done", "finished", "sorted", "out of the way")
# Whole messages that say "done" without a task ("done!", "got it", "✅").
BARE_DONE: tuple[str, ...] = (
    "done", "finished", "complete", "completed", "all done", "i'm done", "im done",
    "i am done", "we're done", "were done", "got it", "got it done", "did it", "checked",
    "ticked", "check", "tick", "mark done", "mark as done", "mark complete",
    "mark as complete", "finish", "finished it all", "✓", "✔", "✅", "☑", "completed task",
    "task done", "task completed",
)  # fmt: skip
# Past forms of verbs that do not end in -ed, for reports ("bought milk", "paid rent").
PAST_FORMS: tuple[str, ...] = (
    "bought", "paid", "went", "made", "wrote", "sent", "took", "fed", "ran", "met", "found",
    "brought", "sold", "told", "got", "gave", "spoke", "drove", "ate", "saw", "kept", "built",
    "caught", "taught", "swept", "read", "put", "cut", "hung", "paid off", "picked up",
    "dropped off", "filled out", "signed up for", "rang", "threw", "drew", "flew", "chose",
    "spent", "lent", "wore", "rode", "sang", "woke", "shook", "left", "sat", "dug", "hid",
)  # fmt: skip
# Past forms spelled like the verb itself: "put away the camping gear on saturday" is a task
# with its date, not a report; with "i" or "just" before it, or no date after it, a report.
SAME_IN_PAST: frozenset[str] = frozenset({"put", "read", "cut", "set", "shut", "let", "hit"})
# Past forms that report no finished task ("I needed milk", "I added it").
NOT_REPORTS: frozenset[str] = frozenset(
    {"need", "needed", "wanted", "added", "created", "asked", "used", "tried", "started",
     "planned", "decided", "forgot", "forgotten", "noted", "remembered", "liked", "loved",
     "hated", "hoped", "wished", "missed", "failed", "listed"}
)  # fmt: skip
# "essay submitted", "the invoice is out": participles that report a task done.
DONE_PARTICIPLES: tuple[str, ...] = (
    "submitted", "sent", "paid", "returned", "booked", "bought", "called", "emailed", "mailed",
    "posted", "filed", "signed", "handed in", "turned in", "out", "delivered", "fixed",
    "cleaned", "washed", "canceled", "cancelled", "renewed", "ordered", "picked up",
    "dropped off", "written", "read", "fed", "walked", "watered",
)  # fmt: skip
# Words after a report that do not change it ("paid at last", "sent today").
AT_LAST: tuple[str, ...] = ("finally", "already", "now", "at last", "today", "yesterday")
# Words beside a done verb that do not change it, before it or after it as a second
# language may put them ("I already finished the report", "I have finished already the report").
DONE_ADVERBS: tuple[str, ...] = ("just", "already", "finally", "now", "also")
# When or how a done was done, said after the task ("finished the slides before the deadline",
# "did the report last night"): words a title is not matched on when the whole names none.
DONE_HOW: tuple[str, ...] = (
    *AT_LAST, "before the deadline", "ahead of the deadline", "on time", "in time", "early",
    "ahead of time", "last night", "this morning", "earlier", "just now", "in the end",
    "after all", "for once",
)  # fmt: skip
# Verbs that only say "it is done" ("got the milk", "sorted the invoices").
PLAIN_DOING: frozenset[str] = frozenset(
    {"get", "grab", "do", "sort", "handle", "finish", "complete", "tackle"}
)  # fmt: skip

# --- Deleting -----------------------------------------------------------------------------
DELETE_VERBS: tuple[str, ...] = (
    "delete", "del", "remove", "rm", "erase", "trash", "drop", "bin", "ditch", "nuke",
    "discard", "scrap", "scratch", "cancel", "axe", "kill", "toss", "dump", "chuck",
    "chuck out", "get rid of", "throw away", "throw out", "do away with", "forget about",
    "forget", "lose", "eliminate", "strike", "unlist",
)  # fmt: skip
# Of those, the ones whose "it" is the task we talked about ("delete it"; not "forget it").
DELETE_VERBS_FOR_IT: frozenset[str] = frozenset(
    {"delete", "del", "remove", "rm", "erase", "trash", "drop", "bin", "ditch", "nuke",
     "discard", "kill", "toss", "dump", "get", "take", "lose", "eliminate", "chuck", "scrap"}
)  # fmt: skip
# "take milk off my list", "get the bins out of the list".
TAKE_OFF_VERBS: tuple[str, ...] = ("take", "get")
# "I don't need to call mom anymore".
NO_LONGER: tuple[str, ...] = ("don't", "dont", "do not", "no longer")
WANT: tuple[str, ...] = ("need", "want", "have")
NO_NEED: tuple[str, ...] = ("no need", "there's no need", "theres no need")  # "… to buy milk"
ANY_MORE: tuple[str, ...] = ("any more", "anymore", "after all")
# "the party can go", "the meeting got cancelled".
DELETE_TAILS: tuple[str, ...] = (
    "can go", "is not needed", "isn't needed", "is no longer needed", "is cancelled",
    "is canceled", "got cancelled", "got canceled", "was cancelled", "was canceled", "is off",
    "should go", "has to go", "must go", "is obsolete", "is irrelevant",
)  # fmt: skip
# Things a delete may name that are no task ("delete my account").
NOT_TASKS: tuple[str, ...] = (
    "my account", "my data", "my telegram", "my slack", "the account", "the link", "link",
)  # fmt: skip

# --- Changing -----------------------------------------------------------------------------
CHANGE_VERBS: tuple[str, ...] = (
    "change", "update", "edit", "modify", "alter", "replace", "fix", "correct", "amend",
    "adjust",
)  # fmt: skip
EDIT_VERBS: tuple[str, ...] = (*CHANGE_VERBS, "set")
RENAME_VERBS: tuple[str, ...] = ("rename", "retitle", "reword")
TURN_VERBS: tuple[str, ...] = ("turn", "switch")
# "call it …", "name task 2 …".
NAME_VERBS: tuple[str, ...] = ("call", "name", "title", "retitle")
NAME_VERBS_PAST: tuple[str, ...] = ("called", "named")
# "instead of X, put Y".
PUT_OR_WRITE: tuple[str, ...] = ("put", "write")
# "fix the typo in …".
FIX_VERBS: tuple[str, ...] = ("fix", "correct")
# Edit verbs that rarely mean an edit without a task number or "it" ("fix the sink").
VAGUE_EDIT_VERBS: frozenset[str] = frozenset(
    {"set", "make", "fix", "replace", "adjust", "turn", "switch"}
)  # fmt: skip
# "add a description to …", "write a note on …".
DESCRIBE_VERBS: tuple[str, ...] = (
    "add", "set", "put", "attach", "give", "write", "append", "include",
)  # fmt: skip
# The same, after "for X, …" ("for task 2, add the note …") and before "as the note of".
NOTE_VERBS: tuple[str, ...] = ("add", "set", "put", "write", "use")
DESCRIBE: tuple[str, ...] = ("describe",)
# "remove the description of …".
CLEAR_VERBS: tuple[str, ...] = (
    "remove", "delete", "clear", "erase", "drop", "wipe", "empty", "reset",
)  # fmt: skip
# "say", "read": what a title does ("it should say …", "change it to read …").
SAY_VERBS: tuple[str, ...] = ("say", "read")
SAYS_VERBS: tuple[str, ...] = ("says", "reads")
# "change #1 so it says …", "make #2 read …": verbs that set what a task says.
WORDING_VERBS: tuple[str, ...] = ("change", "make", "edit", "fix", "update", "amend", "reword")

# --- Clauses ------------------------------------------------------------------------------
# "the report is done, tick it off", "clean the fridge this weekend, add that": verbs that
# act on "it" in a second clause, and what each does.
IT_VERBS: dict[str, str] = {
    "tick": "complete", "check": "complete", "cross": "complete", "strike": "complete",
    "mark": "complete", "remove": "delete", "delete": "delete", "drop": "delete",
    "erase": "delete", "trash": "delete", "scratch": "delete", "bin": "delete",
    "chuck": "delete", "ditch": "delete", "scrap": "delete", "get rid of": "delete",
    "add": "add", "put": "add", "note": "add", "jot": "add", "write": "add", "save": "add",
    "track": "add", "log": "add", "stick": "add", "pop": "add", "bung": "add", "whack": "add",
    "done": "complete", "finished": "complete", "completed": "complete",
}  # fmt: skip
# Words after "tick it" that change nothing ("… off", "… down", "… for me", "… already").
IT_TAILS: tuple[str, ...] = ("off", "down", "too", "for me", "already")
# "the laundry, I've done it": who did it, before a verb of done.
IT_DOERS: tuple[str, ...] = ("i have", "i've", "ive", "we have", "we've", "i", "we")
# "my boss asked me to …", "I need to …": a task inside a story.
ASKED_ME: tuple[str, ...] = ("asked", "told", "wants", "wanted", "needs", "reminded", "begged")
OBLIGED: tuple[str, ...] = ("need", "have", "got", "must", "should")
# "the milk should be oat milk": a rename told as a correction.
OUGHT: tuple[str, ...] = ("should", "must", "need to", "needs to", "has to", "ought to")
# "make the dentist one 'book dentist'".
MAKE_INTO: tuple[str, ...] = ("make", "turn", "change")
# "I meant task 2".
MEANT: tuple[str, ...] = (
    "i meant", "i mean", "meant", "i was talking about", "i was thinking of",
)  # fmt: skip
# "not that one, number 2", "wrong one, the second": the last turn acted on the wrong task.
NOT_THAT_ONE: tuple[str, ...] = (
    "not that one", "not that", "not this one", "wrong one", "the wrong one", "wrong task",
    "the wrong task", "wrong number", "wrong item", "not the right one", "that's the wrong one",
    "thats the wrong one", "that was the wrong one", "not the one i meant", "that's not it",
    "thats not it", "not it", "other one",
)  # fmt: skip
# What may stand between "wrong one" and the task meant ("wrong one, it was #3").
IT_WAS: tuple[str, ...] = (
    "it was", "it's", "its", "it is", "it should be", "should be", "should have been",
    "should've been", "it should have been", "i wanted", "i want", "try", "do", "make it",
    "make that",
)  # fmt: skip

# --- Showing ------------------------------------------------------------------------------
# Verbs that ask to see the list ("show", "pull up", "go over").
SHOW_VERBS: tuple[str, ...] = (
    "show", "list", "display", "view", "see", "print", "give", "get", "read", "tell", "check",
    "open", "pull up", "bring up", "recap", "review", "go over", "run through", "summarize",
    "summarise",
)  # fmt: skip

# --- Gerunds ------------------------------------------------------------------------------
# "would you mind renaming …": the request's verb, as the readers expect it.
GERUNDS: dict[str, str] = {
    "adding": "add", "renaming": "rename", "deleting": "delete", "removing": "remove",
    "marking": "mark", "changing": "change", "updating": "update", "completing": "complete",
    "ticking": "tick", "checking": "check", "crossing": "cross", "putting": "put",
    "creating": "create", "setting": "set", "showing": "show", "listing": "list",
}  # fmt: skip
# "to add milk": verbs after which a leading "to" is dropped.
REQUEST_VERBS: tuple[str, ...] = (
    "add", "mark", "delete", "remove", "rename", "change", "update", "complete", "show",
    "list", "tick",
)  # fmt: skip
# Words that start a second request in one message ("add milk and show my list").
SECOND_REQUESTS: tuple[str, ...] = (
    "add", "create", "complete", "finish", "mark", "check off", "tick off", "cross off",
    "delete", "remove", "drop", "erase", "trash", "get rid of", "show", "list", "display",
    "rename", "change", "update", "edit", "modify", "remind me", "set the description",
    "describe", "put", "remember", "tell me", "what's", "whats", "how many", "make", "set",
    "move", "push", "tag", "untag",
)  # fmt: skip
# "add another", "make one more".
ADD_AGAIN_VERBS: tuple[str, ...] = ("add", "create", "make", "put")
# Said again before each part of one message's adds ("add buy eggs; add buy flour").
PLAIN_ADD_VERBS: tuple[str, ...] = ("add", "create")
# "rename it to …", "call it …": the answer to "what should I change about #3?".
CALL_IT: tuple[str, ...] = ("rename", "call", "change", "name")
# What a new task may start with ("add …", "remind me …", "don't forget …").
NEW_TASK_STARTS: tuple[str, ...] = (
    *ADD_VERBS, *REMIND_VERBS, *REMEMBER_VERBS, *ADD_TODO, *DONT_FORGET, "put",
)  # fmt: skip
