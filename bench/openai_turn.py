"""One openai-backend turn with a full history, next to a bare `Runner.run`, in the same run.

    python bench/openai_turn.py [--turns 500] [--database sqlite|postgres]

todobot: `ChatService.handle` with the openai backend (built as the product builds it, every
command installed), one person whose conversation already holds more than the 50-message
history window (each earlier turn added a task through `add_task`, so the stored assistant
messages carry their tool calls and results), persistence included. Floor: the bare Agents
SDK, `Runner.run` with one tool and a 2-message history (a user message and an answer, then the
new message), one client reused throughout. Both ask the same local fake OpenAI-compatible
server, which runs in its own process and answers at once: a tool call to `add_task`, then the
final text once the tool has replied; so each turn is two model round trips and what is
measured is the client side's own cost.

A third run splits todobot's figure in two: the Agents SDK alone with todobot's request
(the backend's own Agent, client, system prompt and eight tool schemas, and the history items
the latest todobot turn sent), its tools answering at once with the envelope add_task returns,
no database. Its ratio to the floor is what the larger request costs in the SDK and the
client; the rest of todobot's figure is the turn's persistence (the person's lock, the history
read, the tool's statements, the messages and the audit), which the floor does not do at all.

The runs are interleaved turn by turn (the order rotating) after a warm-up, and the heap is
frozen (gc.freeze) once warm. Printed: median and p95 wall time, and median CPU time of this
process (every thread: the SQLite driver's too) per turn, for todobot and the floor, and their
ratios. PostgreSQL uses a fresh database on TODOBOT_BENCH_POSTGRES_URL's server, dropped after.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, replace
from datetime import datetime
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from agents import (  # noqa: E402
    Agent,
    FunctionTool,
    OpenAIChatCompletionsModel,
    RunConfig,
    Runner,
    function_tool,
)
from openai import AsyncOpenAI  # noqa: E402

from bench.common import create_database, drop_database, percentile, postgres_server  # noqa: E402
from bench.figures import record  # noqa: E402
from bot.runtime import freeze_startup_heap  # noqa: E402
from bot.wiring import build_chat  # noqa: E402
from core.agent.base import Agent as Backend  # noqa: E402
from core.agent.base import AgentTurn  # noqa: E402
from core.agent.model_input import history_items  # noqa: E402
from core.agent.openai_backend import OpenAIAgent  # noqa: E402
from core.chat import ChatService  # noqa: E402
from core.chat.policy import ChatPolicy  # noqa: E402
from core.domain.lists import Place  # noqa: E402
from core.storage.db import Database  # noqa: E402
from core.storage.migrate import upgrade  # noqa: E402
from core.types import HistoryMessage, Incoming  # noqa: E402
from tests.fakes.openai_server import FakeOpenAI, Scripted, tool_call  # noqa: E402
from tests.fakes.openai_server import text as answer  # noqa: E402

WARM_UP = 40  # more than the 25 turns that fill a 50-message window
WINDOW = 50


def fake_model(request: dict[str, Any]) -> Scripted:
    """Call add_task with the person's words, then answer once the tool has replied."""
    last = request["messages"][-1]
    if last["role"] == "user":
        return tool_call("add_task", {"title": last["content"].removeprefix("add ")})
    return answer("Added it.")


def serve_fake() -> None:
    """The fake model in this child process: print its port, serve until stdin closes."""
    fake = FakeOpenAI().start()
    fake.responder = fake_model
    print(fake.port, flush=True)
    sys.stdin.read()
    fake.stop()


