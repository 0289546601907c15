"""`bash scripts/cluster --servers N`: PostgreSQL, Redis, N servers and HAProxy on this machine, until interrupted.

It uses the very starters of the tests (`tests/postgres.py`, `tests/redis_server.py`, `tests/support/live_server.py`,
`tests/haproxy_server.py`): what is tried here is what the tests run.
"""

from __future__ import annotations

import argparse
import contextlib
import signal
import sys
import threading
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.haproxy_server import HaproxyServer, haproxy_binary, route
from tests.postgres import PostgresServer, server_binaries
from tests.redis_server import RedisServer, server_binary
from tests.support.live_server import LiveServer


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--servers", type=int, default=3, help="how many `heartcards serve` processes (default 3)")
    parser.add_argument("--port", type=int, default=8080, help="the proxy's port on 127.0.0.1 (default 8080)")
    options = parser.parse_args()
    if not 1 <= options.servers <= 32:
        parser.error(f"--servers {options.servers}: give 1 to 32")
    postgres_binaries, redis_binary, proxy_binary = server_binaries(), server_binary(), haproxy_binary()
    missing = [
        name
        for name, found in (
            ("postgresql", postgres_binaries),
            ("redis-server", redis_binary),
            ("haproxy", proxy_binary),
        )
        if found is None
    ]
    if missing or postgres_binaries is None or redis_binary is None or proxy_binary is None:
        print(f"error: install Debian's {' '.join(missing)} first", file=sys.stderr)
        return 2
    database = PostgresServer(postgres_binaries)
    redis = RedisServer(redis_binary)
    servers: list[LiveServer] = []
    proxy: HaproxyServer | None = None
    try:
        database.start()
        redis.start()
        database_url = database.new_database()
        for number in range(1, options.servers + 1):
            arguments = ["--redis", redis.url, "--trusted-proxy", "127.0.0.1", "--route", route(number)]
            server = LiveServer(database_url, arguments=arguments)
            server.start()
            servers.append(server)
            print(f"server {len(servers)}: {server.url} (pid {server.process.pid if server.process else '?'})")
        proxy = HaproxyServer(proxy_binary, [f"127.0.0.1:{server.port}" for server in servers], options.port)
        proxy.start()
        print(f"Heart Cards ({options.servers} servers behind HAProxy) is running at {proxy.url}")
        print("Ctrl-C stops everything; kill a server's pid to see its tables go on elsewhere.")
        stop = threading.Event()
        signal.signal(signal.SIGTERM, lambda *_: stop.set())
        with contextlib.suppress(KeyboardInterrupt):
            stop.wait()
    finally:
        if proxy is not None:
            proxy.stop()
        for server in servers:
            server.stop()
        redis.remove()
        database.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
