"""The tests' fork server (tests/support/fork_server.py): a forked `heartcards` process gets the request's arguments,
environment and working directory, its output reaches the test, and its exit status and signals are a process's."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.support.fork_server import FORK_SERVER
from tests.support.live_server import LiveServer

DEAL = "HH1-N-AAAAAAM"


def output_and_status(argv: list[str], environment: dict[str, str], cwd: Path | None = None) -> tuple[str, int]:
    process = FORK_SERVER.start(argv, environment, str(cwd) if cwd else None)
    with process.stdout:
        printed = process.stdout.read()
    return printed, process.wait(timeout=60)


def test_a_forked_command_prints_what_the_command_prints_and_exits_as_it_does() -> None:
    printed, status = output_and_status(["deal", DEAL], dict(os.environ))
    expected = subprocess.run(
        [sys.executable, "-m", "heartcards", "deal", DEAL], capture_output=True, text=True, check=False
    )
    assert (printed, status) == (expected.stdout, 0)
    printed, status = output_and_status(["deal", "not-a-deal"], dict(os.environ))
    assert status != 0 and "not-a-deal" in printed


def test_the_environment_and_folder_are_the_requests_not_the_fork_servers(tmp_path: Path) -> None:
    environment = {**os.environ, "HEARTCARDS_DATABASE_URL": "nope://x"}
    printed, status = output_and_status(["serve", "--port", "0"], environment, tmp_path)
    assert status == 2 and "'nope://x' is not a usable database URL" in printed
    relative = "sqlite:///here.sqlite3"  # a relative path: the database is made in the request's folder
    server = LiveServer(relative)
    assert server.forked
    previous = Path.cwd()
    os.chdir(tmp_path)
    try:
        server.start()
    finally:
        os.chdir(previous)
    try:
        assert (tmp_path / "here.sqlite3").exists()
    finally:
        server.stop()


@pytest.mark.parametrize("sent", [signal.SIGTERM, signal.SIGKILL])
def test_a_forked_server_stops_on_a_signal_as_a_new_python_does(tmp_path: Path, sent: signal.Signals) -> None:
    statuses = []
    for forked in (True, False):
        server = LiveServer(f"sqlite:///{tmp_path / 'db.sqlite3'}")
        server.forked = forked
        server.start()
        process = server.process
        assert process is not None and process.poll() is None
        process.send_signal(sent)
        statuses.append(process.wait(timeout=30))
        assert process.poll() == statuses[-1]
        server.stop()
    assert statuses == [-sent, -sent]  # uvicorn ends by raising the signal it stopped for again


def test_the_fork_server_ends_with_its_test_process_even_one_that_ends_abruptly() -> None:
    script = (
        "import os, sys\n"
        "from tests.support.fork_server import FORK_SERVER\n"
        "process = FORK_SERVER.start(['deal', 'HH1-N-AAAAAAM'], dict(os.environ))\n"
        "process.wait(timeout=60)\n"
        "print(FORK_SERVER._process.pid, flush=True)\n"
        "os._exit(0)  # no atexit: as a test process killed or ended without its interpreter's shutdown\n"
    )
    root = Path(__file__).resolve().parents[1]
    ended = subprocess.run([sys.executable, "-c", script], cwd=root, capture_output=True, text=True, check=True)
    fork_server = int(ended.stdout)
    for _ in range(100):
        if not Path(f"/proc/{fork_server}").exists() or "Z" in Path(f"/proc/{fork_server}/stat").read_text().split()[2]:
            return
        time.sleep(0.05)
    pytest.fail(f"the fork server {fork_server} outlived its test process")
