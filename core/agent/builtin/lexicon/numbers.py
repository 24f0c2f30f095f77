"""Number words, ordinal words and counts."""

from __future__ import annotations

NUMBER_WORDS: dict[str, int] = {
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
    "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14,
    "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19, "twenty": 20,
}  # fmt: skip
# A position in a list; -1 is the last.
ORDINAL_WORDS: dict[str, int] = {
    "first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7,
    "eighth": 8, "ninth": 9, "tenth": 10, "eleventh": 11, "twelfth": 12, "last": -1,
    "final": -1, "bottom": -1, "top": 1,
}  # fmt: skip
DAYS_OF_MONTH: dict[str, int] = {
    word: n for word, n in ORDINAL_WORDS.items() if word != "top" and n > 0
}
# How many of something ("in two days", "a couple of hours", "half an hour").
COUNT_WORDS: dict[str, float] = {
    **NUMBER_WORDS, "a": 1, "an": 1, "thirty": 30, "forty-five": 45, "a couple of": 2,
    "a couple": 2, "couple of": 2, "a few": 3, "few": 3, "half an": 0.5, "half a": 0.5,
}  # fmt: skip
# Words for an unsaid number of things ("these three tasks", "a few tasks: …").
SOME: tuple[str, ...] = ("some", "a few", "few", "several", "multiple")
# Words before a task's number ("task number 3", "no. 3").
NUMBER_SIGNS: tuple[str, ...] = ("number", "no.", "no", "num.", "num", "nr.", "nr")
# "in half an hour", "two and a half days".
HALF: tuple[str, ...] = ("half",)
AND_A_HALF: tuple[str, ...] = ("and a half",)
