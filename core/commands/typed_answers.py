"""A typed "yes" or "no" to a pending confirmation decides it as the button would.

Only the person's own confirmation, asked in this conversation and not yet expired, and
through the same conditional UPDATE as a press (`decide_confirmation`), so a typed answer
and a press racing each other decide once. Any other message leaves the question pending;
a turn that does nothing else reminds the person how to answer it.
"""

from __future__ import annotations

import re
from datetime import datetime
from uuid import UUID

from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from core.commands.presses import ConfirmAction, decide_confirmation
from core.storage.models import Confirmation, utcnow
from core.tools.asking import several_choices
from core.types import Action, Press, Reply

# What people answer a question with, as the words that make up a whole answer ("yes pls",
# "ok go ahead", "no, keep it please"): an answer is these units one after another, all of
# one side, around any of the courtesy words; anything else in the message makes it no answer.
CONFIRM_UNITS = frozenset(
    {
        "yes", "y", "yeah", "yea", "yep", "yup", "ya", "sure", "ok", "okay", "k", "alright",
        "all right", "fine", "right", "correct", "confirm", "confirmed", "i confirm",
        "absolutely", "definitely", "of course", "affirmative", "proceed", "thats right",
        "sure thing", "do", "do it", "go ahead", "go for it", "go on", "delete", "delete it",
        "delete them", "erase it", "empty it", "im sure", "i am sure", "👍", "👌", "✅", "✔",
    }
)  # fmt: skip
CANCEL_UNITS = frozenset(
    {
        "no", "n", "nope", "nah", "no thank you", "cancel", "cancel it", "cancel that",
        "keep", "keep it", "keep them", "stop", "stop it", "dont", "do not", "dont do it",
        "dont do that", "dont delete", "dont delete it", "do not delete it", "dont erase it",
        "never mind", "nevermind", "nvm", "abort", "no way", "not now", "leave it", "negative",
        "forget it", "changed my mind", "i changed my mind", "👎", "❌", "✋", "🛑",
    }
)  # fmt: skip
# Said before a refusal ("wait, no", "actually no"), never a refusal alone.
CANCEL_LEADS = frozenset({"wait", "actually", "on second thought", "hold on"})
# Courtesy and filler around either answer ("yes pls", "just do it now", "no thanks").
COURTESY = frozenset(
    {"please", "pls", "plz", "thanks", "thx", "ty", "thank you", "cheers", "just", "now", "then"}
)
_NOISE = re.compile(r"[\s.!,;:?\"'’`]+")
_EMOJI = re.compile(r"([👍👌✅✔👎❌✋🛑])")
_KNOWN = CONFIRM_UNITS | CANCEL_UNITS | CANCEL_LEADS | COURTESY
_LONGEST = max(len(unit.split()) for unit in _KNOWN)  # words in the longest unit


def _folded(text: str) -> str:
    lowered = text.casefold().replace("\ufe0f", "")
    spaced = _EMOJI.sub(r" \1 ", lowered.replace("'", "").replace("’", ""))
    return " ".join(_NOISE.sub(" ", spaced).split())


def _units(words: list[str]) -> list[str] | None:
    """`words` cut into known units, the longest first; None when a word belongs to none."""
    units: list[str] = []
    start = 0
    while start < len(words):
        for size in range(min(_LONGEST, len(words) - start), 0, -1):
            unit = " ".join(words[start : start + size])
            if unit in _KNOWN:
                units.append(unit)
                start += size
                break
        else:
            return None
    return units


def typed_answer(text: str) -> Action | None:
    """CONFIRM or CANCEL when the whole message is an answer, otherwise None."""
    units = _units(_folded(text).split())
    if not units:
        return None
    said = [unit for unit in units if unit not in COURTESY]
    if not said:  # "please" alone agrees; "thanks" alone answers nothing
        return Action.CONFIRM if units[0] in {"please", "pls", "plz"} else None
    if all(unit in CONFIRM_UNITS for unit in said):
        return Action.CONFIRM
    refusals = [unit for unit in said if unit not in CANCEL_LEADS]
    if refusals and all(unit in CANCEL_UNITS for unit in refusals):
        return Action.CANCEL
    return None


async def pending_here(
    session: AsyncSession,
    *,
    user_id: UUID,
    conversation_id: UUID,
    now: datetime | None = None,
) -> Confirmation | None:
    """The newest unexpired confirmation this person was asked in this conversation."""
    now = now or utcnow()
    found = await session.exec(
        select(Confirmation)
        .where(
            col(Confirmation.user_id) == user_id,
            col(Confirmation.conversation_id) == conversation_id,
            col(Confirmation.status) == "pending",
            col(Confirmation.expires_at) > now,
        )
        .order_by(col(Confirmation.created_at).desc())
        .limit(1)
    )
    return found.first()


async def answer_pending(
    session: AsyncSession,
    *,
    user_id: UUID,
    conversation_id: UUID,
    platform: str,
    user_ref: str,
    text: str,
    actions: dict[str, ConfirmAction],
    now: datetime | None = None,
) -> Reply | None:
    """Decide the pending confirmation when `text` answers it; None when it does not."""
    action = typed_answer(text)
    if action is None:
        return None
    pending = await pending_here(session, user_id=user_id, conversation_id=conversation_id, now=now)
    if pending is None:
        return None
    if action is Action.CONFIRM and several_choices(pending.kind, pending.details):
        return Reply(text=PICK_ONE)  # nothing decided: its buttons still work
    press = Press(platform=platform, user_ref=user_ref, token=pending.token, action=action)
    reply = await decide_confirmation(
        session, user_id=user_id, press=press, actions=actions, remember=False, now=now
    )
    reply.decided_message_ref = pending.message_ref
    return reply


PICK_ONE = "Which one? Press its button, or say no to change nothing."


def how_to_answer(pending: Confirmation) -> str:
    return (
        f"(Still waiting on your answer about {pending.subject}: say yes or press Confirm to go "
        "ahead, or no to cancel.)"
    )
