"""How a change to a team list is kept: written to the list's change log as the member who
made it (`journal_of`, so `team undo` or the Undo button under its reply can take it back), and
audited as them (`audit_change`, once per command that changes the list, refused or not)."""

from __future__ import annotations

from core.commands.extensions import CommandCall
from core.domain.changes import Journal, team_journal
from core.storage.list_models import TaskList
from core.types import Action, Button, Reply

# The words that change the list: each use is audited as the member who typed it.
CHANGES = frozenset(
    {"add", "done", "complete", "assign", "reassign", "give", "unassign", "remind", "due"}
    | {"priority", "tag", "untag", "undo", "restore", "repeat"}
)


async def audit_change(
    call: CommandCall, shared: TaskList, word: str, answer: Reply | str, *, ok: bool
) -> None:
    if word not in CHANGES:
        return
    text = answer.text if isinstance(answer, Reply) else answer
    arguments = {"list_id": str(shared.id), "command": f"team {call.args.strip()}"}
    await call.tools.record(f"team_{word}", arguments, {"ok": ok, "message": text})


def journal_of(call: CommandCall, shared: TaskList) -> Journal:
    """This command's changes to the list, as the person making them: all under one token."""
    if call.journal is None:
        call.journal = team_journal(shared.id, call.user.id, call.conversation.id, call.tools.now)
    return call.journal


def with_undo(call: CommandCall, answer: Reply | str) -> Reply | str:
    """The answer to a command that changed the list carries an Undo button for that change."""
    journal = call.journal
    if journal is None or not journal.recorded:
        return answer
    reply = answer if isinstance(answer, Reply) else Reply(text=answer)
    reply.buttons.append(undo_button(journal))
    return reply


def undo_button(journal: Journal) -> Button:
    """Takes back exactly the changes `journal` recorded (`team_undo.TeamUndo.press`)."""
    return Button("Undo", Action.TEAM_UNDO, journal.token)
