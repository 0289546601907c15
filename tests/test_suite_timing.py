"""What `scripts/test --record` keeps: the pytest session's counts (tests/support/summary.py) and the run's line
(benchmarks/suite.py), with the machine's speed (benchmarks/machine.py)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))
try:
    import record
    import suite
finally:
    sys.path.remove(str(ROOT / "benchmarks"))

SAMPLE = """
import pytest

def test_passes(): pass
def test_fails(): assert False
@pytest.mark.skip(reason="skipped on purpose")
def test_skipped(): pass
"""


def test_a_session_writes_its_counts_where_the_variable_says(tmp_path: Path) -> None:
    (tmp_path / "test_sample.py").write_text(SAMPLE)
    summary = tmp_path / "summary.json"
    environment = {**os.environ, "PYTHONPATH": str(ROOT), "HEARTCARDS_TEST_SUMMARY": str(summary)}
    command = [
        sys.executable,
        "-m",
        "pytest",
        "-p",
        "tests.support.summary",
        "-p",
        "no:cacheprovider",
        "-p",
        "no:schemathesis",
        "-q",
    ]
    result = subprocess.run(command, cwd=tmp_path, env=environment, capture_output=True, text=True, check=False)
    assert result.returncode == 1, result.stdout
    counts = json.loads(summary.read_text())
    assert (counts["items"], counts["passed"], counts["failed"], counts["skipped"]) == (3, 1, 1, 1)
    assert counts["seconds"] >= 0
    # A second session (scripts/test's quiet tests, then the others) adds its line; the first stays.
    again = subprocess.run([*command, "-k", "passes"], cwd=tmp_path, env=environment, capture_output=True, check=False)
    assert again.returncode == 0, again.stdout
    first, second = (json.loads(line) for line in summary.read_text().splitlines())
    assert first == counts and (second["items"], second["passed"]) == (1, 1)


def test_a_session_without_the_variable_writes_nothing(tmp_path: Path) -> None:
    (tmp_path / "test_sample.py").write_text("def test_passes(): pass\n")
    environment = {key: value for key, value in os.environ.items() if key != "HEARTCARDS_TEST_SUMMARY"}
    environment["PYTHONPATH"] = str(ROOT)
    command = [
        sys.executable,
        "-m",
        "pytest",
        "-p",
        "tests.support.summary",
        "-p",
        "no:cacheprovider",
        "-p",
        "no:schemathesis",
        "-q",
    ]
    subprocess.run(command, cwd=tmp_path, env=environment, capture_output=True, check=True)
    written = sorted(path.name for path in tmp_path.iterdir() if path.name != "__pycache__")  # Python's own cache
    assert written == ["test_sample.py"]


def test_the_run_line_holds_each_step_the_counts_and_the_note() -> None:
    summary = '{"items": 3, "passed": 2, "failed": 1}\n'
    figures = suite.suite_figures(["setup 12.5", "lint-imports 2.0", "pytest 200.1"], 214.6, summary, "full", "busy")
    assert figures == {
        "mode": "full",
        "steps": {"setup": 12.5, "lint-imports": 2.0, "pytest": 200.1},
        "total_seconds": 214.6,
        "pytest": {"items": 3, "passed": 2, "failed": 1},
        "note": "busy",
    }


def test_the_quiet_session_and_the_others_are_counted_together() -> None:
    summary = (
        '{"items": 3, "passed": 3, "failed": 0, "seconds": 12.25}\n'
        '{"items": 1108, "passed": 1106, "failed": 1, "seconds": 330.1}\n'
    )
    figures = suite.suite_figures(["quiet 14.0", "pytest 333.0"], 380.0, summary, "full", None)
    assert figures["pytest"] == {"items": 1111, "passed": 1109, "failed": 1, "seconds": 342.4}


def test_a_run_that_stopped_before_pytest_has_no_counts() -> None:
    assert "pytest" not in suite.suite_figures(["setup 3.0", "ruff 0.4"], 3.4, "", "fast", None)


def test_the_machines_speed_is_in_every_kept_line_and_the_suites_before_it_ran() -> None:
    speed = record.run_header()["speed"]
    assert set(speed) == {"one_process", "two_processes"} and all(value > 0 for value in speed.values())
    figures = suite.suite_figures(["pytest 300.0"], 310.0, "", "full", None, speed)
    assert figures["speed_before"] == speed
    assert "speed_before" not in suite.suite_figures(["pytest 300.0"], 310.0, "", "full", None)


def test_a_step_without_its_seconds_is_refused() -> None:
    with pytest.raises(ValueError, match="'ruff'"):
        suite.step_seconds(["ruff"])
