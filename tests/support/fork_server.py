"""`heartcards serve` started by forking a process that has already imported the server, instead of a new Python.

A server's start is about 1.1 CPU seconds on the 2-core machine, 70 % of it importing FastAPI, SQLAlchemy, Typer and
the app, and the suite starts about a hundred servers: a fifth of its CPU. Each pytest process keeps one fork server
(a child of its own, single-threaded, which imports the server's modules once), and a `LiveServer` asks it for a
process: it forks, and the child becomes `python -m heartcards serve …` from there (the command's arguments, the
environment and the working directory of the request, its output on a pipe of the test's), runs the same `__main__`
and exits with its status. What a test sees is a process like `subprocess.Popen`'s (`ForkedProcess`): a pid it can
signal, its exit status, its output.

A whole new Python still starts the server in `tests/cli/test_serve.py` (the command as a person types it), in the
tests that run other `heartcards` commands, and in the benchmarks, which time servers.
"""

from __future__ import annotations

import atexit
import contextlib
import json
import os
import runpy
import select
import selectors
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import traceback
from pathlib import Path
from typing import IO, Any

PRELOADED = (
    "heartcards.cli",
    "heartcards.web.app",
    "heartcards.web.server",
    "heartcards.runtime.redis_link",
    "uvicorn.loops.auto",
    "uvicorn.protocols.http.auto",
    "uvicorn.protocols.websockets.auto",
    "uvicorn.lifespan.on",
)
"""What the fork server imports before its first fork: what every `heartcards serve` imports (the rest, each child)."""

READY = b"ready\n"


# -- the fork server's process -----------------------------------------------------------------------------------


def serve_forks(path: str) -> None:
    """Listen on the Unix socket `path`; per connection, one request (JSON: argv, env, cwd; the output's file
    descriptor beside it): fork, answer the child's pid, and later its exit status, then close the connection. Ends
    when its standard input does: the test process that started it is gone."""
    for name in PRELOADED:
        __import__(name)
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind(path)
    listener.listen(64)
    wake_read, wake_write = os.pipe()
    os.set_blocking(wake_write, False)
    signal.set_wakeup_fd(wake_write)
    signal.signal(signal.SIGCHLD, lambda *_: None)  # a handler, so that the wakeup descriptor hears of it
    children: dict[int, socket.socket] = {}
    selector = selectors.DefaultSelector()
    selector.register(listener, selectors.EVENT_READ)
    selector.register(wake_read, selectors.EVENT_READ)
    selector.register(sys.stdin.fileno(), selectors.EVENT_READ)
    sys.stdout.buffer.write(READY)
    sys.stdout.flush()
    while True:
        for key, _ in selector.select():
            if key.fileobj is listener:
                connection, _ = listener.accept()
                message, fds, _, _ = socket.recv_fds(connection, 1 << 20, 1)
                if not fds:  # the asking test went away before its request was whole
                    connection.close()
                    continue
                pid = os.fork()
                if pid == 0:
                    selector.close()
                    others = [listener, connection, *children.values()]
                    _become_the_server(json.loads(message), fds[0], [wake_read, wake_write, *others])
                os.close(fds[0])
                children[pid] = connection
                with contextlib.suppress(OSError):
                    connection.sendall(f"{pid}\n".encode())
            elif key.fileobj == wake_read:
                with contextlib.suppress(BlockingIOError):
                    os.read(wake_read, 4096)
            elif not os.read(sys.stdin.fileno(), 4096):  # its test process is gone: so are its socket and folder
                with contextlib.suppress(OSError):
                    os.unlink(path)
                    os.rmdir(os.path.dirname(path))
                return
        while children:
            pid, status = os.waitpid(-1, os.WNOHANG)
            if pid == 0:
                break
            connection = children.pop(pid)
            with contextlib.suppress(OSError):  # its test may have gone
                connection.sendall(f"{os.waitstatus_to_exitcode(status)}\n".encode())
            connection.close()


