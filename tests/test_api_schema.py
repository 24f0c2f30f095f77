"""Schemathesis against the live server's /openapi.json: no request, however odd, gets a 5xx
or an answer the schema does not describe."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

import hypothesis
import pytest
import schemathesis
import uvicorn
from hypothesis import HealthCheck
from schemathesis import GenerationMode
from schemathesis.specs.openapi.checks import positive_data_acceptance

from adapters.http.auth import issue_token
from bot.serve import create_app
from bot.settings import load_settings
from tests.api_rig import SECRET
from tests.harness import ScriptedAgent

EXAMPLES_PER_OPERATION = 24


@contextmanager
def live_server(database_url: str) -> Iterator[str]:
    """The real app on uvicorn, 127.0.0.1 and a free port, in a thread of this process."""
    settings = load_settings(database_url=database_url, api_jwt_secret=SECRET)
    app = create_app(settings, agent=ScriptedAgent())
    server = uvicorn.Server(
        uvicorn.Config(app, host="127.0.0.1", port=0, log_level="warning", access_log=False)
    )
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        assert thread.is_alive() and time.monotonic() < deadline, "the server did not start"
        time.sleep(0.01)
    port = server.servers[0].sockets[0].getsockname()[1]
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=20)


def signed_in(case: schemathesis.Case) -> dict[str, str]:
    """A valid token for whichever user the case asks about, so the handlers run too."""
    user = (case.path_parameters or {}).get("user_id")
    if not isinstance(user, str) or not user:
        return {}
    return {"Authorization": f"Bearer {issue_token(SECRET, user, now=time.time())}"}


@pytest.mark.slow
def test_no_generated_request_breaks_the_api(database_url: str) -> None:
    with live_server(database_url) as base_url:
        schema = schemathesis.openapi.from_url(f"{base_url}/openapi.json")
        operations = [result.ok() for result in schema.get_all_operations()]
        assert {op.label for op in operations} >= {
            "POST /api/{user_id}/chat",
            "GET /api/{user_id}/conversations",
            "GET /api/{user_id}/conversations/{conversation_id}/messages",
            "POST /api/{user_id}/confirmations/{token}",
            "POST /api/{user_id}/reminders/{token}",
            "GET /healthz",
        }
        for operation in operations:
            for mode in (GenerationMode.POSITIVE, GenerationMode.NEGATIVE):

                @hypothesis.settings(
                    max_examples=EXAMPLES_PER_OPERATION // 2,
                    deadline=None,
                    database=None,
                    derandomize=True,
                    suppress_health_check=list(HealthCheck),
                )
                @hypothesis.given(case=operation.as_strategy(generation_mode=mode))
                def call(case: schemathesis.Case) -> None:
                    # Schema-valid but refused on purpose: a blank message, /new, a token for
                    # someone else — so "positive data is accepted" is not this API's rule.
                    case.call_and_validate(
                        base_url=base_url,
                        headers=signed_in(case),
                        excluded_checks=[positive_data_acceptance],
                    )

                try:
                    call()
                except hypothesis.errors.Unsatisfiable:
                    # Nothing to get wrong: an operation without parameters or body.
                    assert mode is GenerationMode.NEGATIVE and not operation.body
