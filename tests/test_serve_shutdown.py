"""Graceful shutdown: a stopping server takes no new requests and finishes the turn in flight."""

from __future__ import annotations

import asyncio
import threading
import time

import httpx
import uvicorn

from adapters.http.auth import issue_token
from bot.serve import create_app
from bot.settings import load_settings
from core.agent.base import Agent, AgentTurn
from tests.api_rig import SECRET


class SlowAgent(Agent):
    """Answers only when the test lets it, so a turn is surely in flight."""

    def __init__(self) -> None:
        self.thinking = threading.Event()
        self.may_answer = threading.Event()

    async def respond(self, turn: AgentTurn) -> str:
        self.thinking.set()
        await asyncio.to_thread(self.may_answer.wait, 20)
        return f"Thought hard about {turn.text!r}."


def test_a_stopping_server_finishes_the_turn_in_flight(database_url: str) -> None:
    agent = SlowAgent()
    settings = load_settings(
        database_url=database_url, api_jwt_secret=SECRET, shutdown_grace_seconds=20
    )
    server = uvicorn.Server(
        uvicorn.Config(create_app(settings, agent=agent), host="127.0.0.1", port=0)
    )
    serving = threading.Thread(target=server.run, daemon=True)
    serving.start()
    while not server.started:
        assert serving.is_alive()
        time.sleep(0.01)
    url = f"http://127.0.0.1:{server.servers[0].sockets[0].getsockname()[1]}"
    token = issue_token(SECRET, "ann", now=time.time())
    answers: list[httpx.Response] = []

    def ask() -> None:
        answers.append(
            httpx.post(
                f"{url}/api/ann/chat",
                json={"message": "what should I do first?"},
                headers={"Authorization": f"Bearer {token}"},
                timeout=30,
            )
        )

    asking = threading.Thread(target=ask)
    asking.start()
    assert agent.thinking.wait(10)

    server.should_exit = True  # what SIGTERM does
    while server.servers and server.servers[0].is_serving():
        time.sleep(0.01)
    try:
        httpx.get(f"{url}/healthz", timeout=2)
        refused = False
    except httpx.TransportError:
        refused = True
    agent.may_answer.set()
    asking.join(timeout=20)
    serving.join(timeout=20)

    assert refused, "a stopping server must not take new requests"
    [answer] = answers
    assert answer.status_code == 200
    assert answer.json()["content"] == "Thought hard about 'what should I do first?'."
    assert not serving.is_alive()
