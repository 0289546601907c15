"""What a worker process of the server runs (the pool's, `heartcards.runtime.pool`): set itself up, then answer jobs.

Only the standard library is imported here: a worker imports this module, and must not pay for the web stack. A job
is a top-level function and its arguments, pickled (the function by name: the worker imports its module), and the
answer its result or what it raised.
"""

from __future__ import annotations

import contextlib
import importlib
import multiprocessing
import multiprocessing.connection
import os
import pickle
import signal
import socket
import struct
import sys
import threading
import traceback
from collections.abc import Sequence
from typing import Final

FRAME: Final = struct.Struct("!I")
"""Each message between the server and a worker: its length, then its pickle."""


def frame(message: object) -> bytes:
    """`message` pickled, after its length."""
    data = pickle.dumps(message, protocol=pickle.HIGHEST_PROTOCOL)
    return FRAME.pack(len(data)) + data


def follow_the_server() -> None:
    """Ctrl-C is the server's to handle (it shuts its workers down cleanly), and the worker ends by itself if the
    server dies without doing so (killed), instead of living on as an orphan."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    parent = multiprocessing.parent_process()
    if parent is not None:
        threading.Thread(target=_exit_with, args=(parent.sentinel,), daemon=True, name="parent-watch").start()


def _exit_with(parent_sentinel: int) -> None:
    multiprocessing.connection.wait([parent_sentinel])
    os._exit(0)


def yield_to_the_server(niceness: int) -> None:
    """Run below the server: `niceness` more than it and, on Linux, in the idle scheduling class (`SCHED_IDLE`).
    Linux may let a niced worker run to the end of its time slice before a waking server has the core (milliseconds
    on a person's answer when the two share one); an idle-class worker gives it up at once. It still has every idle
    moment of the cores, and a sliver of a busy one. A `niceness` of 0 leaves the worker at the server's priority."""
    if niceness <= 0:
        return
    with contextlib.suppress(OSError):
        os.nice(niceness)
    if sys.platform == "linux":
        with contextlib.suppress(OSError):
            os.sched_setscheduler(0, os.SCHED_IDLE, os.sched_param(0))


def serve_jobs(connection: socket.socket, niceness: int, preload: Sequence[str]) -> None:
    """A worker's life: below the server (`yield_to_the_server`), with the `preload` modules imported, answer one job
    at a time, `(function, args)` → `(True, function(*args))`, or `(False, traceback, pickled exception or None)` when
    it raised (the worker lives on), until the server closes the connection. Blocking I/O: the worker has nothing
    else to do."""
    yield_to_the_server(niceness)
    follow_the_server()
    for name in preload:
        importlib.import_module(name)
    requests = connection.makefile("rb")
    while True:
        header = requests.read(FRAME.size)
        if len(header) < FRAME.size:
            return  # the server closed its end: it is shutting down
        (size,) = FRAME.unpack(header)
        function, args = pickle.loads(requests.read(size))
        try:
            answer = frame((True, function(*args)))
        except Exception as error:  # a job's bug, bad input or an answer that does not pickle: the server hears
            answer = frame((False, traceback.format_exc(), _pickled(error)))
        connection.sendall(answer)


def _pickled(error: Exception) -> bytes | None:
    """The error pickled, so the server raises it as it is; None for one that does not pickle."""
    try:
        return pickle.dumps(error, protocol=pickle.HIGHEST_PROTOCOL)
    except Exception:
        return None
