"""MCP at /mcp of a real `todobot serve`, with the SDK's own client and the Agents SDK's.

One `serve` on one SQLite file answers the module's tests (`served`); each test starts from that
database emptied (`database`). The tests of several workers add a second `serve` on that file
(`two_workers`), started once too."""

from __future__ import annotations

import json
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import httpx
import httpx2
import jwt
import pytest
import pytest_asyncio
from mcp import Client, ClientSession, MCPError
from mcp.client.streamable_http import streamable_http_client
from mcp_types import InputRequiredResult

from adapters.http.auth import issue_token
from adapters.mcp.mount import NOT_CONFIGURED
from bot.evaluate import emptied
from core.storage.db import Database
from core.storage.migrate import upgrade
from tests.api_rig import api_rig
from tests.fakes.openai_server import FakeOpenAI, text, tool_call
from tests.mcp_rig import Person, confirmations, envelope, titles
from tests.serve_processes import ServeProcess, start_serve
from tests.test_serve_ops import sample

pytestmark = [pytest.mark.slow, pytest.mark.asyncio(loop_scope="module")]

SECRET = "mcp-test-secret-" + "0123456789abcdef" * 3
RESOURCE = "https://todobot.example.com/mcp"
METADATA = "https://todobot.example.com/.well-known/oauth-protected-resource/mcp"


async def migrated(directory: Path) -> AsyncIterator[Database]:
    url = f"sqlite:///{directory / 'todobot.db'}"
    upgrade(url)
    db = Database(url)
    yield db
    await db.dispose()


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def shared_database(tmp_path_factory: pytest.TempPathFactory) -> AsyncIterator[Database]:
    async for db in migrated(tmp_path_factory.mktemp("mcp-http")):
        yield db


@pytest_asyncio.fixture(loop_scope="module")
async def database(shared_database: Database) -> Database:
    """The served database, as empty as a fresh one: no row of an earlier test is left."""
    await emptied(shared_database)
    return shared_database


def environment(database: Database) -> dict[str, str]:
    return {
        "DATABASE_URL": str(database.engine.url).replace("+aiosqlite", ""),
        "API_JWT_SECRET": SECRET,
        "AGENT_BACKEND": "builtin",
        "MCP_RESOURCE_URL": RESOURCE,
        "MCP_AUTHORIZATION_SERVER": "https://auth.example.com",
    }


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def module_server(
    shared_database: Database, tmp_path_factory: pytest.TempPathFactory
) -> AsyncIterator[ServeProcess]:
    server = await start_serve(environment(shared_database), tmp_path_factory.mktemp("serve"))
    yield server
    await server.stop()


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def module_second_server(
    shared_database: Database, tmp_path_factory: pytest.TempPathFactory
) -> AsyncIterator[ServeProcess]:
    server = await start_serve(environment(shared_database), tmp_path_factory.mktemp("serve"))
    yield server
    await server.stop()


@pytest.fixture
def served(module_server: ServeProcess, database: Database) -> ServeProcess:
    """The module's `serve`, its database emptied for this test."""
    return module_server


@pytest.fixture
def two_workers(
    module_server: ServeProcess, module_second_server: ServeProcess, database: Database
) -> tuple[ServeProcess, ServeProcess]:
    """Two `serve` processes on one database, emptied for this test: the workers of a
    deployment that share a port, each a process of its own."""
    return module_server, module_second_server


def bearer(user: str, secret: str = SECRET, ttl_seconds: int = 300) -> dict[str, str]:
    token = issue_token(secret, user, ttl_seconds=ttl_seconds, now=time.time())
    return {"Authorization": f"Bearer {token}"}


@asynccontextmanager
async def connect(served: ServeProcess, user: str, **options: object) -> AsyncIterator[Client]:
    """The SDK's `Client` (it negotiates 2026-07-28 over HTTP), its connections closed after."""
    async with (
        httpx2.AsyncClient(headers=bearer(user), timeout=30) as http,
        Client(streamable_http_client(f"{served.url}/mcp", http_client=http), **options) as client,  # type: ignore[arg-type]
    ):
        yield client


