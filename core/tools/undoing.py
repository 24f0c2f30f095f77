"""`undo_last_change`."""

from __future__ import annotations

from core.domain.undo_words import describe_undo, refusal
from core.domain.undoing import UndoOutcome, UndoResult, undo_last
from core.reminders import book
from core.tools.auditing import audited
from core.tools.context import ToolContext
from core.tools.envelope import Envelope, failure, ok


@audited
async def undo_last_change(ctx: ToolContext) -> Envelope:
    """Undo the user's most recent change (an add, done, reopen, edit, delete or restore) made
    within the undo window; called again, it undoes the change before that."""
    result = await undo_last(
        ctx.session,
        user_id=ctx.user_id,
        window_seconds=ctx.undo_window_seconds,
        wake_again=book.wake_again,
        now=ctx.now,
    )
    return undo_envelope(result, window_seconds=ctx.undo_window_seconds)


def undo_envelope(result: UndoResult, *, window_seconds: int) -> Envelope:
    if result.outcome is UndoOutcome.UNDONE:
        return ok(
            describe_undo(result.changes),
            undone=[change.summary for change in result.changes],
            more=result.more,
        )
    code = "NOT_FOUND" if result.outcome is UndoOutcome.NOTHING else "CONFLICT"
    return failure(code, refusal(result, window_seconds=window_seconds))