def start_fake() -> tuple[subprocess.Popen[str], str]:
    child = subprocess.Popen(
        [sys.executable, __file__, "--serve-fake"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert child.stdout is not None
    port = int(child.stdout.readline())
    return child, f"http://127.0.0.1:{port}/v1"


def bare_runner(base_url: str) -> Callable[[int], Awaitable[None]]:
    """The floor: `Runner.run` with one tool, a 2-message history and one reused client."""

    @function_tool
    async def add_task(title: str) -> str:
        """Add a task to the person's list."""
        return json.dumps({"ok": True, "data": {"task": {"number": 1, "title": title}}})

    client = AsyncOpenAI(api_key="bench", base_url=base_url, max_retries=0)
    agent: Agent[None] = Agent(
        name="floor",
        instructions="You keep the person's todo list.",
        tools=[add_task],
        model=OpenAIChatCompletionsModel(model="fake", openai_client=client),
    )
    config = RunConfig(tracing_disabled=True)

    async def turn(number: int) -> None:
        history: list[Any] = [
            {"role": "user", "content": f"add thing {number - 1}"},
            {"role": "assistant", "content": "Added it."},
            {"role": "user", "content": f"add thing {number}"},
        ]
        result = await Runner.run(agent, history, run_config=config)
        if result.final_output != "Added it.":
            raise RuntimeError(f"floor turn {number}: {result.final_output!r}")

    return turn


@dataclass
class PromptContext:
    """What the backend's system prompt reads from a turn's context (`_instructions`)."""

    now: datetime
    zone: str
    zone_assumed: bool
    place: Place | None


class TimedAgent(Backend):
    """The openai backend, with the CPU time each `respond` took (the part outside the store),
    and the latest turn's history and prompt context, for `sdk_alone` (kept as they are: the
    SDK-alone run converts the history itself, as the backend does)."""

    def __init__(self, inner: OpenAIAgent) -> None:
        self.inner = inner
        self.history_window = inner.history_window
        self.cpu: list[float] = []
        self.last_history: list[HistoryMessage] = []
        self.last_context: PromptContext | None = None

    async def respond(self, turn: AgentTurn) -> str:
        started = time.process_time()
        try:
            return await self.inner.respond(turn)
        finally:
            self.cpu.append((time.process_time() - started) * 1000)
            self.last_history = turn.history
            context = turn.tools
            self.last_context = PromptContext(
                context.now, context.zone, context.zone_assumed, context.place
            )

    async def aclose(self) -> None:
        await self.inner.aclose()


def sdk_alone(backend: TimedAgent) -> Callable[[int], Awaitable[None]]:
    """todobot's request without its database: the backend's Agent and client, its tools
    answering at once, the history items todobot's latest turn sent."""

    async def answer_at_once(_context: Any, arguments: str) -> str:
        title = json.loads(arguments)["title"]
        task = {"number": 1, "title": title, "completed": False, "priority": "low", "tags": []}
        return json.dumps({"ok": True, "message": f"Added #1 {title}.", "data": {"task": task}})

    inner = backend.inner
    tools = [
        replace(tool, on_invoke_tool=answer_at_once) if isinstance(tool, FunctionTool) else tool
        for tool in inner.agent.tools
    ]
    agent = inner.agent.clone(tools=tools)

    async def turn(number: int) -> None:
        said = {"role": "user", "content": f"add thing {number}"}
        items = [*history_items(backend.last_history), said]
        result = await Runner.run(
            agent, items, context=backend.last_context, run_config=inner.run_config
        )
        if result.final_output != "Added it.":
            raise RuntimeError(f"SDK-alone turn {number}: {result.final_output!r}")

    return turn


def todobot_turns(chat: ChatService) -> Callable[[int], Awaitable[None]]:
    async def turn(number: int) -> None:
        incoming = Incoming(
            platform="bench", user_ref="bench-user", chat_ref="bench", text=f"add thing {number}"
        )
        reply = await chat.handle(incoming)
        if reply is None or reply.text != "Added it.":
            raise RuntimeError(f"todobot turn {number} failed: {reply}")

    return turn


async def timed(turn: Callable[[int], Awaitable[None]], number: int) -> tuple[float, float]:
    """Wall and CPU milliseconds of one turn."""
    cpu, wall = time.process_time(), time.perf_counter()
    await turn(number)
    return (time.perf_counter() - wall) * 1000, (time.process_time() - cpu) * 1000


def line(name: str, walls: list[float], cpus: list[float]) -> tuple[float, float]:
    median, cpu = statistics.median(walls), statistics.median(cpus)
    p95 = percentile(walls, 0.95)
    print(f"{name:<36} {len(walls):>6} {median:>10.2f} {p95:>10.2f} {cpu:>10.2f}", flush=True)
    return median, cpu


async def measure(url: str, base_url: str, turns: int) -> None:
    agent = TimedAgent(OpenAIAgent(api_key="bench", model="fake", base_url=base_url))
    db = Database(url)
    chat = build_chat(db, agent=agent, policy=ChatPolicy(rate_limit_per_minute=0))
    runs = {
        "todobot": todobot_turns(chat),
        "sdk": sdk_alone(agent),
        "floor": bare_runner(base_url),
    }
    walls: dict[str, list[float]] = {name: [] for name in runs}
    cpus: dict[str, list[float]] = {name: [] for name in runs}
    try:
        for number in range(WARM_UP):
            for turn in runs.values():
                await turn(number)
        freeze_startup_heap()  # as the long-running processes do once they are up
        agent.cpu.clear()
        for number in range(WARM_UP, WARM_UP + turns):
            names = list(runs)
            order = names[number % 3 :] + names[: number % 3]  # each first, second, third alike
            for name in order:
                wall, cpu = await timed(runs[name], number)
                walls[name].append(wall)
                cpus[name].append(cpu)
    finally:
        await agent.aclose()
        await db.dispose()
    print(f"{'run':<36} {'turns':>6} {'median ms':>10} {'p95 ms':>10} {'cpu ms':>10}")
    mine = line(f"todobot, {WINDOW}-message history", walls["todobot"], cpus["todobot"])
    sdk = line("its request in the SDK, no database", walls["sdk"], cpus["sdk"])
    floor = line("floor: Runner.run, 2-message history", walls["floor"], cpus["floor"])
    record(
        "openai_turn",
        [(url.split(":", 1)[0].split("+")[0],
          {"todobot median": mine[0], "floor median": floor[0],
           "todobot CPU": mine[1], "floor CPU": floor[1]})],
        title="One openai-backend turn (instant fake model) beside a bare Runner.run",
        unit="ms per turn",
        target="at most 2x the floor",
        command="python3 bench/openai_turn.py",
        note=f"{turns} turns",
    )  # fmt: skip
    print(
        f"ratio: median {mine[0] / floor[0]:.2f}x, CPU {mine[1] / floor[1]:.2f}x (target: 2x)\n"
        f"its request in the SDK alone: median {sdk[0] / floor[0]:.2f}x, "
        f"CPU {sdk[1] / floor[1]:.2f}x of the floor\n"
        f"todobot's CPU in the agent (Runner.run and the tool's statements): "
        f"{statistics.median(agent.cpu):.2f} ms; the rest is the turn's own reads and writes\n"
        f"load average: {' '.join(f'{load:.2f}' for load in os.getloadavg())}",
        flush=True,
    )


async def run(turns: int, database: str) -> None:
    child, base_url = start_fake()
    try:
        if database == "postgres":
            server = postgres_server()
            url = create_database(server, "openai")
            try:
                await measure(url, base_url, turns)
            finally:
                drop_database(server, url)
        else:
            with tempfile.TemporaryDirectory() as directory:
                url = f"sqlite:///{directory}/openai.db"
                upgrade(url)
                await measure(url, base_url, turns)
    finally:
        assert child.stdin is not None
        child.stdin.close()
        child.wait(60)  # a loaded machine can take seconds to end it


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=500)
    parser.add_argument("--database", choices=("sqlite", "postgres"), default="sqlite")
    parser.add_argument("--serve-fake", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve_fake:
        serve_fake()
    else:
        asyncio.run(run(args.turns, args.database))


if __name__ == "__main__":
    main()
