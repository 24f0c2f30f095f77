"""Running Slack deliveries for many workspaces: each with the token of the one it came from.

The inbox hands `WorkspaceWorkers.process` a recorded delivery; it finds the delivery's
workspace (adapters/slack/clients.py) and runs it on that workspace's `SlackWorker`, kept
while its token lasts. A delivery from a workspace that removed the app since it was
recorded is dropped: nobody is there to answer.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, field

from adapters.slack.clients import Workspace, WorkspaceClients
from adapters.slack.translate import Payload, sender
from adapters.slack.worker import SlackWorker
from core.chat import ChatService
from core.conversation.queries import ChatQueries

log = logging.getLogger(__name__)

# Told the team of each delivery run (the metrics' per-workspace count).
Counted = Callable[[str], None]


@dataclass
class WorkspaceWorkers:
    chat: ChatService
    queries: ChatQueries
    clients: WorkspaceClients
    counted: Counted | None = None
    _workers: dict[Workspace, SlackWorker] = field(default_factory=dict)

    async def process(self, body: Payload, redelivered: bool = False) -> None:
        workspace = Workspace.of(body)
        worker = await self._worker(workspace)
        if worker is None:
            log.info(
                "dropped a delivery from Slack workspace %s: todobot is not installed there",
                workspace.team,
            )
            return
        await worker.process(body, redelivered)
        if self.counted is not None and sender(body) is not None:
            self.counted(workspace.team or workspace.enterprise or "")

    async def apologise(self, body: Payload) -> None:
        try:
            worker = await self._worker(Workspace.of(body))
        except Exception:  # best effort, as the apology itself
            log.warning("no Slack client to apologise with", exc_info=True)
            return
        if worker is not None:
            await worker.apologise(body)

    async def _worker(self, workspace: Workspace) -> SlackWorker | None:
        client = await self.clients.client_for(workspace)
        if client is None:
            self._workers.pop(workspace, None)
            return None
        worker = self._workers.get(workspace)
        if worker is None or worker.client is not client:
            worker = SlackWorker(chat=self.chat, queries=self.queries, client=client)
            self._workers[workspace] = worker
        return worker
