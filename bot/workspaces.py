"""`todobot serve` for many Slack workspaces ("Add to Slack"): what a process builds from
`Settings` and runs beside its server.

Every process builds the `Distribution` (the install flow, bolt's authorize, the workers'
clients) and keeps the installations gauge true from its start; workers also run the erasure
of workspaces that removed the app, once their grace period is over.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from datetime import timedelta

from adapters.http.metrics import Metrics
from adapters.slack.config import SlackCredentials
from adapters.slack.distribution import Distribution, build_distribution
from adapters.slack.installed import count_installations
from bot.processing import looping
from bot.settings import Settings
from bot.wiring import Services
from core.people.tenant_erase import TenantEraser


def build_slack_workspaces(
    settings: Settings, credentials: SlackCredentials, services: Services, metrics: Metrics
) -> Distribution:
    return build_distribution(
        credentials,
        services.db,
        clock=services.chat.clock,
        retention=timedelta(days=settings.uninstall_retention_days),
        changed=metrics.installations_now,
    )


@asynccontextmanager
async def installations_counted(services: Services, metrics: Metrics) -> AsyncIterator[None]:
    """The gauge from the start; then each change sets it (installations.py)."""
    metrics.installations_now(await count_installations(services.db))
    yield


def erasing_departed(eraser: TenantEraser) -> AbstractAsyncContextManager[None]:
    return looping(eraser, name="workspace-erasure")
