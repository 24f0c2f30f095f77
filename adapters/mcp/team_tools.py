"""The team list tools over MCP: `team_lists`, `team_tasks`, `team_add`, `team_complete`,
`team_assign`, `team_unassign` and `team_delete` (which asks the person, as every delete does).

A list is named only by the id `team_lists` gave; the account is the session's, never an
argument. Whether the person may see a list is `TeamAccess`'s answer (the platform asked
now), so a list of a chat they are not in gets the same refusal as an unknown id, and
nothing changes."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import asdict
from typing import Any
from uuid import UUID

from mcp.server.mcpserver import Context
from mcp_types import CallToolResult, InputRequiredResult, ToolAnnotations

from adapters.mcp.schemas import as_result
from adapters.mcp.team_deleting import team_deleting
from adapters.mcp.tool_making import ToolShelf
from core.commands.team_remote import TeamRemote
from core.domain.tasks import TaskError
from core.people.team_access import NOT_VISIBLE, Caller, NotVisible, TeamAccess, TeamTask
from core.remote import Account
from core.tools.envelope import Envelope, failure, ok

Who = Callable[[], Account]
SUGGESTION = "Call team_lists for the ids of the lists this person may use."


def _caller(who: Who) -> Caller:
    account = who()
    return Caller(account.platform, account.external_id, account.tenant)


def _shown(task: TeamTask) -> dict[str, Any]:
    shown = asdict(task)
    shown["due_at"] = task.due_at.isoformat() if task.due_at else None
    return shown


def _refused(code: str, message: str, suggestion: str | None) -> Envelope:
    return failure(code, message, suggestion)


def _ok(message: str, **data: Any) -> Envelope:
    return ok(message, **data)


async def _guarded(list_id: str, work: Callable[[UUID], Awaitable[Envelope]]) -> CallToolResult:
    try:
        return as_result(await work(UUID(list_id)))
    except (ValueError, NotVisible):
        return as_result(_refused("NOT_VISIBLE", NOT_VISIBLE, SUGGESTION))
    except TaskError as refused:
        return as_result(_refused("REFUSED", str(refused), None))


def install_team_tools(shelf: ToolShelf, teams: TeamAccess, who: Who) -> None:
    read_only = ToolAnnotations(read_only_hint=True)
    changes = TeamRemote(teams)

    @shelf.tool(title="Team lists", annotations=read_only, structured_output=True)
    async def team_lists() -> CallToolResult:
        """The team lists (Slack channels, Telegram groups) the person works in, by id."""
        shown = await teams.visible(_caller(who))
        found = [
            {"id": str(s.id), "platform": s.platform, "chat_id": s.chat_id, "open": s.open_tasks}
            for s in shown
        ]
        return as_result(_ok(f"{len(found)} team list(s).", lists=found))

    @shelf.tool(title="A team list's tasks", annotations=read_only, structured_output=True)
    async def team_tasks(list_id: str) -> CallToolResult:
        """The open tasks of one team list.

        Args:
            list_id: The list's id, from team_lists.
        """

        async def work(found: UUID) -> Envelope:
            tasks = await teams.tasks(_caller(who), found)
            return _ok(f"{len(tasks)} open task(s).", tasks=[_shown(t) for t in tasks])

        return await _guarded(list_id, work)

    @shelf.tool(title="Add to a team list", structured_output=True)
    async def team_add(list_id: str, title: str) -> CallToolResult:
        """Add a task to a team list, as the person.

        Args:
            list_id: The list's id, from team_lists.
            title: What is to be done.
        """

        async def work(found: UUID) -> Envelope:
            task = await teams.add(_caller(who), found, title)
            return _ok(f"Added #{task.number} “{task.title}”.", task=_shown(task))

        return await _guarded(list_id, work)

    @shelf.tool(title="Complete a team task", structured_output=True)
    async def team_complete(list_id: str, number: int) -> CallToolResult:
        """Complete a team list's task by its number (once: a second call is told it was done).

        Args:
            list_id: The list's id, from team_lists.
            number: The task's number on that list.
        """

        async def work(found: UUID) -> Envelope:
            task, changed = await changes.complete(_caller(who), found, number)
            if not changed:
                return _refused(
                    "ALREADY_DONE", f"#{task.number} “{task.title}” was already done.", None
                )
            return _ok(f"Done: #{task.number} “{task.title}”.", task=_shown(task))

        return await _guarded(list_id, work)

    install_team_changes(shelf, changes, who)


def install_team_changes(shelf: ToolShelf, changes: TeamRemote, who: Who) -> None:
    @shelf.tool(title="Give a team task to someone", structured_output=True)
    async def team_assign(list_id: str, number: int, to: str) -> CallToolResult:
        """Give a team list's task to a member of its chat (one assignee a task); they are told.

        Args:
            list_id: The list's id, from team_lists.
            number: The task's number on that list.
            to: "me", or the member's account id on the list's platform.
        """

        async def work(found: UUID) -> Envelope:
            task = await changes.assign(_caller(who), found, number, to)
            return _ok(f"#{task.number} “{task.title}” is assigned to {task.assigned_to}.",
                       task=_shown(task))  # fmt: skip

        return await _guarded(list_id, work)

    @shelf.tool(title="Take a team task back", structured_output=True)
    async def team_unassign(list_id: str, number: int) -> CallToolResult:
        """A team list's task belongs to nobody again; whoever held it is told.

        Args:
            list_id: The list's id, from team_lists.
            number: The task's number on that list.
        """

        async def work(found: UUID) -> Envelope:
            task = await changes.unassign(_caller(who), found, number)
            return _ok(f"#{task.number} “{task.title}” is no longer assigned.", task=_shown(task))

        return await _guarded(list_id, work)

    @shelf.tool(title="Delete a team task", structured_output=True)
    async def team_delete(
        list_id: str, number: int, ctx: Context
    ) -> CallToolResult | InputRequiredResult:
        """Ask to delete a team list's task (its creator or assignee only). The person confirms
        it themselves when the client asks them; nothing is deleted otherwise.

        Args:
            list_id: The list's id, from team_lists.
            number: The task's number on that list.
        """
        return await team_deleting(changes, _caller(who), list_id, number, ctx)
