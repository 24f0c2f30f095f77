"""Words of a clause beside a new task's title that tells its date ("…, it's due on the
14th", "… and it has to be done by friday"), read by `due_links.py`."""

from __future__ import annotations

# "pay the tax and it has to be done by friday", "renew the insurance, it's due on the 14th":
# what is left of a clause about the task once its date is read ("…, it's", "… and it has to
# be done"), so it is no part of the title. A subject after a break, or "which"/"that" right
# after the title; then a verb, maybe a state, maybe the date's name.
DUE_LINK_SUBJECTS: tuple[str, ...] = ("it", "this", "they", "these", "that", "which")
DUE_LINK_RELATIVES: tuple[str, ...] = ("which", "that")
DUE_LINK_VERBS: tuple[str, ...] = (
    "is", "are", "has to be", "have to be", "must be", "needs to be", "need to be", "should be",
    "ought to be", "has got to be", "'s got to be", "needs", "need", "will need to be",
    "'ll need to be", "is to be", "are to be", "gotta be", "has to get", "needs to get",
    "must get", "was", "will be", "'ll be", "'re", "has", "have to get", "needs to happen",
    "has to happen", "must happen", "should happen",
)  # fmt: skip
# The same without a subject ("hand in the form - has to be in by 5").
DUE_LINK_BARE: tuple[str, ...] = (
    "has to be", "have to be", "must be", "needs to be", "need to be", "should be", "needs",
    "has to get", "needs to get", "must get", "gotta be", "to be", "needs to happen",
    "has to happen", "must happen", "should happen",
)  # fmt: skip
DUE_LINK_STATES: tuple[str, ...] = (
    "done", "finished", "sorted", "sorted out", "completed", "complete", "handled", "in",
    "handed in", "submitted", "sent", "sent off", "paid", "doing", "ready", "filed", "dealt with",
    "out", "back", "returned", "over with", "booked", "due", "fixed", "posted",
)  # fmt: skip
