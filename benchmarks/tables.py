"""Hearts tables under load, and fuzzing of the table APIs (issue 6). Prints each figure and one JSON line at the end.

    uv run python benchmarks/tables.py                          # 200 tables × 4 scripted clients, games to 50, fuzz
    uv run python benchmarks/tables.py --tables 20 --fuzz-messages 300 --http-examples 20   # a quick look

1. Load: the real server (`heartcards serve` in a subprocess, temporary SQLite file). `--tables` online tables are
   created over HTTP, four people join each, and 4 × tables scripted WebSocket clients (the `websockets` package,
   one asyncio process) play whole games at once: pass three random cards, play a random legal card, say `next` on
   the score table, each after a random think time (`--think` seconds at most, as people take; 0 = flat out).
   Every socket is opened first; then all of them say hello in the same instant. (Opening 800 connections blocks
   this process's own event loop for about 0.3 s; when hellos went out meanwhile, that wait was counted as the
   server's latency.) How late this process's loop wakes from a 5 ms sleep is printed too: an answer that has
   arrived waits unread for that long, and the latency includes it.
   Every message carries an id; its latency is from the client's send to the arrival of the answer with that id
   (p50, p99, max), with the CPU the server used per answered message and the machine's CPU pressure (the share
   of time some task waited for a CPU, Linux PSI): on a shared machine the latency is mostly that wait. The same
   figures are printed again without the opening burst (messages sent in the first 2 s, when every socket says
   hello and passes at once), to tell a backlog at the start from stalls during play, and the opening's answers
   by message type (the p99 is mostly the 800 simultaneous hellos). Then every
   game's log is read back over HTTP and checked: every deal present with its 13 tricks,
   the 52 cards each played once, points of 26 (or a moon's 39), running totals, the end of the game and its winners
   as the clients saw them.
2. Socket fuzz: random and forged messages (junk, wrong types, bad cards, forged tokens, other seats' actions,
   binary frames, deep JSON) on fresh tables; each must be answered with an `error` or a `state` (a forged hello
   with an error and the 4403 close), never a server error; the server must still answer afterwards.
3. HTTP fuzz: schemathesis against `/api/hearts/...`. The production app serves no OpenAPI document
   (`openapi_url=None`), so the schema is computed in this process from the app's routes (`get_openapi`) and the
   generated requests are sent to the running server: its behaviour is the production one. Check: no 5xx, and every
   4xx has the `{"error": {"key", "message", "params"}}` shape.
Failures (the exit status is 1 if any): error answers or incomplete logs in the load run, fuzz messages left
unanswered or sockets closed on them, forged hellos accepted, 5xx answers, and tracebacks in the server's output.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import websockets

OPENING_SECONDS = 2.0
"""The opening burst: all sockets connect, say hello and pass within the same instant."""
ADDRESS = re.compile(r"Heart Cards is running at (http://\S+/)")
CARD_TEXTS = [
    rank + suit for suit in "CDSH" for rank in ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
]


# -- the server ---------------------------------------------------------------------------------------------------


class Server:
    """`python -m heartcards serve` on a temporary SQLite file; its output is kept to look for tracebacks."""

    def __init__(self, folder: Path) -> None:
        self.database = f"sqlite:///{folder / 'tables.sqlite3'}"
        environment = {
            **os.environ,
            "PYTHONUNBUFFERED": "1",
            "HEARTCARDS_HEARTS_BOT_DELAY_SECONDS": "0",
            "HEARTCARDS_HEARTS_DEAL_PAUSE_SECONDS": "60",
        }
        command = [sys.executable, "-m", "heartcards", "serve", "--host", "127.0.0.1", "--port", "0"]
        self.process = subprocess.Popen(
            [*command, "--database", self.database],
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            env=environment,
        )
        self.output: list[str] = []
        self.url = ""
        found = threading.Event()

        def pump() -> None:
            assert self.process.stdout is not None
            for line in self.process.stdout:
                self.output.append(line)
                match = ADDRESS.search(line)
                if match:
                    self.url = match.group(1).rstrip("/")
                    found.set()

        threading.Thread(target=pump, daemon=True).start()
        if not found.wait(60):
            self.stop()
            raise SystemExit("the server did not start:\n" + "".join(self.output))
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                if httpx.get(self.url + "/api/health", timeout=2).status_code == 200:
                    return
            except httpx.HTTPError:
                time.sleep(0.2)
        raise SystemExit("the server does not answer")

    def cpu_seconds(self) -> float:
        """The server process's CPU time so far (user + system, from /proc)."""
        fields = Path(f"/proc/{self.process.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def tracebacks(self) -> int:
        return sum(1 for line in self.output if "Traceback" in line)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(20)
            except subprocess.TimeoutExpired:
                self.process.kill()


# -- load -----------------------------------------------------------------------------------------------------------


@dataclass
class Figures:
    latencies: list[float] = field(default_factory=list)
    sent_at: list[float] = field(default_factory=list)
    """When each answered message was sent (perf_counter), to tell the opening burst from the steady state."""
    kinds: list[str] = field(default_factory=list)
    """Each answered message's type (`hello`, `pass`, `play`, `next`)."""
    errors: list[str] = field(default_factory=list)
    messages: int = 0
    server_errors: int = 0
    loop_lags: list[float] = field(default_factory=list)
    """How late the clients' event loop woke from each 5 ms sleep during the run (seconds)."""


@dataclass
class TableSeats:
    id: str
    tokens: list[str]
    finals: list[dict[str, Any] | None] = field(default_factory=lambda: [None] * 4)


async def create_tables(url: str, count: int, target: int, variant: str) -> list[TableSeats]:
    limit = asyncio.Semaphore(16)

    async def one(client: httpx.AsyncClient, index: int) -> TableSeats:
        async with limit:
            body = {"mode": "online", "name": f"T{index}P0", "target": target, "variant": variant}
            created = (await client.post("/api/hearts/tables", json=body)).json()
            table = TableSeats(created["table"]["id"], [created["token"]])
            for seat in (1, 2, 3):
                joined = await client.post(
                    f"/api/hearts/tables/{table.id}/join", json={"seat": seat, "name": f"T{index}P{seat}"}
                )
                table.tokens.append(joined.json()["token"])
            started = await client.post(
                f"/api/hearts/tables/{table.id}/start", headers={"X-Seat-Token": table.tokens[0]}
            )
            if started.status_code != 200:
                raise SystemExit(f"could not start a table: {started.text}")
            return table

    async with httpx.AsyncClient(base_url=url, timeout=60) as client:
        return list(await asyncio.gather(*(one(client, index) for index in range(count))))


def due(state: dict[str, Any]) -> str | None:
    view = state.get("view")
    if view is None or state["table"]["status"] != "playing":
        return None
    if view["phase"] == "pass" and view["passed"] is None:
        return "pass"
    if view["phase"] == "play" and view["turn"] == state["seat"] and view["legal"]:
        return "play"
    if view["phase"] == "deal_over" and state["seat"] not in view["ready"]:
        return "next"
    return None


async def play_seat(
    url: str,
    table: TableSeats,
    seat: int,
    rng: random.Random,
    think: float,
    figures: Figures,
    everyone_connected: asyncio.Barrier,
) -> None:
    """One scripted person: connects, waits until every socket is open, then acts whenever the game waits for the
    seat, until the game is over."""
    socket_url = url.replace("http://", "ws://") + f"/ws/hearts/{table.id}"
    sent: dict[int, tuple[float, str]] = {}
    next_id = 1
    try:
        socket = await websockets.connect(socket_url, max_size=2**22, open_timeout=60, ping_interval=None)
    except Exception:
        everyone_connected.abort()  # the others stop waiting; the error is reported
        raise
    async with socket:

        async def send(message: dict[str, Any]) -> None:
            nonlocal next_id
            message["id"] = next_id
            sent[next_id] = (time.perf_counter(), message["type"])
            next_id += 1
            await socket.send(json.dumps(message))

        await everyone_connected.wait()
        await send({"type": "hello", "token": table.tokens[seat]})
        while True:
            raw = await socket.recv()
            arrived = time.perf_counter()
            message = json.loads(raw)
            figures.messages += 1
            answered = message.get("id")
            if answered in sent:
                started, kind = sent.pop(answered)
                figures.latencies.append(arrived - started)
                figures.sent_at.append(started)
                figures.kinds.append(kind)
            if message["type"] == "error":
                figures.errors.append(message["key"])
                continue
            if message["type"] != "state":
                continue
            view = message["view"]
            if view is not None and view["phase"] == "game_over":
                table.finals[seat] = message
                return
            what = due(message)
            if what is None or sent:
                continue  # nothing to do, or our last action is not answered yet
            if think:
                await asyncio.sleep(rng.uniform(0, think))
            if what == "pass":
                await send({"type": "pass", "cards": rng.sample(view["hand"], 3)})
            elif what == "play":
                await send({"type": "play", "card": rng.choice(view["legal"])})
            else:
                await send({"type": "next"})


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


async def load_run(url: str, tables: list[TableSeats], think: float, seed: int) -> tuple[Figures, float]:
    figures = Figures()
    everyone_connected = asyncio.Barrier(4 * len(tables) + 1)
    players = asyncio.gather(
        *(
            play_seat(
                url, table, seat, random.Random(seed * 1_000_003 + index * 4 + seat), think, figures, everyone_connected
            )
            for index, table in enumerate(tables)
            for seat in range(4)
        )
    )
    try:
        await everyone_connected.wait()
    except asyncio.BrokenBarrierError:
        await players  # raises the connection's error
        raise
    started = time.perf_counter()
    watcher = asyncio.get_running_loop().create_task(watch_loop(figures.loop_lags))
    try:
        await players
    finally:
        watcher.cancel()
    return figures, time.perf_counter() - started


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
            finals = [final for final in table.finals if final is not None]
            if len(finals) != 4 or any(final["view"]["totals"] != finals[0]["view"]["totals"] for final in finals):
                problems.append(f"{table.id}: the four clients' final states differ")
                continue
            problem = check_log(log, finals[0])
            if problem:
                problems.append(f"{table.id}: {problem}")
    return len(tables) - len(problems), problems, deals


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
    """Seated and spectator sockets on fresh tables get random junk; forged hellos must be refused."""
    rng = random.Random(seed)
    figures = {
        "sent": 0,
        "errors": 0,
        "states": 0,
        "unanswered_or_closed": 0,
        "forged_accepted": 0,
        "forged_refused": 0,
    }
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
    for batch in range(max(1, count // sent_per_socket)):
        table_id, token = tables[batch % len(tables)]
        socket_url = url.replace("http://", "ws://") + f"/ws/hearts/{table_id}"
        async with websockets.connect(socket_url, max_size=2**22) as socket:
            await socket.send(json.dumps({"type": "hello", "token": token} if batch % 4 else {"type": "hello"}))
            await socket.recv()
            try:
                for _ in range(sent_per_socket):
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
                figures["unanswered_or_closed"] += 1
                failures.append(f"closed {closed.rcvd.code if closed.rcvd else None} after {message!r:.60}")
            except TimeoutError:
                figures["unanswered_or_closed"] += 1  # no answer at all counts as a failure
                failures.append(f"no answer to {message!r:.60}")
    if failures:
        print("socket fuzz failures:", failures[:10])
    return figures


# -- HTTP fuzz ------------------------------------------------------------------------------------------------------


def hearts_openapi() -> dict[str, Any]:
    """The OpenAPI document of the Hearts routes, computed from the app's routes (the app itself serves none)."""
    from fastapi.openapi.utils import get_openapi

    from heartcards.web.app import create_app
    from heartcards.web.settings import Settings

    with tempfile.TemporaryDirectory() as folder:
        app = create_app(Settings.from_environment(f"sqlite:///{folder}/schema.sqlite3"))
        schema = get_openapi(title="Heart Cards", version="0.1.0", routes=app.routes)
        app.state.services.close()
    schema["paths"] = {path: item for path, item in schema["paths"].items() if path.startswith("/api/hearts")}
    return schema


def fuzz_http(url: str, examples: int) -> dict[str, int]:
    import hypothesis
    import requests
    import schemathesis
    from hypothesis import HealthCheck, given

    schema = schemathesis.openapi.from_dict(hearts_openapi())
    figures = {"operations": 0, "requests": 0, "server_errors": 0, "bad_error_shape": 0}
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


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))] if ordered else float("nan")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--target", type=int, default=50, choices=(50, 75, 100))
    parser.add_argument("--variant", default="classic", choices=("classic", "special"))
    parser.add_argument("--think", type=float, default=0.3, help="most seconds a scripted person thinks (0 = none)")
    parser.add_argument("--fuzz-messages", type=int, default=2000)
    parser.add_argument("--http-examples", type=int, default=100, help="schemathesis examples per operation")
    parser.add_argument("--seed", type=int, default=6)
    options = parser.parse_args()

    with tempfile.TemporaryDirectory() as folder:
        server = Server(Path(folder))
        try:
            tables = asyncio.run(create_tables(server.url, options.tables, options.target, options.variant))
            server_cpu, client_cpu, pressure = server.cpu_seconds(), client_cpu_seconds(), cpu_pressure_total()
            figures, seconds = asyncio.run(load_run(server.url, tables, options.think, options.seed))
            server_cpu = server.cpu_seconds() - server_cpu
            client_cpu = client_cpu_seconds() - client_cpu
            after = cpu_pressure_total()
            stalled = None if pressure is None or after is None else (after - pressure) / 1e6 / seconds
            complete, problems, deals = asyncio.run(read_logs(server.url, tables))
            latencies_ms = [value * 1000 for value in figures.latencies]
            first_sent = min(figures.sent_at, default=0.0)
            steady_ms = [
                value * 1000
                for value, sent_at in zip(figures.latencies, figures.sent_at, strict=True)
                if sent_at - first_sent >= OPENING_SECONDS
            ]
            opening_ms: dict[str, list[float]] = {}
            for value, sent_at, kind in zip(figures.latencies, figures.sent_at, figures.kinds, strict=True):
                if sent_at - first_sent < OPENING_SECONDS:
                    opening_ms.setdefault(kind, []).append(value * 1000)
            hellos_ms = opening_ms.get("hello", [])
            print(
                f"load: {options.tables} tables × 4 clients, games to {options.target} ({options.variant}), "
                f"think ≤ {options.think} s: {seconds:.1f} s, {deals} deals, {figures.messages} messages received"
            )
            print(
                f"  answered messages: {len(latencies_ms)}; latency p50 {percentile(latencies_ms, 0.5):.1f} ms, "
                f"p99 {percentile(latencies_ms, 0.99):.1f} ms, max {max(latencies_ms, default=0):.1f} ms "
                f"(mean {statistics.fmean(latencies_ms) if latencies_ms else 0:.1f} ms)"
            )
            print(
                f"  after the opening {OPENING_SECONDS:.0f} s ({len(steady_ms)} answered): latency p50 "
                f"{percentile(steady_ms, 0.5):.1f} ms, p99 {percentile(steady_ms, 0.99):.1f} ms, "
                f"max {max(steady_ms, default=0):.1f} ms"
            )
            print(
                "  in the opening, by message: "
                + ", ".join(
                    f"{kind} ×{len(values)} p50 {percentile(values, 0.5):.1f} ms, max {max(values):.1f} ms"
                    for kind, values in sorted(opening_ms.items())
                )
            )
            lags_ms = [value * 1000 for value in figures.loop_lags]
            print(
                f"  the clients' own event loop woke late by p99 {percentile(lags_ms, 0.99):.1f} ms, "
                f"max {max(lags_ms, default=0):.1f} ms (time an answer may wait unread, counted in the latency)"
            )
            actions = max(1, len(latencies_ms))
            print(
                f"  CPU: server {server_cpu:.1f} s ({server_cpu / actions * 1000:.2f} ms per answered message, "
                f"{server_cpu / seconds:.0%} of a core), clients {client_cpu:.1f} s; "
                + (
                    f"CPU pressure (some task waiting for a CPU): {stalled:.0%} of the time"
                    if stalled is not None
                    else ""
                )
            )
            print(f"  error answers: {len(figures.errors)} {sorted(set(figures.errors))}")
            print(
                f"  complete game logs: {complete}/{len(tables)}" + (f"; problems: {problems[:5]}" if problems else "")
            )
            socket_figures = asyncio.run(fuzz_sockets(server.url, options.fuzz_messages, options.seed))
            print(f"socket fuzz: {socket_figures}")
            http_figures = fuzz_http(server.url, options.http_examples)
            print(f"HTTP fuzz (schemathesis): {http_figures}")
            healthy = httpx.get(server.url + "/api/health", timeout=10).status_code == 200
            tracebacks = server.tracebacks()
            print(f"server still answering: {healthy}; tracebacks in the server's output: {tracebacks}")
        finally:
            server.stop()
    summary = {
        "tables": options.tables,
        "target": options.target,
        "think_seconds": options.think,
        "seconds": round(seconds, 1),
        "deals": deals,
        "answered": len(latencies_ms),
        "p50_ms": round(percentile(latencies_ms, 0.5), 2),
        "p99_ms": round(percentile(latencies_ms, 0.99), 2),
        "max_ms": round(max(latencies_ms, default=0), 2),
        "steady_p99_ms": round(percentile(steady_ms, 0.99), 2),
        "steady_max_ms": round(max(steady_ms, default=0), 2),
        "opening_hello_p50_ms": round(percentile(hellos_ms, 0.5), 2),
        "opening_hello_max_ms": round(max(hellos_ms, default=0), 2),
        "client_loop_lag_p99_ms": round(percentile(lags_ms, 0.99), 2),
        "client_loop_lag_max_ms": round(max(lags_ms, default=0), 2),
        "server_cpu_ms_per_message": round(server_cpu / max(1, len(latencies_ms)) * 1000, 3),
        "server_cpu_share": round(server_cpu / seconds, 3),
        "cpu_pressure": None if stalled is None else round(stalled, 3),
        "error_answers": len(figures.errors),
        "complete_logs": complete,
        "socket_fuzz": socket_figures,
        "http_fuzz": http_figures,
        "server_tracebacks": tracebacks,
        "healthy": healthy,
    }
    print(json.dumps(summary))
    failed = (
        problems
        or figures.errors
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
