"""How much one message is carried out as: a pasted run of hundreds of requests ("add milk,
add milk, …") is refused whole, in one reading, instead of costing hundreds of tool calls while
the event loop waits."""

from __future__ import annotations

MOST_AT_ONCE = 20


def too_many(count: int, what: str) -> str | None:
    """The refusal when `count` requests (or tasks to add) is more than one message may hold;
    a long run is not counted to its end, so the reply says only that it is too many."""
    if count <= MOST_AT_ONCE:
        return None
    return (
        f"That message holds more than {MOST_AT_ONCE} {what}; I take up to {MOST_AT_ONCE} at a "
        "time, so I changed nothing. Could you send them in smaller groups?"
    )
