"""Hearts tables under load, and fuzzing of the table APIs. Prints each figure, then one JSON line (also kept in
`benchmarks/results/tables.jsonl` through `record.py`).

    uv run python benchmarks/tables.py                          # 200 online tables × 4 scripted people, games to 50
    uv run python benchmarks/tables.py --tables 100 --solo-tables 100 --strength strong   # with computer players
    uv run python benchmarks/tables.py --tables 20 --fuzz-messages 300 --http-examples 20   # a quick look
    uv run python benchmarks/tables.py --tables 2 --fuzz-messages 200 --http-examples 3 --no-keep   # the smallest
    uv run python benchmarks/tables.py --servers 2 --tables 200 --solo-tables 100   # two servers sharing the site
    uv run python benchmarks/tables.py --servers 2 --tables 200 --solo-tables 100 --client-processes 2
    uv run python benchmarks/tables.py --servers 2 --tables 20 --solo-tables 10 --target 100 --kills 20 --kill-every 6
    uv run python benchmarks/tables.py --servers 2 --tables 20 --solo-tables 10 --restarts   # a drained restart

1. Load: the real server (`heartcards serve` in a subprocess on a temporary SQLite file, started by
   `tests.support.live_server`, the tests' own starter). `--tables` online tables are created over HTTP with four
   people joined, and `--solo-tables` solo tables (one person, three computer players of `--strength`). Every
   person is a scripted client (`tests.support.scripted.AsyncSeat`, the tests' own, over the `websockets`
   package, all in this one asyncio process, on uvloop as the server is; with `--client-processes N` in N processes,
   the tables dealt round, each with its own loop): pass three random cards, play a random
   legal card, say `next` on the score table, each after a random think time (`--think` seconds at most, as people
   take; 0 = flat out).
   Every socket is opened first; then all of them say hello in the same instant (with `--stagger S`, each table's
   people at a moment drawn within S seconds, so that the tables' deals do not end together). How late this
   process's loop wakes from a 5 ms sleep is printed too: an answer that has arrived waits unread for that long, and
   the latency includes it.
   With `--servers N` (N > 1, or `--shared` for one), N servers share the site on a throwaway PostgreSQL and Redis (the
   tests' `tests/postgres.py` and `tests/redis_server.py`): each table is created through one of them in turn and each
   seat's socket opened on one drawn at random, as a proxy would spread them. Each server has its route, as behind
   `deploy/haproxy.cfg`, so about (N-1)/N of the sockets are sent to the route of their table's server and opened again
   there, as the proxy routes them (`moves`); with `--relay` the servers have none, and those sockets stay where they
   land, relayed to their table's server through Redis. The server CPU is then that of all the servers, and what Redis
   and PostgreSQL carried is counted (commands and publishes, commits and rows written, and the CPU of each, per
   answered message). A seat whose socket closes reconnects to the next server up, after the page's first pause, as
   the page does through a proxy (`benchmarks/shared_site.py`). `--restarts` restarts every server in turn during the
   run with SIGTERM (it drains; a proxy stops sending it anything): no client may see an error. `--kills N` kills a
   server (each in turn) every `--kill-every` seconds with SIGKILL and starts it again: the failover figure is, for
   each seat of each table the killed server ran, the time from the kill to the first state on the socket it opened
   afterwards, p50 and p99, and the slowest seat of each kill.
   Figures: the people's message latency (from a client's send to the answer with its id: p50, p99, max), again without
   the opening burst (the first 2 s, when every socket says hello and passes at once), for the opening by message type,
   and by 10 s of the run with the answers a second (the tables start together and their games end over a long tail, so
   the run's busiest stretch is busier than its average); the fan-out latency (a card played at an online table → the
   moment the last of the four seats has a state showing it); the computer players' decision latency at solo tables
   (from the state that gives a computer player the turn to the first state with its card played, as the person sees it:
   the app's pacing, `--bot-delay`, is its floor, as in the app; `--bot-delay 0` plays flat out, a stress far beyond
   what people's tables ask for); the CPU the server and the clients used per answered message and the machine's CPU
   pressure (the share of time some task waited for a CPU, Linux PSI): on a shared machine the latency is mostly that
   wait. Then every game's log is read back over HTTP and checked: every deal present with its 13 tricks, the 52 cards
   each played once, points of 26 (or a moon's 39), running totals, the end of the game and its winners as the clients
   saw them.
2. Socket fuzz: `--fuzz-messages` random and forged messages (junk, wrong types, bad cards, forged tokens, other
   seats' actions, binary frames, deep JSON) on fresh tables, 50 to a socket; each must be answered with an `error`
   or a `state` (a forged hello with an error and the 4403 close), never a server error. A frame over the server's
   frame cap is refused by the protocol's 1009 close instead, counted apart (`oversize_closed`), and the fuzz goes on
   on a new socket, so every message asked for is sent. The server must still answer afterwards.
3. HTTP fuzz: schemathesis against both games' APIs (`/api/hearts/...` and `/api/h2h/...`). The production app
   serves no OpenAPI document (`openapi_url=None`), so the schema is computed in this process from the app's routes
   (`get_openapi`) and the generated requests are sent to the running server: its behaviour is the production one.
   Check: no 5xx, and every 4xx has the `{"error": {"key", "message", "params"}}` shape.
Failures (the exit status is 1 if any): error answers or incomplete logs in the load run, fuzz messages left
unanswered or sockets closed on them, forged hellos accepted, 5xx answers, and tracebacks in the server's output.
"""

