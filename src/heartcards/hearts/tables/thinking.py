"""The computer players' decisions, in worker processes at a lower scheduling priority than the server.

A decision is a pure function of what the seat observes, the table's strength, a seed derived from the table (its
own seed, the seat and how many actions the game has seen, so a restarted server decides the same) and a budget:
the share of the strength's playouts it plays, a count and never a time (no clock cuts a search short, so a slow or
busy machine decides the same as a quiet one). It runs in worker processes started at a higher niceness, so the
server's event loop never holds the GIL for a bot nor waits for one, and the operating system serves the people's
messages first when the cores are busy.

The workers are driven from the event loop itself, with no thread in the server: each worker has a socket pair to
the server, the server writes a request (pickled once, the observation as plain numbers: `observation_fields`) to
an idle worker on a non-blocking socket (a request is some 200 bytes, and about as much again for each earlier
deal of the game, whose plays the bots read; what the socket does not take at once is sent when it is writable, so
the loop never blocks on a worker) and reads the answer with `loop.add_reader`;
requests wait in the server, first come first served, while every worker is busy. (A `ProcessPoolExecutor`
pickles in a feeder thread and waits in a manager thread: threads that take the GIL from the event loop for up to
the 5 ms switch interval, a direct cause of the people's p99 latency.) A worker that dies is replaced and its
decision asked once more.

Under load the bots think less: the budget shrinks with the number of decisions waiting and with how long a
decision takes in the workers now (a busy machine gives them fewer playouts), so that a decision, queue included,
stays near `LATENCY_GOAL`. The budget is one of a few steps (1, 1/2, 1/4, 1/8, 1/16: `budget_step`), so decisions
under similar load get the same budget and the same card; below `MIN_BUDGET` the rule-based player decides instead
(instant).
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import math
import multiprocessing
import os
import pickle
import socket
import struct
import time
import traceback
from dataclasses import dataclass, field
from multiprocessing.process import BaseProcess
from typing import Final

from heartcards.cards import Card, SplitMix64
from heartcards.hearts.bots import EASY, player
from heartcards.hearts.engine import CARDS, INDEX_OF, Observation, PassDirection, Phase, Trick, Variant
from heartcards.hearts.tables.players import full_decision_seconds
from heartcards.runtime.workers import follow_the_server

BOT_NICENESS: Final = 15
"""How much nicer than the server the bots' workers run: a busy core serves the people's messages first."""
LATENCY_GOAL: Final = 0.3
"""Seconds a decision should take, waiting included; the budget shrinks when more decisions wait."""
MIN_BUDGET: Final = 0.05
"""Below this share of its search a strength would play no better than the rule-based player, which then decides: the
smallest step a strength plays is 1/16."""
CLOSE_SECONDS: Final = 5.0
"""How long `close` waits for a worker to end before killing it."""
_CARD_BY_TEXT: Final = {card.text: card for card in CARDS}
_FRAME: Final = struct.Struct("!I")
"""Each message between the server and a worker: its length, then its pickle."""
_SPAWN: Final = multiprocessing.get_context("spawn")


def decision_seed(table_seed: int, seat: int, actions: int) -> int:
    """The seed of a decision: mixed from the table's seed, the seat and the number of actions played so far."""
    return SplitMix64(((table_seed * 4 + seat) * 1_000_003 + actions) & ((1 << 64) - 1)).next64()


def decide(observation: Observation, strength: str, seed: int, budget: float) -> tuple[str, ...]:
    """What the computer player of `strength` does for the observing seat: three card texts to pass, or one to play.
    The same arguments give the same choice, in any process, however fast the machine (`budget` is a share of the
    strength's playouts, and no time cap applies)."""
    bot = player(strength, seed, budget) if budget >= MIN_BUDGET else player(EASY, seed)
    if observation.phase is Phase.PASS:
        return tuple(card.text for card in bot.choose_pass(observation))
    return (bot.choose_play(observation).text,)


def budget_step(share: float) -> float:
    """The largest of 1, 1/2, 1/4, 1/8 … that is not above `share` (1 for a share of 1 or more): the budget a
    decision gets, so that a little more or less load changes nothing in what the bots play."""
    if share >= 1.0:
        return 1.0
    if share <= 0.0:
        return 0.0
    _, exponent = math.frexp(share)  # share = m · 2**exponent with 0.5 <= m < 1
    return math.ldexp(0.5, exponent)


def cards_of_texts(texts: tuple[str, ...]) -> tuple[Card, ...]:
    """The engine's own card objects for texts a worker sent back."""
    return tuple(_CARD_BY_TEXT[text] for text in texts)


