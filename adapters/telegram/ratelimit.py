"""PTB's `AIORateLimiter`, plus requests that never sleep on a flood wait.

Every request is paced to Telegram's limits (30 messages a second, 20 a minute per group).
A reminder send asks, with `rate_limit_args=NO_RETRY`, to get Telegram's flood wait back as
`FloodWait` at once instead of sleeping through it: the dispatcher then reschedules that
reminder for after the wait, rather than holding its claim while it sleeps.
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from datetime import timedelta
from typing import Any

from telegram.error import RetryAfter
from telegram.ext import AIORateLimiter

from core.delivery.inbox import RetryLater

NO_RETRY = -1


class FloodWait(RetryLater):
    def __init__(self, seconds: float) -> None:
        super().__init__(f"flood control: retry in {seconds:g} s")
        self.seconds = seconds


class TodobotRateLimiter(AIORateLimiter):
    async def process_request(
        self,
        callback: Callable[..., Coroutine[Any, Any, Any]],
        args: Any,
        kwargs: dict[str, Any],
        endpoint: str,
        data: dict[str, Any],
        rate_limit_args: int | None,
    ) -> Any:
        if rate_limit_args != NO_RETRY:
            return await super().process_request(
                callback, args, kwargs, endpoint, data, rate_limit_args
            )

        async def once(*call_args: Any, **call_kwargs: Any) -> Any:
            try:
                return await callback(*call_args, **call_kwargs)
            except RetryAfter as flood:
                wait = flood.retry_after
                seconds = wait.total_seconds() if isinstance(wait, timedelta) else float(wait)
                raise FloodWait(seconds) from flood

        return await super().process_request(once, args, kwargs, endpoint, data, None)