from __future__ import annotations

import argparse
import asyncio
import bisect
import gc
import json
import multiprocessing
import multiprocessing.queues
import os
import queue
import random
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from multiprocessing.synchronize import Event as EventType
from pathlib import Path
from typing import Any, get_args

import httpx
import uvloop
import websockets

from heartcards.figures import percentile
from heartcards.hearts.tables.models import TableStrength
from heartcards.runtime.settings import DEFAULT_BOT_DELAY_SECONDS
from heartcards.web.server import WEBSOCKET_MAX_BYTES
from record import record_run

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the repository's root: the tests' shared helpers
from tests.support.scripted import AsyncSeat

from shared_site import Site, back_after, started_site

OPENING_SECONDS = 2.0
"""The opening burst: all sockets connect, say hello and pass within the same instant."""
WINDOW_SECONDS = 10.0
"""The people's answers are also summed up by stretches of this many seconds of the run (`by_window`): the tables
start together and end over a long tail, so the whole run's averages hide how busy its busiest stretch was."""
CARD_TEXTS = [
    rank + suit for suit in "CDSH" for rank in ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
]


# -- load -----------------------------------------------------------------------------------------------------------


@dataclass
class TableSeats:
    """A table of the load run and the scripted people at it (four online, one at a solo table)."""

    id: str
    mode: str
    seats: list[AsyncSeat] = field(default_factory=list)
    finals: list[dict[str, Any]] = field(default_factory=list)
    offset: float = 0.0
    """Seconds after the run's start that its people say hello (`--stagger`)."""


async def create_tables(
    urls: list[str], routes: dict[str, str] | None, options: argparse.Namespace, rng: random.Random
) -> list[TableSeats]:
    """`--tables` online tables with four people joined and started, and `--solo-tables` solo tables; each made
    through one of the servers' `urls` in turn, each seat's socket on one of them drawn at random. With several
    servers, a seat whose socket closes reconnects to the next server in `urls` (the servers up at that moment, as
    a proxy would send it), as the page does; a socket sent to another server's route goes to that server's URL in
    `routes`, as the proxy routes it."""
    servers = urls if len(urls) > 1 else None
    limit = asyncio.Semaphore(16)
    base = {"target": options.target, "variant": options.variant}

    def seat(table_id: str, seating: dict[str, Any]) -> AsyncSeat:
        person = random.Random(rng.randrange(2**63))
        url = urls[rng.randrange(len(urls))]
        return AsyncSeat(
            url,
            table_id,
            seating["token"],
            rng=person,
            think=options.think,
            answer_score_table=True,
            keep=8,
            servers=servers,
            routes=routes,
            route=seating.get("route"),
        )

    async def online(client: httpx.AsyncClient, index: int) -> TableSeats:
        async with limit:
            body = {"mode": "online", "name": f"T{index}P0", **base}
            created = (await client.post("/api/hearts/tables", json=body)).json()
            seatings = [created]
            table_id = created["table"]["id"]
            for number in (1, 2, 3):
                joined = await client.post(
                    f"/api/hearts/tables/{table_id}/join", json={"seat": number, "name": f"T{index}P{number}"}
                )
                seatings.append(joined.json())
            started = await client.post(
                f"/api/hearts/tables/{table_id}/start", headers={"X-Seat-Token": created["token"]}
            )
            if started.status_code != 200:
                raise SystemExit(f"could not start a table: {started.text}")
            return TableSeats(table_id, "online", [seat(table_id, seating) for seating in seatings])

    async def solo(client: httpx.AsyncClient, index: int) -> TableSeats:
        async with limit:
            body = {"mode": "solo", "name": f"S{index}", "strength": options.strength, **base}
            answer = await client.post("/api/hearts/tables", json=body)
            if not answer.is_success:
                raise SystemExit(f"could not create a solo table: {answer.text}")
            created = answer.json()
            return TableSeats(created["table"]["id"], "solo", [seat(created["table"]["id"], created)])

    # one client per table: the benchmark's people are many players, not one (whatever quota one player has)
    async def one(kind: str, index: int) -> TableSeats:
        async with httpx.AsyncClient(base_url=urls[index % len(urls)], timeout=120) as client:
            return await (online(client, index) if kind == "online" else solo(client, index))

    jobs = [one("online", index) for index in range(options.tables)]
    jobs += [one("solo", index) for index in range(options.solo_tables)]
    tables = list(await asyncio.gather(*jobs))
    if options.stagger > 0:
        for table in tables:
            table.offset = rng.uniform(0.0, options.stagger)
    return tables


def check_log(log: dict[str, Any], final: dict[str, Any] | None) -> str | None:
    """Why this finished game's log is incomplete or inconsistent, or None if it is complete."""
    deals = log["deals"]
    if final is None:
        return "no final state"
    if [line["deal"] for line in deals] != list(range(1, len(deals) + 1)) or not deals:
        return "deals missing"
    totals = [0, 0, 0, 0]
    for line in deals:
        played = [card for trick in line["tricks"] for card in trick["cards"]]
        if len(line["tricks"]) != 13 or sorted(played) != sorted(CARD_TEXTS):
            return f"deal {line['deal']}: tricks incomplete"
        dealt = sorted(card for hand in line["hands"] for card in hand)
        if dealt != sorted(CARD_TEXTS):
            return f"deal {line['deal']}: hands incomplete"
        if sum(line["points"]) not in (26, 39):
            return f"deal {line['deal']}: points {line['points']}"
        totals = [total + points for total, points in zip(totals, line["points"], strict=True)]
        if totals != line["totals"]:
            return f"deal {line['deal']}: totals {line['totals']} ≠ {totals}"
    last = deals[-1]
    if (
        not last["game_over"]
        or last["winners"] != final["view"]["winners"]
        or last["totals"] != final["view"]["totals"]
    ):
        return "end of game differs from what the clients saw"
    return None


