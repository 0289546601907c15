"""The real proxy for the tests and `scripts/cluster`: Debian's HAProxy run on `deploy/haproxy.cfg`, with its `bind`
line on a free port of this machine and, in each backend, one `server` line per `heartcards serve` process given."""

from __future__ import annotations

import re
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

import httpx

CONFIG = Path(__file__).resolve().parent.parent / "deploy" / "haproxy.cfg"
START_SECONDS = 20.0


def haproxy_binary() -> str | None:
    return shutil.which("haproxy") or ("/usr/sbin/haproxy" if Path("/usr/sbin/haproxy").exists() else None)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def route(number: int) -> str:
    """The route of the `number`th server (from 1): its `server` line's name, given to it with `--route`."""
    return f"s{number}"


def configuration(port: int, servers: Sequence[str]) -> str:
    """`deploy/haproxy.cfg` listening on 127.0.0.1:`port`, in front of `servers` (host:port each), the `number`th
    of them started with `--route` `route(number)`."""
    text = CONFIG.read_text()
    text = re.sub(r"(?m)^    bind .*$", f"    bind 127.0.0.1:{port}", text)
    return re.sub(r"(?m)^(?:    (?:use-server|server) .*\n)+", lambda lines: _for(servers, lines[0]), text)


def _for(servers: Sequence[str], lines: str) -> str:
    """A backend's `use-server` and `server` lines written again for `servers`: of each kind, the first line is the
    pattern, with the first server's route (s1) and address replaced."""
    written = ""
    for kind in ("use-server", "server"):
        pattern = next((line for line in lines.splitlines() if line.startswith(f"    {kind} ")), None)
        if pattern is None:
            continue
        for number, address in enumerate(servers, start=1):
            line = re.sub(r"\bs1\b", route(number), pattern)
            written += re.sub(r"127\.0\.0\.1:\d+", address, line) + "\n"
    return written


class HaproxyServer:
    def __init__(self, binary: str, servers: Sequence[str], port: int | None = None) -> None:
        self.binary = binary
        self.port = port or free_port()
        self.folder = Path(tempfile.mkdtemp(prefix="heartcards-haproxy-"))
        self.config = self.folder / "haproxy.cfg"
        self.config.write_text(configuration(self.port, servers))
        shutil.copytree(CONFIG.parent / "errors", self.folder / "errors")
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    def start(self, until_a_server_is_up: bool = True) -> None:
        """Starts HAProxy, and waits until a health check has let a server in (or, if not `until_a_server_is_up`,
        until the proxy itself answers)."""
        self.process = subprocess.Popen(
            [self.binary, "-db", "-f", str(self.config)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )
        deadline = time.monotonic() + START_SECONDS
        while True:
            try:
                # plain HTTP: verify=False spares each poll the certificate store (32 ms of CPU a client)
                if (
                    httpx.get(self.url + "readyz", timeout=2.0, verify=False).status_code == 200
                    or not until_a_server_is_up
                ):
                    return
            except httpx.HTTPError:
                pass
            if time.monotonic() > deadline or self.process.poll() is not None:
                self.stop()
                raise RuntimeError("haproxy did not start")
            time.sleep(0.1)

    def stop(self) -> None:
        if self.process is not None:
            self.process.terminate()
            self.process.wait(timeout=10)
            self.process = None
        shutil.rmtree(self.folder, ignore_errors=True)