async def test_mcp_needs_the_api_secret_and_can_be_switched_off(database_url: str) -> None:
    url = database_url
    async with api_rig(url, api_jwt_secret=None) as unconfigured:
        refused = await unconfigured.client.post("/mcp", json=INITIALIZE)
    async with api_rig(url, mcp_http=False) as switched_off:
        absent = await switched_off.client.post("/mcp", json=INITIALIZE)
        chat = await switched_off.say("ann", "add milk")

    assert refused.status_code == 503
    assert refused.json() == {"detail": NOT_CONFIGURED}
    assert absent.status_code == 404
    assert chat.status_code == 200


INITIALIZE = {
    "jsonrpc": "2.0",
    "id": 1,
    "method": "initialize",
    "params": {
        "protocolVersion": "2025-11-25",
        "capabilities": {},
        "clientInfo": {"name": "curl", "version": "1"},
    },
}


async def test_no_wrong_or_expired_token_is_401_pointing_at_the_metadata(
    served: ServeProcess,
) -> None:
    expired = issue_token(SECRET, "ann", ttl_seconds=-120, now=time.time())
    unsigned = jwt.encode({"sub": "ann", "exp": int(time.time()) + 60}, "another-secret-" * 3)
    refusals = []
    async with httpx.AsyncClient(base_url=served.url) as http:
        for headers in (
            {},
            {"Authorization": "Basic YW5uOmFubg=="},
            {"Authorization": f"Bearer {unsigned}"},
            {"Authorization": f"Bearer {expired}"},
        ):
            refusals.append(await http.post("/mcp", json=INITIALIZE, headers=headers))
        accepted = await http.post(
            "/mcp",
            json=INITIALIZE,
            headers={**bearer("ann"), "Accept": "application/json, text/event-stream"},
        )
        metadata = await http.get("/.well-known/oauth-protected-resource/mcp")

    for refused in refusals:
        assert refused.status_code == 401
        challenge = refused.headers["WWW-Authenticate"]
        assert challenge.startswith('Bearer error="invalid_token"')
        assert f'resource_metadata="{METADATA}"' in challenge
    assert accepted.status_code == 200
    assert metadata.status_code == 200
    assert metadata.json() == {
        "resource": RESOURCE,
        "authorization_servers": ["https://auth.example.com/"],
        "bearer_methods_supported": ["header"],
    }


async def test_get_is_405_so_no_stream_holds_a_connection(served: ServeProcess) -> None:
    """The server pushes nothing outside a call's own response: GET opens no stream, whatever
    the headers, and a crowd of GETs leaves the server answering. DELETE only ends a session."""
    stream = {**bearer("ann"), "Accept": "text/event-stream"}
    asks = [stream] * 20 + [
        {**stream, "MCP-Protocol-Version": "2025-06-18"},
        {"Accept": "text/event-stream"},
    ]
    async with httpx.AsyncClient(base_url=served.url, timeout=10) as http:
        answers = [await http.get("/mcp", headers=headers) for headers in asks]
        health = await http.get("/healthz")
        deleted = await http.delete("/mcp", headers=bearer("ann"))

    assert [answer.status_code for answer in answers] == [405] * len(asks)
    allowed = {frozenset(answer.headers["Allow"].split(", ")) for answer in answers}
    assert allowed == {frozenset({"POST", "DELETE"})}
    assert deleted.status_code == 400  # no session named: nothing to end
    assert health.status_code == 200


