"""A Slack delivery as the durable inbox keeps it: its id, whose it is, and who runs it.

Every Slack delivery, over HTTP (`todobot serve`) or Socket Mode (`todobot slack`), is
recorded in the inbox before Slack is acknowledged; a worker later runs it through
`SlackWorker.process`. The inbox runs one person's deliveries in the order they were
recorded, keyed by `order_key`.
"""

from __future__ import annotations

import hashlib
import json
from typing import Protocol

from adapters.slack.translate import Payload, delivery_id, sender
from core.delivery.inbox import Inbox

SOURCE = "slack"


class Runner(Protocol):
    """Runs a recorded delivery (`SlackWorker`, or `WorkspaceWorkers` for many workspaces)."""

    async def process(self, body: Payload, redelivered: bool = False) -> None: ...

    async def apologise(self, body: Payload) -> None: ...


def inbox_id(body: Payload) -> str:
    """Slack's own id for a delivery (retries repeat it); a digest of the body otherwise."""
    found = delivery_id(body)
    if found:
        return found
    canonical = json.dumps(body, sort_keys=True, separators=(",", ":"), default=str)
    return "sha256:" + hashlib.sha256(canonical.encode()).hexdigest()


def order_key(body: Payload) -> str | None:
    """The person (workspace and user) whose deliveries must run in arrival order."""
    found = sender(body)
    return f"{SOURCE}:{found[0]}:{found[1]}" if found else None


async def record(inbox: Inbox, body: Payload) -> None:
    """Write the delivery down; raises when it cannot be, so Slack is not acknowledged."""
    await inbox.record(SOURCE, inbox_id(body), body, order_key=order_key(body))


def run_from(inbox: Inbox, worker: Runner) -> None:
    """This process runs the Slack deliveries it leases from `inbox`."""
    inbox.register(SOURCE, worker.process, apologise=worker.apologise)
