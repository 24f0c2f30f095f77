"""`team_delete` over MCP: the delete is a pending confirmation the person decides through
the client's question (adapters/mcp/asking.py), once; a client that cannot ask is told to
delete it in its chat instead, and the pending question is withdrawn, so nothing changes."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, replace
from uuid import UUID

from mcp.server.mcpserver import Context
from mcp_types import CallToolResult, InputRequiredResult

from adapters.mcp.asking import Asking, confirmed, label
from adapters.mcp.schemas import as_result
from core.commands.team_remote import TeamRemote
from core.domain.tasks import TaskError
from core.people.team_access import NOT_VISIBLE, Caller, NotVisible
from core.tools.envelope import Envelope, failure, ok
from core.types import Action

CANNOT_ASK = (
    "Nothing was deleted: this app could not ask you to confirm (it offers no MCP elicitation "
    "here), and only you can confirm a delete. Delete {label} in its channel or group "
    "(team delete <n>) and press Confirm there, or use an MCP client that supports elicitation."
)
OUTCOMES = {"confirmed": "deleted", "cancelled": "kept"}


@dataclass
class _Deleting:
    changes: TeamRemote
    caller: Caller
    list_id: str
    number: int
    pending: list[str] = field(default_factory=list)
    unasked: list[Envelope] = field(default_factory=list)

    async def ask(self) -> tuple[Envelope, str | None]:
        try:
            task, token = await self.changes.ask_delete(
                self.caller, UUID(self.list_id), self.number
            )
        except (ValueError, NotVisible):
            return failure("NOT_VISIBLE", NOT_VISIBLE, "Call team_lists for the ids."), None
        except TaskError as refused:
            return failure("REFUSED", str(refused), None), None
        self.pending.append(token)
        shown = asdict(task) | {"due_at": task.due_at.isoformat() if task.due_at else None}
        return ok(f"Delete #{task.number} “{task.title}”?", task=shown), token

    async def answer(self, token: str, action: Action) -> Envelope:
        reply = await self.changes.answer_delete(self.caller, token, action)
        status = OUTCOMES.get(reply.outcome or "")
        if status is None:
            return failure((reply.outcome or "refused").upper(), reply.text, None)
        return ok(reply.text, status=status)

    def cannot_ask(self, asked: Envelope) -> Envelope:
        self.unasked.append(asked)
        return asked

    async def withdrawn(self, asked: Envelope) -> Envelope:
        """The question could not be asked: it is cancelled, so nothing waits or changes."""
        for token in self.pending:
            await self.changes.answer_delete(self.caller, token, Action.CANCEL)
        refusal = failure("CANNOT_ASK", CANNOT_ASK.format(label=label(asked)), None)
        return replace(refusal, data=asked.data)


async def team_deleting(
    changes: TeamRemote, caller: Caller, list_id: str, number: int, ctx: Context
) -> CallToolResult | InputRequiredResult:
    deleting = _Deleting(changes, caller, list_id, number)
    asking = Asking(deleting.ask, deleting.answer, deleting.cannot_ask, changes.ttl_seconds)
    result = await confirmed(ctx, asking)
    if isinstance(result, InputRequiredResult):
        return result
    if deleting.unasked:
        result = await deleting.withdrawn(deleting.unasked[0])
    return as_result(result)
