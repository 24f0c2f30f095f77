"""Text helpers for the parser: cleaning a message, quotes, number words, word stems."""

from __future__ import annotations

import re
import unicodedata

OPEN_TO_CLOSE = {'"': '"', "'": "'", "“": "”", "„": "“", "‘": "’", "«": "»", "`": "`", "”": "”"}

_APOSTROPHE = re.compile(r"(?<=\w)[’‘`´](?=\w)")
_SPACES = re.compile(r"\s+")
_EMOTICON_TAIL = re.compile(r"(?:\s+(?:[:;=8][-']?[)(\]\[dDpP/\\|*]+|<3|xD|XD))+$")
_TAIL_PUNCT = re.compile(r"[\s.!?…,]+$")

_LEAD_INS = re.compile(
    r"^(?:(?:(?:hey|hi|hello|hiya|yo|ok(?:ay)?|alright|all right|so|um+|uh+|er+|hm+|well|oh|ah|"
    r"and|also|then|now|pls|plz|please|kindly|todobot|@\w+|hey there|hi there|actually|"
    r"quick\s+one|quick(?:ly)?|btw|by the way|one more thing|and then|and also|oh and|oh also|"
    r"good morning|good evening|good afternoon|wait\s+no|good\s+news|great\s+news|"
    r"fyi|ugh|argh|omg|wow|yay|woo+hoo+|phew|finally|lol|haha+|ok\s+so|right\s+so|so\s+yeah)(?:\s*[,!.:;-]+\s*|\s+(?=\S)))"
    r"|(?:(?:k|bot|great|cool|perfect|awesome|nice|good|thanks|thank you|oops|wait|right|"
    r"morning|evening|afternoon|g'?day|"
    r"yes|yeah|yep|yup|sure|no|nope|hmm+|one more|never\s*mind|nvm|scratch\s+that|"
    r"forget\s+(?:it|that)|on\s+second\s+thoughts?)\s*[,!.:;-]+\s*))+",
    re.IGNORECASE,
)
_REQUEST_LEAD_INS = re.compile(
    r"^(?:(?:would you mind|please\s+to|pls\s+to|"
    r"to(?=\s+(?:add|mark|delete|remove|rename|change|update|complete|show|list|tick)\b)|be\s+so\s+kind\s+(?:as\s+to|and)|"
    r"(?:can|could|would|will|won't|can't)\s+(?:you|u|ya)(?:\s+be\s+so\s+kind\s+as\s+to)?|"
    r"(?:i'?d|i would)\s+like\s+(?:you\s+)?to|i\s+(?:want|need)\s+you\s+to|"
    r"i'?m\s+asking\s+you\s+to|go ahead and|let'?s|let us|let me|"
    r"please|pls|plz|kindly|just|quickly|also|then)"
    r"(?:\s+(?:please|pls|kindly|just|quickly|also|go ahead and))*[\s,:]+)+",
    re.IGNORECASE,
)
_TRAILERS = re.compile(
    r"(?:[\s,;.!?…-]*\b(?:thanks so much|thank you so much|thanks a lot|many thanks|"
    r"much appreciated|lol|haha+|lmao|please|pls|plz|thanks|thank you|thank u|thx|ty|ta|cheers|"
    r"for me|"
    r"if you can|if you could|if possible|when you can|would you|could you|can you|will you|"
    r"right now|now|ok|okay|kthx|mate|buddy|todobot)\b)+[\s.!?…,]*$",
    re.IGNORECASE,
)

NUMBER_WORDS = {
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
    "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14,
    "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19, "twenty": 20,
}  # fmt: skip
ORDINAL_WORDS = {
    "first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7,
    "eighth": 8, "ninth": 9, "tenth": 10, "eleventh": 11, "twelfth": 12, "last": -1,
    "final": -1, "bottom": -1, "top": 1,
}  # fmt: skip


def _is_decoration(char: str) -> bool:
    """Emoji, symbols and their joiners: noise at the edges of a message."""
    if char in "\u200d\ufe0f\ufe0e\u20e3":
        return True
    return unicodedata.category(char) in ("So", "Sk", "Cs", "Co")


