"""Confirming a delete through POST /api/{user_id}/confirmations/{token}."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import timedelta

import pytest
from sqlalchemy import update

from core.storage.models import Confirmation, utcnow
from tests.api_rig import ApiRig, api_rig


@pytest.fixture
async def api(database_url: str) -> AsyncIterator[ApiRig]:
    async with api_rig(database_url, rate_limit_per_minute=0) as rig:
        yield rig


async def ask_to_delete(api: ApiRig, user: str = "ann") -> tuple[str, str]:
    """Add a task, ask to delete it: (the confirmation token, the conversation id)."""
    await api.content(user, "add buy milk")
    body = (await api.say(user, "delete 1")).json()
    [pending] = body["pending_confirmations"]
    assert pending["actions"] == ["confirm", "cancel"]
    return pending["token"], body["conversation_id"]


async def titles(api: ApiRig, user: str = "ann") -> str:
    return await api.content(user, "list all")


async def test_confirm_deletes_once_and_tells_the_conversation(api: ApiRig) -> None:
    token, conversation = await ask_to_delete(api)
    assert "buy milk" in await titles(api)

    confirmed = await api.decide("ann", token, "confirm")
    again = await api.decide("ann", token, "confirm")

    assert confirmed.status_code == 200
    assert confirmed.json() == {
        "token": token,
        "user_id": "ann",
        "outcome": "confirmed",
        "content": "Deleted #1 “buy milk”.",
    }
    assert again.status_code == 409
    assert "already confirmed" in again.json()["detail"]
    assert "buy milk" not in await titles(api)
    history = (await api.messages("ann", conversation)).json()["messages"]
    assert history[-1]["content"] == "Deleted #1 “buy milk”."


async def test_cancel_keeps_the_task(api: ApiRig) -> None:
    token, _ = await ask_to_delete(api)

    cancelled = await api.decide("ann", token, "cancel")

    assert cancelled.status_code == 200
    assert cancelled.json()["outcome"] == "cancelled"
    assert "buy milk" in await titles(api)


async def test_a_stranger_cannot_decide_someone_elses_delete(api: ApiRig) -> None:
    token, _ = await ask_to_delete(api, "ann")

    stranger = await api.decide("eve", token, "confirm")
    unknown = await api.decide("eve", "c" + "x" * 24, "confirm")
    forged = await api.decide("ann", token, "confirm", as_user="eve")

    # someone else's token is answered as one that does not exist: nothing tells them apart
    assert stranger.status_code == unknown.status_code == 404
    assert stranger.json() == unknown.json() == {"detail": "No such confirmation for this user."}
    assert forged.status_code == 403  # a bearer token for someone else than the path's user
    assert "buy milk" in await titles(api)
    assert (await api.decide("ann", token, "confirm")).status_code == 200


async def test_an_expired_request_is_410_and_deletes_nothing(api: ApiRig) -> None:
    token, _ = await ask_to_delete(api)
    async with api.app.state.services.db.session() as session, session.begin():
        await session.exec(
            update(Confirmation)
            .where(Confirmation.token == token)
            .values(expires_at=utcnow() - timedelta(seconds=1))
        )

    expired = await api.decide("ann", token, "confirm")

    assert expired.status_code == 410
    assert "expired" in expired.json()["detail"]
    assert "buy milk" in await titles(api)


async def test_unknown_tokens_and_bad_actions(api: ApiRig) -> None:
    unknown = await api.decide("ann", "c-no-such-token", "confirm")
    too_long = await api.decide("ann", "c" * 65, "confirm")
    token, _ = await ask_to_delete(api)
    bad_action = await api.decide("ann", token, "maybe")

    assert unknown.status_code == 404
    assert too_long.status_code == 400
    assert bad_action.status_code == 400
    assert "action" in bad_action.json()["detail"]
    assert "buy milk" in await titles(api)
