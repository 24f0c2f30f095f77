"""Three `todobot serve` processes on one PostgreSQL, fed by Telegram's webhook.

Telegram (played by the sender) delivers every update at least once, in any order, to any
worker, and sends again whatever was not acknowledged. Whatever happens to the workers or the
database, each update must change the task list exactly once. (The database itself going away
and coming back: `test_serve_postgres_restart.py`.)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import AsyncIterator

import httpx
import pytest
import pytest_asyncio

from tests.serve_processes import Sender
from tests.workers_rig import Cluster, deliveries, serving, telegram_updates

pytestmark = [pytest.mark.postgres, pytest.mark.slow, pytest.mark.asyncio(loop_scope="module")]


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def cluster(
    postgres_url: str, tmp_path_factory: pytest.TempPathFactory
) -> AsyncIterator[Cluster]:
    async with serving(postgres_url, tmp_path_factory.mktemp("serve")) as cluster:
        yield cluster


@pytest.fixture
def fresh(cluster: Cluster) -> Cluster:
    return cluster.fresh()


# Enough that the 32 deliveries the sender keeps in flight hold all three workers (eight turns
# each) busy throughout, a fifth of them duplicates arriving in any order.
UPDATES = 400


async def test_hundreds_of_updates_delivered_twice_and_shuffled_apply_once(
    fresh: Cluster,
) -> None:
    updates = telegram_updates(0, UPDATES, users=UPDATES // 4)
    async with httpx.AsyncClient(timeout=10) as client:
        await Sender(fresh.workers, client).deliver_all(deliveries(updates, seed=1))
    await fresh.settled(UPDATES)

    titles = await fresh.titles()
    assert titles == Counter({f"errand {n}": 1 for n in range(UPDATES)})
    assert await fresh.scalar("SELECT count(*) FROM processed_event") == UPDATES
    assert fresh.replies() == Counter({n: 1 for n in range(UPDATES)})


async def test_a_worker_killed_mid_stream_loses_and_doubles_nothing(fresh: Cluster) -> None:
    updates = telegram_updates(1000, 300, users=75)
    sends = deliveries(updates, seed=2)
    half = len(sends) // 2
    victim = next(worker for worker in fresh.workers if worker.alive)
    async with httpx.AsyncClient(timeout=10) as client:
        sender = Sender(fresh.workers, client)
        await sender.deliver_all(sends[:half])
        assert await fresh.scalar("SELECT count(*) FROM inbox_item WHERE status = 'pending'") > 0
        victim.kill()  # while it holds leases on turns in flight
        await sender.deliver_all(sends[half:])
    await victim.process.wait()
    await fresh.settled(300, within=90)

    assert await fresh.titles() == Counter({f"errand {n}": 1 for n in range(1000, 1300)})
    assert await fresh.scalar("SELECT count(*) FROM processed_event") == 300
    taken_over = await fresh.scalar("SELECT count(*) FROM inbox_item WHERE attempts > 1")
    assert taken_over > 0, "the dead worker's leased items were picked up by the others"
    replies = fresh.replies()
    assert set(replies) == set(range(1000, 1300)), "every update was answered, its too"
    # The answer is kept with the turn until it is noted as sent, so a worker killed between
    # its commit and its send leaves it to the next. One killed between the send and the note
    # costs a second copy of that answer: at most its in-flight items.
    assert sum(1 for count in replies.values() if count > 1) <= 8
