"""Operations endpoints: `/healthz` (is the database reachable?) and `/metrics`."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

from fastapi import APIRouter, Response
from fastapi.responses import JSONResponse

from adapters.http.metrics import Metrics

log = logging.getLogger(__name__)

HEALTH_TIMEOUT_SECONDS = 3.0


def ops_router(check_database: Callable[[], Awaitable[None]], metrics: Metrics) -> APIRouter:
    router = APIRouter(tags=["operations"])

    @router.get("/healthz", responses={503: {"description": "The database is unreachable."}})
    async def healthz() -> JSONResponse:
        """200 when this worker can reach the database, 503 otherwise."""
        try:
            await asyncio.wait_for(check_database(), timeout=HEALTH_TIMEOUT_SECONDS)
        except Exception as error:  # any failure at all means "not healthy"
            log.warning("health check failed: %s", type(error).__name__)
            return JSONResponse({"status": "unavailable", "database": "unreachable"}, 503)
        return JSONResponse({"status": "ok", "database": "ok"})

    @router.get("/metrics", response_class=Response)
    async def prometheus() -> Response:
        """Prometheus text: turns, tool calls, agent latency, errors, rate-limited turns."""
        body, content_type = metrics.render()
        return Response(body, media_type=content_type)

    return router
