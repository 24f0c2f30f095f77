"""POST /api/{user_id}/chat end to end with real JWTs, on SQLite and PostgreSQL."""

from __future__ import annotations

import time
import uuid
from collections.abc import AsyncIterator

import pytest

from tests.api_rig import ApiRig, api_rig


@pytest.fixture
async def api(database_url: str) -> AsyncIterator[ApiRig]:
    async with api_rig(database_url, rate_limit_per_minute=0) as rig:
        yield rig


async def test_a_message_gets_the_contracts_response(api: ApiRig) -> None:
    response = await api.say("user-789", "add buy milk")

    assert response.status_code == 200
    body = response.json()
    assert set(body) == {
        "id",
        "conversation_id",
        "user_id",
        "content",
        "tool_calls",
        "created_at",
        "pending_confirmations",
        "undo_token",
        "attachment",
    }
    assert body["user_id"] == "user-789"
    assert body["content"] == "Added #1 “buy milk”."
    uuid.UUID(body["id"]), uuid.UUID(body["conversation_id"])
    assert body["created_at"].endswith("Z")
    [call] = body["tool_calls"]
    assert call["tool_name"] == "add_task"
    assert call["input"] == {"title": "buy milk"}
    assert call["ok"] is True and call["error"] is None
    assert call["result"]["data"]["task"]["title"] == "buy milk"
    assert body["pending_confirmations"] == [] and body["attachment"] is None
    assert body["undo_token"]  # the add can be taken back


async def test_no_conversation_id_starts_a_new_one_and_an_id_continues_it(api: ApiRig) -> None:
    first = (await api.say("ann", "add milk")).json()
    again = (await api.say("ann", "add bread", conversation_id=first["conversation_id"])).json()
    fresh = (await api.say("ann", "list")).json()

    assert again["conversation_id"] == first["conversation_id"]
    assert fresh["conversation_id"] != first["conversation_id"]
    assert "1. milk" in fresh["content"] and "2. bread" in fresh["content"]

    listed = (await api.conversations("ann")).json()
    assert [c["id"] for c in listed["conversations"]] == [
        fresh["conversation_id"],
        first["conversation_id"],
    ]
    assert listed["conversations"][1]["title"] == "Milk"
    history = (await api.messages("ann", first["conversation_id"])).json()["messages"]
    assert [(m["role"], m["content"]) for m in history] == [
        ("user", "add milk"),
        ("assistant", "Added #1 “milk”."),
        ("user", "add bread"),
        ("assistant", "Added #2 “bread”."),
    ]
    assert history[1]["tool_calls"][0]["tool_name"] == "add_task"


@pytest.mark.parametrize(
    "header",
    [
        None,
        "Bearer",
        "Bearer not-a-jwt",
        "Basic YWxpY2U6c2VjcmV0",
        "Token {good}",
    ],
)
async def test_a_missing_or_malformed_token_is_401(api: ApiRig, header: str | None) -> None:
    headers = {} if header is None else {"Authorization": header.format(good=api.token("ann"))}
    response = await api.client.post("/api/ann/chat", json={"message": "add x"}, headers=headers)

    assert response.status_code == 401
    assert response.json() == {"detail": "Invalid or missing authorization token"}
    assert response.headers["WWW-Authenticate"] == "Bearer"


async def test_bad_signatures_expiry_and_missing_claims_are_401(api: ApiRig) -> None:
    now = int(time.time())
    tokens = {
        "wrong secret": api.token("ann", secret="another-secret-another-secret-0123"),
        "expired": api.token_with({"sub": "ann", "exp": now - 60}),
        "no subject": api.token_with({"exp": now + 60}),
        "no expiry": api.token_with({"sub": "ann"}),
        "numeric subject": api.token_with({"sub": 42, "exp": now + 60}),
        "HS512": api.token_with({"sub": "ann", "exp": now + 60}, algorithm="HS512"),
        "unsigned": api.token_with({"sub": "ann", "exp": now + 60}).rsplit(".", 1)[0] + ".",
    }
    for reason, token in tokens.items():
        response = await api.client.post(
            "/api/ann/chat",
            json={"message": "add x"},
            headers={"Authorization": f"Bearer {token}"},
        )
        assert response.status_code == 401, reason
    assert (await api.conversations("ann")).json()["conversations"] == []


