"""One client against everyone else, over loopback, the way issue 30's attacks were run: what each attack costs
another client of either game now. Figures (kept in `results/fairness.jsonl`):

While each attack runs, two bystanders from another address (127.0.0.2) ask at a steady pace: `/api/health` over
HTTP every 20 ms (`health_*`), and a `ping` on a Hearts table's socket every 100 ms (`ping_*`, under a socket's own
rate), each round trip's p50 and p99 in milliseconds; `*_alone` is the same with no attack, and `worst_*_ratio` the
largest p99 under an attack over the p99 alone. The server's own side, from its `/metrics`: how late its event loop
ran what was due during each phase (`loop_delay_*_p99_ms`, the upper bound of the histogram bucket holding the p99,
and `loop_delay_*_over_5ms_share`), measured inside the server (with `--pin`, on a core of its own). The attacks,
each from 127.0.0.1 (or addresses of its own):

1. `moves`: one cookie sends 50 batches of 2,000 moves toward a 100,000-move record (then has it replaced, long and
   short in turn). On the server as it is (its address's budget of moves answers most of them 429), and on one that
   spares the attacker's address the budget (`moves_unbudgeted`: every batch is played, what the batches' own cost
   does to the bystanders, measured against that server's own `*_alone_unbudgeted`).
2. `hints`: 300 fresh cookies ask one hint each at once on a deal whose search takes a few times the bystander's;
   the bystander's own hint is asked alone and once every flood hint is queued or refused (`bystander_hint_*_s`):
   it waits for the search running and at most one more.
3. `requests`: 300 requests at once (`/api/h2h/stats`, a fresh cookie each, on a connection each), three times: the
   server reads one of the connections at a time, 64 more wait unread, and the rest are refused at once
   (`requests_answered_*`; `web/connections.py`). Meanwhile a person at another address (127.0.0.7, in a process of
   its own) reads their own statistics every 20 ms, as they were read 5 s alone just before
   (`bystander_stats_*_p99_ms`). Then `heavy_reads`: one cookie of a player of 2,000 games (written straight into the
   server's database) asks its statistics 65 at a time for 10 s, the same reader beside it
   (`bystander_stats_heavy_*_p99_ms`); then `heavy_exports`: that player makes an account and asks its export (every
   game, some 2 MB of JSON) 65 at a time for 10 s, the reader beside it (`bystander_stats_exports_*_p99_ms`); an
   account has a few exports in 10 minutes, the rest are refused.
4. `h2h_games` and `hearts_tables`: Heart to Heart games made with a fresh cookie each for 15 s, and Hearts tables
   asked 20 at a time with fresh cookies for 10 s: how many were made (the quotas are per address); besides, 30
   concurrent Hearts tables asked on one cookie (the quota is 12).
5. `renewals`: eight accounts of one address renew their recovery codes over and over, at once, for 10 s (each
   renewal hashes ten codes, some 300 ms of a core): how many were answered and refused; and how long a person at
   another address takes to make an account, alone and during the flood (`bystander_account_*_s`): its codes wait
   for the flood's job under way and at most one more.
6. `link_codes`: an account asks codes to sign another device in (a row written and a QR code drawn each), 65 at a
   time for 10 s; it has a few in 10 minutes, the rest are refused.
7. `sockets`: 400 spectator sockets asked on one table, how many are held open (the cap is 24), then every one of
   them sends pings flat out for 10 s, another table's bystander pinging meanwhile.

On one machine the attacker's own client takes CPU from the server and the bystanders, which no server can help;
with `--pin` the server (with its workers) runs on core 0 alone, as if the attacker came from another machine, and
the attacker on the other cores beside the bystanders, which go first there (a higher priority), so what is left is
what the server lets one client do to another. A p99 of a phase's few hundred round trips is its one or two slowest,
and one hiccup of a shared machine moves it: `--runs` repeats the whole run and prints each ratio's median.
With `--behind-proxy` the server trusts every loopback address as a proxy's (`HEARTCARDS_TRUSTED_PROXIES`), as a
site behind its proxy sees its clients: no connection is gated, and the app counts each address's requests
(`web/limits.py`, `RUNNING_PER_CLIENT` at once). With `--through-proxy` every client goes through Debian's HAProxy
on `deploy/haproxy.cfg` (which holds the requests of a client with many in flight before the server reads them), the
server trusting the proxy's address alone: the site as `deploy/` runs it.

    uv run python benchmarks/fairness.py            # about four minutes; --no-keep for a run not worth keeping
    uv run python benchmarks/fairness.py --pin      # the attacker on a core of its own
    uv run python benchmarks/fairness.py --pin --runs 3   # three runs, each kept, then each ratio's median
    uv run python benchmarks/fairness.py --only requests   # the bystanders alone, then one attack (not kept)
    uv run python benchmarks/fairness.py --pin --behind-proxy --only requests   # the same, as any proxy would pass it
    uv run python benchmarks/fairness.py --pin --through-proxy --only requests  # the same through the site's proxy
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import math
import multiprocessing
import os
import random
import secrets
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Awaitable, Callable, Iterator
from datetime import UTC, datetime, timedelta
from multiprocessing.queues import Queue
from multiprocessing.synchronize import Event as EventType
from pathlib import Path
from types import TracebackType

import httpx
import websockets

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from sqlalchemy import create_engine, insert
from tests.haproxy_server import HaproxyServer, haproxy_binary
from tests.support.authenticator import SoftAuthenticator
from tests.support.live_server import LiveServer
from tests.support.metrics import bucket_bound, histogram_between, histogram_buckets, metric_values

from daily import game_row
from heartcards.figures import percentile
from heartcards.runtime.settings import TRUSTED_PROXIES_VARIABLE
from heartcards.storage.h2h_models import GAMES
from heartcards.storage.models import PLAYERS
from record import record_run

SEED_CODE = "HH1-N-AAAAAAM"
COSTLY_HINT_CODE = "HH1-N-AAAAAHV"  # the fairness test's: its opening hint takes a few times the bystander's
BATCHES = 50
BYSTANDER = "127.0.0.2"
READER = "127.0.0.7"
"""The address of a person reading their Heart to Heart statistics while the 300 requests come."""
WATCHER = "127.0.0.3"
"""The address the benchmark reads the server's `/metrics` from."""
HEALTH_PAUSE_SECONDS = 0.02
PING_PAUSE_SECONDS = 0.1
ALONE_SECONDS = 10.0
HEAVY_GAMES = 2_000
READER_ALONE_SECONDS = 5.0
FLOOD_SECONDS = 10.0
SERVER_CORES: set[int] | None = None
"""With `--pin`: the server's cores (with its workers); the attacker and the bystanders run on the others."""
BEHIND_PROXY: dict[str, str] = {}
"""With `--behind-proxy`, the servers' environment that trusts every loopback address as a proxy's."""
THROUGH_PROXY = False
"""With `--through-proxy`: each server behind HAProxy on `deploy/haproxy.cfg`, which every client goes through."""
SERVER_OF: dict[str, str] = {}
"""With `--through-proxy`, the proxy's address → its server's: `/metrics` is read from the server (the proxy never
serves it)."""
BYSTANDER_NICENESS = -10
"""With `--pin`: the bystanders' priority over the attacker beside them (root may raise it; else it stays)."""


