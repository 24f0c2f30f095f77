"""Asking the person to confirm a delete over MCP, for any tool that deletes: the question is
a pending confirmation, and the person's answer decides that one confirmation, once. A client
on the returning protocol (2026-07-28) is asked in a result it answers on the retry, which any
worker can finish; a classic session is asked mid-call; a client that cannot ask is told
where the person can decide instead, so no model can confirm its own delete."""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, replace
from typing import Any

import anyio
from mcp.server.elicitation import render_elicitation_schema
from mcp.server.mcpserver import AcceptedElicitation, Context
from mcp_types import ElicitRequest, ElicitRequestFormParams, ElicitResult, InputRequiredResult
from mcp_types.version import is_version_at_least
from pydantic import BaseModel, Field

from core.tools import Envelope
from core.types import Action

FIRST_RETURNING_VERSION = "2026-07-28"
QUESTION = "confirm_delete"


class ConfirmDelete(BaseModel):
    """The person's answer to a delete question."""

    delete: bool = Field(title="Delete it", description="Yes, delete this task.")


# The delete asked: its envelope and the pending confirmation's token (None: refused).
Ask = Callable[[], Awaitable[tuple[Envelope, str | None]]]
# The person's answer to confirmation `token`, decided.
Answer = Callable[[str, Action], Awaitable[Envelope]]


@dataclass(frozen=True)
class Asking:
    ask: Ask
    answer: Answer
    # What a client that cannot ask is told, from the asked delete's envelope.
    cannot_ask: Callable[[Envelope], Envelope]
    seconds: float


async def confirmed(ctx: Context, asking: Asking) -> Envelope | InputRequiredResult:
    asked = _asked(ctx.request_state)
    if asked is not None:  # the retry that carries the person's answer
        token, question = asked
        answer = (ctx.input_responses or {}).get(QUESTION)
        if not isinstance(answer, ElicitResult):
            return _question(token, question)
        return await _answered(asking, token, answer.action, answer.content)
    envelope, pending = await asking.ask()
    if pending is None:
        return envelope
    question = f"Delete {label(envelope)}?"
    if _returning(ctx) and _offers_elicitation(ctx):
        return _question(pending, question)
    if ctx.session.can_send_request and _offers_elicitation(ctx):
        with anyio.move_on_after(asking.seconds):
            said = await ctx.elicit(question, ConfirmDelete)
            content = said.data.model_dump() if isinstance(said, AcceptedElicitation) else None
            return await _answered(asking, pending, said.action, content)
        return await _answered(asking, pending, "cancel", None)
    return asking.cannot_ask(envelope)


def label(envelope: Envelope) -> str:
    task = envelope.data["task"]
    return f"#{task['number']} “{task['title']}”"


def _question(token: str, question: str) -> InputRequiredResult:
    """The question returned to a 2026-07-28 client; the confirmation rides in the state the
    server seals, so the answer can only decide this one."""
    form = ElicitRequestFormParams(
        message=question, requested_schema=render_elicitation_schema(ConfirmDelete)
    )
    return InputRequiredResult(
        input_requests={QUESTION: ElicitRequest(params=form)},
        request_state=json.dumps({"confirmation": token, "question": question}),
    )


async def _answered(
    asking: Asking, token: str, said: str, content: dict[str, Any] | None
) -> Envelope:
    """Decide the confirmation by the person's answer: only an accepted, ticked one deletes."""
    yes = said == "accept" and (content or {}).get("delete") is True
    envelope = await asking.answer(token, Action.CONFIRM if yes else Action.CANCEL)
    if said != "accept" and (envelope.ok or envelope.data):  # the data the JSON shows
        return replace(envelope, data=envelope.data | {"answer": said})
    return envelope


def _asked(state: str | None) -> tuple[str, str] | None:
    """The confirmation and question a returned question carried (the server sealed the
    state, so only it can have written one)."""
    if not state:
        return None
    try:
        carried = json.loads(state)
        token, question = carried["confirmation"], carried["question"]
    except (ValueError, TypeError, KeyError):
        return None
    return (token, question) if isinstance(token, str) and isinstance(question, str) else None


def _returning(ctx: Context) -> bool:
    version = ctx.protocol_version
    return version is not None and is_version_at_least(version, FIRST_RETURNING_VERSION)


def _offers_elicitation(ctx: Context) -> bool:
    """Form elicitation declared (a client that offers only URL elicitation cannot answer)."""
    capabilities = ctx.client_capabilities
    elicitation = capabilities.elicitation if capabilities is not None else None
    return elicitation is not None and not (elicitation.form is None and elicitation.url)
