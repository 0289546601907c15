"""A throwaway Redis for the tests: Debian's `redis-server` in a temporary folder, reached over a Unix socket in that
folder only (no TCP port, so it cannot clash with another server), with nothing saved to disk. It can be stopped and
started again on the same socket, as a Redis that restarts under running servers."""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import redis

from tests.postgres import REQUIRE_VARIABLE

START_SECONDS = 10.0
DATABASES = 16
"""Redis's numbered databases (its default configuration)."""


def server_binary() -> str | None:
    """`redis-server`, or None where it is not installed."""
    return shutil.which("redis-server") or ("/usr/bin/redis-server" if Path("/usr/bin/redis-server").exists() else None)


class RedisServer:
    def __init__(self, binary: str) -> None:
        self.binary = binary
        self.folder = Path(tempfile.mkdtemp(prefix="heartcards-redis-"))
        self.socket = self.folder / "redis.sock"
        self.process: subprocess.Popen[bytes] | None = None
        self.last_database = 0

    @property
    def url(self) -> str:
        return f"unix://{self.socket}"

    def new_database(self) -> str:
        """The URL of a numbered database of this Redis (1 to 15 in turn), emptied: what one test's servers keep
        there (an address's sockets and messages, lobby boards, quotas) is not the next test's, as each has a
        PostgreSQL database of its own. Publish and subscribe span the databases; the tables' ids keep those apart."""
        self.last_database = self.last_database % (DATABASES - 1) + 1
        client = redis.Redis(unix_socket_path=str(self.socket), db=self.last_database)
        try:
            client.flushdb()
        finally:
            client.close()
        return f"{self.url}?db={self.last_database}"

    def start(self) -> None:
        command = [
            self.binary,
            "--port", "0",
            "--unixsocket", str(self.socket),
            "--unixsocketperm", "700",
            "--save", "",
            "--appendonly", "no",
            "--dir", str(self.folder),
        ]  # fmt: skip
        self.process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + START_SECONDS
        while True:
            try:
                client = redis.Redis(unix_socket_path=str(self.socket))
                client.ping()
                client.close()
                return
            except redis.RedisError:
                if time.monotonic() > deadline or self.process.poll() is not None:
                    raise RuntimeError("redis-server did not start") from None
                time.sleep(0.05)

    def stop(self) -> None:
        if self.process is not None:
            self.process.kill()
            self.process.wait(timeout=10)
            self.process = None
        self.socket.unlink(missing_ok=True)

    def remove(self) -> None:
        self.stop()
        shutil.rmtree(self.folder, ignore_errors=True)


@pytest.fixture(scope="session")
def redis_server() -> Iterator[RedisServer]:
    """A Redis of its own for the session (import the fixture into a conftest to use it); skipped on a machine
    without `redis-server`, a failure where scripts/test asks for the real services."""
    binary = server_binary()
    if binary is None:
        if os.environ.get(REQUIRE_VARIABLE) == "require":
            pytest.fail("no Redis server on this machine (Debian's redis-server package)")
        pytest.skip("no Redis server on this machine (Debian's redis-server package)")
    server = RedisServer(binary)
    server.start()
    try:
        yield server
    finally:
        server.remove()
