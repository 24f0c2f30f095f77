"""Reminders on the chat API, also POSTed to the client's webhook (`API_REMINDER_WEBHOOK_URL`).

The reminder's message is written to the conversation and, in the same transaction, an inbox
item (source `webhook:api`) is scheduled to post it, so a posted reminder is always one the
conversation holds. The inbox delivers it like any other item: a refused post (a timeout,
429, 5xx) is retried with backoff, any other answer parks it (`todobot inbox list`). A post
can arrive twice (a worker killed between the post and its note); `Todobot-Delivery` is the
same on every attempt, for the receiver to drop a repeat.

Each attempt is signed: `Todobot-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of
"<t>.<body>" with API_WEBHOOK_SECRET>`; a receiver checks it and refuses an old `t`.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any
from urllib.parse import quote

from sqlmodel.ext.asyncio.session import AsyncSession

from core.delivery import scheduled
from core.storage.models import utcnow

if TYPE_CHECKING:
    import httpx

SOURCE = "webhook:api"
SIGNATURE_HEADER = "Todobot-Signature"
DELIVERY_HEADER = "Todobot-Delivery"


def signature(secret: str, body: bytes, at: int) -> str:
    digest = hmac.new(secret.encode(), f"{at}.".encode() + body, hashlib.sha256).hexdigest()
    return f"t={at},v1={digest}"


async def schedule_post(
    session: AsyncSession, *, user_id: str, delivery: str, event: dict[str, Any]
) -> None:
    """Post `event` to `user_id`'s webhook once the caller's transaction commits."""
    await scheduled.schedule(
        session,
        source=SOURCE,
        key=delivery,
        payload={"user_id": user_id, "delivery": delivery, "event": event},
        at=utcnow(),
    )


@dataclass
class ReminderWebhook:
    """The inbox's processor for `webhook:api`: one signed POST; raises when refused."""

    url_template: str
    secret: str
    client: httpx.AsyncClient

    def url_for(self, user_id: str) -> str:
        return self.url_template.replace("{user_id}", quote(user_id, safe=""))

    async def post(self, payload: dict[str, Any], _redelivered: bool) -> None:
        body = json.dumps(payload["event"], separators=(",", ":")).encode()
        headers = {
            "Content-Type": "application/json",
            DELIVERY_HEADER: str(payload["delivery"]),
            SIGNATURE_HEADER: signature(self.secret, body, int(time.time())),
        }
        answer = await self.client.post(
            self.url_for(str(payload["user_id"])), content=body, headers=headers
        )
        answer.raise_for_status()
