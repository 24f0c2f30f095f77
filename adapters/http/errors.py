"""How failures look on the wire: always `{"detail": ...}`, never a stack trace.

Malformed requests (not JSON, wrong types, missing fields) are 400, like an empty message, so
clients meet one status for "fix your request". A database that is unreachable (restarting,
pool exhausted) is 503 with Retry-After: nothing was committed and the request may be retried.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Mapping
from typing import Any

from fastapi import FastAPI
from fastapi.encoders import jsonable_encoder
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from sqlalchemy.exc import DBAPIError, PendingRollbackError
from sqlalchemy.exc import TimeoutError as PoolTimeout
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import Response

from adapters.http.idempotency import HEADER
from adapters.http.schemas import ErrorBody
from adapters.http.translate import validation_detail

log = logging.getLogger(__name__)

UNAVAILABLE = "The service is briefly unavailable; nothing was changed. Please retry."
FAILED = "Sorry, I encountered an error processing your request. Please try again."


def error_responses(
    *statuses: int, about: Mapping[int, str] | None = None
) -> dict[int | str, dict[str, Any]]:
    """The refusals an endpoint documents in the schema; `about` words some for it."""
    described = {
        400: "The request is malformed (not JSON, wrong types, empty or too long message).",
        401: "Invalid or missing authorization token.",
        403: "The token belongs to another user.",
        404: "No such conversation, confirmation or change for this user (none, or someone "
        "else's: the same answer).",
        409: "That confirmation was already decided.",
        410: "That confirmation expired.",
        422: f"This {HEADER} was already used for a different request.",
        429: "Over the per-person rate limit; retry after a minute.",
        503: "The database is unreachable or the API is not configured; retry shortly.",
        **(about or {}),
    }
    chosen = (*statuses, 400, 401, 403, 503)
    return {code: {"model": ErrorBody, "description": described[code]} for code in chosen}


Endpoint = Callable[[Request], Awaitable[Response]]
UNAVAILABLE_ERRORS = (DBAPIError, PendingRollbackError, PoolTimeout, OSError)


def install_error_handlers(app: FastAPI, count_error: Callable[[str], None]) -> None:
    @app.exception_handler(RequestValidationError)
    async def malformed(_request: Request, error: RequestValidationError) -> JSONResponse:
        problems = jsonable_encoder(error.errors(), exclude={"input", "ctx", "url"})
        return JSONResponse(
            status_code=400,
            content={"detail": validation_detail(error.errors()), "errors": problems},
        )

    @app.exception_handler(DBAPIError)
    @app.exception_handler(PendingRollbackError)
    @app.exception_handler(PoolTimeout)
    @app.exception_handler(OSError)
    async def unavailable(_request: Request, error: Exception) -> JSONResponse:
        return _unavailable(error, count_error)

    @app.exception_handler(Exception)
    async def failed(_request: Request, error: Exception) -> JSONResponse:
        return _failed(error, count_error)


def answering_failures(endpoint: Endpoint, count_error: Callable[[str], None]) -> Endpoint:
    """`endpoint` answering failures as the handlers above do, for a route served outside
    FastAPI (adapters/http/direct.py). HTTP errors (a body over its limit) pass through."""

    async def guarded(request: Request) -> Response:
        try:
            return await endpoint(request)
        except HTTPException:
            raise
        except UNAVAILABLE_ERRORS as error:
            return _unavailable(error, count_error)
        except Exception as error:
            return _failed(error, count_error)

    return guarded


def _unavailable(error: Exception, count_error: Callable[[str], None]) -> JSONResponse:
    log.warning("database unavailable: %s", type(error).__name__)
    count_error("http:503")
    return JSONResponse(
        status_code=503, content={"detail": UNAVAILABLE}, headers={"Retry-After": "1"}
    )


def _failed(error: Exception, count_error: Callable[[str], None]) -> JSONResponse:
    log.error("request failed", exc_info=error)
    count_error("http:500")
    return JSONResponse(status_code=500, content={"detail": FAILED})
