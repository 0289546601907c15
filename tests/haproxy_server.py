"""The real proxy for the tests and `scripts/cluster`: Debian's HAProxy run on `deploy/haproxy.cfg`, with its `bind`
line on a free port of this machine and one `server` line per `heartcards serve` process given."""

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
    text = re.sub(r"(?m)^    (server|use-server) .*\n", "", text)
    names = [route(number) for number in range(1, len(servers) + 1)]
    lines = "".join(f"    use-server {name} if {{ url_param(route) -m str {name} }}\n" for name in names)
    lines += "".join(f"    server {name} {address} check\n" for name, address in zip(names, servers, strict=True))
    return text.rstrip("\n") + "\n" + lines


class HaproxyServer:
    def __init__(self, binary: str, servers: Sequence[str], port: int | None = None) -> None:
        self.binary = binary
        self.port = port or free_port()
        self.folder = Path(tempfile.mkdtemp(prefix="heartcards-haproxy-"))
        self.config = self.folder / "haproxy.cfg"
        self.config.write_text(configuration(self.port, servers))
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    def start(self) -> None:
        self.process = subprocess.Popen(
            [self.binary, "-db", "-f", str(self.config)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )
        deadline = time.monotonic() + START_SECONDS
        while True:  # up once a health check has let a server in
            try:
                if httpx.get(self.url + "readyz", timeout=2.0).status_code == 200:
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
