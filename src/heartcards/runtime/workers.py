"""What every worker process the server spawns (the solver's, the Hearts computer players') sets up first.

Only the standard library is imported here: a worker imports this module, and must not pay for the web stack.
"""

from __future__ import annotations

import multiprocessing
import multiprocessing.connection
import os
import signal
import threading


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