def strip_decoration(text: str) -> str:
    start, end = 0, len(text)
    while start < end and (_is_decoration(text[start]) or text[start].isspace()):
        start += 1
    while end > start and (_is_decoration(text[end - 1]) or text[end - 1].isspace()):
        end -= 1
    return text[start:end]


def normalize(text: str) -> str:
    """One line, word apostrophes made plain, emoji at the edges dropped, chat shorthand and
    common verb misspellings spelled out."""
    text = unicodedata.normalize("NFKC", text)
    text = _APOSTROPHE.sub("'", text)
    text = _SPACES.sub(" ", text).strip()
    text = _SHORTHAND.sub(lambda match: _SPELLED_OUT[match.group(0).lower()], text)
    text = _TWO_AS_TO.sub(lambda match: f"{match.group('before')} to ", text)
    text = _ARROW.sub(" to ", text)
    text = _DONE_WITH.sub(lambda match: f"{match.group('done')} with ", text)
    return strip_decoration(text)


# Misspellings that are no other word, and chat shorthand for little words.
_SPELLED_OUT = {
    "ad": "add", "addd": "add", "adda": "add", "remnd": "remind", "rmind": "remind",
    "remid": "remind", "reminde": "remind", "delet": "delete", "delte": "delete",
    "dlete": "delete", "deleet": "delete", "delette": "delete", "cmplete": "complete",
    "complet": "complete", "compelte": "complete", "comlete": "complete", "finsh": "finish",
    "fnish": "finish", "renmae": "rename", "renam": "rename", "udpate": "update",
    "upate": "update", "remvoe": "remove", "remov": "remove", "wat": "what", "wut": "what",
    "wht": "what", "shw": "show",
}  # fmt: skip
_SHORTHAND = re.compile(
    r"(?<![\w'])(?:"
    + "|".join(sorted(map(re.escape, _SPELLED_OUT), key=len, reverse=True))
    + r")(?![\w'/])",
    re.IGNORECASE,
)
_ARROW = re.compile(r"\s*(?:→|->|=>|⇒|⟶)\s*")
_DONE_WITH = re.compile(r"\b(?P<done>done|finished|through)\s+w/?\s+", re.IGNORECASE)
_TWO_AS_TO = re.compile(
    r"\b(?P<before>need|needs|have|has|got|me|want|going|gonna|remember|forget|time)\s+2\s+"
    r"(?=(?:pick|call|buy|get|do|go|text|email|send|pay|book|make|take|clean|fix|check|write|"
    r"finish|see|meet|feed|water|walk|ring|visit|renew|cancel|order|return|print|read|sign|file|"
    r"wash|cook|bring|grab|collect|post|reply|message|tell|ask|sort|start|submit|update)\b)",
    re.IGNORECASE,
)


# How far from the end a trailing pattern may start: politeness and punctuation are short, and
# searching the whole text from every position would cost its length squared.
TAIL_WINDOW = 120


def _without_tail(pattern: re.Pattern[str], text: str) -> str:
    """`pattern.sub("", text)` for a pattern anchored at the end, searched near the end only."""
    found = pattern.search(text, max(0, len(text) - TAIL_WINDOW))
    return text[: found.start()] if found else text


def trim_tail(text: str) -> str:
    """Drop trailing punctuation, emoticons and politeness ("..., please!"), never inside quotes."""
    previous = None
    while previous != text:
        previous = text
        text = strip_decoration(text)
        text = _without_tail(_EMOTICON_TAIL, text)
        text = _without_tail(_TAIL_PUNCT, text)
        stripped = _without_tail(_TRAILERS, text)
        if stripped.strip():
            text = stripped
    return text.strip()


def strip_lead_ins(text: str) -> str:
    """Drop greetings, fillers and request wrappers ("hey, can you please ...")."""
    previous = None
    while previous != text:
        previous = text
        rest = _LEAD_INS.sub("", text)
        if rest.strip():
            text = rest
        rest = _REQUEST_LEAD_INS.sub("", text)
        if rest.strip():
            text = rest
    return text.strip()


def clean(text: str) -> str:
    return _plain_verb(trim_tail(strip_lead_ins(trim_tail(normalize(text)))))


