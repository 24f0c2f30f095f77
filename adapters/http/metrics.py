"""Prometheus counters for the running service, one registry per app (no global registry).

With several worker processes each keeps its own values in `PROMETHEUS_MULTIPROC_DIR`
(prometheus_client's multiprocess mode) and `/metrics` sums them over all workers; the
directory must be set in the environment before the workers start (`todobot serve` does it).
"""

from __future__ import annotations

import os
from dataclasses import dataclass

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, generate_latest
from prometheus_client.exposition import CONTENT_TYPE_LATEST
from prometheus_client.multiprocess import MultiProcessCollector

from core.types import Reply

LAG_BUCKETS = (0.5, 1, 2, 5, 10, 20, 30, 60, 120, 300, 900, 3600, 86400)
LATENCY_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60)


@dataclass
class Metrics:
    """The service's counters; also the `TurnObserver` its `ChatService` reports to."""

    registry: CollectorRegistry
    turns: Counter
    tool_calls: Counter
    agent_latency: Histogram
    errors: Counter
    rate_limited: Counter
    inbox: Counter
    replays: Counter
    reminders: Counter
    reminder_lag: Histogram
    worker_turns: Counter
    # Only when serving many Slack workspaces ("Add to Slack"): a team label per workspace.
    slack_installations: Gauge | None = None
    slack_workspace_turns: Counter | None = None

    def render(self) -> tuple[bytes, str]:
        """The Prometheus text exposition and its content type."""
        return generate_latest(self.registry), CONTENT_TYPE_LATEST

    def replied(self, platform: str, kind: str, reply: Reply | None) -> None:
        if reply is None:
            return
        if reply.replayed:
            self.replays.labels(platform=platform).inc()
            return
        if reply.rate_limited:
            self.rate_limited.labels(platform=platform).inc()
            return
        self.turns.labels(platform=platform, kind=kind).inc()
        self.worker_turns.labels(pid=str(os.getpid())).inc()
        for call in reply.tool_calls:
            outcome = "ok" if call.get("ok", True) else "error"
            self.tool_calls.labels(tool=str(call.get("tool_name", "?")), outcome=outcome).inc()
            data = (call.get("result") or {}).get("data") or {}
            if isinstance(data, dict) and data.get("reminder"):
                self.reminders.labels(platform=platform, outcome="scheduled").inc()

    def failed(self, platform: str) -> None:
        self.errors.labels(where=f"turn:{platform}").inc()

    def agent_answered(self, seconds: float) -> None:
        self.agent_latency.observe(seconds)

    def count_inbox(self, source: str, outcome: str) -> None:
        self.inbox.labels(source=source, outcome=outcome).inc()

    def installations_now(self, count: int) -> None:
        if self.slack_installations is not None:
            self.slack_installations.set(count)

    def workspace_turn(self, team: str) -> None:
        if self.slack_workspace_turns is not None:
            self.slack_workspace_turns.labels(team=team).inc()

    def reminder(self, platform: str, outcome: str, lag_seconds: float | None = None) -> None:
        """The dispatcher's `ReminderObserver`: sent, late, summarised, retry, failed, ..."""
        self.reminders.labels(platform=platform, outcome=outcome).inc()
        if lag_seconds is not None:
            self.reminder_lag.observe(max(lag_seconds, 0.0))


def build_metrics(multiprocess_dir: str | None = None, *, workspaces: bool = False) -> Metrics:
    """Fresh metrics. With `multiprocess_dir` the values live in files shared by the workers
    and the registry this returns collects them all. `workspaces`: serving many Slack
    workspaces, counted by team (a label value per workspace, so only then)."""
    registry = CollectorRegistry()
    if multiprocess_dir:
        MultiProcessCollector(registry, path=multiprocess_dir)
        owner: CollectorRegistry | None = None  # values go to files, not to a registry
    else:
        owner = registry
    installations, workspace_turns = None, None
    if workspaces:
        installations = Gauge(
            "todobot_slack_installations",
            "Slack workspaces (and organizations) that have todobot installed.",
            registry=owner,
            multiprocess_mode="mostrecent",  # every process sets it after a change it made
        )
        workspace_turns = Counter(
            "todobot_slack_workspace_turns",
            "Slack deliveries (messages, commands, presses) run, by workspace.",
            ["team"],
            registry=owner,
        )
    return Metrics(
        slack_installations=installations,
        slack_workspace_turns=workspace_turns,
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
        replays=Counter(
            "todobot_replayed_answers",
            "Answers sent again from a delivery's kept answer (a redelivery, an idempotency key).",
            ["platform"],
            registry=owner,
        ),
        reminders=Counter(
            "todobot_reminders",
            "Reminders by outcome: scheduled (set by a turn), sent, late, summarised, retry, "
            "failed, blocked, stale (moved or cancelled before their time).",
            ["platform", "outcome"],
            registry=owner,
        ),
        reminder_lag=Histogram(
            "todobot_reminder_lag_seconds",
            "From a reminder's time to its delivery.",
            buckets=LAG_BUCKETS,
            registry=owner,
        ),
        worker_turns=Counter(
            "todobot_worker_turns",
            "Turns answered, by the worker process (pid) that ran them: how load spreads.",
            ["pid"],
            registry=owner,
        ),
    )