async def test_someone_elses_token_is_403_on_every_route(api: ApiRig) -> None:
    own = (await api.say("bob", "add bob's secret plan")).json()

    responses = [
        await api.say("bob", "list", as_user="eve"),
        await api.conversations("bob", as_user="eve"),
        await api.messages("bob", own["conversation_id"], as_user="eve"),
        await api.decide("bob", "ctoken", "confirm", as_user="eve"),
    ]

    assert [r.status_code for r in responses] == [403, 403, 403, 403]
    assert {r.json()["detail"] for r in responses} == {
        "User ID in token does not match request path"
    }


@pytest.mark.parametrize(
    ("body", "detail"),
    [
        ({"message": ""}, "Message field is required and cannot be empty"),
        ({"message": "  \n\t "}, "Message field is required and cannot be empty"),
        ({}, "Message field is required and cannot be empty"),
        ({"conversation_id": None}, "Message field is required and cannot be empty"),
        ({"message": "x" * 5001}, "Message must be at most 5000 characters"),
        ({"message": 5}, "message: Input should be a valid string"),
        ({"message": "hi", "conversation_id": "nope"}, "conversation_id: "),
        ([1, 2], "Input should be a valid dictionary"),
        ({"message": "/new"}, "To start a new conversation, send your message without"),
    ],
)
async def test_bad_bodies_are_400_with_a_reason_and_change_nothing(
    api: ApiRig, body: object, detail: str
) -> None:
    response = await api.client.post("/api/ann/chat", json=body, headers=api.auth("ann"))

    assert response.status_code == 400
    assert detail in response.json()["detail"]
    assert (await api.conversations("ann")).json()["conversations"] == []


async def test_a_body_that_is_not_json_is_400(api: ApiRig) -> None:
    response = await api.client.post(
        "/api/ann/chat",
        content=b"{message: add milk",
        headers={**api.auth("ann"), "Content-Type": "application/json"},
    )
    assert response.status_code == 400
    assert response.json()["detail"] == "The request body is not valid JSON"


async def test_five_thousand_characters_are_still_taken(api: ApiRig) -> None:
    response = await api.say("ann", "x" * 5000)
    assert response.status_code == 200


async def test_an_unknown_or_foreign_conversation_is_404(api: ApiRig) -> None:
    bobs = (await api.say("bob", "add bob's thing")).json()["conversation_id"]

    unknown = await api.say("ann", "list", conversation_id=str(uuid.uuid4()))
    foreign = await api.say("ann", "list", conversation_id=bobs)
    read_foreign = await api.messages("ann", bobs)
    read_garbage = await api.messages("ann", "not-a-uuid")

    for response in (unknown, foreign, read_foreign, read_garbage):
        assert response.status_code == 404
        assert response.json() == {"detail": "Conversation not found for this user"}
    history = (await api.messages("bob", bobs)).json()["messages"]
    assert [m["content"] for m in history] == ["add bob's thing", "Added #1 “bob's thing”."]


async def test_one_user_cannot_touch_anothers_tasks(api: ApiRig) -> None:
    await api.content("bob", "add bob's task")

    assert "no pending tasks" in await api.content("ann", "list")
    assert "bob" not in await api.content("ann", "done 1")
    assert await api.content("ann", "add ann's task") == "Added #1 “ann's task”."
    assert "1. bob's task" in await api.content("bob", "list")
    assert "ann's task" not in await api.content("bob", "list all")
    assert len((await api.conversations("ann")).json()["conversations"]) == 3


async def test_over_the_rate_limit_is_429_and_nothing_is_stored(database_url: str) -> None:
    async with api_rig(database_url, rate_limit_per_minute=2) as api:
        assert (await api.say("ann", "add a")).status_code == 200
        assert (await api.say("ann", "add b")).status_code == 200
        limited = await api.say("ann", "add c")
        other = await api.say("bob", "add mine")

        assert limited.status_code == 429
        assert limited.headers["Retry-After"] == "60"
        assert "faster than I can keep up" in limited.json()["detail"]
        assert other.status_code == 200
        assert len((await api.conversations("ann")).json()["conversations"]) == 2


async def test_without_a_jwt_secret_the_api_says_it_is_not_configured(database_url: str) -> None:
    async with api_rig(database_url, api_jwt_secret=None) as api:
        response = await api.say("ann", "add milk")
        assert response.status_code == 503
        assert "API_JWT_SECRET" in response.json()["detail"]