async def watch_loop(lags: list[float], period: float = 0.005) -> None:
    """Records how late this process's event loop wakes up from a short sleep: while the clients' own loop is
    busy, answers that have arrived wait unread, and that wait would be counted as the server's latency."""
    while True:
        asked = time.perf_counter()
        await asyncio.sleep(period)
        lags.append(time.perf_counter() - asked - period)


@dataclass
class Operations:
    """What was done to the servers during the load run: the kills (when, and the tables the killed server ran) and
    the drained restarts (when each began and ended)."""

    kills: list[tuple[float, set[str]]] = field(default_factory=list)
    restarts: list[tuple[float, float]] = field(default_factory=list)


async def operate(site: Site, options: argparse.Namespace, done: Operations) -> None:
    """During the load run: `--restarts` restarts every server in turn (SIGTERM: it drains) `--restart-after`
    seconds in; `--kills` kills a server (each in turn) every `--kill-every` seconds, and starts it again."""
    if options.restarts:
        await asyncio.sleep(options.restart_after)
        for server in site.servers:
            began = time.perf_counter()
            await site.restart(server)
            done.restarts.append((began, time.perf_counter()))
    for number in range(options.kills):
        await asyncio.sleep(options.kill_every)
        done.kills.append(await site.kill(site.servers[number % len(site.servers)]))


async def load_run(
    tables: list[TableSeats], site: Site, options: argparse.Namespace
) -> tuple[list[float], float, Operations, float]:
    """Opens every socket, then every person says hello at once and plays to the end, while the servers are
    operated on as asked (`operate`). Returns the clients' loop lags, the run's seconds, what was done to the
    servers and the CPU seconds of the client processes (`--client-processes`; 0 with the clients in this one).
    The garbage collector is off meanwhile: its full passes over five hundred seats' figures found nothing to free
    and stalled this loop for up to a second (counted as the server's latency); reference counting frees the
    messages, and a seat keeps only its latest few."""
    if options.client_processes > 1:
        return await _load_run_in_processes(tables, site, options)
    await _open_sockets([seat for table in tables for seat in table.seats])
    started = time.perf_counter()
    done = Operations()
    operator = asyncio.get_running_loop().create_task(operate(site, options, done))
    try:
        lags = await _play_watched([(table.offset, table.seats, table.finals) for table in tables])
    finally:
        operator.cancel()
        await asyncio.gather(operator, return_exceptions=True)
    return lags, time.perf_counter() - started, done, 0.0


Part = list[tuple[float, list[AsyncSeat], list[dict[str, Any]]]]
"""Tables to play: each one's offset (`--stagger`), its seats, and the list its seats' final states go to."""


async def _open_sockets(seats: list[AsyncSeat]) -> None:
    limit = asyncio.Semaphore(64)

    async def open_one(seat: AsyncSeat) -> None:
        async with limit:
            await seat.open(max_size=2**22, open_timeout=120, ping_interval=None)

    await asyncio.gather(*(open_one(seat) for seat in seats))


async def _play(part: Part) -> None:
    async def play(offset: float, seat: AsyncSeat, finals: list[dict[str, Any]]) -> None:
        await asyncio.sleep(offset)
        await seat.hello()
        finals.append(await seat.play_game())
        await seat.close()

    await asyncio.gather(*(play(offset, seat, finals) for offset, seats, finals in part for seat in seats))


async def _play_watched(part: Part) -> list[float]:
    """`_play`, the collector off (see `load_run`) and this loop's lags watched (`watch_loop`): the lags."""
    lags: list[float] = []
    gc.freeze()
    gc.disable()
    watcher = asyncio.get_running_loop().create_task(watch_loop(lags))
    try:
        await _play(part)
    finally:
        watcher.cancel()
        gc.enable()
        gc.unfreeze()
    return lags


async def _load_run_in_processes(
    tables: list[TableSeats], site: Site, options: argparse.Namespace
) -> tuple[list[float], float, Operations, float]:
    """`load_run` with the tables dealt round to `--client-processes` processes, each with its own event loop, as
    people's devices each have theirs: one loop for every seat of the site is itself a queue that the answers wait
    in (see `watch_loop`). The servers are operated on from this process meanwhile."""
    context = multiprocessing.get_context("spawn")
    go = context.Event()
    answers: multiprocessing.queues.Queue[tuple[int, Part, list[float], float]] = context.Queue()
    shares = [tables[number :: options.client_processes] for number in range(options.client_processes)]
    readies = [context.Event() for _ in shares]
    processes = [
        context.Process(
            target=play_share,
            args=(number, [(table.offset, table.seats, table.finals) for table in share], ready, go, answers),
        )
        for number, (share, ready) in enumerate(zip(shares, readies, strict=True))
    ]
    loop = asyncio.get_running_loop()
    for process in processes:
        process.start()
    for ready in readies:
        await loop.run_in_executor(None, _while_running, processes, _set_within_a_second, ready)
    started = time.perf_counter()
    go.set()
    done = Operations()
    operator = loop.create_task(operate(site, options, done))
    lags: list[float] = []
    cpu = 0.0
    try:
        for _ in processes:
            number, part, part_lags, part_cpu = await loop.run_in_executor(
                None, _while_running, processes, _answer_within_a_second, answers
            )
            for table, (_, seats, finals) in zip(shares[number], part, strict=True):
                table.seats, table.finals = seats, finals
            lags += part_lags
            cpu += part_cpu
    finally:
        operator.cancel()
        await asyncio.gather(operator, return_exceptions=True)
        for process in processes:
            process.join(timeout=60)
    return lags, time.perf_counter() - started, done, cpu