async def test_tools_over_http_for_the_token_s_person_only(
    served: ServeProcess, database: Database
) -> None:
    async with httpx.AsyncClient(base_url=served.url) as http:
        before = (await http.get("/metrics")).text  # the module's server counted earlier tests
    person = Person("accept")
    async with connect(served, "ann", elicitation_callback=person) as ann:
        tools = (await ann.list_tools()).tools
        for title in ("buy milk", "walk dog", "call mom"):
            await ann.call_tool("add_task", {"title": title})
        done = envelope(await ann.call_tool("complete_task", {"task_identifier": "2"}))
        edited = envelope(
            await ann.call_tool("update_task", {"task_identifier": "mom", "new_title": "call mum"})
        )
        deleted = envelope(await ann.call_tool("delete_task", {"task_identifier": "1"}))
        person.action = "decline"
        declined = envelope(await ann.call_tool("delete_task", {"task_identifier": "2"}))
        person.action = "cancel"
        cancelled = envelope(await ann.call_tool("delete_task", {"task_identifier": "2"}))
        listed = envelope(await ann.call_tool("list_tasks", {}))
        protocol = ann.protocol_version
        with pytest.raises(MCPError, match="Method not found"):  # not over HTTP: see http.py
            async with ann.listen(resource_subscriptions=["todobot://tasks/open"]):
                pass
    async with connect(served, "bob") as bob:
        bobs_list = envelope(await bob.call_tool("list_tasks", {}))
        bobs_done = envelope(await bob.call_tool("complete_task", {"task_identifier": "3"}))
    async with httpx.AsyncClient(base_url=served.url) as http:
        metrics = (await http.get("/metrics")).text

    assert protocol == "2026-07-28"
    for tool in tools:
        assert not any("user" in name for name in tool.input_schema["properties"])
    assert done["message"] == "Marked #2 “walk dog” as done."
    assert edited["message"] == "Done: I renamed #3 from “call mom” to “call mum”."
    assert person.questions == ["Delete #1 “buy milk”?", *["Delete #2 “walk dog”?"] * 2]
    assert deleted["message"] == "Deleted #1 “buy milk”."
    assert declined["data"]["status"] == cancelled["data"]["status"] == "kept"
    assert listed["message"] == "You have 2 tasks:\n2. ✓ walk dog\n3. call mum"
    assert bobs_list["message"] == "Your list is empty. Tell me something to add."
    assert bobs_done["message"] == "There is no task #3."
    assert await titles(database) == ["walk dog", "call mum"]
    assert await confirmations(database) == ["confirmed", "cancelled", "cancelled"]

    def counted(name: str, **labels: str) -> float:
        """What this test added to a counter."""
        return sample(metrics, name, **labels) - sample(before, name, **labels)

    # a delete the person is asked about is two calls: the question, then the answer
    assert counted("todobot_turns_total", platform="mcp", kind="tool") == 14
    assert counted("todobot_tool_calls_total", tool="add_task", outcome="ok") == 3
    assert counted("todobot_tool_calls_total", tool="complete_task", outcome="error") == 1


async def test_a_classic_session_that_offers_elicitation_is_asked(
    served: ServeProcess, database: Database
) -> None:
    """A 2025-11-25 session gets the question mid-call; one that offers no elicitation is
    told where to decide, without being sent to a console that is not the API user's."""
    person = Person("accept")
    async with (
        httpx2.AsyncClient(headers=bearer("ann"), timeout=30) as http,
        streamable_http_client(f"{served.url}/mcp", http_client=http) as (read, write),
        ClientSession(read, write, elicitation_callback=person) as session,
    ):
        initialized = await session.initialize()
        await session.call_tool("add_task", {"title": "buy milk"})
        await session.call_tool("add_task", {"title": "walk dog"})
        deleted = envelope(await session.call_tool("delete_task", {"task_id": 1}))
    async with (
        httpx2.AsyncClient(headers=bearer("ann"), timeout=30) as http,
        streamable_http_client(f"{served.url}/mcp", http_client=http) as (read, write),
        ClientSession(read, write) as session,
    ):
        await session.initialize()
        refused = envelope(await session.call_tool("delete_task", {"task_identifier": "dog"}))

    assert initialized.protocol_version == "2025-11-25"
    assert person.questions == ["Delete #1 “buy milk”?"]
    assert deleted["message"] == "Deleted #1 “buy milk”."
    assert refused["message"].startswith("Nothing was deleted: this app could not ask you")
    assert "todobot chat" not in refused["message"]
    assert "console" not in refused["message"]
    assert await titles(database) == ["walk dog"]
    assert await confirmations(database) == ["confirmed", "pending"]


