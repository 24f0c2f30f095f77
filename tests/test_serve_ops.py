"""/healthz, /metrics and /openapi.json of the served app."""

from __future__ import annotations

import re

from tests.api_rig import api_rig

UNREACHABLE = "postgresql+psycopg://nobody@127.0.0.1:9/nowhere?connect_timeout=1"


def sample(metrics: str, name: str, **labels: str) -> float:
    """One sample's value from Prometheus text; 0 when it was never counted."""
    wanted = ",".join(f'{key}="{value}"' for key, value in sorted(labels.items()))
    for line in metrics.splitlines():
        match = re.fullmatch(r"(\w+)(?:\{(.*)\})? (\S+)", line)
        if match and match[1] == name:
            found = ",".join(sorted((match[2] or "").split(","))) if match[2] else ""
            if found == wanted:
                return float(match[3])
    return 0.0


async def test_healthz_reports_the_database(database_url: str) -> None:
    async with api_rig(database_url) as api:
        response = await api.client.get("/healthz")
        assert response.status_code == 200
        assert response.json() == {"status": "ok", "database": "ok"}


async def test_an_unreachable_database_is_503_everywhere_and_retryable() -> None:
    async with api_rig(UNREACHABLE) as api:
        health = await api.client.get("/healthz")
        chat = await api.say("ann", "add milk")

        assert health.status_code == 503
        assert health.json()["database"] == "unreachable"
        assert chat.status_code == 503
        assert chat.headers["Retry-After"] == "1"
        assert "nothing was changed" in chat.json()["detail"]
        metrics = (await api.client.get("/metrics")).text
        assert sample(metrics, "todobot_errors_total", where="http:503") == 1
        assert sample(metrics, "todobot_errors_total", where="turn:api") == 1


async def test_metrics_count_turns_tools_latency_and_rate_limits(database_url: str) -> None:
    async with api_rig(database_url, rate_limit_per_minute=3) as api:
        await api.say("ann", "add milk")
        await api.say("ann", "done 1")
        await api.say("ann", "done 7")
        assert (await api.say("ann", "list")).status_code == 429

        response = await api.client.get("/metrics")

    assert response.headers["content-type"].startswith("text/plain")
    text = response.text
    assert sample(text, "todobot_turns_total", platform="api", kind="message") == 3
    assert sample(text, "todobot_tool_calls_total", tool="add_task", outcome="ok") == 1
    assert sample(text, "todobot_tool_calls_total", tool="complete_task", outcome="ok") == 1
    assert sample(text, "todobot_tool_calls_total", tool="complete_task", outcome="error") == 1
    assert sample(text, "todobot_rate_limited_turns_total", platform="api") == 1
    assert sample(text, "todobot_agent_latency_seconds_count") == 3
    assert sample(text, "todobot_agent_latency_seconds_sum") > 0


async def test_openapi_describes_the_chat_api_and_its_errors(database_url: str) -> None:
    async with api_rig(database_url) as api:
        schema = (await api.client.get("/openapi.json")).json()

    chat = schema["paths"]["/api/{user_id}/chat"]["post"]
    assert set(chat["responses"]) == {"200", "400", "401", "403", "404", "422", "429", "503"}
    assert chat["requestBody"]["content"]["application/json"]["schema"]["$ref"].endswith(
        "/ChatRequest"
    )
    assert set(schema["components"]["schemas"]["ChatResponse"]["required"]) >= {
        "id",
        "conversation_id",
        "user_id",
        "content",
        "tool_calls",
        "created_at",
    }
    assert "HTTPBearer" in schema["components"]["securitySchemes"]
    keyed = {
        "/api/{user_id}/chat",
        "/api/{user_id}/confirmations/{token}",
        "/api/{user_id}/reminders/{token}",
    }
    for name, path in schema["paths"].items():
        for operation in path.values():  # malformed requests are 400, not FastAPI's 422
            assert ("422" in operation["responses"]) == (name in keyed)  # a reused key
