"""`serve --workers N`: N worker processes, each listening on the one port by itself.

The parent only reserves the port (`bot/listening.py`) and looks after the workers: it starts
a new one when one dies, and on SIGTERM/SIGINT passes SIGTERM to each and waits while they
drain. It never listens, so no connection can queue where no worker will take it.
(uvicorn's own supervisor hands one listening socket to every worker and keeps it open until
they have all exited; connections the kernel queued on it meanwhile were reset.)
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import signal
import threading
from collections.abc import Callable
from multiprocessing.process import BaseProcess
from types import FrameType
from typing import Any

log = logging.getLogger("uvicorn.error")

STARTUP_FAILURE = 3  # uvicorn's exit code for a worker whose app could not start
WATCH_SECONDS = 0.2


class WorkerPool:
    def __init__(
        self,
        count: int,
        target: Callable[..., None],
        kwargs: dict[str, Any],
        *,
        stop_seconds: float,
    ) -> None:
        self.count = count
        self.target = target
        self.kwargs = kwargs
        self.stop_seconds = stop_seconds
        self.workers: list[BaseProcess] = []
        self._stopping = threading.Event()
        self._context = multiprocessing.get_context("spawn")

    def run(self) -> int:
        """Until SIGTERM/SIGINT; 0 after a clean stop, 1 when workers could not start."""
        for signum in (signal.SIGTERM, signal.SIGINT):
            signal.signal(signum, self._stop)
        log.info("Started parent process [%d]", os.getpid())
        self.workers = [self._start() for _ in range(self.count)]
        failed = False
        while not self._stopping.wait(WATCH_SECONDS):
            failed = self._replace_dead()
            if failed:
                break
        self._terminate_all()
        log.info("Stopping parent process [%d]", os.getpid())
        return 1 if failed else 0

    def _start(self) -> BaseProcess:
        process = self._context.Process(target=self.target, kwargs=self.kwargs, daemon=False)
        process.start()
        return process

    def _replace_dead(self) -> bool:
        for index, process in enumerate(self.workers):
            if process.is_alive():
                continue
            process.join()
            if process.exitcode == STARTUP_FAILURE:
                log.error("Worker [%s] could not start; stopping.", process.pid)
                return True
            log.warning(
                "Worker [%s] died (exit code %s); starting a new one.",
                process.pid,
                process.exitcode,
            )
            self.workers[index] = self._start()
        return False

    def _terminate_all(self) -> None:
        for process in self.workers:
            if process.is_alive() and process.pid is not None:
                os.kill(process.pid, signal.SIGTERM)
        for process in self.workers:
            process.join(self.stop_seconds)
            if process.is_alive():
                log.error("Worker [%s] did not stop in time; killing it.", process.pid)
                process.kill()
                process.join()

    def _stop(self, signum: int, _frame: FrameType | None) -> None:
        log.info("Received %s; draining the workers.", signal.Signals(signum).name)
        self._stopping.set()
