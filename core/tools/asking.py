"""A question with a button per reading ("Did you mean #1 “water the ferns”?"): nothing is
done on a guess. Each button names one tool call; its owner presses one, once, and that call
runs (`core/commands/asked.py`). Cancel, or no press, changes nothing."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from core.conversation.confirmations import CHOICE_SEPARATOR, request_confirmation
from core.domain.listing import is_listing_button
from core.tools.context import ToolContext
from core.types import Action, Button

ASK_KIND = "ask"
LABEL_MAX = 40


@dataclass(frozen=True)
class Choice:
    """One reading offered: its button's label and the tool call it makes."""

    label: str
    tool: str
    arguments: dict[str, Any] = field(default_factory=dict)


def several_choices(kind: str, details: dict[str, Any] | None) -> bool:
    """A question of several buttons: a typed yes cannot say which one."""
    return kind == ASK_KIND and len((details or {}).get("choices") or []) > 1


def _short(label: str) -> str:
    return label if len(label) <= LABEL_MAX else label[: LABEL_MAX - 1] + "…"


async def ask_choices(ctx: ToolContext, question: str, choices: Sequence[Choice]) -> str:
    """Ask `question` with one button per choice and Cancel; audited, and kept with the turn."""
    kept = [{"label": c.label, "tool": c.tool, "arguments": c.arguments} for c in choices]
    confirmation = await request_confirmation(
        ctx.session,
        user_id=ctx.user_id,
        kind=ASK_KIND,
        conversation_id=ctx.conversation_id,
        subject=question,
        ttl_seconds=ctx.confirmation_ttl_seconds,
        now=ctx.now,
        details={"choices": kept},
    )
    token = confirmation.token
    buttons = [
        Button(_short(choice.label), Action.CONFIRM, token)
        if len(choices) == 1
        else Button(_short(choice.label), Action.CONFIRM, f"{token}{CHOICE_SEPARATOR}{index}")
        for index, choice in enumerate(choices)
    ]
    ctx.buttons = [b for b in ctx.buttons if not is_listing_button(b)]
    ctx.buttons.extend([*buttons, Button("Cancel", Action.CANCEL, token)])
    await ctx.record(
        "ask_choices",
        {"question": question, "choices": kept},
        {"ok": True, "message": question, "data": {"status": "confirmation_required"}},
    )
    return question
