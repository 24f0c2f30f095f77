"""Word forms: irregular verbs and plurals (for matching "bought milk" to "buy milk"), the
words title matching ignores, and the verbs "2" stands for "to" before ("need 2 call")."""

from __future__ import annotations

# Short forms people write for a word, in a title or when naming one ("finished chapter 4" is
# "read ch 4"); only those that stand for one word alone ("doc" is a doctor or a document).
SHORT_FORMS: dict[str, str] = {
    "ch": "chapter", "chap": "chapter", "appt": "appointment", "appts": "appointments",
    "bday": "birthday", "bdays": "birthdays", "mtg": "meeting",
    "mtgs": "meetings", "hw": "homework", "dept": "department", "pics": "pictures",
    "pic": "picture", "groc": "groceries", "grocs": "groceries", "vacay": "vacation",
    "convo": "conversation", "pres": "presentation", "prezo": "presentation",
}  # fmt: skip
# Forms that stemming cannot undo, and the word each is a form of.
IRREGULAR_FORMS: dict[str, str] = {
    "bought": "buy", "paid": "pay", "went": "go", "gone": "go", "did": "do", "done": "do",
    "made": "make", "wrote": "write", "written": "write", "sent": "send", "took": "take",
    "taken": "take", "got": "get", "gotten": "get", "fed": "feed", "ran": "run", "met": "meet",
    "found": "find", "brought": "bring", "sold": "sell", "told": "tell", "gave": "give",
    "given": "give", "spoke": "speak", "drove": "drive", "driven": "drive", "ate": "eat",
    "saw": "see", "seen": "see", "left": "leave", "kept": "keep", "built": "build",
    "caught": "catch", "taught": "teach", "thought": "think", "won": "win", "put": "put",
    "read": "read", "cut": "cut", "set": "set", "swept": "sweep", "hung": "hang", "fixed": "fix",
    "picked": "pick", "booked": "book", "mailed": "mail", "emailed": "email", "washed": "wash",
    "bent": "bend", "lent": "lend", "spent": "spend", "sat": "sit", "slept": "sleep",
    "began": "begin", "begun": "begin", "chose": "choose", "chosen": "choose", "flew": "fly",
    "drew": "draw", "froze": "freeze", "rode": "ride", "rang": "ring", "sang": "sing",
    "threw": "throw", "wore": "wear", "tore": "tear", "woke": "wake", "shook": "shake",
    "dug": "dig", "hid": "hide",
    "groceries": "grocery", "children": "child", "kids": "kid", "dishes": "dish",
}  # fmt: skip
# Words a title match ignores ("the milk task" finds "buy milk").
STOPWORDS: frozenset[str] = frozenset(
    {
        "a", "an", "the", "my", "our", "your", "his", "her", "their", "to", "for", "of", "on",
        "in", "at", "with", "and", "or", "task", "tasks", "todo", "todos", "item", "items", "one",
        "ones", "that", "this", "it", "about", "some", "up", "off", "please", "i", "me", "all",
        "thing", "things", "from", "by", "as", "is", "be", "so", "just",
    }
)  # fmt: skip
# Verbs a task starts with ("need 2 call mom": a 2 before one of them is "to").
TASK_VERBS: tuple[str, ...] = (
    "pick", "call", "buy", "get", "do", "go", "text", "email", "send", "pay", "book", "make",
    "take", "clean", "fix", "check", "write", "finish", "see", "meet", "feed", "water", "walk",
    "ring", "visit", "renew", "cancel", "order", "return", "print", "read", "sign", "file",
    "wash", "cook", "bring", "grab", "collect", "post", "reply", "message", "tell", "ask",
    "sort", "start", "submit", "update", "phone", "hoover", "vacuum", "tidy", "mow", "paint",
    "iron", "pack", "unpack", "bake", "schedule", "arrange", "organise", "organize", "prepare",
    "chase", "follow", "review", "register", "apply", "install", "charge", "repair",
    "replace", "empty", "sweep", "mop", "confirm", "invite", "sell", "donate", "drop", "fetch",
    "ping", "dm", "research", "refill", "defrost", "upload", "download", "learn", "practise",
    "practice", "study", "revise", "deliver", "mail", "respond", "shop", "wrap", "draft",
    "proofread",
)  # fmt: skip
