"""A throwaway PostgreSQL server for the tests: a fresh cluster in a temporary folder, reached over a Unix socket in
that folder only (no TCP port, so it cannot clash with another server), with one new database per test: empty, or
a copy of a template migrated once (`CREATE DATABASE … TEMPLATE`).

It uses the server of Debian's `postgresql` package (`/usr/lib/postgresql/<version>/bin`, or `initdb` on the PATH).
PostgreSQL refuses to run as root; as root, the cluster is run as the package's `postgres` user.
"""

from __future__ import annotations

import itertools
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

REQUIRE_VARIABLE = "HEARTCARDS_TEST_POSTGRES"
"""Set to `require` (scripts/test does) to make a machine without PostgreSQL fail the PostgreSQL tests, not skip them."""
USER = "heartcards"
MIGRATED_TEMPLATE = "migrated_template"


def server_binaries() -> Path | None:
    """The folder with `initdb` and `pg_ctl` (the newest installed version), or None."""

    def version(initdb: Path) -> tuple[int, ...]:
        return tuple(int(part) for part in initdb.parent.parent.name.split(".") if part.isdigit())

    found = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"), key=version, reverse=True)
    if found:
        return found[0].parent
    on_path = shutil.which("initdb")
    return Path(on_path).parent if on_path else None


class PostgresServer:
    def __init__(self, binaries: Path) -> None:
        self.binaries = binaries
        self.folder = Path(tempfile.mkdtemp(prefix="heartcards-postgres-"))
        self.data = self.folder / "data"
        self.as_postgres = os.geteuid() == 0
        if self.as_postgres:
            shutil.chown(self.folder, user="postgres")
        self._names = itertools.count(1)
        self._template_ready = False

    def _run(self, program: str, *arguments: str) -> None:
        command = [str(self.binaries / program), *arguments]
        if self.as_postgres:
            command = ["runuser", "-u", "postgres", "--", *command]
        subprocess.run(command, check=True, capture_output=True, text=True, cwd=self.folder)

    def start(self) -> None:
        self._run("initdb", "-D", str(self.data), "-A", "trust", "-U", USER, "-E", "UTF8", "--no-sync")
        self.resume()

    def pause(self) -> None:
        """Stops the server at once (as a crash would), keeping its data: `resume` starts it again."""
        self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")

    def resume(self) -> None:
        settings = f"-k {self.folder} -c listen_addresses='' -c fsync=off -c full_page_writes=off"
        self._run("pg_ctl", "-D", str(self.data), "-o", settings, "-l", str(self.folder / "server.log"), "-w", "start")

    def stop(self) -> None:
        try:
            self.pause()
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)

    def url(self, database: str) -> str:
        return f"postgresql+psycopg://{USER}@/{database}?host={self.folder}"

    def _create(self, name: str, template: str | None = None) -> str:
        import psycopg

        copied = f' TEMPLATE "{template}"' if template else ""
        with psycopg.connect(dbname="postgres", user=USER, host=str(self.folder), autocommit=True) as connection:
            connection.execute(f'CREATE DATABASE "{name}"{copied}')
        return self.url(name)

    def new_database(self, migrated: bool = False) -> str:
        """The URL of a new database: empty, or (`migrated`) a copy of a template at the latest schema."""
        if not migrated:
            return self._create(f"test_{next(self._names)}")
        if not self._template_ready:
            from tests.support.databases import migrate

            migrate(self._create(MIGRATED_TEMPLATE))  # no connection stays open: a template must have none
            self._template_ready = True
        return self._create(f"test_{next(self._names)}", template=MIGRATED_TEMPLATE)