def _become_the_server(request: dict[str, Any], output: int, inherited: list[int | socket.socket]) -> None:
    """In the forked child: what `python -m heartcards …` would be, with the request's arguments, environment and
    working directory and `output` as its stdout and stderr; never returns."""
    code = 1
    try:
        signal.set_wakeup_fd(-1)
        signal.signal(signal.SIGCHLD, signal.SIG_DFL)
        for kept in inherited:  # the fork server's own, which a server must not hold open
            if isinstance(kept, socket.socket):
                kept.close()
            else:
                os.close(kept)
        nothing = os.open(os.devnull, os.O_RDONLY)
        os.dup2(nothing, 0)  # not the fork server's input, which only its test process writes to
        os.close(nothing)
        os.dup2(output, 1)
        os.dup2(output, 2)
        os.close(output)
        os.chdir(request["cwd"])
        os.environ.clear()
        os.environ.update(request["env"])
        sys.argv = ["heartcards", *request["argv"]]
        try:
            runpy.run_module("heartcards", run_name="__main__", alter_sys=True)
            code = 0
        except SystemExit as done:
            if done.code is None or isinstance(done.code, int):
                code = done.code or 0
            else:  # sys.exit("a message"): as Python itself, the message on stderr and status 1
                print(done.code, file=sys.stderr)
                code = 1
        except BaseException:
            traceback.print_exc()
        atexit._run_exitfuncs()
    finally:
        with contextlib.suppress(Exception):
            sys.stdout.flush()
            sys.stderr.flush()
        os._exit(code)


# -- the tests' side ---------------------------------------------------------------------------------------------


class ForkedProcess:
    """A server forked by the fork server, with the parts of `subprocess.Popen` the tests use: `pid`, `stdout` (text,
    its output and errors), `poll()`, `wait(timeout)`, `send_signal()`, `terminate()`, `kill()`, `returncode`."""

    def __init__(self, connection: socket.socket, stdout: IO[str]) -> None:
        self._connection = connection
        self._answers = connection.makefile("rb")
        self.pid = int(self._answers.readline())
        self.stdout = stdout
        self.returncode: int | None = None
        self._lock = threading.Lock()

    def _read_status(self) -> None:
        line = self._answers.readline()
        self.returncode = int(line) if line else -signal.SIGKILL  # the fork server itself gone: so is the child
        self._answers.close()
        self._connection.close()

    def poll(self) -> int | None:
        with self._lock:
            if self.returncode is None and select.select([self._connection], [], [], 0)[0]:
                self._read_status()
            return self.returncode

    def wait(self, timeout: float | None = None) -> int:
        with self._lock:
            if self.returncode is None:
                if not select.select([self._connection], [], [], timeout)[0]:
                    raise subprocess.TimeoutExpired(["heartcards", "serve"], timeout or 0.0)
                self._read_status()
            assert self.returncode is not None
            return self.returncode

    def send_signal(self, number: int) -> None:
        if self.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.kill(self.pid, number)

    def terminate(self) -> None:
        self.send_signal(signal.SIGTERM)

    def kill(self) -> None:
        self.send_signal(signal.SIGKILL)


class ForkServer:
    """This process's fork server: started on first use, stopped at exit."""

    def __init__(self) -> None:
        self._folder: str | None = None
        self._process: subprocess.Popen[bytes] | None = None
        self._lock = threading.Lock()

    def _started(self) -> str:
        with self._lock:
            if self._folder is None:
                self._folder = tempfile.mkdtemp(prefix="heartcards-forks-")
                atexit.register(self.stop)
            path = str(Path(self._folder) / "socket")
            if self._process is None or self._process.poll() is not None:
                code = f"from tests.support.fork_server import serve_forks; serve_forks({path!r})"
                with contextlib.suppress(FileNotFoundError):
                    os.unlink(path)
                self._process = subprocess.Popen(
                    [sys.executable, "-c", code],
                    stdin=subprocess.PIPE,  # never written: its end tells the fork server that this process is gone
                    stdout=subprocess.PIPE,
                    env={**os.environ, "PYTHONUNBUFFERED": "1"},
                    cwd=Path(__file__).resolve().parents[2],
                )
                assert self._process.stdout is not None
                if self._process.stdout.readline() != READY:
                    raise RuntimeError("the fork server did not start")
            return path

    def start(self, argv: list[str], env: dict[str, str], cwd: str | None = None) -> ForkedProcess:
        """A new `heartcards` process running `argv` (without the program's name) with environment `env`."""
        path = self._started()
        read_end, write_end = os.pipe()
        connection = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            connection.connect(path)
            request = {"argv": argv, "env": env, "cwd": cwd or os.getcwd()}
            socket.send_fds(connection, [json.dumps(request).encode()], [write_end])
        finally:
            os.close(write_end)
        return ForkedProcess(connection, open(read_end, encoding="utf-8", errors="replace"))

    def stop(self) -> None:
        """Stop the fork server (the servers it forked are their tests' to stop) and remove its socket's folder."""
        with self._lock:
            if self._process is not None and self._process.poll() is None:
                self._process.kill()
                self._process.wait()
            self._process = None
            if self._folder is not None:
                shutil.rmtree(self._folder, ignore_errors=True)
                self._folder = None


FORK_SERVER = ForkServer()
