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

# The whole messages people answer a question with, compared after `_folded`.
CONFIRM_WORDS = frozenset(
    [
        "yes",
        "y",
        "yeah",
        "yea",
        "yep",
        "yup",
        "ya",
        "yes please",
        "yes do it",
        "yes delete it",
        "sure",
        "sure thing",
        "ok",
        "okay",
        "k",
        "alright",
        "all right",
        "do it",
        "go ahead",
        "go for it",
        "please do",
        "confirm",
        "confirmed",
        "i confirm",
        "absolutely",
        "definitely",
        "of course",
        "affirmative",
        "correct",
        "delete it",
        "yes delete",
        "erase it",
        "empty it",
        "yes empty it",
        "proceed",
        "please",
        "yes go ahead",
        "ok do it",
        "okay do it",
        "👍",
        "👌",
        "✅",
        "✔",
        "yes 👍",
        "do it now",
        "just do it",
        "yes im sure",
        "yes i am sure",
        "im sure",
        "i am sure",
        "sure do it",
        "yes sure",
        "yep do it",
        "yeah do it",
        "yeah go ahead",
        "go on",
        "delete",
        "yes confirm",
        "yes please do",
        "yes thats right",
        "thats right",
        "right",
        "yes do",
        "ok go ahead",
        "okay go ahead",
        "sure go ahead",
        "fine",
        "ok fine",
        "yes delete them",
        "delete them",
        "👍👍",
    ]
)
CANCEL_WORDS = frozenset(
    [
        "no",
        "n",
        "nope",
        "nah",
        "no thanks",
        "no thank you",
        "cancel",
        "cancel it",
        "cancel that",
        "keep it",
        "keep them",
        "keep",
        "stop",
        "dont",
        "do not",
        "dont do it",
        "dont delete",
        "dont delete it",
        "do not delete it",
        "no dont",
        "no keep it",
        "no cancel",
        "never mind",
        "nevermind",
        "nvm",
        "abort",
        "no way",
        "not now",
        "leave it",
        "wait no",
        "no stop",
        "negative",
        "forget it",
        "👎",
        "❌",
        "✋",
        "🛑",
        "no dont delete it",
        "no please dont",
        "please dont",
        "changed my mind",
        "i changed my mind",
        "on second thought no",
        "actually no",
        "no leave it",
        "keep it please",
        "no keep",
        "dont erase it",
        "no dont do that",
        "stop it",
        "no cancel it",
        "cancel please",
        "no wait",
    ]
)
_NOISE = re.compile(r"[\s.!,;:?\"'’`]+")
# Courtesy around an answer ("yes pls", "ok thx", "pls no"): the answer is what is left.
_COURTESY_WORDS = r"(?:please|pls|plz|thanks|thank\s+you|thx|ty|cheers)"
_COURTESY = re.compile(rf"^(?:{_COURTESY_WORDS}\s+)+|(?:\s+{_COURTESY_WORDS})+$")


def _folded(text: str) -> str:
    lowered = text.casefold().replace("\ufe0f", "")
    return " ".join(_NOISE.sub(" ", lowered.replace("'", "").replace("’", "")).split())


def typed_answer(text: str) -> Action | None:
    """CONFIRM or CANCEL when the whole message is an answer, otherwise None."""
    folded = _folded(text)
    for said in (folded, _COURTESY.sub("", folded)):
        if said in CONFIRM_WORDS:
            return Action.CONFIRM
        if said in CANCEL_WORDS:
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
