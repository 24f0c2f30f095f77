"""Text captured from elsewhere (a forwarded message, a reply, a Slack message) as a task.

`split_capture` reads it the way a person would file it: the first line is the title (cut to
fit), and a longer text is kept whole as the description. A forwarded message is only
offered ("Add “…” as a task?" with Add and Cancel): the task is added through `add_task`, like
a typed request, when its owner presses Add, once.
"""

from __future__ import annotations

from sqlmodel.ext.asyncio.session import AsyncSession

from core import tools
from core.conversation.confirmations import request_confirmation
from core.storage.models import DESCRIPTION_MAX, TITLE_MAX, Confirmation
from core.tools import ToolContext
from core.types import Action, Button

OFFER_KIND = "add_task"
NOTHING_TO_OFFER = "There's no text in that message for me to add as a task."
CANCELLED = "Okay, I didn't add it."
EXPIRED = "This offer expired, so nothing was added. Forward the message again to add it."


def split_capture(text: str) -> tuple[str, str]:
    """(title, description): the first non-empty line, cut to the title limit; the whole text
    as the description when it says more than the title (cut to the description limit)."""
    cleaned = text.strip()
    first = next((line.strip() for line in cleaned.splitlines() if line.strip()), "")
    title = first if len(first) <= TITLE_MAX else first[: TITLE_MAX - 1].rstrip() + "…"
    description = cleaned if cleaned != first else ""
    if len(description) > DESCRIPTION_MAX:
        description = description[: DESCRIPTION_MAX - 1].rstrip() + "…"
    return title, description


async def offer_task(context: ToolContext, text: str) -> str:
    """Ask whether to add `text` as a task; the answer carries Add and Cancel buttons."""
    title, description = split_capture(text)
    if not title:
        return NOTHING_TO_OFFER
    confirmation = await request_confirmation(
        context.session,
        user_id=context.user_id,
        kind=OFFER_KIND,
        subject=f"“{title}”",
        ttl_seconds=context.confirmation_ttl_seconds,
        conversation_id=context.conversation_id,
        details={"title": title, "description": description},
    )
    context.buttons = [
        Button("Add", Action.CONFIRM, confirmation.token),
        Button("Cancel", Action.CANCEL, confirmation.token),
    ]
    more = " (with the whole message as its description)" if description else ""
    return f"Add “{title}” as a task{more}?"


async def confirm_offer(session: AsyncSession, confirmation: Confirmation) -> str:
    """Add the offered task through the tool, so it is audited like any other add."""
    details = confirmation.details or {}
    context = ToolContext(
        session=session,
        user_id=confirmation.user_id,
        conversation_id=confirmation.conversation_id,
    )
    result = await tools.add_task(
        context,
        title=str(details.get("title") or ""),
        description=str(details.get("description") or ""),
    )
    return result.message
