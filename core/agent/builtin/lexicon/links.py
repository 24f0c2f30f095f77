"""Words of a clause beside a new task's title that tells its date ("…, it's due on the
14th", "… and it has to be done by friday"), read by `dated.py`."""

from __future__ import annotations

# What is left of a clause about the task once its date is read ("…, it's", "… and it has to
# be done"), so it is no part of the title: a subject after a break, or "which"/"that" right
# after the title; then a verb, maybe a state, maybe the date's name.
DUE_LINK_SUBJECTS: tuple[str, ...] = ("it", "this", "they", "these", "that", "which")
DUE_LINK_RELATIVES: tuple[str, ...] = ("which", "that")
_MUST: tuple[str, ...] = (
    "has to", "have to", "must", "needs to", "need to", "should", "ought to", "has got to",
    "'s got to", "will need to", "'ll need to", "gotta",
)  # fmt: skip
_MUST_DO = tuple(f"{must} {verb}" for must in _MUST for verb in ("be", "get", "happen"))
# The same without a subject ("hand in the form - has to be in by 5").
DUE_LINK_BARE: tuple[str, ...] = (*_MUST_DO, "needs", "to be")
DUE_LINK_VERBS: tuple[str, ...] = (
    *DUE_LINK_BARE, "is", "are", "need", "is to be", "are to be", "was", "will be", "'ll be",
    "'re", "has",
)  # fmt: skip
DUE_LINK_STATES: tuple[str, ...] = (
    "done", "finished", "sorted", "sorted out", "completed", "complete", "handled", "in",
    "handed in", "submitted", "sent", "sent off", "paid", "doing", "ready", "filed", "dealt with",
    "out", "back", "returned", "over with", "booked", "due", "fixed", "posted",
)  # fmt: skip
