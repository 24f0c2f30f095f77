"""With API_REMINDER_WEBHOOK_URL set, a reminder on the chat API is also posted, signed, to
the person's webhook through the durable inbox: retried when refused for now, set aside when
refused for good."""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import AsyncIterator

import httpx
import pytest
from pydantic import ValidationError
from sqlmodel import select

from adapters.http.webhooks import SOURCE, ReminderWebhook
from bot.settings import load_settings
from core.delivery.transient import is_transient
from core.storage.delivery_models import InboxItem
from tests.api_rig import ApiRig, api_rig, deliver_reminder
from tests.fakes.webhook_receiver import Post, WebhookReceiver, webhook_receiver

WEBHOOK_SECRET = "whsec-0123456789abcdef"


@pytest.fixture
async def receiver() -> AsyncIterator[WebhookReceiver]:
    async with webhook_receiver() as found:
        yield found


@pytest.fixture
async def api(database_url: str, receiver: WebhookReceiver) -> AsyncIterator[ApiRig]:
    async with api_rig(
        database_url,
        rate_limit_per_minute=0,
        api_reminder_webhook_url=receiver.url + "/todobot/{user_id}",
        api_webhook_secret=WEBHOOK_SECRET,
        inbox_poll_seconds=0.05,
    ) as rig:
        yield rig


def signed_by_todobot(post: Post) -> bool:
    """What a receiver checks: the HMAC of "<t>.<body>" under the shared secret."""
    fields = dict(part.split("=", 1) for part in post.headers["Todobot-Signature"].split(","))
    expected = hmac.new(
        WEBHOOK_SECRET.encode(), f"{fields['t']}.".encode() + post.body, hashlib.sha256
    ).hexdigest()
    return hmac.compare_digest(expected, fields["v1"])


async def test_a_reminder_is_posted_signed_to_the_persons_webhook(
    api: ApiRig, receiver: WebhookReceiver
) -> None:
    data, conversation = await deliver_reminder(api, "ann", webhook=True)

    [post] = await receiver.wait_for(1)

    assert post.path == "/todobot/ann"
    assert signed_by_todobot(post)
    messages = (await api.messages("ann", conversation)).json()["messages"]
    event = post.json()
    assert event == {
        "type": "reminder",
        "user_id": "ann",
        "conversation_id": conversation,
        "message_id": messages[-1]["id"],
        "content": "⏰ Reminder: #1 “call mom”",
        "token": data["token"],
        "actions": data["actions"],
        "press": f"/api/ann/reminders/{data['token']}",
        "created_at": event["created_at"],
    }
    assert post.headers["Todobot-Delivery"] == f"reminder:{messages[-1]['id']}"
    pressed = await api.press("ann", event["token"], event["actions"][0]["action"])
    assert pressed.status_code == 200


async def test_a_post_refused_for_now_is_tried_again(
    api: ApiRig, receiver: WebhookReceiver
) -> None:
    receiver.refuse(503)
    await deliver_reminder(api, "ann", webhook=True)

    refused, accepted = await receiver.wait_for(2)

    assert (refused.status, accepted.status) == (503, 204)
    assert accepted.body == refused.body
    assert accepted.headers["Todobot-Delivery"] == refused.headers["Todobot-Delivery"]
    assert signed_by_todobot(accepted)


async def test_a_post_refused_for_good_is_set_aside_and_one_for_now_retried(
    receiver: WebhookReceiver,
) -> None:
    async with httpx.AsyncClient() as client:
        webhook = ReminderWebhook(receiver.url + "/todobot/{user_id}", WEBHOOK_SECRET, client)
        payload = {"user_id": "ann/b", "delivery": "reminder:1", "event": {"type": "reminder"}}
        receiver.refuse(404, 429)
        outcomes = []
        for _ in range(2):
            with pytest.raises(httpx.HTTPStatusError) as refused:
                await webhook.post(payload, False)
            outcomes.append(is_transient(refused.value))
    assert outcomes == [False, True]  # the inbox parks a 404, retries a 429
    assert receiver.posts[0].path == "/todobot/ann%2Fb"


async def test_without_the_setting_nothing_is_posted(database_url: str) -> None:
    async with api_rig(database_url, rate_limit_per_minute=0) as api:
        await deliver_reminder(api, "ann")
        async with api.database.session() as session:
            posts = (await session.exec(select(InboxItem).where(InboxItem.source == SOURCE))).all()
    assert posts == []


def test_a_webhook_url_without_a_secret_is_refused() -> None:
    with pytest.raises(ValidationError, match="API_REMINDER_WEBHOOK_URL is set"):
        load_settings(api_reminder_webhook_url="https://app.example.com/todobot/{user_id}")
    with pytest.raises(ValidationError, match="api_reminder_webhook_url"):
        load_settings(api_reminder_webhook_url="app.example.com", api_webhook_secret="x" * 16)
