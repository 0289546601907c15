"""A pytest plugin: where `HEARTCARDS_TEST_SUMMARY` names a file, the session adds its counts there as a line of JSON
(items, passed, failed, errors, skipped, seconds), which `scripts/test --record` keeps in benchmarks/results/ (summed,
when the run had more than one session)."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest

SUMMARY_VARIABLE = "HEARTCARDS_TEST_SUMMARY"
OUTCOMES = ("passed", "failed", "error", "skipped", "xfailed", "xpassed")
STARTED = pytest.StashKey[float]()


def session_counts(stats: dict[str, list[pytest.TestReport]]) -> dict[str, int]:
    """How many items ended in each outcome, and how many ran in all (an item that failed in its teardown after
    passing counts once as passed and once as an error, as pytest's own summary line counts it)."""
    counts = {outcome: len(stats.get(outcome, [])) for outcome in OUTCOMES}
    counts["items"] = len({report.nodeid for outcome in OUTCOMES for report in stats.get(outcome, [])})
    return counts


def pytest_sessionstart(session: pytest.Session) -> None:
    session.config.stash[STARTED] = time.monotonic()


@pytest.hookimpl(trylast=True)
def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter, config: pytest.Config) -> None:
    target = os.environ.get(SUMMARY_VARIABLE)
    if not target or hasattr(config, "workerinput"):  # xdist's workers report to the controller, which writes
        return
    counts: dict[str, int | float] = dict(session_counts(terminalreporter.stats))
    counts["seconds"] = round(time.monotonic() - config.stash[STARTED], 1)
    with Path(target).open("a") as summary:
        summary.write(json.dumps(counts) + "\n")
