"""The PostgreSQL connections a `serve` deployment may hold, and one warning at start when
the server would run out of them.

Every process opens its connections on demand and keeps them, up to a fixed most: its pool
(DB_POOL_SIZE + DB_MAX_OVERFLOW), the acks' own small pool when it takes deliveries, and one
LISTEN connection when it runs turns. Several servers on one database add up, so `serve`
compares what it may hold with the server's `max_connections` before it starts. It only
warns: a server that cannot be asked never stops the start.
"""

from __future__ import annotations

import logging

from bot.roles import Role, runs_turns, takes_deliveries
from bot.settings import Settings
from core.storage.db import normalize_url, sync_url

log = logging.getLogger(__name__)

# Connections for recording deliveries before the ack (pool and overflow alike); group
# commit needs very few.
INTAKE_POOL_SIZE = 2
# A worker's LISTEN connection (core/delivery/wakeup.py), outside every pool.
LISTENER = 1
# Left for everything else: psql, migrations, backups, monitoring, the superuser's reserve.
MARGIN = 10
ASK_SECONDS = 5


def per_process(settings: Settings, role: Role) -> int:
    """The most connections one `serve` process of `role` holds."""
    held = settings.db_pool_size + settings.db_max_overflow
    if takes_deliveries(role):
        held += 2 * INTAKE_POOL_SIZE
    if runs_turns(role):
        held += LISTENER
    return held


def over_budget(settings: Settings, role: Role, workers: int, max_connections: int) -> str | None:
    """What to tell the operator when `workers` processes may hold more than the server
    leaves (its `max_connections` less MARGIN); None when they fit."""
    each = per_process(settings, role)
    allowed = max_connections - MARGIN
    if workers * each <= allowed:
        return None
    parts = f"DB_POOL_SIZE {settings.db_pool_size} + DB_MAX_OVERFLOW {settings.db_max_overflow}"
    if takes_deliveries(role):
        parts += f" + intake {2 * INTAKE_POOL_SIZE}"
    if runs_turns(role):
        parts += f" + LISTEN {LISTENER}"
    return (
        f"PostgreSQL connections: this server may hold {workers * each} ({workers} "
        f"worker(s) x {each}: {parts}), more than the {allowed} PostgreSQL leaves "
        f"(max_connections {max_connections} less {MARGIN}); under load its requests may "
        "fail. Lower DB_POOL_SIZE, DB_MAX_OVERFLOW or --workers, raise max_connections, or "
        "put PgBouncer in front (see Connections to PostgreSQL in the production guide)."
    )


def max_connections(database_url: str) -> int:
    """The server's `max_connections`, asked on a connection of its own."""
    import psycopg

    url = sync_url(normalize_url(database_url)).set(drivername="postgresql")
    conninfo = url.render_as_string(hide_password=False)
    with psycopg.connect(conninfo, connect_timeout=ASK_SECONDS, autocommit=True) as connection:
        row = connection.execute("SHOW max_connections").fetchone()
    return int(row[0]) if row else 0


def warn_if_over_budget(settings: Settings, *, role: Role, workers: int) -> None:
    """One warning line when the deployment may need more connections than the server has
    (PostgreSQL only); never raises."""
    if sync_url(normalize_url(settings.database_url)).get_backend_name() != "postgresql":
        return
    try:
        limit = max_connections(settings.database_url)
    except Exception as error:  # the start reports an unreachable database itself
        log.debug("could not read max_connections: %s", error)
        return
    message = over_budget(settings, role, workers, limit)
    if message is not None:
        log.warning(message)
