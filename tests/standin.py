"""A model-free agent that reads a message as a command line ("add milk", "done 2"), so a
test's turn does exactly the tool call its words name, whatever the builtin engine reads."""

from __future__ import annotations

from core.agent.base import Agent, AgentTurn
from core.commands.slash import HELP_TEXT, TOOL_COMMANDS


class CommandLineAgent(Agent):
    async def respond(self, turn: AgentTurn) -> str:
        verb, _, rest = turn.text.strip().partition(" ")
        handler = TOOL_COMMANDS.get(verb.lower())
        if handler is None:
            return HELP_TEXT
        return await handler(turn.tools, rest.strip())
