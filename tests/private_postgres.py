"""A PostgreSQL server of the test's own: `initdb` in a fresh temporary directory, `pg_ctl` on a
free port of 127.0.0.1, trust authentication, no Unix socket. A test may stop, restart or kill
it without touching the server anyone else uses (the shared one, the other xdist workers').

PostgreSQL refuses to run as root, so when the suite runs as root the server runs as the
`postgres` user (`runuser`), in a directory handed to that user.
"""

from __future__ import annotations

import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from sqlalchemy import create_engine, text

# Durability is of no use to a throwaway server; these make it start and write faster.
SERVER_OPTIONS = (
    "-c listen_addresses=127.0.0.1 -c unix_socket_directories='' "
    "-c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200"
)


def postgres_bin() -> Path | None:
    """The directory holding `initdb` and `pg_ctl`: `pg_config --bindir`, or the newest
    Debian-style `/usr/lib/postgresql/N/bin`; None when this machine has neither."""
    if pg_config := shutil.which("pg_config"):
        found = subprocess.run([pg_config, "--bindir"], capture_output=True, text=True)
        bindir = Path(found.stdout.strip())
        if found.returncode == 0 and (bindir / "initdb").exists():
            return bindir
    versions = sorted(
        Path("/usr/lib/postgresql").glob("*/bin/initdb"), key=lambda p: int(p.parent.parent.name)
    )
    return versions[-1].parent if versions else None


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@dataclass
class PrivatePostgres:
    bindir: Path
    directory: Path
    port: int

    @property
    def data(self) -> Path:
        return self.directory / "data"

    @property
    def log(self) -> Path:
        return self.directory / "server.log"

    def url(self, database: str = "postgres") -> str:
        return f"postgresql+psycopg://postgres@127.0.0.1:{self.port}/{database}"

    def pg_ctl(self, *args: str) -> list[str]:
        return self._as_owner(str(self.bindir / "pg_ctl"), "-D", str(self.data), "-w", *args)

    def start(self) -> None:
        self._run(
            self.pg_ctl("-l", str(self.log), "-o", f"-p {self.port} {SERVER_OPTIONS}", "start")
        )

    def restart_command(self) -> list[str]:
        """`pg_ctl restart`, fast mode: every connection is cut, as a server restart does."""
        return self.pg_ctl("-l", str(self.log), "-m", "fast", "restart")

    def stop(self) -> None:
        subprocess.run(self.pg_ctl("-m", "immediate", "stop"), capture_output=True)

    def create_database(self, name: str) -> str:
        admin = create_engine(self.url(), isolation_level="AUTOCOMMIT")
        with admin.connect() as connection:
            connection.execute(text(f'CREATE DATABASE "{name}"'))
        admin.dispose()
        return self.url(name)

    def _as_owner(self, *command: str) -> list[str]:
        if os.geteuid() == 0:
            return ["runuser", "-u", "postgres", "--", *command]
        return list(command)

    def _run(self, command: list[str]) -> None:
        done = subprocess.run(command, capture_output=True, text=True)
        if done.returncode != 0:
            log = self.log.read_text() if self.log.exists() else ""
            raise RuntimeError(f"{' '.join(command)} failed:\n{done.stdout}{done.stderr}{log}")


@contextmanager
def private_postgres(bindir: Path) -> Iterator[PrivatePostgres]:
    """A running server of its own, stopped and deleted on the way out."""
    directory = Path(tempfile.mkdtemp(prefix="todobot-test-pg-"))
    if os.geteuid() == 0:
        owner = pwd.getpwnam("postgres")
        os.chown(directory, owner.pw_uid, owner.pw_gid)
    server = PrivatePostgres(bindir, directory, free_port())
    try:
        initdb = str(bindir / "initdb")
        server._run(
            server._as_owner(
                initdb, "-D", str(server.data), "-A", "trust", "-U", "postgres", "--no-sync"
            )
        )
        _start_on_a_free_port(server)
        yield server
    finally:
        server.stop()
        shutil.rmtree(directory, ignore_errors=True)


def _start_on_a_free_port(server: PrivatePostgres, attempts: int = 5) -> None:
    """Another process may take the free port before the server binds it: try another."""
    for attempt in range(attempts):
        try:
            server.start()
            return
        except RuntimeError:
            if attempt == attempts - 1:
                raise
            server.port = free_port()