# "would you mind renaming ...": the request's verb, as the readers expect it.
_GERUNDS = {
    "adding": "add", "renaming": "rename", "deleting": "delete", "removing": "remove",
    "marking": "mark", "changing": "change", "updating": "update", "completing": "complete",
    "ticking": "tick", "checking": "check", "crossing": "cross", "putting": "put",
    "creating": "create", "setting": "set", "showing": "show", "listing": "list",
}  # fmt: skip


def _plain_verb(text: str) -> str:
    first, space, rest = text.partition(" ")
    plain = _GERUNDS.get(first.lower())
    return f"{plain}{space}{rest}" if plain and rest else text


def split_quoted(text: str) -> tuple[str, str] | None:
    """`'a b' rest` -> ("a b", "rest") when `text` opens with a quote that closes."""
    if not text or text[0] not in OPEN_TO_CLOSE:
        return None
    closer = OPEN_TO_CLOSE[text[0]]
    closers = {closer, "”", "’"} if text[0] in "“„‘" else {closer}
    for index in range(1, len(text)):
        if text[index] not in closers:
            continue
        after = text[index + 1 : index + 2]
        if closer == "'" and after and (after.isalnum() or after == "'"):
            continue  # an apostrophe inside the title ("'Bob's party'")
        inner = text[1:index].strip()
        if inner:
            return inner, text[index + 1 :].strip()
    return None


def unquote(text: str) -> tuple[str, bool]:
    """The text without surrounding quotes, and whether it had them."""
    text = text.strip()
    found = split_quoted(text)
    if found is not None and not found[1].strip(" .!?"):
        return found[0], True
    return text, False


def tidy_title(text: str) -> str:
    """A title as a person would write it: unquoted, no leading colon or trailing full stop."""
    if text.strip() and all(char in OPEN_TO_CLOSE or char in "”’" for char in text.strip()):
        return ""  # only quotes: '' or ""
    text, quoted = unquote(text)
    if quoted:
        return text
    text = text.strip().lstrip(":-–— ").strip()
    text = re.sub(r"[\s.!?…,]+$", "", text)
    return unquote(text)[0]


def number_from(word: str) -> int | None:
    word = word.lower().strip()
    if word.isdigit():
        return int(word)
    return NUMBER_WORDS.get(word)


# Word stems for forgiving title matching ("calling mom" finds "call mom").
_IRREGULAR = {
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
    "groceries": "grocery", "children": "child", "kids": "kid", "dishes": "dish",
}  # fmt: skip

STOPWORDS = frozenset(
    {
        "a", "an", "the", "my", "our", "your", "his", "her", "their", "to", "for", "of", "on",
        "in", "at", "with", "and", "or", "task", "tasks", "todo", "todos", "item", "items", "one",
        "ones", "that", "this", "it", "about", "some", "up", "off", "please", "i", "me", "all",
        "thing", "things", "from", "by", "as", "is", "be", "so", "just",
    }
)  # fmt: skip


def stem(word: str) -> str:
    word = word.lower().strip("'")
    if word in _IRREGULAR:
        return _IRREGULAR[word]
    if word.endswith("'s"):
        word = word[:-2]
    if len(word) > 4 and word.endswith("ies"):
        word = word[:-3] + "y"
    elif len(word) > 5 and word.endswith("ing"):
        word = word[:-3]
    elif (
        (len(word) > 4 and word.endswith("ed"))
        or (len(word) > 4 and word.endswith("es") and word[-3] in "sxz")
        or word.endswith(("ches", "shes"))
    ):
        word = word[:-2]
    elif len(word) > 3 and word.endswith("s") and not word.endswith("ss"):
        word = word[:-1]
    if len(word) > 3 and word[-1] == word[-2] and word[-1] not in "aeiouls":
        word = word[:-1]  # "stopp" -> "stop", "runn" -> "run"
    if len(word) > 3 and word.endswith("e"):
        word = word[:-1]
    return word


def content_stems(text: str) -> set[str]:
    words = re.findall(r"[\w']+", text.lower())
    return {stem(word) for word in words if word not in STOPWORDS and stem(word)}
