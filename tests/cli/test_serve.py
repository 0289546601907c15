"""`heartcards serve` (or plain `heartcards` with its options): clear one-line errors for a bad port or database; the
limits of the running server are tested in tests/web/test_server.py."""

from __future__ import annotations

import socket
from pathlib import Path

import httpx
from typer.testing import CliRunner

from heartcards.cli import app
from heartcards.cli.serve import address, bind_socket, network_address
from tests.support.live_server import LiveServer

runner = CliRunner()


def test_a_bad_port_is_refused() -> None:
    result = runner.invoke(app, ["serve", "--port", "70000"])
    assert result.exit_code == 2 and "not a port number" in result.output


def test_a_bad_database_url_is_refused(tmp_path: Path) -> None:
    result = runner.invoke(app, ["serve", "--port", "0", "--database", "nosuchdialect://x"])
    assert result.exit_code == 2 and "not a usable database URL" in result.output
    assert "Traceback" not in result.output


def test_a_busy_port_is_refused(tmp_path: Path) -> None:
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        result = runner.invoke(app, ["serve", "--port", str(port), "--database", f"sqlite:///{tmp_path / 'db'}"])
    assert result.exit_code == 2 and f"cannot listen on 127.0.0.1:{port}" in result.output


def test_port_zero_binds_a_free_port_and_the_address_is_printable() -> None:
    sock = bind_socket("127.0.0.1", 0)
    try:
        assert sock.getsockname()[1] > 0
    finally:
        sock.close()
    assert address("127.0.0.1", 8000) == "http://127.0.0.1:8000/"
    assert address("::1", 8000) == "http://[::1]:8000/"
    assert address("0.0.0.0", 8000) == "http://127.0.0.1:8000/"
    assert address("::", 8000) == "http://[::1]:8000/"
    found = network_address()
    assert found is None or (not found.startswith("127.") and socket.inet_aton(found))


def test_the_help_names_the_database_variable_and_other_commands_skip_the_web_stack() -> None:
    import subprocess
    import sys

    from heartcards.storage.urls import DATABASE_URL_VARIABLE

    help_text = CliRunner().invoke(app, ["serve", "--help"], env={"COLUMNS": "200"}).output
    assert f"${DATABASE_URL_VARIABLE}" in help_text
    code = "import sys, heartcards.cli; print(any(m.startswith(('sqlalchemy', 'fastapi')) for m in sys.modules))"
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert loaded.strip() == "False"


def test_plain_heartcards_takes_the_serve_options() -> None:
    result = runner.invoke(app, ["--port", "70000"])  # reaches the server's own check, as `serve --port` does
    assert result.exit_code == 2 and "--port 70000 is not a port number" in result.output
    result = runner.invoke(app, ["--port", "8001", "--host", "0.0.0.0", "deal", "HH1-N-AAAAAAM"])
    assert (
        result.exit_code == 2 and "serve's options (--host, --port) go with no command or after serve" in result.output
    )


class PlainServer(LiveServer):
    """`python -m heartcards --host … --port … --database …`: the README's `bash scripts/app --port N`, a new Python
    as a person starts it (not forked from the tests' fork server)."""

    forked = False

    def program_arguments(self) -> list[str]:
        return [part for part in super().program_arguments() if part != "serve"]


def test_plain_heartcards_with_a_port_serves(tmp_path: Path) -> None:
    server = PlainServer(f"sqlite:///{tmp_path / 'db.sqlite3'}")
    server.start()
    try:
        assert server.port > 0 and httpx.get(server.url + "api/health").status_code == 200
    finally:
        server.stop()


def test_unreachable_redis_is_one_line_and_exit_code_2() -> None:
    result = runner.invoke(
        app,
        ["serve", "--port", "0", "--database", "postgresql://nobody@127.0.0.1:1/x", "--redis", "redis://127.0.0.1:1"],
    )
    assert result.exit_code == 2
    assert result.output.strip().startswith("error: cannot reach Redis at redis://127.0.0.1:1/0")
    assert len(result.output.strip().splitlines()) == 1 and "Traceback" not in result.output


def test_a_redis_url_that_is_not_one_is_refused() -> None:
    result = runner.invoke(
        app, ["serve", "--port", "0", "--database", "postgresql://nobody@h/x", "--redis", "http://x"]
    )
    assert result.exit_code == 2 and "cannot reach Redis" in result.output
