"""PTB's `AIORateLimiter` with the bot's message rate shared by every process, plus requests
that never sleep on a flood wait.

Every message the bot sends or edits waits for its turn in the bot's `Pace`
(core/delivery/send_pace.py: `TELEGRAM_MESSAGES_PER_SECOND` across all processes); PTB's own limiter
still keeps each group to 20 a minute. A flood wait from Telegram holds the pace for every
process. A reminder send asks, with `rate_limit_args=NO_RETRY`, to get the flood wait back as
`FloodWait` at once instead of sleeping through it: the dispatcher then reschedules that
reminder for after the wait, rather than holding its claim while it sleeps.
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from datetime import timedelta
from typing import Any

from telegram.error import RetryAfter
from telegram.ext import AIORateLimiter

from core.delivery.send_pace import Pace
from core.delivery.transient import RetryLater

NO_RETRY = -1
# Requests that are not messages: no turn in the pace (a typing indicator must not wait).
UNPACED = frozenset({"sendChatAction"})


class FloodWait(RetryLater):
    def __init__(self, seconds: float) -> None:
        super().__init__(f"flood control: retry in {seconds:g} s")
        self.seconds = seconds


def is_message(endpoint: str, data: dict[str, Any]) -> bool:
    """A request that puts a message in a chat: sendMessage, sendDocument, editMessageText…"""
    sends = endpoint.startswith(("send", "edit", "copyMessage", "forwardMessage"))
    return sends and endpoint not in UNPACED and data.get("chat_id") is not None


class TodobotRateLimiter(AIORateLimiter):
    def __init__(self, pace: Pace, *, max_retries: int = 3) -> None:
        super().__init__(overall_max_rate=0, max_retries=max_retries)
        self.pace = pace

    async def process_request(
        self,
        callback: Callable[..., Coroutine[Any, Any, Any]],
        args: Any,
        kwargs: dict[str, Any],
        endpoint: str,
        data: dict[str, Any],
        rate_limit_args: int | None,
    ) -> Any:
        paced = is_message(endpoint, data)

        async def call(*call_args: Any, **call_kwargs: Any) -> Any:
            if paced:
                await self.pace.turn()
            try:
                return await callback(*call_args, **call_kwargs)
            except RetryAfter as flood:
                wait = flood.retry_after
                seconds = wait.total_seconds() if isinstance(wait, timedelta) else float(wait)
                await self.pace.hold(seconds)
                if rate_limit_args == NO_RETRY:
                    raise FloodWait(seconds) from flood
                raise

        retries = None if rate_limit_args == NO_RETRY else rate_limit_args
        return await super().process_request(call, args, kwargs, endpoint, data, retries)
