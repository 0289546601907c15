"""`heartcards serve` in a subprocess on a given database: the one server starter of the tests and the benchmarks.

The server prints `Heart Cards is running at http://…/`; the address is read from that line (`--port 0` lets the
server pick a free port), then `/api/health` is polled until it answers. Everything the server prints is kept, so a
test or a benchmark can look for tracebacks.
"""

from __future__ import annotations

import os
import queue
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import httpx

from tests.support.fork_server import FORK_SERVER, ForkedProcess

START_TIMEOUT = 120.0
"""Seconds a server has to answer: a start takes seconds, but on a loaded 2-core machine running two test workers
beside other work its imports alone have taken over a minute."""
ADDRESS = re.compile(r"Heart Cards is running at (http://\S+/)")


def process_cpu_seconds(pid: int) -> float:
    """A process's CPU time so far (user + system, from Linux's /proc), in seconds."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class ServerStartError(RuntimeError):
    """The server exited or did not answer in time; the message holds what it printed."""


class LiveServer:
    """`python -m heartcards serve` in a subprocess. `.url` ("http://127.0.0.1:PORT/"), `.database_url`,
    `.start()`, `.stop()`, `.restart()` (same database, same port), `.client()`, `.output` (every line printed).
    Its own requests (`.client()`, the start's health checks) say `verify=False`: the address is plain http, and httpx
    otherwise builds a verifying TLS context for every client, loading the CA bundle (about 30 ms of CPU each)."""

    forked: bool = False
    """Servers forked from this process's fork server (tests/support/fork_server.py), which has imported the server
    already, rather than started as a new Python: the tests set it on the class (tests/conftest.py), a test about the
    command itself back on its server; the benchmarks, which time servers, leave it off."""

    def __init__(
        self,
        database_url: str,
        host: str = "127.0.0.1",
        environment: dict[str, str] | None = None,
        arguments: Sequence[str] = (),
    ) -> None:
        self.database_url = database_url
        self.host = host
        self.environment = dict(environment or {})
        """Variables added to this process's environment for the server (e.g. the bots' pacing)."""
        self.arguments = list(arguments)
        """More options of `heartcards serve` (e.g. `--log-format json`)."""
        self.port = 0
        self.url = ""
        self.process: subprocess.Popen[str] | ForkedProcess | None = None
        self.output: list[str] = []
        self.temporary: str | None = None
        """The server's own temporary folder (its `TMPDIR`), removed once it has stopped: a server killed outright
        leaves its worker pool's fork-server socket in it (`heartcards.runtime.pool`), not in the machine's."""

    def program_arguments(self) -> list[str]:
        """What follows `python -m heartcards`: the command and its options."""
        return [
            "serve",
            "--host",
            self.host,
            "--port",
            str(self.port),
            "--database",
            self.database_url,
            *self.arguments,
        ]

    def command(self) -> list[str]:
        return [sys.executable, "-m", "heartcards", *self.program_arguments()]

    def start(self, timeout: float = START_TIMEOUT) -> None:
        """Start (or start again: same database, same port once it has one); returns once the server answers.
        Raises `ServerStartError` with the server's output when it exits or does not answer within `timeout`."""
        self.url = ""
        self._remove_temporary()
        self.temporary = tempfile.mkdtemp(prefix="hc-server-")
        environment = {**os.environ, "PYTHONUNBUFFERED": "1", "TMPDIR": self.temporary, **self.environment}
        if self.forked:
            self.process = FORK_SERVER.start(self.program_arguments(), environment)
        else:
            self.process = subprocess.Popen(
                self.command(), stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=environment
            )
        lines: queue.Queue[str | None] = queue.Queue()
        threading.Thread(target=self._pump, args=(self.process, lines), daemon=True).start()
        deadline = time.monotonic() + timeout
        while not self.url or self.url.split(":")[-1].rstrip("/") != str(self.port) or not self._answers():
            if time.monotonic() > deadline:
                self.stop()
                raise ServerStartError("the server did not start:\n" + "".join(self.output))
            try:
                line = lines.get(timeout=0.05)
            except queue.Empty:
                if self.process.poll() is not None:
                    self.stop()  # reaped, and its temporary folder removed
                    raise ServerStartError("the server exited:\n" + "".join(self.output)) from None
                continue
            if line is None:
                continue
            match = ADDRESS.search(line)
            if match:
                self.url = match.group(1)
                self.port = int(self.url.rstrip("/").rsplit(":", 1)[1])

    def _pump(self, process: subprocess.Popen[str] | ForkedProcess, lines: queue.Queue[str | None]) -> None:
        if process.stdout is None:
            return
        for line in process.stdout:
            self.output.append(line)
            lines.put(line)
        lines.put(None)

    def _answers(self) -> bool:
        try:
            return httpx.get(self.url + "api/health", timeout=2.0, verify=False).status_code == 200
        except httpx.HTTPError:
            return False

    def stop(self) -> None:
        if self.process is None:
            return
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=10)
        self.process = None
        self._remove_temporary()

    def _remove_temporary(self) -> None:
        if self.temporary is not None:
            shutil.rmtree(self.temporary, ignore_errors=True)
            self.temporary = None

    def restart(self) -> None:
        """Stop the server and start it again on the same database and the same port."""
        self.stop()
        self.start()

    def client(self, **options: Any) -> httpx.Client:
        """An httpx client on the server's address (it keeps cookies, like one browser)."""
        return httpx.Client(base_url=self.url, timeout=10.0, verify=False, **options)

    def cpu_seconds(self) -> float:
        """The server process's CPU time so far (user + system, from Linux's /proc)."""
        if self.process is None:
            return 0.0
        return process_cpu_seconds(self.process.pid)

    def tracebacks(self) -> list[str]:
        """The tracebacks the server has printed, each from its first line to the exception's."""
        found: list[str] = []
        for number, line in enumerate(self.output):
            if "Traceback" in line:
                end = next(
                    (at for at in range(number + 1, len(self.output)) if not self.output[at][:1].isspace()),
                    len(self.output) - 1,
                )
                found.append("".join(self.output[number : end + 1]))
        return found