async def test_a_classic_session_s_request_at_another_worker_is_still_answered(
    two_workers: tuple[ServeProcess, ServeProcess], database: Database
) -> None:
    """Classic sessions live in the worker that opened them; a request of one that reaches
    another worker (several workers share a port) is answered there on its own."""
    first, second = two_workers
    headers = {**bearer("ann"), "Accept": "application/json, text/event-stream"}
    async with httpx.AsyncClient(headers=headers, timeout=30) as http:
        opened = await http.post(f"{first.url}/mcp", json=INITIALIZE)
        session = {
            "Mcp-Session-Id": opened.headers["Mcp-Session-Id"],
            "Mcp-Protocol-Version": "2025-11-25",
        }
        call = {
            "jsonrpc": "2.0",
            "id": 2,
            "method": "tools/call",
            "params": {"name": "add_task", "arguments": {"title": "buy milk"}},
        }
        elsewhere = await http.post(f"{second.url}/mcp", json=call, headers=session)
        call["id"], call["params"] = 3, {"name": "list_tasks", "arguments": {}}
        here = await http.post(f"{first.url}/mcp", json=call, headers=session)

    assert elsewhere.status_code == here.status_code == 200
    assert _sse_result(elsewhere)["structuredContent"]["message"] == "Added #1 “buy milk”."
    assert _sse_result(here)["structuredContent"]["data"]["count"] == 1
    assert await titles(database) == ["buy milk"]


def _sse_result(response: httpx.Response) -> dict[str, object]:
    (data,) = [line[5:] for line in response.text.splitlines() if line.startswith("data:")]
    return json.loads(data)["result"]


async def test_a_question_asked_by_one_worker_is_answered_at_another(
    two_workers: tuple[ServeProcess, ServeProcess], database: Database
) -> None:
    first, second = two_workers
    async with (
        connect(first, "ann", elicitation_callback=Person()) as at_first,
        connect(second, "ann", elicitation_callback=Person()) as at_second,
    ):
        await at_first.call_tool("add_task", {"title": "buy milk"})
        arguments = {"task_identifier": "1"}
        asked = await at_first.session.call_tool(
            "delete_task", arguments, allow_input_required=True
        )
        assert isinstance(asked, InputRequiredResult)
        (key,) = asked.input_requests
        answered = await at_second.session.call_tool(
            "delete_task",
            arguments,
            input_responses={key: {"action": "accept", "content": {"delete": True}}},
            request_state=asked.request_state,
        )

    assert envelope(answered)["message"] == "Deleted #1 “buy milk”."
    assert await titles(database) == []


async def test_the_agents_sdk_drives_a_tool_through_serve(
    served: ServeProcess, database: Database
) -> None:
    from agents import Agent, OpenAIChatCompletionsModel, RunConfig, Runner
    from agents.mcp import MCPServerStreamableHttp
    from openai import AsyncOpenAI

    fake = FakeOpenAI().start()
    fake.push(tool_call("add_task", {"title": "water the plants"}), text("Added it."))
    fake.push(tool_call("delete_task", {"task_identifier": "1"}), text("It needs your yes."))
    model = OpenAIChatCompletionsModel(
        model="fake-model", openai_client=AsyncOpenAI(api_key="k", base_url=fake.base_url)
    )
    config = RunConfig(tracing_disabled=True)
    try:
        async with MCPServerStreamableHttp(
            params={"url": f"{served.url}/mcp", "headers": bearer("ann")}, name="todobot"
        ) as todobot:
            agent = Agent(name="assistant", model=model, mcp_servers=[todobot])
            added = await Runner.run(agent, "remember to water the plants", run_config=config)
            asked = len(fake.requests)
            refused = await Runner.run(agent, "delete it, I confirm", run_config=config)
    finally:
        fake.stop()

    assert added.final_output == "Added it."
    offered = {tool["function"]["name"] for tool in fake.requests[0]["tools"]}
    assert offered == {
        *("add_task", "list_tasks", "complete_task", "update_task", "delete_task"),
        *("team_lists", "team_tasks", "team_add", "team_complete"),
        *("team_assign", "team_unassign", "team_delete"),
    }
    (answered,) = [m for m in fake.messages(asked - 1) if m["role"] == "tool"]
    assert "Added #1 “water the plants”." in json.dumps(answered["content"], ensure_ascii=False)
    # the model saying "I confirm" is not the person confirming: nothing is deleted
    assert refused.final_output == "It needs your yes."
    (answered,) = [m for m in fake.messages(-1) if m["role"] == "tool"]
    assert "Nothing was deleted" in json.dumps(answered["content"], ensure_ascii=False)
    assert await titles(database) == ["water the plants"]
