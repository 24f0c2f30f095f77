"""Misspellings: the words a misspelt word may be corrected to, how far it may be from
them, words that look misspelt but are not, and misspellings spelled out."""

from __future__ import annotations

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
# How far a word of a task's title, as the person wrote it, may be from the title's own
# ("buy mlik" finds "buy milk"); short words must be exact ("call tom" is not "call mom").
TITLE_TYPO_DISTANCE: tuple[tuple[int, int], ...] = ((4, 1), (8, 2))
# Words that are never corrected, though they are close to one above.
NOT_TYPOS = frozenset(
    {"last", "lost", "lest", "lust", "mask", "made", "dine", "dune", "gone", "tone", "bone",
     "cone", "none", "note", "took", "tasty", "cheek", "chick", "shop", "slow", "snow",
     "stow", "chow", "that", "whet", "wants", "mart", "mars", "mary", "dark", "park",
     "bark", "lark", "marks", "lift", "loft", "soft", "lent", "felt", "exit", "emit", "adds",
     "odd", "ads", "tick", "kick", "lick", "pick", "sick", "wick", "mist", "fist", "gist",
     "with", "wish", "tusk", "desk", "dusk", "risk", "disk", "rust", "dust", "must", "bust"}
)  # fmt: skip
# Misspellings that are no other word, and chat shorthand for little words, spelled out
# wherever they stand ("delte 2", "wat's left").
MISSPELLINGS: dict[str, str] = {
    "ad": "add", "addd": "add", "adda": "add", "remnd": "remind", "rmind": "remind",
    "remid": "remind", "reminde": "remind", "delet": "delete", "delte": "delete",
    "dlete": "delete", "deleet": "delete", "delette": "delete", "cmplete": "complete",
    "complet": "complete", "compelte": "complete", "comlete": "complete", "finsh": "finish",
    "fnish": "finish", "renmae": "rename", "renam": "rename", "udpate": "update",
    "upate": "update", "remvoe": "remove", "remov": "remove", "wat": "what", "wut": "what",
    "wats": "what's", "wht": "what", "shw": "show", "2day": "today", "2nite": "tonight",
    "2night": "tonight", "2moro": "tomorrow", "2morrow": "tomorrow", "2mrw": "tomorrow",
    "b4": "before", "abt": "about", "rmd": "remind", "rmnd": "remind", "remin": "remind",
    "morn": "morning", "arvo": "afternoon", "aftn": "afternoon", "hav": "have", "hv": "have",
}  # fmt: skip
# "n" between two words is "and" ("the laundry n the hoovering").
AND_SHORT: tuple[str, ...] = ("n", "'n'", "n'")
# An hour said roughly ("9ish", "5:30-ish"): about that time.
ROUGHLY: tuple[str, ...] = ("ish", "-ish")
# Said between a slip and what was meant ("add ring Jon, sorry, John"): the words after it
# take the place of the words of the same kind before it. The short ones count only set off
# by a comma ("buy a sorry card" is a title).
CORRECTION_MARKS: tuple[str, ...] = ("i mean", "i meant", "no wait", "wait no", "or rather")
CORRECTION_MARKS_SET_OFF: tuple[str, ...] = ("sorry", "actually", "no", "make that", "oops")
# Said after the mark, before words that restate part of the request ("for mum... actually
# make it for dad").
MAKE_IT: tuple[str, ...] = ("make it", "change it")
# Said after the mark, before a quoted fix ("'book hostel' - sorry, meant 'book airbnb'").
FIX_LEADS: tuple[str, ...] = ("meant", "i meant", "i mean")
# A remark that the last turn went wrong ("oops wrong one, I meant 3"): what follows
# corrects that turn, not these words.
SLIP_REMARKS: tuple[str, ...] = ("wrong", "not that", "oops", "ugh", "whoops", "my bad")
# An apology that puts nothing right is an aside ("finished 1 sorry it took so long").
APOLOGIES: tuple[str, ...] = ("sorry",)
# Sounds said while catching a slip ("done 2 oh wait no, 1").
FILLERS: tuple[str, ...] = ("oh", "uh", "um", "er", "erm", "hmm", "ah", "ugh")
# Verbs whose misspelling is corrected when what follows can only point at a task
# ("dleete task 2").
TYPO_PRONE_VERBS: tuple[str, ...] = (
    "delete", "remove", "complete", "finish", "rename", "update", "change",
)  # fmt: skip
# Units written onto their number ("3hrs", "20mins").
HOURS_SHORT: tuple[str, ...] = ("hr", "hrs")
MINUTES_SHORT: tuple[str, ...] = ("min", "mins")
# Words no task's title holds: a title still holding one is what is left of a request.
# A request word left dangling at the end of a would-be title, once its date was read off:
# "slides tomorrow 5pm remind" ("slides remind"), "the slides change to friday".
DANGLING_REMINDS: tuple[str, ...] = ("remind", "remind me", "reminder", "reminder for")
DANGLING_MOVES: tuple[str, ...] = (
    "change to", "changed to", "move to", "moved to", "push to", "pushed to", "switch to",
    "reschedule to", "rescheduled to", "reschedule", "change it to", "move it to",
)  # fmt: skip
# The little word a date was said with, left at the end of a would-be title once its day was
# read off: "visit grandmother on the" (sunday), "call the bank this" (friday).
DANGLING_ARTICLES: tuple[str, ...] = ("the", "a", "an", "this", "next", "that")
REQUEST_WORDS: tuple[str, ...] = (
    "remind me", "reminder", "rename", "sorry", "meant", *CORRECTION_MARKS,
)  # fmt: skip
# Asks to the bot, not words of a task, when they are left in a would-be title: another request
# joined on ("… and make rent urgent", "… and mark 2 done"), a field ("low prio"), a split asked
# for ("as 3 separate tasks"), a change said of the task ("… it instead", "change it to").
REQUEST_PATTERNS: tuple[str, ...] = (
    r"(?:and|&|\+|n|then|also)\s+(?:make|mark|set|tag|untag|move|push|delete|remove|complete|"
    r"rename|remind|cancel|change|tick|cross)\b",
    r"(?:make|set|mark)\s+(?:it|that|this|them|\S+)(?:\s+\S+)?\s+(?:urgent|important|high|low|"
    r"medium|top|a\s+priority|due)\b",
    r"prio(?:rity)?",
    r"(?:as|into)\s+(?:\d+|two|three|four|five|several|separate)\s+(?:separate\s+)?(?:tasks|items)",
    r"separate\s+tasks",
    r"(?:do|have|want)\s+it\b.*\binstead",
    r"(?:change|move|push|switch)\s+(?:it|that|this)\s+to",
    r"(?:move|push|shift|reschedule|bump)\s+.+?\s+to\s+(?:the\s+)?(?:same|later|earlier|another)",
    r"cancel\s+(?:the|that|my|this)\s+(?:reminder|task|one)",
    r"tag(?:ged)?\s+(?:it|them|as|with)",
    r"^(?:skip|skipping)\s+(?:the|my)\b",  # "skip the gym today" is said of a task
)
