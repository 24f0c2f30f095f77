"""Answering a turn: the command it names, a tool command, or else the agent. A lost
connection is raised for the turn to be retried; any other failure voids the turn."""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass

from sqlmodel.ext.asyncio.session import AsyncSession

from core.agent.base import Agent, AgentTurn, AgentUnavailable
from core.chat.policy import APOLOGY, UNKNOWN_COMMAND
from core.chat.screening import AgentFailed, lost_connection
from core.chat.turn_parts import Command, remind_pending, typed_answer
from core.clock import Clock
from core.commands.extensions import CommandCall, CommandFunction
from core.commands.presses import ConfirmAction
from core.commands.slash import TOOL_COMMANDS
from core.observe import TurnObserver
from core.storage import deferred
from core.storage.models import Conversation, User
from core.tools import ToolContext
from core.types import HistoryMessage, Incoming, Reply, tools_run

log = logging.getLogger("core.chat")


@dataclass(frozen=True)
class Answering:
    """What answers: the agent, the installed commands and confirmations, who hears how long
    the agent took, and the clock."""

    agent: Agent
    commands: dict[str, CommandFunction]
    observer: TurnObserver
    confirm_actions: dict[str, ConfirmAction]
    clock: Clock

    async def reply(
        self,
        session: AsyncSession,
        user: User,
        incoming: Incoming,
        command: Command | None,
        history: list[HistoryMessage],
        context: ToolContext,
        conversation: Conversation,
        *,
        apologise: bool,
    ) -> Reply:
        """The turn's reply: an apology for a voided turn, a typed answer to the waiting
        question, or the command's or the agent's answer (which says how to answer a waiting
        question when it did nothing itself)."""
        if apologise:
            return Reply(text=APOLOGY, failed=True)
        if command is None:
            deferred.hold(session)  # its audit and change rows go with the turn's messages
            typed = await typed_answer(
                session, user, incoming, context, conversation, self.confirm_actions
            )
            if typed is not None:
                return typed
        answer = await answer_turn(self, user, incoming, command, history, context, conversation)
        reply = (
            answer
            if isinstance(answer, Reply)
            else Reply(text=answer, buttons=list(context.buttons))
        )
        if not tools_run(context.calls) and not reply.buttons:
            await remind_pending(session, user, conversation, reply, self.clock.now())
        return reply


async def answer_turn(
    by: Answering,
    user: User,
    incoming: Incoming,
    command: Command | None,
    history: list[HistoryMessage],
    context: ToolContext,
    conversation: Conversation,
) -> Reply | str:
    """Run the command or the agent. A lost connection is raised, so the turn is retried
    whole; any other failure (a database error included) voids it, for an apology."""
    try:
        if command is None:
            started = time.perf_counter()
            try:
                return await by.agent.respond(
                    AgentTurn(text=incoming.text.strip(), history=history, tools=context)
                )
            finally:
                by.observer.agent_answered(time.perf_counter() - started)
        if command.name in by.commands:
            call = CommandCall(context.session, user, incoming, command.args, context, conversation)
            return await by.commands[command.name](call)
        if command.name in TOOL_COMMANDS:
            return await TOOL_COMMANDS[command.name](context, command.args)
        return UNKNOWN_COMMAND.format(name=command.name)
    except Exception as failure:
        lost = lost_connection(failure)
        if lost is not None:
            raise lost from lost.__cause__  # keep the driver error as the cause
        if isinstance(failure, AgentUnavailable):  # its backend logged why, in one line
            log.debug("the agent could not answer; the turn is rolled back", exc_info=True)
        else:
            log.exception("the agent failed; the turn is rolled back")
        raise AgentFailed from failure
