"""How failures look on the wire: always `{"detail": ...}`, never a stack trace.

Malformed requests (not JSON, wrong types, missing fields) are 400, like an empty message, so
clients meet one status for "fix your request". A database that is unreachable (restarting,
pool exhausted) is 503 with Retry-After: nothing was committed and the request may be retried.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from fastapi import FastAPI, Request
from fastapi.encoders import jsonable_encoder
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from sqlalchemy.exc import DBAPIError, PendingRollbackError
from sqlalchemy.exc import TimeoutError as PoolTimeout

from adapters.http.translate import validation_detail

log = logging.getLogger(__name__)

UNAVAILABLE = "The service is briefly unavailable; nothing was changed. Please retry."
FAILED = "Sorry, I encountered an error processing your request. Please try again."


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
        log.warning("database unavailable: %s", type(error).__name__)
        count_error("http:503")
        return JSONResponse(
            status_code=503, content={"detail": UNAVAILABLE}, headers={"Retry-After": "1"}
        )

    @app.exception_handler(Exception)
    async def failed(_request: Request, error: Exception) -> JSONResponse:
        log.error("request failed", exc_info=error)
        count_error("http:500")
        return JSONResponse(status_code=500, content={"detail": FAILED})
