"""Conversations and messages come a page at a time (`limit`, `cursor`), and every
authenticated endpoint is limited per person; presses are limited on every platform."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from core.conversation.pages import DEFAULT_PAGE, MAX_PAGE
from core.types import Action, Press
from tests.api_rig import ApiRig, api_rig


@pytest.fixture
async def api(database_url: str) -> AsyncIterator[ApiRig]:
    async with api_rig(database_url, rate_limit_per_minute=0, api_requests_per_minute=0) as rig:
        yield rig


async def test_conversations_come_a_page_at_a_time_newest_first(api: ApiRig) -> None:
    started = [(await api.say("ann", f"add chore {n}")).json()["conversation_id"] for n in range(7)]

    pages, cursor = [], None
    while True:
        params = {"limit": 3, **({"cursor": cursor} if cursor else {})}
        response = await api.client.get(
            "/api/ann/conversations", params=params, headers=api.auth("ann")
        )
        assert response.status_code == 200, response.text
        body = response.json()
        pages.append([c["id"] for c in body["conversations"]])
        cursor = body["next_cursor"]
        if cursor is None:
            break

    assert [len(page) for page in pages] == [3, 3, 1]
    assert [c for page in pages for c in page] == list(reversed(started))


async def test_messages_come_a_page_at_a_time_oldest_first(api: ApiRig) -> None:
    first = (await api.say("ann", "add one")).json()
    conversation = first["conversation_id"]
    for title in ("two", "three"):
        await api.say("ann", f"add {title}", conversation_id=conversation)
    url = f"/api/ann/conversations/{conversation}/messages"

    page_one = (await api.client.get(url, params={"limit": 4}, headers=api.auth("ann"))).json()
    cursor = page_one["next_cursor"]
    page_two = (
        await api.client.get(url, params={"limit": 4, "cursor": cursor}, headers=api.auth("ann"))
    ).json()

    said = [m["content"] for m in page_one["messages"] + page_two["messages"]]
    assert said[0::2] == ["add one", "add two", "add three"]
    assert len(page_one["messages"]) == 4 and len(page_two["messages"]) == 2
    assert page_two["next_cursor"] is None


async def test_page_sizes_have_a_default_and_a_maximum_and_cursors_are_checked(
    api: ApiRig,
) -> None:
    for n in range(DEFAULT_PAGE + 1):
        await api.say("ann", f"add chore {n}")
    auth = api.auth("ann")

    default = (await api.client.get("/api/ann/conversations", headers=auth)).json()
    too_many = await api.client.get(
        "/api/ann/conversations", params={"limit": MAX_PAGE + 1}, headers=auth
    )
    forged = await api.client.get(
        "/api/ann/conversations", params={"cursor": "not-a-cursor"}, headers=auth
    )

    assert len(default["conversations"]) == DEFAULT_PAGE and default["next_cursor"]
    assert too_many.status_code == 400
    assert forged.status_code == 400
    assert "cursor" in forged.json()["detail"]


async def test_every_authenticated_endpoint_is_limited_per_person(database_url: str) -> None:
    async with api_rig(database_url, rate_limit_per_minute=0, api_requests_per_minute=5) as api:
        answers = [(await api.conversations("ann")).status_code for _ in range(5)]
        refused = await api.conversations("ann")
        also_refused = await api.decide("ann", "some-token", "confirm")
        others_fine = await api.conversations("bob")

    assert answers == [200] * 5
    assert refused.status_code == 429 and int(refused.headers["Retry-After"]) >= 1
    assert also_refused.status_code == 429
    assert others_fine.status_code == 200


async def test_a_control_character_in_the_user_id_is_refused(api: ApiRig) -> None:
    response = await api.client.get(
        "/api/ann%00x/conversations", headers={"Authorization": "Bearer x"}
    )

    assert response.status_code == 400


async def test_presses_are_limited_per_person(database_url: str) -> None:
    from core.storage.db import Database
    from tests.harness import ScriptedAgent, build_chat

    database = Database(database_url)
    try:
        service = build_chat(database, ScriptedAgent(), rate_limit_per_minute=2)
        press = Press(platform="telegram", user_ref="7", token="nope", action=Action.CONFIRM)
        answers = [await service.press(press) for _ in range(5)]
        other = await service.press(Press("telegram", "8", "nope", Action.CONFIRM))
    finally:
        await database.dispose()

    outcomes = [answer.outcome for answer in answers if answer is not None]
    assert outcomes == ["not_found"] * 4 + ["rate_limited"]
    assert answers[-1] is not None and answers[-1].ephemeral
    assert other is not None and other.outcome == "not_found"