def _while_running(
    processes: Sequence[multiprocessing.process.BaseProcess], wait: Callable[[Any], Any], on: Any
) -> Any:
    """What `wait(on)` gives (each call waits a second at most, None if nothing came), or SystemExit once a client
    process has failed instead of answering."""
    while True:
        got = wait(on)
        if got is not None:
            return got
        failed = [process.exitcode for process in processes if process.exitcode not in (None, 0)]
        if failed:
            raise SystemExit(f"a client process failed (exit code {failed[0]})")


def _set_within_a_second(event: EventType) -> bool | None:
    return True if event.wait(1.0) else None


def _answer_within_a_second(answers: multiprocessing.queues.Queue[Any]) -> Any:
    try:
        return answers.get(timeout=1.0)
    except queue.Empty:
        return None


def play_share(
    number: int, part: Part, ready: EventType, go: EventType, answers: multiprocessing.queues.Queue[Any]
) -> None:
    """A client process of `--client-processes`: opens its seats' sockets, says it is ready, plays when told to,
    then sends back its seats (their sockets dropped), its loop's lags and its CPU seconds."""

    async def run() -> tuple[list[float], float]:
        await _open_sockets([seat for _, seats, _ in part for seat in seats])
        ready.set()
        await asyncio.get_running_loop().run_in_executor(None, go.wait)
        cpu = client_cpu_seconds()
        lags = await _play_watched(part)
        return lags, client_cpu_seconds() - cpu

    lags, cpu = uvloop.run(run())
    for _, seats, _ in part:
        for seat in seats:
            seat.socket = None
    answers.put((number, part, lags, cpu))


async def read_logs(url: str, tables: list[TableSeats]) -> tuple[int, list[str], int]:
    problems: list[str] = []
    deals = 0
    async with httpx.AsyncClient(base_url=url, timeout=60) as client:
        for table in tables:
            answer = await client.get(f"/api/hearts/tables/{table.id}/log")
            if answer.status_code != 200:
                problems.append(f"{table.id}: log answered {answer.status_code}")
                continue
            log = answer.json()
            deals += len(log["deals"])
            finals = table.finals
            if len(finals) != len(table.seats) or any(
                final["view"]["totals"] != finals[0]["view"]["totals"] for final in finals
            ):
                problems.append(f"{table.id}: the clients' final states differ")
                continue
            problem = check_log(log, finals[0])
            if problem:
                problems.append(f"{table.id}: {problem}")
    return len(tables) - len(problems), problems, deals


def fan_out_seconds(table: TableSeats) -> list[float]:
    """For each card played at an online table: from its send to the moment the last of the four seats has a state
    that shows it (a state showing a later card counts too: a slow socket gets one state for several changes)."""
    timelines = []
    for seat in table.seats:
        reached = [point for point, _ in seat.progress]
        timelines.append((reached, [at for _, at in seat.progress]))
    found: list[float] = []
    for player in table.seats:
        for play in player.plays:
            arrivals = []
            for reached, times in timelines:
                index = bisect.bisect_left(reached, play.reaches)  # progress only grows along a seat's states
                if index == len(reached):
                    break
                arrivals.append(times[index])
            else:
                found.append(max(arrivals) - play.sent_at)
    return found


# -- socket fuzz ----------------------------------------------------------------------------------------------------


def junk_message(rng: random.Random, tokens: list[str]) -> str | bytes:
    """A random, malformed, forged or merely unexpected client message."""
    choice = rng.randrange(14)
    card = rng.choice([*CARD_TEXTS, "1C", "ZZ", "", "10", "QS ", "♠Q", "x" * 20])
    if choice == 0:
        return "".join(chr(rng.randrange(32, 0x2FFF)) for _ in range(rng.randrange(0, 40)))
    if choice == 1:
        return bytes(rng.randrange(256) for _ in range(rng.randrange(1, 40)))
    if choice == 2:
        return "[" * rng.randrange(100, 5000) + "]" * rng.randrange(0, 5000)
    if choice == 3:
        return json.dumps({"type": "play", "card": card, "id": rng.randrange(10**6)})
    if choice == 4:
        return json.dumps({"type": "pass", "cards": [rng.choice(CARD_TEXTS) for _ in range(rng.randrange(0, 6))]})
    if choice == 5:
        return json.dumps(
            {"type": rng.choice(["next", "start", "back", "ping", "hello"]), "id": "x" * rng.randrange(100)}
        )
    if choice == 6:
        return json.dumps({"type": "play", "seat": rng.randrange(4), "card": rng.choice(CARD_TEXTS)})
    if choice == 7:
        return json.dumps({"type": "hello", "token": rng.choice(tokens)[:-3] + "abc"})
    if choice == 8:
        return json.dumps({"type": rng.choice([None, 1, [], {}, "PLAY", "pass "]), "card": card})
    if choice == 9:
        return json.dumps([{"type": "play", "card": card}])
    if choice == 10:
        return "x" * rng.randrange(2000, 70_000)
    if choice == 11:
        return json.dumps({"type": "pass", "cards": {"a": 1}, "id": {"nested": [1, 2]}})
    if choice == 12:
        return json.dumps({"type": "play", "card": rng.choice(CARD_TEXTS), "id": rng.random()})
    return json.dumps(rng.choice([1, "play", None, True, 3.5, {"id": 1}]))


