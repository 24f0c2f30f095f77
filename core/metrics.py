"""Prometheus counters for the running service, one registry per app (no global registry).

With several worker processes each keeps its own values in `PROMETHEUS_MULTIPROC_DIR`
(prometheus_client's multiprocess mode) and `/metrics` sums them over all workers; the
directory must be set in the environment before the workers start (`todobot serve` does it).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from prometheus_client import CollectorRegistry, Counter, Histogram, generate_latest
from prometheus_client.exposition import CONTENT_TYPE_LATEST
from prometheus_client.multiprocess import MultiProcessCollector

from core.agent.base import Agent, AgentTurn
from core.types import Incoming, Press, Reply

LATENCY_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60)


@dataclass
class Metrics:
    registry: CollectorRegistry
    turns: Counter
    tool_calls: Counter
    agent_latency: Histogram
    errors: Counter
    rate_limited: Counter
    inbox: Counter

    def render(self) -> tuple[bytes, str]:
        """The Prometheus text exposition and its content type."""
        return generate_latest(self.registry), CONTENT_TYPE_LATEST

    def count_reply(self, platform: str, kind: str, reply: Reply | None) -> None:
        if reply is None:
            return
        if reply.rate_limited:
            self.rate_limited.labels(platform=platform).inc()
            return
        self.turns.labels(platform=platform, kind=kind).inc()
        for call in reply.tool_calls:
            outcome = "ok" if call.get("ok", True) else "error"
            self.tool_calls.labels(tool=str(call.get("tool_name", "?")), outcome=outcome).inc()

    def count_inbox(self, source: str, outcome: str) -> None:
        self.inbox.labels(source=source, outcome=outcome).inc()


def build_metrics(multiprocess_dir: str | None = None) -> Metrics:
    """Fresh metrics. With `multiprocess_dir` the values live in files shared by the workers
    and the registry this returns collects them all."""
    registry = CollectorRegistry()
    if multiprocess_dir:
        MultiProcessCollector(registry, path=multiprocess_dir)
        owner: CollectorRegistry | None = None  # values go to files, not to a registry
    else:
        owner = registry
    return Metrics(
        registry=registry,
        turns=Counter(
            "todobot_turns",
            "Turns answered (messages and button presses).",
            ["platform", "kind"],
            registry=owner,
        ),
        tool_calls=Counter(
            "todobot_tool_calls",
            "Tool calls made by turns, by tool and outcome.",
            ["tool", "outcome"],
            registry=owner,
        ),
        agent_latency=Histogram(
            "todobot_agent_latency_seconds",
            "Time the agent took to answer one message.",
            buckets=LATENCY_BUCKETS,
            registry=owner,
        ),
        errors=Counter(
            "todobot_errors",
            "Failures: turns that raised, inbox items that failed, HTTP 5xx answers.",
            ["where"],
            registry=owner,
        ),
        rate_limited=Counter(
            "todobot_rate_limited_turns",
            "Messages refused by the per-person rate limit.",
            ["platform"],
            registry=owner,
        ),
        inbox=Counter(
            "todobot_inbox_items",
            "Inbox deliveries by outcome (recorded, duplicate, done, retry, failed).",
            ["source", "outcome"],
            registry=owner,
        ),
    )


@dataclass
class TimedAgent:
    """An agent whose every answer is timed into the latency histogram."""

    agent: Agent
    metrics: Metrics

    async def respond(self, turn: AgentTurn) -> str:
        started = time.perf_counter()
        try:
            return await self.agent.respond(turn)
        finally:
            self.metrics.agent_latency.observe(time.perf_counter() - started)


class MeteredChat:
    """ChatService as the adapters see it, counting what its turns did.

    Anything else (read-only views) passes straight through to the wrapped service.
    """

    def __init__(self, chat: Any, metrics: Metrics) -> None:
        self._chat = chat
        self.metrics = metrics

    async def handle(self, incoming: Incoming, *, redelivered: bool = False) -> Reply | None:
        reply = await self._counting(
            self._chat.handle(incoming, redelivered=redelivered), incoming.platform
        )
        self.metrics.count_reply(incoming.platform, "message", reply)
        return reply

    async def press(self, press: Press) -> Reply | None:
        reply = await self._counting(self._chat.press(press), press.platform)
        self.metrics.count_reply(press.platform, "press", reply)
        return reply

    async def _counting(self, turn: Any, platform: str) -> Reply | None:
        try:
            return await turn
        except Exception:
            self.metrics.errors.labels(where=f"turn:{platform}").inc()
            raise

    def __getattr__(self, name: str) -> Any:
        return getattr(self._chat, name)
