"""Waiting for an inbox to run dry, beside its worker loop if it runs: what a test awaits
instead of sleeping after it pushes a delivery."""

from __future__ import annotations

import asyncio

from core.delivery.inbox import Inbox


async def drain(inbox: Inbox) -> None:
    """Process until nothing due is left and nothing is running (a claim never hands out what
    another holds): the worker loop's items and claim settle, then one more round finds none."""
    while True:
        await inbox.settled()
        if not await run_once(inbox) and not inbox.busy:
            return  # (the loop may have claimed what this round found gone)


async def run_once(inbox: Inbox) -> int:
    """Claim one batch and process it to the end; how many items it claimed."""
    items = await inbox.claim(inbox.policy.concurrency)
    await asyncio.gather(*(inbox.process(item) for item in items))
    return len(items)