async def fuzz_sockets(url: str, count: int, seed: int) -> dict[str, int]:
    """Seated and spectator sockets on fresh tables get `count` random junk messages; forged hellos must be
    refused."""
    rng = random.Random(seed)
    figures = {
        "sent": 0,
        "sockets": 0,
        "errors": 0,
        "states": 0,
        "unanswered_or_closed": 0,
        "forged_accepted": 0,
        "forged_refused": 0,
        "oversize_closed": 0,
    }
    frame_cap = WEBSOCKET_MAX_BYTES
    async with httpx.AsyncClient(base_url=url, timeout=30) as client:
        tables = []
        for mode in ("solo", "online", "solo"):
            created = (await client.post("/api/hearts/tables", json={"mode": mode, "name": "Fuzz"})).json()
            tables.append((created["table"]["id"], created["token"]))
    tokens = [token for _, token in tables]
    failures: list[str] = []
    for _ in range(max(1, count // 100)):
        table_id, _token = rng.choice(tables)
        forged = rng.choice([*tokens, "a" * 32])[:-4] + "".join(rng.choice("abcdef") for _ in range(4))
        socket_url = url.replace("http://", "ws://") + f"/ws/hearts/{table_id}"
        async with websockets.connect(socket_url) as socket:
            await socket.send(json.dumps({"type": "hello", "token": forged}))
            answer = json.loads(await socket.recv())
            try:
                await asyncio.wait_for(socket.recv(), 5)
                figures["forged_accepted"] += 1
            except websockets.ConnectionClosed as closed:
                refused = (
                    answer.get("key") == "hearts.error.token" and closed.rcvd is not None and closed.rcvd.code == 4403
                )
                figures["forged_refused" if refused else "forged_accepted"] += 1
    sent_per_socket = 50
    while figures["sent"] < count:  # a socket closed on an oversized frame is followed by a new one: all are sent
        table_id, token = tables[figures["sockets"] % len(tables)]
        seated = figures["sockets"] % 4 != 0
        figures["sockets"] += 1
        socket_url = url.replace("http://", "ws://") + f"/ws/hearts/{table_id}"
        async with websockets.connect(socket_url, max_size=2**22) as socket:
            await socket.send(json.dumps({"type": "hello", "token": token} if seated else {"type": "hello"}))
            await socket.recv()
            try:
                for _ in range(min(sent_per_socket, count - figures["sent"])):
                    message = junk_message(rng, tokens)
                    await socket.send(message)
                    figures["sent"] += 1
                    # the answer: an error, a pong or a state with our id; a message without a usable id is
                    # answered by a plain state (or nothing new), so read until the socket is quiet
                    answer = json.loads(await asyncio.wait_for(socket.recv(), 10))
                    while answer["type"] == "state" and answer.get("id") is None:
                        try:
                            answer = json.loads(await asyncio.wait_for(socket.recv(), 0.3))
                        except TimeoutError:
                            break
                    figures["errors" if answer["type"] == "error" else "states"] += 1
            except websockets.ConnectionClosed as closed:
                code = closed.rcvd.code if closed.rcvd else None
                if code == 1009 and len(message if isinstance(message, bytes) else message.encode()) > frame_cap:
                    figures["oversize_closed"] += 1  # refused by the protocol before it was read: as it should be
                else:
                    figures["unanswered_or_closed"] += 1
                    failures.append(f"closed {code} after {message!r:.60}")
            except TimeoutError:
                figures["unanswered_or_closed"] += 1  # no answer at all counts as a failure
                failures.append(f"no answer to {message!r:.60}")
    if failures:
        print("socket fuzz failures:", failures[:10])
    return figures


# -- HTTP fuzz ------------------------------------------------------------------------------------------------------


FUZZED_PATHS = ("/api/hearts", "/api/h2h")
"""The APIs the HTTP fuzz covers: both games'."""


def games_openapi() -> dict[str, Any]:
    """The OpenAPI document of both games' API routes, computed from the app's routes (the app itself serves none)."""
    from fastapi.openapi.utils import get_openapi

    from heartcards.runtime.settings import Settings
    from heartcards.web.app import create_app

    with tempfile.TemporaryDirectory() as folder:
        app = create_app(Settings.from_environment(f"sqlite:///{folder}/schema.sqlite3"))
        schema = get_openapi(title="Heart Cards", version="0.1.0", routes=app.routes)
        app.state.services.close()
    schema["paths"] = {path: item for path, item in schema["paths"].items() if path.startswith(FUZZED_PATHS)}
    return schema


NO_HTTP_FUZZ = {"operations": 0, "requests": 0, "server_errors": 0, "bad_error_shape": 0}


def fuzz_http(url: str, examples: int) -> dict[str, int]:
    import hypothesis
    import requests
    import schemathesis
    from hypothesis import HealthCheck, given

    schema = schemathesis.openapi.from_dict(games_openapi())
    figures = dict(NO_HTTP_FUZZ)
    session = requests.Session()
    settings = hypothesis.settings(
        max_examples=examples,
        deadline=None,
        database=None,
        derandomize=True,
        suppress_health_check=list(HealthCheck),
        phases=[hypothesis.Phase.explicit, hypothesis.Phase.generate],
    )
    for result in schema.get_all_operations():
        operation = result.ok()
        figures["operations"] += 1

        @settings
        @given(case=operation.as_strategy())
        def exercise(case: Any) -> None:
            answer = case.call(base_url=url, session=session)
            figures["requests"] += 1
            if answer.status_code >= 500:
                figures["server_errors"] += 1
            elif answer.status_code >= 400:
                try:
                    body = json.loads(answer.content)
                except ValueError:
                    body = None
                error = body.get("error") if isinstance(body, dict) else None
                if not isinstance(error, dict) or not {"key", "message", "params"} <= set(error):
                    figures["bad_error_shape"] += 1

        exercise()
    session.close()
    return figures


# -- main -----------------------------------------------------------------------------------------------------------


def cpu_pressure_total() -> float | None:
    """Microseconds some task waited for a CPU, machine-wide (Linux PSI); None where it is not available."""
    try:
        first = Path("/proc/pressure/cpu").read_text().splitlines()[0]
    except OSError:
        return None
    return float(first.rsplit("total=", 1)[1])


def client_cpu_seconds() -> float:
    times = os.times()
    return times.user + times.system


def summary(values: list[float]) -> dict[str, float | int | None]:
    """Count, p50, p99 and max of values in seconds, as milliseconds (None when there are none)."""
    if not values:
        return {"count": 0, "p50_ms": None, "p99_ms": None, "max_ms": None}
    return {
        "count": len(values),
        "p50_ms": round(percentile(values, 0.5) * 1000, 2),
        "p99_ms": round(percentile(values, 0.99) * 1000, 2),
        "max_ms": round(max(values) * 1000, 2),
    }


def by_window(answers: list[tuple[float, float]]) -> list[dict[str, float | int | None]]:
    """The answers' latency per `WINDOW_SECONDS` of the run, from (seconds since the first send, latency) pairs: each
    window's start, answers per second, p50 and p99."""
    windows: dict[int, list[float]] = {}
    for sent_at, seconds in answers:
        windows.setdefault(int(sent_at // WINDOW_SECONDS), []).append(seconds)
    rows: list[dict[str, float | int | None]] = []
    for index, values in sorted(windows.items()):
        figures = summary(values)
        rows.append(
            {
                "start_s": index * WINDOW_SECONDS,
                "per_second": round(len(values) / WINDOW_SECONDS, 1),
                "p50_ms": figures["p50_ms"],
                "p99_ms": figures["p99_ms"],
            }
        )
    return rows


def shown(figures: dict[str, float | int | None]) -> str:
    if not figures["count"]:
        return "none"
    return f"p50 {figures['p50_ms']:.1f} ms, p99 {figures['p99_ms']:.1f} ms, max {figures['max_ms']:.1f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=200, help="online tables of four scripted people")
    parser.add_argument("--solo-tables", type=int, default=0, help="solo tables: one person, three computer players")
    parser.add_argument("--strength", default="strong", choices=get_args(TableStrength))
    parser.add_argument("--target", type=int, default=50, choices=(50, 75, 100))
    parser.add_argument("--variant", default="classic", choices=("classic", "special"))
    parser.add_argument("--think", type=float, default=0.3, help="most seconds a scripted person thinks (0 = none)")
    parser.add_argument(
        "--stagger",
        type=float,
        default=0.0,
        help="each table's people say hello at a random moment within this many seconds (0 = all at once)",
    )
    parser.add_argument("--fuzz-messages", type=int, default=2000)
    parser.add_argument("--http-examples", type=int, default=100, help="schemathesis examples per operation")
    parser.add_argument(
        "--bot-delay",
        type=float,
        default=DEFAULT_BOT_DELAY_SECONDS,
        help=f"the computer players' pacing: a card at least this long after their turn begins (default the app's, "
        f"{DEFAULT_BOT_DELAY_SECONDS} s; 0 = flat out, far more decisions a second than people's tables ask for)",
    )
    parser.add_argument("--servers", type=int, default=1, help="servers sharing the site on PostgreSQL and Redis")
    parser.add_argument("--shared", action="store_true", help="one server, but on PostgreSQL and Redis as with more")
    parser.add_argument(
        "--lease-seconds",
        type=float,
        default=3.0,
        help="the tables' lease with --servers (a server starved of CPU this long loses its tables to the others, "
        "and their seats reconnect)",
    )
    parser.add_argument(
        "--relay",
        action="store_true",
        help="with --servers: servers without routes, so a socket stays where it lands and its table's traffic is "
        "relayed (the proxy does not route by table)",
    )
    parser.add_argument("--kills", type=int, default=0, help="with --servers: kill -9 a server this many times")
    parser.add_argument("--kill-every", type=float, default=10.0, help="seconds between kills (the first after one)")
    parser.add_argument("--restarts", action="store_true", help="with --servers: restart every server in turn")
    parser.add_argument("--restart-after", type=float, default=20.0, help="seconds into the run the restarts begin")
    parser.add_argument(
        "--client-processes",
        type=int,
        default=1,
        help="the scripted people in this many processes, each with its own event loop (tables dealt round)",
    )
    parser.add_argument("--seed", type=int, default=6)
    parser.add_argument("--no-keep", action="store_true", help="print the JSON line without keeping it in results/")
    options = parser.parse_args()

    environment = {
        "HEARTCARDS_HEARTS_BOT_DELAY_SECONDS": str(options.bot_delay),
        "HEARTCARDS_HEARTS_DEAL_PAUSE_SECONDS": "60",
        "HEARTCARDS_UNLIMITED_ADDRESSES": "127.0.0.0/8",  # hundreds of tables from this machine: a load test
    }
    if (options.kills or options.restarts) and options.servers < 2:
        raise SystemExit("--kills and --restarts need --servers 2 or more")
    with (
        tempfile.TemporaryDirectory() as folder,
        started_site(
            options.servers, options.shared, options.lease_seconds, environment, Path(folder), not options.relay
        ) as site,
    ):
        servers = site.servers
        url = site.urls[0]
        try:
            tables = asyncio.run(create_tables(site.urls, site.routes, options, random.Random(options.seed)))
            server_cpu, client_cpu, pressure = site.cpu_seconds(), client_cpu_seconds(), cpu_pressure_total()
            traffic = site.traffic()
            loop_lags, seconds, done, parts_cpu = uvloop.run(load_run(tables, site, options))  # clients on uvloop
            server_cpu = site.cpu_seconds() - server_cpu
            client_cpu = client_cpu_seconds() - client_cpu + parts_cpu
            after = cpu_pressure_total()
            traffic = site.traffic() - traffic
            stalled = None if pressure is None or after is None else (after - pressure) / 1e6 / seconds
            complete, problems, deals = asyncio.run(read_logs(url, tables))
            seats = [seat for table in tables for seat in table.seats]
            answers = [answer for seat in seats for answer in seat.answers]
            errors = [error["key"] for seat in seats for error in seat.errors]
            first_sent = min((answer.sent_at for answer in answers), default=0.0)
            people = [answer.seconds for answer in answers]
            steady = [answer.seconds for answer in answers if answer.sent_at - first_sent >= OPENING_SECONDS]
            opening: dict[str, list[float]] = {}
            for answer in answers:
                if answer.sent_at - first_sent < OPENING_SECONDS:
                    opening.setdefault(answer.kind, []).append(answer.seconds)
            bots = [value for table in tables if table.mode == "solo" for value in table.seats[0].bot_turns]
            fan_out = [value for table in tables if table.mode == "online" for value in fan_out_seconds(table)]
            figures: dict[str, Any] = {
                "servers": len(servers),
                "shared": options.shared or len(servers) > 1,
                "tables": options.tables,
                "solo_tables": options.solo_tables,
                "strength": options.strength,
                "target": options.target,
                "think_seconds": options.think,
                "stagger_seconds": options.stagger,
                "client_processes": options.client_processes,
                "bot_delay_seconds": options.bot_delay,
                "seconds": round(seconds, 1),
                "deals": deals,
                "people": summary(people),
                "people_after_opening": summary(steady),
                "people_by_window": by_window([(answer.sent_at - first_sent, answer.seconds) for answer in answers]),
                "opening_hellos": summary(opening.get("hello", [])),
                "fan_out": summary(fan_out),
                "bot_decisions": summary(bots),
                "client_loop_lag": summary(loop_lags),
                "server_cpu_ms_per_answer": round(server_cpu / max(1, len(people)) * 1000, 3),
                "server_cpu_share": round(server_cpu / seconds, 3),
                "client_cpu_ms_per_answer": round(client_cpu / max(1, len(people)) * 1000, 3),
                "client_cpu_share": round(client_cpu / seconds, 3),
                "cpu_pressure": None if stalled is None else round(stalled, 3),
                "error_answers": len(errors),
                "reconnects": sum(len(seat.closed_at) for seat in seats),
                "moves": sum(seat.moves for seat in seats),
                "relayed": options.relay,
                "complete_logs": complete,
                "traffic": {
                    "redis_commands": traffic.redis_commands,
                    "redis_publishes": traffic.redis_publishes,
                    "database_commits": traffic.database_commits,
                    "rows_written": traffic.rows_written,
                    "redis_cpu_seconds": round(traffic.redis_cpu_seconds, 2),
                    "database_cpu_seconds": round(traffic.database_cpu_seconds, 2),
                    "per_answer": {
                        "redis_commands": round(traffic.redis_commands / max(1, len(people)), 2),
                        "redis_publishes": round(traffic.redis_publishes / max(1, len(people)), 2),
                        "database_commits": round(traffic.database_commits / max(1, len(people)), 2),
                        "redis_cpu_ms": round(traffic.redis_cpu_seconds / max(1, len(people)) * 1000, 3),
                        "database_cpu_ms": round(traffic.database_cpu_seconds / max(1, len(people)) * 1000, 3),
                    },
                },
            }
            if options.restarts:
                figures["restarts"] = {
                    "count": len(done.restarts),
                    "seconds": [round(end - began, 1) for began, end in done.restarts],
                }
            if options.kills:
                by_table = {table.id: table for table in tables}
                waits = [
                    back_after([seat for table_id in owned for seat in by_table[table_id].seats], killed_at)
                    for killed_at, owned in done.kills
                    if owned
                ]
                figures["failover"] = {
                    "kills": len(done.kills),
                    "tables_moved": sum(len(owned) for _, owned in done.kills),
                    "next_state": summary([wait for kill in waits for wait in kill]),
                    "worst_seat_per_kill": summary([max(kill) for kill in waits if kill]),
                }
            print(
                f"load: {options.tables} online tables × 4 people + {options.solo_tables} solo tables at "
                f"{options.strength!r} (paced at {options.bot_delay} s a card), games to {options.target} "
                f"({options.variant}), think ≤ {options.think} s: {seconds:.1f} s, {deals} deals"
            )
            print(f"  people's messages answered: {len(people)}; latency {shown(figures['people'])}")
            print(f"  after the opening {OPENING_SECONDS:.0f} s: {shown(figures['people_after_opening'])}")
            windows = [
                f"{row['start_s']:.0f} s: {row['per_second']:.0f}/s, p50 {row['p50_ms']:.1f}, p99 {row['p99_ms']:.1f}"
                for row in figures["people_by_window"]
            ]
            print(
                f"  by {WINDOW_SECONDS:.0f} s of the run (answers a second, p50 and p99 in ms): " + "; ".join(windows)
            )
            by_kind = [f"{kind} ×{len(values)} {shown(summary(values))}" for kind, values in sorted(opening.items())]
            print("  in the opening, by message: " + ", ".join(by_kind))
            print(f"  fan-out (a card played → the fourth seat's state showing it): {shown(figures['fan_out'])}")
            print(f"  computer players' decisions at solo tables ({len(bots)}): {shown(figures['bot_decisions'])}")
            print(
                f"  the clients' own event loop woke late by {shown(figures['client_loop_lag'])} "
                "(time an answer may wait unread, counted in the latency)"
            )
            print(
                f"  CPU: server {server_cpu:.1f} s ({figures['server_cpu_ms_per_answer']:.2f} ms per answered "
                f"message, {server_cpu / seconds:.0%} of a core), clients {client_cpu:.1f} s "
                f"({figures['client_cpu_ms_per_answer']:.2f} ms per answered message, {client_cpu / seconds:.0%})"
                + (f"; CPU pressure (some task waiting for a CPU): {stalled:.0%} of the time" if stalled else "")
            )
            print(f"  error answers: {len(errors)} {sorted(set(errors))}; sockets reconnected: {figures['reconnects']}")
            if traffic.redis_commands or traffic.database_commits:
                per = figures["traffic"]["per_answer"]
                print(
                    f"  shared services: Redis {traffic.redis_commands} commands ({per['redis_commands']} per answered "
                    f"message), {traffic.redis_publishes} of them publishes ({per['redis_publishes']}); PostgreSQL "
                    f"{traffic.database_commits} commits ({per['database_commits']}), {traffic.rows_written} rows "
                    f"written; CPU: Redis {traffic.redis_cpu_seconds:.1f} s ({per['redis_cpu_ms']:.2f} ms per answered "
                    f"message), PostgreSQL {traffic.database_cpu_seconds:.1f} s ({per['database_cpu_ms']:.2f} ms)"
                )
            if options.restarts:
                print(f"  drained restarts: {figures['restarts']['seconds']} s each (SIGTERM to answering again)")
            if options.kills:
                failover = figures["failover"]
                print(
                    f"  failover: {failover['kills']} kills, {failover['tables_moved']} tables moved; the kill to the "
                    f"next state on each of their seats: {shown(failover['next_state'])}; the slowest seat of each "
                    f"kill: {shown(failover['worst_seat_per_kill'])}"
                )
            print(
                f"  complete game logs: {complete}/{len(tables)}" + (f"; problems: {problems[:5]}" if problems else "")
            )
            socket_figures = asyncio.run(fuzz_sockets(url, options.fuzz_messages, options.seed))
            print(f"socket fuzz: {socket_figures}")
            http_figures = fuzz_http(url, options.http_examples) if options.http_examples else dict(NO_HTTP_FUZZ)
            print(f"HTTP fuzz (schemathesis): {http_figures}")
            healthy = all(httpx.get(each.url + "api/health", timeout=10).status_code == 200 for each in servers)
            tracebacks = sum(len(each.tracebacks()) for each in servers)
            print(f"servers still answering: {healthy}; tracebacks in the servers' output: {tracebacks}")
            if errors or tracebacks:
                for number, each in enumerate(servers, 1):
                    told = [line.rstrip() for line in each.output if "Heart Cards is running" not in line]
                    print(f"server {number} said ({len(told)} lines; the last 15):", *told[-15:], sep="\n  ")
        finally:
            for each in servers:
                each.stop()
    figures.update(socket_fuzz=socket_figures, http_fuzz=http_figures, server_tracebacks=tracebacks, healthy=healthy)
    record_run("tables", figures, keep=not options.no_keep)
    failed = (
        problems
        or (errors and not options.kills)  # a kill's moment may answer "try again"; a drained restart must not
        or socket_figures["unanswered_or_closed"]
        or socket_figures["forged_accepted"]
        or http_figures["server_errors"]
        or http_figures["bad_error_shape"]
        or tracebacks
        or not healthy
    )
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
