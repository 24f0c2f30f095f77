"""`Idempotency-Key` on the chat API: a retry gets the first answer and applies nothing again."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from datetime import timedelta
from typing import Any

import httpx
import pytest
from sqlalchemy import func, update
from sqlmodel import col, select

from adapters.http.idempotency import BAD_KEY, KEY_REUSED
from core.storage.delivery_models import ProcessedEvent
from core.storage.models import Message, Task, utcnow
from tests.api_rig import ApiRig, api_rig


@pytest.fixture
async def api(database_url: str) -> AsyncIterator[ApiRig]:
    async with api_rig(database_url, rate_limit_per_minute=0) as rig:
        yield rig


async def say(
    api: ApiRig, user: str, message: str, key: str | bytes, **body: Any
) -> httpx.Response:
    return await api.client.post(
        f"/api/{user}/chat",
        json={"message": message, **body},
        headers={**api.auth(user), "Idempotency-Key": key},
    )


async def decide(api: ApiRig, user: str, token: str, action: str, key: str) -> httpx.Response:
    return await api.client.post(
        f"/api/{user}/confirmations/{token}",
        json={"action": action},
        headers={**api.auth(user), "Idempotency-Key": key},
    )


async def task_titles(api: ApiRig) -> list[str]:
    async with api.app.state.services.db.session() as session:
        found = select(Task.title).where(col(Task.deleted_at).is_(None)).order_by(Task.title)
        return list((await session.exec(found)).all())


async def test_a_retry_with_the_same_key_gets_the_first_answer_and_adds_nothing(
    api: ApiRig,
) -> None:
    first = await say(api, "ann", "add buy milk", "k-1")
    retry = await say(api, "ann", "add buy milk", "k-1")

    assert first.status_code == retry.status_code == 200
    assert retry.json() == first.json()  # same message id, conversation, tool calls, time
    assert "Idempotent-Replayed" not in first.headers
    assert retry.headers["Idempotent-Replayed"] == "true"
    assert await task_titles(api) == ["buy milk"]
    history = (await api.messages("ann", first.json()["conversation_id"])).json()["messages"]
    assert [m["content"] for m in history].count("add buy milk") == 1


async def test_the_quoted_form_of_a_key_is_the_same_key(api: ApiRig) -> None:
    first = await say(api, "ann", "add buy milk", "abc")
    retry = await say(api, "ann", "add buy milk", '"abc"')

    assert retry.json()["id"] == first.json()["id"]
    assert await task_titles(api) == ["buy milk"]


async def test_the_same_key_with_a_different_request_is_422_and_changes_nothing(
    api: ApiRig,
) -> None:
    first = await say(api, "ann", "add buy milk", "k-2")
    other = await say(api, "ann", "add buy bread", "k-2")
    elsewhere = await say(
        api, "ann", "add buy milk", "k-2", conversation_id=first.json()["conversation_id"]
    )

    assert other.status_code == elsewhere.status_code == 422
    assert other.json() == {"detail": KEY_REUSED}
    assert await task_titles(api) == ["buy milk"]


async def test_keys_belong_to_one_person(api: ApiRig) -> None:
    ann = await say(api, "ann", "add buy milk", "shared-key")
    bob = await say(api, "bob", "add buy milk", "shared-key")

    assert ann.status_code == bob.status_code == 200
    assert "Idempotent-Replayed" not in bob.headers
    assert await task_titles(api) == ["buy milk", "buy milk"]


@pytest.mark.parametrize(
    "key", ["", "   ", "x" * 256, "ключ".encode(), "tab\there", '"unterminated', '"a"b"']
)
async def test_a_malformed_key_is_400_and_changes_nothing(api: ApiRig, key: str | bytes) -> None:
    response = await say(api, "ann", "add buy milk", key)

    assert response.status_code == 400
    assert response.json()["detail"] == BAD_KEY
    assert await task_titles(api) == []


async def test_after_24_hours_a_key_is_new_again(api: ApiRig) -> None:
    first = await say(api, "ann", "add buy milk", "k-3")
    async with api.app.state.services.db.session() as session, session.begin():
        await session.exec(
            update(ProcessedEvent).values(created_at=utcnow() - timedelta(hours=24, minutes=1))
        )

    later = await say(api, "ann", "add buy milk", "k-3")

    assert later.status_code == 200
    assert later.json()["id"] != first.json()["id"]
    assert "Idempotent-Replayed" not in later.headers
    assert await task_titles(api) == ["buy milk", "buy milk"]


async def test_concurrent_duplicates_wait_for_the_first_and_return_its_answer(
    api: ApiRig,
) -> None:
    messages = ["add buy milk"] * 4 + ["add buy eggs"]
    answers = await asyncio.gather(*(say(api, "ann", m, "k-4") for m in messages))

    [first] = [
        a for a in answers if a.status_code == 200 and "Idempotent-Replayed" not in a.headers
    ]
    won = messages[answers.index(first)]
    for message, answer in zip(messages, answers, strict=True):
        if message == won:
            assert answer.status_code == 200
            assert answer.json() == first.json()
        else:
            assert answer.status_code == 422
    assert await task_titles(api) == [won.removeprefix("add ")]


async def test_a_rate_limited_request_leaves_its_key_for_a_later_retry(database_url: str) -> None:
    async with api_rig(database_url, rate_limit_per_minute=1) as api:
        assert (await api.say("ann", "add first")).status_code == 200

        refused = await say(api, "ann", "add second", "k-5")
        async with api.app.state.services.db.session() as session, session.begin():
            await session.exec(update(Message).values(created_at=utcnow() - timedelta(minutes=2)))
        retried = await say(api, "ann", "add second", "k-5")

        assert refused.status_code == 429
        assert retried.status_code == 200
        assert "Idempotent-Replayed" not in retried.headers
        assert await task_titles(api) == ["first", "second"]


async def test_a_retried_confirmation_gets_its_first_answer_not_a_409(api: ApiRig) -> None:
    await api.content("ann", "add buy milk")
    [pending] = (await api.say("ann", "delete 1")).json()["pending_confirmations"]

    confirmed = await decide(api, "ann", pending["token"], "confirm", "d-1")
    retried = await decide(api, "ann", pending["token"], "confirm", "d-1")
    changed_mind = await decide(api, "ann", pending["token"], "cancel", "d-1")
    unkeyed = await api.decide("ann", pending["token"], "confirm")

    assert confirmed.status_code == retried.status_code == 200
    assert retried.json() == confirmed.json()
    assert retried.headers["Idempotent-Replayed"] == "true"
    assert changed_mind.status_code == 422
    assert unkeyed.status_code == 409
    assert await task_titles(api) == []
    async with api.app.state.services.db.session() as session:
        audit = await session.exec(
            select(func.count()).select_from(Message).where(col(Message.content).like("Deleted%"))
        )
        assert audit.one() == 1


async def test_a_refused_confirmation_is_replayed_with_its_status(api: ApiRig) -> None:
    first = await decide(api, "ann", "no-such-token", "confirm", "d-2")
    retried = await decide(api, "ann", "no-such-token", "confirm", "d-2")

    assert first.status_code == retried.status_code == 404
    assert retried.json() == first.json()
    assert retried.headers["Idempotent-Replayed"] == "true"


async def test_a_link_code_is_not_shown_again_to_a_retry(api: ApiRig) -> None:
    first = await say(api, "ann", "link", "k-6")
    retried = await say(api, "ann", "link", "k-6")

    assert first.status_code == retried.status_code == 200
    code = first.json()["content"].split("Your link code is ")[1].split(".")[0]
    assert code not in retried.json()["content"]
    assert retried.json()["id"] == first.json()["id"]
    assert (
        retried.json()["content"]
        == (await api.messages("ann", first.json()["conversation_id"])).json()["messages"][-1][
            "content"
        ]
    )


async def test_the_openapi_document_describes_the_key(api: ApiRig) -> None:
    schema = (await api.client.get("/openapi.json")).json()

    for path in ("/api/{user_id}/chat", "/api/{user_id}/confirmations/{token}"):
        operation = schema["paths"][path]["post"]
        [header] = [p for p in operation["parameters"] if p["in"] == "header"]
        assert header["name"] == "Idempotency-Key"
        assert "24 hours" in header["description"]
        assert "422" in operation["responses"]
        assert operation["responses"]["422"]["content"]["application/json"]["schema"] == {
            "$ref": "#/components/schemas/ErrorBody"
        }
    assert "HTTPValidationError" not in schema["components"]["schemas"]


async def test_keys_past_their_window_are_forgotten_and_platform_ids_are_not(
    api: ApiRig,
) -> None:
    await say(api, "ann", "add buy milk", "old-key")
    async with api.app.state.services.db.session() as session, session.begin():
        await session.exec(update(ProcessedEvent).values(created_at=utcnow() - timedelta(hours=25)))
        session.add(
            ProcessedEvent(
                source="telegram", event_id="4711", created_at=utcnow() - timedelta(days=30)
            )
        )
    await say(api, "ann", "add buy eggs", "new-key")

    assert await api.app.state.services.chat.forget_expired_keys() == 1

    async with api.app.state.services.db.session() as session:
        left = (await session.exec(select(ProcessedEvent.source))).all()
    assert sorted(left) == ["api", "telegram"]
    retried = await say(api, "ann", "add buy eggs", "new-key")
    assert retried.headers["Idempotent-Replayed"] == "true"


async def test_keys_expired_while_the_bot_was_down_are_gone_once_it_serves(
    database_url: str,
) -> None:
    async with api_rig(database_url, rate_limit_per_minute=0) as before:
        await say(before, "ann", "add buy milk", "old-key")
        async with before.database.session() as session, session.begin():
            await session.exec(
                update(ProcessedEvent).values(created_at=utcnow() - timedelta(hours=25))
            )
    async with api_rig(database_url, rate_limit_per_minute=0) as after:
        async with after.database.session() as session:
            assert (await session.exec(select(ProcessedEvent.event_id))).all() == []
        again = await say(after, "ann", "add buy milk", "old-key")
    assert "Idempotent-Replayed" not in again.headers
