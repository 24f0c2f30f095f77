"""Waiting for an inbox to run dry, beside its worker loop if it runs: what a test awaits
instead of sleeping after it pushes a delivery."""

from __future__ import annotations

import asyncio

from core.delivery.inbox import Inbox


async def drain(inbox: Inbox) -> None:
    """Process until nothing due is left and nothing is running (a claim never hands out what
    another holds). It watches the loop's items in flight and the claim it has under way,
    the two things the loop keeps for anyone waiting on it."""
    while True:
        running = list(inbox._in_flight.values())
        if running:
            await asyncio.wait(running)
        elif inbox._claiming is not None:
            await asyncio.shield(inbox._claiming)
        elif not await run_once(inbox) and not inbox._in_flight and not inbox._claiming:
            return  # (the loop may have claimed what this round found gone)


async def run_once(inbox: Inbox) -> int:
    """Claim one batch and process it to the end; how many items it claimed."""
    items = await inbox.claim(inbox.policy.concurrency)
    await asyncio.gather(*(inbox.process(item) for item in items))
    return len(items)