TrickFields = tuple[int, bytes, int | None]
ObservationFields = tuple[
    int, str, int, int, str, str, bytes, bytes, bytes, tuple[bool, ...], tuple[TrickFields, ...], TrickFields | None,
    int | None, bool, tuple[int, ...], tuple[int, ...], tuple[tuple[int, ...], ...], bytes, tuple[int, ...],
    tuple[tuple[TrickFields, ...], ...],
]  # fmt: skip
"""An observation as plain values, in field order, cards as `bytes` of card indices: `observation_fields`."""


def _card_indices(cards: tuple[Card, ...]) -> bytes:
    return bytes([INDEX_OF[card] for card in cards])


def _cards(indices: bytes) -> tuple[Card, ...]:
    return tuple([CARDS[index] for index in indices])


def observation_fields(observation: Observation) -> ObservationFields:
    """The observation as ints, strings and bytes, in field order: several times cheaper to pickle and unpickle than
    the dataclass with its `Card` and enum objects. `observation_of_fields` gives back an equal observation."""
    current = observation.current_trick
    return (
        observation.seat,
        observation.variant.value,
        observation.target,
        observation.deal_number,
        observation.phase.value,
        observation.pass_direction.value,
        _card_indices(observation.hand),
        _card_indices(observation.passed),
        _card_indices(observation.received),
        observation.passes_chosen,
        _tricks_fields(observation.tricks),
        None if current is None else (current.leader, _card_indices(current.cards), current.winner),
        observation.turn,
        observation.hearts_broken,
        observation.deal_points,
        observation.totals,
        observation.score_history,
        _card_indices(observation.legal),
        observation.winners,
        tuple([_tricks_fields(tricks) for tricks in observation.earlier_deals]),
    )


def observation_of_fields(fields: ObservationFields) -> Observation:
    """The observation that `observation_fields` gave `fields` for."""
    (seat, variant, target, deal_number, phase, direction, hand, passed, received, passes_chosen, tricks, current,
     turn, hearts_broken, deal_points, totals, score_history, legal, winners, earlier_deals) = fields  # fmt: skip
    return Observation(
        seat=seat,
        variant=Variant(variant),
        target=target,
        deal_number=deal_number,
        phase=Phase(phase),
        pass_direction=PassDirection(direction),
        hand=_cards(hand),
        passed=_cards(passed),
        received=_cards(received),
        passes_chosen=passes_chosen,
        tricks=_tricks_of_fields(tricks),
        current_trick=None if current is None else Trick(current[0], _cards(current[1]), current[2]),
        turn=turn,
        hearts_broken=hearts_broken,
        deal_points=deal_points,
        totals=totals,
        score_history=score_history,
        legal=_cards(legal),
        winners=winners,
        earlier_deals=tuple([_tricks_of_fields(deal) for deal in earlier_deals]),
    )


def _tricks_fields(tricks: tuple[Trick, ...]) -> tuple[TrickFields, ...]:
    return tuple([(trick.leader, _card_indices(trick.cards), trick.winner) for trick in tricks])


def _tricks_of_fields(tricks: tuple[TrickFields, ...]) -> tuple[Trick, ...]:
    return tuple([Trick(leader, _cards(cards), winner) for leader, cards, winner in tricks])


def start_bot_worker() -> None:
    """Set up a worker: lower priority, Ctrl-C left to the server, and an exit of its own if the server dies."""
    with contextlib.suppress(OSError):
        os.nice(BOT_NICENESS)
    follow_the_server()


def timed_decide(observation: Observation, strength: str, seed: int, budget: float) -> tuple[tuple[str, ...], float]:
    """`decide`, with the wall-clock seconds it took in the worker (what a full search costs on this machine now)."""
    started = time.perf_counter()
    return decide(observation, strength, seed, budget), time.perf_counter() - started


_Answer = tuple[tuple[str, ...], float]
"""What a worker sends back: `timed_decide`'s answer."""


def _frame(message: object) -> bytes:
    data = pickle.dumps(message, protocol=pickle.HIGHEST_PROTOCOL)
    return _FRAME.pack(len(data)) + data


def serve_decisions(connection: socket.socket) -> None:
    """A worker's life: answer one request at a time, `(observation fields, strength, seed, budget)` → what
    `timed_decide` gives (or the traceback of its error), until the server closes the connection. Blocking I/O: the
    worker has nothing else to do."""
    start_bot_worker()
    requests = connection.makefile("rb")
    while True:
        header = requests.read(_FRAME.size)
        if len(header) < _FRAME.size:
            return  # the server closed its end: it is shutting down
        (size,) = _FRAME.unpack(header)
        fields, strength, seed, budget = pickle.loads(requests.read(size))
        try:
            answer: _Answer | str = timed_decide(observation_of_fields(fields), strength, seed, budget)
        except Exception:  # a bot's bug: the server hears of it and the worker lives on
            answer = traceback.format_exc()
        connection.sendall(_frame(answer))


