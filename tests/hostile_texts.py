"""Messages an attacker would send to make reading slow: one unit repeated to a length.

Each unit stresses a different part of the builtin engine's reading: clause breaks, list
separators, quotes, lead-ins and trailers, corrections, numbers, emoji."""

from __future__ import annotations

UNITS: dict[str, str] = {
    "commas": "milk, ",
    "ands": "milk and ",
    "adds": "add milk, ",
    "add and": "add milk and ",
    "quotes": '"milk" ',
    "open quotes": '"',
    "curly quotes": "“a” ",
    "clause openers": "so I need to, ",
    "i need to": "i need to ",
    "remind me": "remind me to ",
    "digits": "1 ",
    "digit run": "1",
    "task refs": "task 2, ",
    "check marks": "✅ ",
    "emoji": "🙂",
    "full stops": ". ",
    "dashes": "-",
    "spaced dashes": " - ",
    "em dashes": "—",
    "colons": ":",
    "semicolons": "; ",
    "tick it off": "milk, tick it off ",
    "corrections": "no wait ",
    "noes": "no ",
    "should be": "milk should be ",
    "thanks": "thanks ",
    "thanks commas": "thanks, ",
    "please": "please ",
    "for me": "for me ",
    "can you": "can you ",
    "mark": "mark ",
    "rename": "rename 1 to ",
    "typo fixes": "fix typo: ",
    "do i have": "do i have ",
    "descriptions": "description: ",
    "mixed": "xdid i #1 ",
    "dont": "don't ",
    "all": "all ",
    "bullets": "- milk\n",
    "sorry typo": "sorry typo ",
    "should say": "no it should say ",
    "words": "milk ",
}


def hostile(unit: str, length: int) -> str:
    """`unit` repeated and cut to exactly `length` characters."""
    return (unit * (length // len(unit) + 1))[:length]
