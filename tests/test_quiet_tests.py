"""The tests marked `quiet` (tests/support/quiet.py): `pytest -m quiet` collects only the files pyproject.toml names
for them, and a `quiet` test in any other file fails every other session's collection instead of running in neither
of `scripts/test`'s sessions."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.quiet import quiet_files

ROOT = Path(__file__).resolve().parents[1]

PYPROJECT = """
[tool.pytest.ini_options]
markers = ["quiet: timed"]

[tool.heartcards.tests]
quiet = ["checks/test_named.py"]
"""
NAMED = """
import pytest

@pytest.mark.quiet
def test_timed(): pass

def test_plain(): pass
"""


def collected(folder: Path, *arguments: str) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "pytest", "-p", "tests.support.quiet", "-p", "no:cacheprovider"]
    command += ["-p", "no:schemathesis", "--collect-only", "-q", *arguments]
    environment = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run(command, cwd=folder, env=environment, capture_output=True, text=True, check=False)


def test_the_quiet_session_collects_only_the_named_files_and_a_stray_quiet_test_fails_the_others(
    tmp_path: Path,
) -> None:
    (tmp_path / "pyproject.toml").write_text(PYPROJECT)
    (tmp_path / "checks").mkdir()
    (tmp_path / "checks" / "test_named.py").write_text(NAMED)
    (tmp_path / "checks" / "test_other.py").write_text("def test_other(): pass\n")
    (tmp_path / "checks" / "test_broken.py").write_text("raise RuntimeError('collected')\n")

    quiet = collected(tmp_path, "-m", "quiet")  # test_broken.py would fail the collection if it were read
    assert quiet.returncode == 0, quiet.stdout
    assert "checks/test_named.py::test_timed" in quiet.stdout and "1/2 tests collected" in quiet.stdout

    (tmp_path / "checks" / "test_broken.py").unlink()
    assert collected(tmp_path, "-m", "not quiet").returncode == 0
    (tmp_path / "checks" / "test_other.py").write_text("import pytest\n\n@pytest.mark.quiet\ndef test_stray(): pass\n")
    stray = collected(tmp_path, "-m", "not quiet")
    assert stray.returncode == pytest.ExitCode.USAGE_ERROR and "checks/test_other.py::test_stray" in stray.stderr


def test_the_suites_quiet_files_are_named_and_exist() -> None:
    files = quiet_files(ROOT)
    assert files and all(file.is_file() for file in files)
