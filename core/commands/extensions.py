"""What a command module gives the chat service, and what it installs into.

Account commands, the daily list and time-zone commands are plugins: each module exposes an
`install(host)` that adds its commands, confirm actions and free-text routers. They import this
contract, never `core.chat`, so the service on top depends on its plugins and not the reverse.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Protocol

from sqlmodel.ext.asyncio.session import AsyncSession

from core.commands.press_actions import PressAction
from core.commands.presses import ConfirmAction
from core.domain.changes import Journal
from core.people.membership import Memberships
from core.storage.models import Conversation, User
from core.tools import ToolContext
from core.types import Action, Incoming, Reply


@dataclass
class CommandCall:
    """What a registered command gets: the open transaction, the person and the message."""

    session: AsyncSession
    user: User
    incoming: Incoming
    args: str
    tools: ToolContext
    conversation: Conversation
    # Where the command's changes to a shared list are written: one token for all of them,
    # the one its reply's Undo button carries (`team_record.journal_of`).
    journal: Journal | None = None


CommandFunction = Callable[[CommandCall], Awaitable[Reply | str]]
# Recognises an exact request in free text ("forget me") as a command: (name, args) or None.
TextRouter = Callable[[str], tuple[str, str] | None]


class Windows(Protocol):
    """How long a change can be taken back (`ChatPolicy` has it)."""

    @property
    def undo_window_seconds(self) -> int: ...


class CommandHost(Protocol):
    """Where plugins install themselves (`ChatService` is one)."""

    commands: dict[str, CommandFunction]
    confirm_actions: dict[str, ConfirmAction]
    text_routers: list[TextRouter]
    # What a plugin's own buttons do (a team task's Done), by action.
    press_actions: dict[Action, PressAction]
    # Who is in a chat, as its platform says (registered by the adapters).
    memberships: Memberships

    @property
    def policy(self) -> Windows: ...
