"""`todobot serve`'s wiring keeps the agent's contract: its history window and its close."""

from __future__ import annotations

import time

import httpx

from adapters.http.auth import issue_token
from bot.serve import create_app
from bot.settings import load_settings
from core.agent.base import Agent, AgentTurn
from core.agent.builtin import BuiltinAgent
from tests.api_rig import SECRET


class ShortMemory(Agent):
    """Reads only the last two messages; records what it was given and whether it closed."""

    history_window = 2

    def __init__(self) -> None:
        self.seen: list[int] = []
        self.closed = 0

    async def respond(self, turn: AgentTurn) -> str:
        self.seen.append(len(turn.history))
        return "ok"

    async def aclose(self) -> None:
        self.closed += 1


async def test_serve_reads_no_more_history_than_the_agent_and_closes_it(
    database_url: str,
) -> None:
    agent = ShortMemory()
    settings = load_settings(
        database_url=database_url, api_jwt_secret=SECRET, rate_limit_per_minute=0
    )
    app = create_app(settings, agent=agent)
    headers = {"Authorization": f"Bearer {issue_token(SECRET, 'ann', now=time.time())}"}
    transport = httpx.ASGITransport(app=app)
    async with (
        app.router.lifespan_context(app),
        httpx.AsyncClient(transport=transport, base_url="http://todobot.test") as client,
    ):
        first = await client.post("/api/ann/chat", json={"message": "one"}, headers=headers)
        conversation = first.json()["conversation_id"]
        for text in ("two", "three", "four"):
            response = await client.post(
                "/api/ann/chat",
                json={"message": text, "conversation_id": conversation},
                headers=headers,
            )
            assert response.status_code == 200
        assert agent.closed == 0

    assert agent.seen == [0, 2, 2, 2]
    assert agent.closed == 1


def test_the_builtin_engine_reads_a_short_window_under_serve() -> None:
    app = create_app(load_settings(database_url="sqlite://", agent_backend="builtin"))
    chat = app.state.services.chat  # the engine is built when a turn first reads the window
    assert chat.agent.history_window == BuiltinAgent.history_window < 50