class DecisionError(RuntimeError):
    """A decision failed in its worker; the message is the worker's traceback."""


class WorkerDiedError(RuntimeError):
    """The worker deciding ended before it answered (killed, out of memory), on the retry as well."""

    def __init__(self, exitcode: int | None) -> None:
        super().__init__(f"a computer player's worker ended before answering (exit code {exitcode})")


@dataclass(eq=False)
class _Request:
    frame: bytes
    answer: asyncio.Future[_Answer]
    retried: bool = False


@dataclass(eq=False)
class _Worker:
    process: BaseProcess
    connection: socket.socket
    request: _Request | None = None
    unsent: memoryview | None = None
    """The end of the request's frame the socket did not take at once (sent when it becomes writable)."""
    received: bytearray = field(default_factory=bytearray)


class Thinkers:
    """The worker processes that decide for every table, driven from the event loop, and the budget each decision
    gets."""

    def __init__(self, workers: int | None = None) -> None:
        self.workers = workers or max(1, os.cpu_count() or 1)
        self.waiting = 0
        """Decisions asked for and not answered yet."""
        self.full_seconds: dict[str, float] = {}
        """Per strength, what a full decision takes in a worker now (a moving average of the measured times, scaled
        to a full budget): on a busy machine the workers are slower than the strength's time cap says."""
        self._loop: asyncio.AbstractEventLoop | None = None
        self._running: list[_Worker] = []
        self._idle: list[_Worker] = []
        self._queue: collections.deque[_Request] = collections.deque()
        self._ending: list[BaseProcess] = []
        """Workers that died or were let go, not reaped yet (reaped when their sentinel says they ended)."""

    def worker_pids(self) -> list[int]:
        """The process ids of the running workers."""
        return [worker.process.pid for worker in self._running if worker.process.pid is not None]

    def warm_up(self) -> None:
        """Start the workers now (at server start, in its event loop) rather than on the first decision."""
        self._on_this_loop()
        while len(self._running) < self.workers:
            self._start_worker()

    def budget(self, strength: str) -> float:
        """The share of a full search the next decision gets, given how many are waiting before it: a step of
        `budget_step`."""
        queued = self.waiting + 1
        full = max(full_decision_seconds(strength), self.full_seconds.get(strength, 0.0))
        return budget_step(LATENCY_GOAL * self.workers / (queued * full))

    async def decide(
        self, observation: Observation, strength: str, seed: int, budget: float | None = None
    ) -> tuple[Card, ...]:
        """The bot's choice, decided in a worker; the caller's event loop runs on meanwhile. Without `budget`, the
        load decides it (`budget`); a check of a game played elsewhere names the one that game was played with."""
        if budget is None:
            budget = self.budget(strength)
        loop = self._on_this_loop()
        request = _Request(_frame((observation_fields(observation), strength, seed, budget)), loop.create_future())
        self.waiting += 1
        try:
            self._submit(request)
            texts, seconds = await request.answer
        finally:
            self.waiting -= 1
        if budget >= MIN_BUDGET:
            measured = seconds / budget
            self.full_seconds[strength] = 0.8 * self.full_seconds.get(strength, measured) + 0.2 * measured
        return cards_of_texts(texts)

    def close(self) -> None:
        """End every worker and reap it: terminated, since a worker holds nothing to save and a decision under way
        is of no use any more (one that does not end within `CLOSE_SECONDS` is killed); decisions still waiting
        are cancelled."""
        loop = self._loop
        for worker in list(self._running):
            self._let_go(worker)
            worker.process.terminate()
            if worker.request is not None:
                self._fail(worker.request, asyncio.CancelledError())
        for request in self._queue:
            self._fail(request, asyncio.CancelledError())
        self._queue.clear()
        ending, self._ending = self._ending, []
        for process in ending:
            if loop is not None and not loop.is_closed():
                loop.remove_reader(process.sentinel)
            process.join(CLOSE_SECONDS)
            if process.is_alive():
                process.kill()
                process.join()
            process.close()
        self._loop = None

    def _on_this_loop(self) -> asyncio.AbstractEventLoop:
        """The running loop; workers started on another loop (a test's earlier `asyncio.run`) are closed first,
        since their readers belong to that loop."""
        loop = asyncio.get_running_loop()
        if self._loop is not loop:
            self.close()
            self._loop = loop
        return loop

    def _start_worker(self) -> _Worker:
        assert self._loop is not None
        server_end, worker_end = socket.socketpair()
        try:
            # daemon: ended by multiprocessing at the server's exit; the worker also follows the server if killed
            process = _SPAWN.Process(target=serve_decisions, args=(worker_end,), name="heartcards-bot", daemon=True)
            process.start()  # the spawn passes worker_end's descriptor to the child; this process keeps no copy
        except BaseException:
            server_end.close()
            raise
        finally:
            worker_end.close()
        server_end.setblocking(False)
        worker = _Worker(process, server_end)
        self._loop.add_reader(server_end.fileno(), self._on_readable, worker)
        self._running.append(worker)
        self._idle.append(worker)
        return worker

    def _submit(self, request: _Request) -> None:
        """Send the request to an idle worker (starting one if a worker is missing), or queue it."""
        if not self._idle and len(self._running) < self.workers:
            self._start_worker()
        if self._idle:
            self._send(self._idle.pop(), request)
        elif request.retried:
            self._queue.appendleft(request)  # it waited its turn once already
        else:
            self._queue.append(request)

    def _send(self, worker: _Worker, request: _Request) -> None:
        worker.request = request
        try:
            sent = worker.connection.send(request.frame)
        except BlockingIOError:
            sent = 0
        except OSError:  # the worker is gone: its reader sees the end of the connection and asks again
            return
        if sent < len(request.frame):  # a request larger than the socket's buffer: the rest when it is writable
            assert self._loop is not None
            worker.unsent = memoryview(request.frame)[sent:]
            self._loop.add_writer(worker.connection.fileno(), self._on_writable, worker)

    def _on_writable(self, worker: _Worker) -> None:
        assert worker.unsent is not None and self._loop is not None
        try:
            sent = worker.connection.send(worker.unsent)
        except BlockingIOError:
            return
        except OSError:
            sent = len(worker.unsent)  # the worker is gone: its reader handles it
        worker.unsent = worker.unsent[sent:]
        if not worker.unsent:
            worker.unsent = None
            self._loop.remove_writer(worker.connection.fileno())

    def _on_readable(self, worker: _Worker) -> None:
        try:
            chunk = worker.connection.recv(65536)
        except BlockingIOError:
            return
        except OSError:
            chunk = b""
        if not chunk:
            self._worker_died(worker)
            return
        received = worker.received
        received += chunk
        if len(received) < _FRAME.size:
            return
        (size,) = _FRAME.unpack_from(received)
        if len(received) < _FRAME.size + size:
            return
        answer = pickle.loads(received[_FRAME.size : _FRAME.size + size])
        del received[: _FRAME.size + size]  # a worker sends one answer per request: nothing follows it
        request, worker.request = worker.request, None
        if request is not None and not request.answer.done():
            if isinstance(answer, str):
                request.answer.set_exception(DecisionError(answer))
            else:
                request.answer.set_result(answer)
        self._next_request(worker)

    def _next_request(self, worker: _Worker) -> None:
        while self._queue:
            request = self._queue.popleft()
            if not request.answer.done():  # a decision whose table stopped waiting is not asked
                self._send(worker, request)
                return
        self._idle.append(worker)

    def _worker_died(self, worker: _Worker) -> None:
        """A worker ended (killed, out of memory): forget it, and ask its decision again, once, on another worker."""
        self._let_go(worker)
        request = worker.request
        if request is None or request.answer.done():
            return  # an idle worker: replaced when a decision needs it
        if request.retried:
            self._fail(request, WorkerDiedError(worker.process.exitcode))
            return
        request.retried = True
        try:
            self._submit(request)
        except Exception as error:  # no worker can be started (out of processes, memory)
            self._fail(request, error)
            if not self._running:  # nobody left to serve the queue: those waiting hear it now
                while self._queue:
                    self._fail(self._queue.popleft(), error)

    def _let_go(self, worker: _Worker) -> None:
        """Stop listening to the worker and close its connection (an idle worker then ends by itself); it is reaped
        when its sentinel shows it ended."""
        self._running.remove(worker)
        if worker in self._idle:
            self._idle.remove(worker)
        descriptor = worker.connection.fileno()
        loop = self._loop
        if loop is not None and not loop.is_closed():
            loop.remove_reader(descriptor)
            if worker.unsent is not None:
                loop.remove_writer(descriptor)
            loop.add_reader(worker.process.sentinel, self._reap, worker.process)
        worker.connection.close()
        self._ending.append(worker.process)

    def _reap(self, process: BaseProcess) -> None:
        assert self._loop is not None
        self._loop.remove_reader(process.sentinel)
        process.join()  # it ended: no wait, and no zombie left
        process.close()
        self._ending.remove(process)

    @staticmethod
    def _fail(request: _Request, error: BaseException) -> None:
        answer = request.answer
        if not answer.done() and not answer.get_loop().is_closed():
            if isinstance(error, asyncio.CancelledError):
                answer.cancel()
            else:
                answer.set_exception(error)