def new_table(url: str, name: str, address: str = "127.0.0.4") -> str:
    """A waiting online table (made from an address of its own, so no attacker's quota counts it)."""
    with httpx.Client(base_url=url, timeout=60, transport=httpx.HTTPTransport(local_address=address)) as host:
        answer = host.post("/api/hearts/tables", json={"mode": "online", "name": name})
        answer.raise_for_status()
        table_id: str = answer.json()["table"]["id"]
        return table_id


def socket_address(url: str, table_id: str) -> str:
    return url.replace("http://", "ws://") + f"ws/hearts/{table_id}"


Trips = tuple[list[float], list[float], list[float]]
"""The bystanders' round trips in milliseconds: health, pings, statistics."""


class Probes:
    """The bystanders, each in a thread of its own, until `stop` is set: their round trips in milliseconds. The two
    (health and ping), or the reader of statistics alone."""

    def __init__(self, url: str, table_id: str, stop: EventType, reader: bool) -> None:
        self.url = url
        self.table_id = table_id
        self.stop = stop
        self.reader = reader
        self.health: list[float] = []
        self.pings: list[float] = []
        self.stats: list[float] = []
        self.connected = threading.Event()

    def run(self) -> Trips:
        if self.reader:
            threads = [threading.Thread(target=self._ask, args=(READER, "/api/h2h/stats", self.stats))]
        else:
            threads = [
                threading.Thread(target=self._ask, args=(BYSTANDER, "/api/health", self.health)),
                threading.Thread(target=lambda: asyncio.run(self._ping())),
            ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        return self.health, self.pings, self.stats

    def _ask(self, address: str, path: str, times: list[float]) -> None:
        transport = httpx.HTTPTransport(local_address=address)
        with httpx.Client(base_url=self.url, timeout=120, transport=transport) as client:
            if self.reader:
                client.get(path).raise_for_status()  # the reader's cookie set
                self.connected.set()
            self.connected.wait()
            while not self.stop.is_set():
                started = time.perf_counter()
                client.get(path).raise_for_status()
                times.append((time.perf_counter() - started) * 1000)
                time.sleep(HEALTH_PAUSE_SECONDS)

    async def _ping(self) -> None:
        address = socket_address(self.url, self.table_id)
        async with websockets.connect(address, local_addr=(BYSTANDER, 0), open_timeout=60) as socket:
            await socket.send(json.dumps({"type": "hello"}))
            await socket.recv()
            self.connected.set()
            number = 0
            while not self.stop.is_set():
                number += 1
                started = time.perf_counter()
                await socket.send(json.dumps({"type": "ping", "id": number}))
                while json.loads(await socket.recv()).get("id") != number:  # a state may come first
                    pass
                self.pings.append((time.perf_counter() - started) * 1000)
                await asyncio.sleep(PING_PAUSE_SECONDS)


def probe(
    url: str,
    table_id: str,
    ready: EventType,
    stop: EventType,
    results: Queue[Trips],
    pinned: bool,
    reader: bool,
) -> None:
    """The bystanders' process: apart from the attackers' (which would otherwise hold the interpreter lock against
    them and show in their times)."""
    if pinned:  # ahead of the attacker on its cores: their own times, not the attacker's CPU
        with contextlib.suppress(PermissionError):
            os.nice(BYSTANDER_NICENESS)
    # The process imports the benchmark's modules (the app's, SQLAlchemy's, the tests' helpers): with the collector
    # on, a full pass over them took about 90 ms every 10-20 s of probing, and stood in a round trip as the p99 of a
    # phase. What it makes while probing is little and lives until it ends.
    gc.freeze()
    gc.disable()
    probes = Probes(url, table_id, stop, reader)
    threading.Thread(target=lambda: (probes.connected.wait(), ready.set())).start()
    results.put(probes.run())


class Bystanders:
    """The two bystanders of a phase (or, `reader`, the reader of statistics), in a process of their own while the
    body runs."""

    def __init__(self, url: str, table_id: str, reader: bool = False) -> None:
        context = multiprocessing.get_context("spawn")
        self._ready, self._stop = context.Event(), context.Event()
        self._results: Queue[Trips] = context.Queue()
        pinned = SERVER_CORES is not None
        self._process = context.Process(
            target=probe, args=(url, table_id, self._ready, self._stop, self._results, pinned, reader)
        )
        self.health: list[float] = []
        self.pings: list[float] = []
        self.stats: list[float] = []

    def __enter__(self) -> Bystanders:
        self._process.start()
        if not self._ready.wait(120):
            raise RuntimeError("the bystanders did not connect")
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        self._stop.set()
        self.health, self.pings, self.stats = self._results.get(timeout=300)
        self._process.join()

    def figures(self, phase: str) -> dict[str, float]:
        return {
            f"health_{phase}_p50_ms": round(percentile(self.health, 0.5), 1),
            f"health_{phase}_p99_ms": round(percentile(self.health, 0.99), 1),
            f"ping_{phase}_p50_ms": round(percentile(self.pings, 0.5), 1),
            f"ping_{phase}_p99_ms": round(percentile(self.pings, 0.99), 1),
        }


@contextlib.contextmanager
def serving(folder: str, name: str, environment: dict[str, str] | None = None) -> Iterator[str]:
    """A server on a database of its own in `folder` (with its workers on the server's cores when pinned; the
    attacker stays on the others): the address its clients use (its proxy's with `--through-proxy`)."""
    trusted = {TRUSTED_PROXIES_VARIABLE: "127.0.0.1"} if THROUGH_PROXY else {}  # the proxy's own address
    server = LiveServer(
        f"sqlite:///{Path(folder) / name}", environment={**BEHIND_PROXY, **trusted, **(environment or {})}
    )
    attacker = os.sched_getaffinity(0)
    if SERVER_CORES is not None:
        os.sched_setaffinity(0, SERVER_CORES)
    try:
        server.start()
    finally:
        os.sched_setaffinity(0, attacker)
    proxy = None
    try:
        if THROUGH_PROXY:  # not on the server's cores: a proxy on a machine of its own would take none of them
            proxy = HaproxyServer(haproxy_binary() or "haproxy", [f"127.0.0.1:{server.port}"])
            proxy.start()
            SERVER_OF[proxy.url] = server.url
            if SERVER_CORES is not None and proxy.process is not None:  # ahead of the attacker, as the bystanders
                with contextlib.suppress(PermissionError):
                    os.setpriority(os.PRIO_PROCESS, proxy.process.pid, BYSTANDER_NICENESS)
        yield server.url if proxy is None else proxy.url
    finally:
        if proxy is not None:
            proxy.stop()
        server.stop()


@contextlib.contextmanager
def watched(url: str, table_id: str, phase: str, figures: dict[str, object]) -> Iterator[None]:
    """Runs the bystanders while the body runs, and adds their figures for `phase`, with the server's own: how late
    its event loop ran what was due meanwhile (`loop_delay_*`, from `/metrics`)."""
    before = loop_delays(url)
    with Bystanders(url, table_id) as bystanders:
        yield
    figures.update(bystanders.figures(phase))
    after = loop_delays(url)
    delays = histogram_between(before, after)
    figures[f"loop_delay_{phase}_p99_ms"] = round(bucket_bound(delays, 0.99) * 1000, 1)  # the bucket's upper bound
    figures[f"loop_delay_{phase}_over_5ms_share"] = round(1 - delays[0.005] / max(delays[math.inf], 1), 4)


def loop_delays(url: str) -> dict[float, float]:
    """The server's event-loop delay histogram: samples at or under each bound in seconds (cumulative)."""
    transport = httpx.HTTPTransport(local_address=WATCHER)  # not the attacker's address, whose line may be full
    with httpx.Client(transport=transport, timeout=60) as client:
        return histogram_buckets(client.get(metrics_url(url)).text, "heartcards_event_loop_delay_seconds")


def alone(url: str, table_id: str, phase: str, figures: dict[str, object]) -> None:
    with watched(url, table_id, phase, figures):
        time.sleep(ALONE_SECONDS)


def moves_attack(url: str) -> dict[str, int]:
    with httpx.Client(base_url=url, timeout=300) as attacker:
        game_id = attacker.post("/api/h2h/games", json={"code": SEED_CODE}).json()["id"]
        statuses: list[int] = []
        stored = 0
        for number in range(BATCHES):
            if number < BATCHES // 2:
                body: dict[str, object] = {"from": stored, "moves": ["S"] * 2000}
            else:
                body = {"from": 0, "moves": ["S"] * (2000 if number % 2 else 1000), "replace": True}
            answer = attacker.post(f"/api/h2h/games/{game_id}/moves", json=body)
            statuses.append(answer.status_code)
            stored = answer.json()["stored"] if answer.status_code == 200 else stored
    return {"answered_200": statuses.count(200), "answered_429": statuses.count(429)}


def metrics_url(url: str) -> str:
    """Where the server its clients reach at `url` answers `/metrics` (its own address: a proxy never serves it)."""
    return SERVER_OF.get(url, url) + "metrics"


def queued_searches(client: httpx.Client) -> int:
    text = client.get(metrics_url(str(client.base_url))).text
    return int(metric_values(text)["heartcards_solver_queue_searches"])


def timed_hint(client: httpx.Client, game_id: str) -> float:
    started = time.perf_counter()
    client.post(f"/api/h2h/games/{game_id}/hint").raise_for_status()
    return time.perf_counter() - started


def hint_flood(url: str, watch: Callable[[], contextlib.AbstractContextManager[None]]) -> dict[str, float]:
    pairs = []
    for number in range(300):  # the games are made from ten addresses (each has a game quota), the hints from one
        transport = httpx.HTTPTransport(local_address=f"127.0.1.{number % 10 + 1}")
        with httpx.Client(base_url=url, transport=transport, timeout=60) as making:
            answer = making.post("/api/h2h/games", json={"code": COSTLY_HINT_CODE})
        pairs.append((answer.json()["id"], answer.cookies["hc_player"]))
    with httpx.Client(base_url=url, transport=httpx.HTTPTransport(local_address=BYSTANDER), timeout=300) as bystander:
        game_id = bystander.post("/api/h2h/games", json={"code": SEED_CODE}).json()["id"]
        timed_hint(bystander, game_id)  # the solver's worker started
        hint_alone = min(timed_hint(bystander, game_id) for _ in range(3))
        answered: list[int] = []

        async def flood() -> None:
            transport = httpx.AsyncHTTPTransport(local_address="127.0.0.1")
            limits = httpx.Limits(max_connections=None)
            async with httpx.AsyncClient(base_url=url, transport=transport, timeout=300, limits=limits) as flooder:

                async def ask(game: str, cookie: str) -> None:
                    answer = await flooder.post(
                        f"/api/h2h/games/{game}/hint", headers={"cookie": f"hc_player={cookie}"}
                    )
                    answered.append(answer.status_code)

                await asyncio.gather(*(ask(game, cookie) for game, cookie in pairs))

        with watch():
            thread = threading.Thread(target=lambda: asyncio.run(flood()))
            thread.start()
            while len(answered) + queued_searches(bystander) + 1 < len(pairs):
                time.sleep(0.05)
            waited = timed_hint(bystander, game_id)
            thread.join()
    return {
        "bystander_hint_alone_s": round(hint_alone, 3),
        "bystander_hint_s": round(waited, 3),
        "flood_hints_answered_429": answered.count(429),
    }


async def requests_at_once(url: str) -> dict[str, int]:
    answered: dict[str, int] = {}
    transport = httpx.AsyncHTTPTransport(local_address="127.0.0.1")
    limits = httpx.Limits(max_connections=None)
    async with httpx.AsyncClient(base_url=url, transport=transport, timeout=120, limits=limits) as flooder:
        for _ in range(3):
            answers = await asyncio.gather(
                *(
                    flooder.get("/api/h2h/stats", headers={"cookie": f"hc_player={secrets.token_hex(16)}"})
                    for _ in range(300)
                ),
                return_exceptions=True,
            )
            for answer in answers:
                key = f"requests_answered_{answer.status_code if isinstance(answer, httpx.Response) else 'failed'}"
                answered[key] = answered.get(key, 0) + 1
    return answered


Watch = Callable[[], contextlib.AbstractContextManager[None]]
"""Runs a phase's bystanders (`watched`) around an attack."""


def read_beside(
    url: str, table_id: str, watch: Watch, attack: Callable[[], dict[str, int]], name: str
) -> dict[str, float]:
    """`attack` while a person at another address reads their own statistics (on the server's reading threads, as
    the attacker's are) every 20 ms: the p99 of that round trip alone, just before, and under the attack."""
    with Bystanders(url, table_id, reader=True) as reader:
        time.sleep(READER_ALONE_SECONDS)
    with watch(), Bystanders(url, table_id, reader=True) as attacked:
        figures: dict[str, float] = dict(attack())
    figures[f"bystander_stats_{name}alone_p99_ms"] = round(percentile(reader.stats, 0.99), 1)
    figures[f"bystander_stats_{name}p99_ms"] = round(percentile(attacked.stats, 0.99), 1)
    return figures


def write_heavy_player(database: Path) -> str:
    """A player of `HEAVY_GAMES` games (months of play, which no client makes faster through the quotas), written
    straight into the server's database: their id, which is their cookie."""
    player = secrets.token_hex(16)
    pace = random.Random(11)
    now = datetime.now(UTC)
    rows = []
    for _ in range(HEAVY_GAMES):
        played_at = now - timedelta(days=pace.randint(0, 700))
        rows.append(
            game_row(pace, pace.getrandbits(120), player, f"N{pace.randint(0, 999)}", played_at, pace.random() < 0.5)
        )
    engine = create_engine(f"sqlite:///{database}")
    try:
        with engine.begin() as connection:
            connection.execute(insert(PLAYERS), [{"id": player, "created_at": now}])
            connection.execute(insert(GAMES), rows)
    finally:
        engine.dispose()
    return player


def flooder(url: str, player: str | None = None) -> httpx.AsyncClient:
    """The attacker's client, from 127.0.0.1 with as many connections as it likes (the heavy player's cookie)."""
    return httpx.AsyncClient(
        base_url=url,
        transport=httpx.AsyncHTTPTransport(local_address="127.0.0.1"),
        timeout=120,
        limits=httpx.Limits(max_connections=None),
        cookies={"hc_player": player} if player else None,
    )


async def flood(name: str, ask: Callable[[], Awaitable[httpx.Response]]) -> dict[str, int]:
    """`ask()` 65 at a time (what an address may have in the server and waiting), over and over for 10 s: how many
    were answered with each status (`{name}_answered_200`, …)."""
    answered: dict[str, int] = {}
    deadline = time.monotonic() + FLOOD_SECONDS
    while time.monotonic() < deadline:
        for answer in await asyncio.gather(*(ask() for _ in range(65)), return_exceptions=True):
            key = f"{name}_answered_{answer.status_code if isinstance(answer, httpx.Response) else 'failed'}"
            answered[key] = answered.get(key, 0) + 1
    return answered


async def sign_up(url: str, client: httpx.AsyncClient) -> None:
    """An account made on `client` with a software passkey: its cookie is signed in, its player's games join it."""
    port = httpx.URL(SERVER_OF.get(url, url)).port
    options = (await client.post("/api/account/register/options", json={"name": "Eve"})).json()["public_key"]
    credential = SoftAuthenticator(f"http://localhost:{port}").create(options)
    registered = await client.post("/api/account/register", json={"credential": credential, "name": "Eve"})
    assert registered.status_code == 200, registered.text


async def heavy_reads(url: str, player: str) -> dict[str, int]:
    """The heavy player's cookie asks its statistics."""
    async with flooder(url, player) as attacker:
        return await flood("heavy_reads", lambda: attacker.get("/api/h2h/stats"))


async def heavy_exports(url: str, player: str) -> dict[str, int]:
    """The heavy player makes an account and asks its export (every game they ever played, in one JSON file)."""
    async with flooder(url, player) as attacker:
        await sign_up(url, attacker)
        size = len((await attacker.get("/api/account/export")).content)
        return {"heavy_export_bytes": size, **await flood("heavy_exports", lambda: attacker.get("/api/account/export"))}


async def link_codes(url: str) -> dict[str, int]:
    """An account asks a code to sign another device in (a row written, a QR code of its link drawn: some 6 ms of
    Python)."""
    async with flooder(url) as attacker:
        await sign_up(url, attacker)
        return await flood("link_codes", lambda: attacker.post("/api/account/link-codes"))


async def tables_on_one_cookie(url: str) -> int:
    transport = httpx.AsyncHTTPTransport(local_address="127.0.0.5")
    async with httpx.AsyncClient(base_url=url, timeout=120, transport=transport) as one_cookie:
        await one_cookie.get("/api/health")
        answers = await asyncio.gather(
            *(one_cookie.post("/api/hearts/tables", json={"mode": "online", "name": "Eve"}) for _ in range(30))
        )
    return sum(answer.status_code == 201 for answer in answers)


async def new_account_seconds(url: str) -> float:
    """How long a person at the bystanders' address takes to make an account (ten recovery codes hashed)."""
    port = httpx.URL(SERVER_OF.get(url, url)).port
    transport = httpx.AsyncHTTPTransport(local_address=BYSTANDER)
    async with httpx.AsyncClient(base_url=url, timeout=120, transport=transport) as person:
        started = time.perf_counter()
        options = (await person.post("/api/account/register/options", json={"name": "Bea"})).json()["public_key"]
        credential = SoftAuthenticator(f"http://localhost:{port}").create(options)
        registered = await person.post("/api/account/register", json={"credential": credential, "name": "Bea"})
        assert registered.status_code == 200, registered.text
        return time.perf_counter() - started


async def renewals(url: str) -> dict[str, float]:
    """One address makes eight accounts (software passkeys), and each renews its recovery codes over and over for
    10 s, the eight at once: a renewal hashes ten codes (argon2, some 300 ms of a core). A person at another address
    makes an account before, alone, and once the flood is under way (from this process: the flood's eight requests
    at a time leave its event loop idle, waiting on the server)."""
    account_alone = min([await new_account_seconds(url) for _ in range(3)])
    answered = refused = 0
    deadline = time.monotonic() + 10.0

    async def one_account(attacker: httpx.AsyncClient) -> None:
        nonlocal answered, refused
        await sign_up(url, attacker)
        while time.monotonic() < deadline:
            status = (await attacker.post("/api/account/recovery-codes")).status_code
            answered += status == 200
            refused += status == 429
            if status == 429:
                await asyncio.sleep(0.05)

    async def during_the_flood() -> float:
        await asyncio.sleep(4.0)
        return await new_account_seconds(url)

    clients = [httpx.AsyncClient(base_url=url, timeout=120) for _ in range(8)]
    try:
        *_, account_during = await asyncio.gather(*(one_account(client) for client in clients), during_the_flood())
    finally:
        for client in clients:
            await client.aclose()
    return {
        "renewals_answered_10s": answered,
        "renewals_refused_10s": refused,
        "bystander_account_alone_s": round(account_alone, 3),
        "bystander_account_s": round(account_during, 3),
    }


async def h2h_games(url: str) -> int:
    games = 0
    deadline = time.monotonic() + 15.0
    transport = httpx.AsyncHTTPTransport(local_address="127.0.0.3")
    async with httpx.AsyncClient(base_url=url, timeout=60, transport=transport) as rotating:
        while time.monotonic() < deadline:
            rotating.cookies.clear()
            games += (await rotating.post("/api/h2h/games", json={"mode": "N"})).status_code == 201
    return games


async def hearts_tables(url: str) -> int:
    made = 0
    deadline = time.monotonic() + FLOOD_SECONDS
    transport = httpx.AsyncHTTPTransport(local_address="127.0.0.6")
    limits = httpx.Limits(max_connections=None)
    async with httpx.AsyncClient(base_url=url, timeout=60, transport=transport, limits=limits) as flooder:
        while time.monotonic() < deadline:
            answers = await asyncio.gather(
                *(
                    flooder.post(
                        "/api/hearts/tables",
                        json={"mode": "online", "name": "Eve"},
                        headers={"cookie": f"hc_player={cookie}"},
                    )
                    for cookie in (secrets.token_hex(16) for _ in range(20))
                )
            )
            made += sum(answer.status_code == 201 for answer in answers)
    return made


async def sockets(url: str, table_id: str, watch: Callable[[], contextlib.AbstractContextManager[None]]) -> int:
    address = socket_address(url, table_id)
    held: list[websockets.ClientConnection] = []
    for _ in range(400):
        try:
            connection = await websockets.connect(address)
            await connection.send(json.dumps({"type": "hello"}))
            first = json.loads(await connection.recv())
        except (OSError, websockets.WebSocketException):
            continue
        if first.get("type") == "state":
            held.append(connection)
        else:
            await connection.close()
    stop = asyncio.Event()

    async def flood(connection: websockets.ClientConnection) -> None:
        with contextlib.suppress(OSError, websockets.WebSocketException):
            while not stop.is_set():
                await connection.send('{"type": "ping"}')
                await connection.recv()

    with watch():
        floods = [asyncio.create_task(flood(connection)) for connection in held]
        await asyncio.sleep(FLOOD_SECONDS)
        stop.set()
        await asyncio.gather(*floods, return_exceptions=True)
    for connection in held:
        await connection.close()
    return len(held)


PHASES: list[tuple[str, str]] = [("moves_unbudgeted", "alone_unbudgeted")] + [
    (phase, "alone")
    for phase in (
        "moves",
        "hints",
        "requests",
        "heavy_reads",
        "heavy_exports",
        "h2h_games",
        "hearts_tables",
        "renewals",
        "link_codes",
        "sockets",
    )
]
"""Each attack's phase, and the phase alone its bystanders' p99s are read against."""


def ratios(figures: dict[str, object], phases: list[tuple[str, str]]) -> dict[str, float]:
    """Each bystander's p99 under each attack over its p99 alone (each attack with its server's)."""
    return {
        f"{probe}_{phase}": float(figures[f"{probe}_{phase}_p99_ms"])  # type: ignore[arg-type]
        / max(float(figures[f"{probe}_{baseline}_p99_ms"]), 0.1)  # type: ignore[arg-type]
        for phase, baseline in phases
        for probe in ("health", "ping")
    }


def worst_ratios(figures: dict[str, object], phases: list[tuple[str, str]]) -> dict[str, float]:
    """For each bystander, the largest p99 under an attack over its p99 alone."""
    each = ratios(figures, phases)
    return {
        f"worst_{probe}_p99_ratio": round(max(value for key, value in each.items() if key.startswith(probe)), 2)
        for probe in ("health", "ping")
    }


def median_ratios(runs: list[dict[str, object]]) -> dict[str, float]:
    """Each bystander's ratio under each attack, the median over `runs` (a p99 of a few hundred round trips on a
    shared machine is one or two of its slowest: a single run's worst ratio is mostly which attack met a hiccup)."""
    each = [ratios(figures, PHASES) for figures in runs]
    return {key: round(statistics.median(run[key] for run in each), 2) for key in each[0]}


def one_attack(attack: str) -> dict[str, object]:
    figures: dict[str, object] = {}
    with tempfile.TemporaryDirectory() as folder, serving(folder, "fairness.sqlite3") as url:
        table_id = new_table(url, "Bea")
        alone(url, table_id, "alone", figures)

        def watch() -> contextlib.AbstractContextManager[None]:
            return watched(url, table_id, attack, figures)

        if attack == "moves":
            with watched(url, table_id, attack, figures):
                figures.update({f"moves_{key}": value for key, value in moves_attack(url).items()})
        elif attack == "requests":
            figures.update(read_beside(url, table_id, watch, lambda: asyncio.run(requests_at_once(url)), ""))
        elif attack == "heavy_reads":
            player = write_heavy_player(Path(folder) / "fairness.sqlite3")
            figures.update(read_beside(url, table_id, watch, lambda: asyncio.run(heavy_reads(url, player)), "heavy_"))
        elif attack == "heavy_exports":
            player = write_heavy_player(Path(folder) / "fairness.sqlite3")
            exports = read_beside(url, table_id, watch, lambda: asyncio.run(heavy_exports(url, player)), "exports_")
            figures.update(exports)
        elif attack == "link_codes":
            with watched(url, table_id, attack, figures):
                figures.update(asyncio.run(link_codes(url)))
        elif attack == "hints":
            figures.update(hint_flood(url, lambda: watched(url, table_id, attack, figures)))
        elif attack == "h2h_games":
            with watched(url, table_id, attack, figures):
                figures["h2h_games_fresh_cookies_15s"] = asyncio.run(h2h_games(url))
        elif attack == "hearts_tables":
            with watched(url, table_id, attack, figures):
                figures["hearts_tables_fresh_cookies_10s"] = asyncio.run(hearts_tables(url))
        elif attack == "renewals":
            with watched(url, table_id, attack, figures):
                figures.update(asyncio.run(renewals(url)))
        else:
            figures["sockets_held_of_400"] = asyncio.run(
                sockets(url, new_table(url, "Cal"), lambda: watched(url, table_id, attack, figures))
            )
    figures.update(worst_ratios(figures, [(attack, "alone")]))
    return figures


def every_attack() -> dict[str, object]:
    """One run of every attack, each with its bystanders' figures alone just before."""
    figures: dict[str, object] = {}
    with tempfile.TemporaryDirectory() as folder:
        spared = {"HEARTCARDS_UNLIMITED_ADDRESSES": "127.0.0.1"}  # the attacker's address: no budget of moves
        with serving(folder, "unbudgeted.sqlite3", spared) as url:
            table_id = new_table(url, "Bea")
            alone(url, table_id, "alone_unbudgeted", figures)
            with watched(url, table_id, "moves_unbudgeted", figures):
                figures.update({f"moves_unbudgeted_{k}": v for k, v in moves_attack(url).items()})
        with serving(folder, "fairness.sqlite3") as url:
            table_id = new_table(url, "Bea")
            alone(url, table_id, "alone", figures)

            def watch(phase: str) -> Callable[[], contextlib.AbstractContextManager[None]]:
                return lambda: watched(url, table_id, phase, figures)

            with watch("moves")():
                figures.update({f"moves_{key}": value for key, value in moves_attack(url).items()})
            figures.update(hint_flood(url, watch("hints")))
            figures.update(
                read_beside(url, table_id, watch("requests"), lambda: asyncio.run(requests_at_once(url)), "")
            )
            heavy = write_heavy_player(Path(folder) / "fairness.sqlite3")
            figures.update(
                read_beside(url, table_id, watch("heavy_reads"), lambda: asyncio.run(heavy_reads(url, heavy)), "heavy_")
            )
            figures.update(
                read_beside(
                    url, table_id, watch("heavy_exports"), lambda: asyncio.run(heavy_exports(url, heavy)), "exports_"
                )
            )
            figures["concurrent_tables_on_one_cookie"] = asyncio.run(tables_on_one_cookie(url))
            with watch("h2h_games")():
                figures["h2h_games_fresh_cookies_15s"] = asyncio.run(h2h_games(url))
            with watch("hearts_tables")():
                figures["hearts_tables_fresh_cookies_10s"] = asyncio.run(hearts_tables(url))
            with watch("renewals")():
                figures.update(asyncio.run(renewals(url)))
            with watch("link_codes")():
                figures.update(asyncio.run(link_codes(url)))
            figures["sockets_held_of_400"] = asyncio.run(sockets(url, new_table(url, "Cal"), watch("sockets")))
    figures.update(worst_ratios(figures, PHASES))
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--no-keep", action="store_true", help="print the figures without keeping them")
    parser.add_argument(
        "--pin",
        action="store_true",
        help="the server alone on core 0; the attacker and, ahead of it, the bystanders on the others",
    )
    parser.add_argument(
        "--behind-proxy",
        action="store_true",
        help="every client as if behind the site's proxy: no connection gated, the app counts each one's requests",
    )
    parser.add_argument(
        "--through-proxy",
        action="store_true",
        help="every client through HAProxy on deploy/haproxy.cfg, in front of the server, as the site runs it",
    )
    parser.add_argument(
        "--runs",
        type=int,
        default=1,
        help="every attack this many times, each run kept, then each ratio's median over the runs",
    )
    parser.add_argument(
        "--only",
        choices=[phase for phase, _ in PHASES[1:]],
        help="run the bystanders alone and then this one attack (a quick look; not kept)",
    )
    options = parser.parse_args()
    if options.pin:
        global SERVER_CORES
        SERVER_CORES = {0}
        os.sched_setaffinity(0, os.sched_getaffinity(0) - SERVER_CORES)
    if options.behind_proxy:
        BEHIND_PROXY[TRUSTED_PROXIES_VARIABLE] = "127.0.0.0/8"
    if options.through_proxy:
        global THROUGH_PROXY
        THROUGH_PROXY = True
    if options.only:
        print(json.dumps(one_attack(options.only), indent=2))
        return
    runs: list[dict[str, object]] = []
    for _ in range(options.runs):
        figures = every_attack()
        print(json.dumps(figures, indent=2))
        figures["pinned"] = options.pin
        figures["behind_proxy"] = options.behind_proxy
        figures["through_proxy"] = options.through_proxy
        record_run("fairness", figures, keep=not options.no_keep)
        runs.append(figures)
    if len(runs) > 1:
        medians = median_ratios(runs)
        print(f"Each ratio the median of {len(runs)} runs, the largest first:")
        for key, value in sorted(medians.items(), key=lambda item: -item[1]):
            print(f"  {key:<28} {value:5.2f}")


if __name__ == "__main__":
    main()
