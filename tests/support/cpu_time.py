"""A pytest plugin: with `HEARTCARDS_TEST_CPU=1` (`scripts/test --cpu`), each test's CPU seconds, counted over the
test process and every process below it (the servers, workers and browser it drives), and at the end the 25 tests
that cost the most, each test folder's sum and the whole sum. On a shared 2-core machine wall seconds say how busy the
machine was; CPU seconds say what a test costs, and the suite's wall time is about their sum over the two workers.

Counting reads the whole of /proc twice per test (Linux gives no cheaper way to find a process's descendants), some
milliseconds each, so it is off unless asked for. The last test of a process is counted to the start of its teardown:
that teardown also ends the session's browser and servers, some of whose processes leave without their time reaching
a parent that is counted, which would make the test's figure negative."""

from __future__ import annotations

import os

import pytest

VARIABLE = "HEARTCARDS_TEST_CPU"
PROPERTY = "cpu_seconds"
SHOWN = 25
_TICKS = os.sysconf("SC_CLK_TCK")
_STARTED = pytest.StashKey[float]()
_ENDED = pytest.StashKey[float]()


def tree_cpu_seconds(root: int) -> float:
    """CPU seconds used so far by process `root` and all its descendants, living or ended (an ended child's time is
    in its parent's counts once the parent has waited for it)."""
    parents: dict[int, int] = {}
    used: dict[int, int] = {}
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat", "rb") as stat:
                fields = stat.read().rsplit(b")", 1)[1].split()
        except OSError:  # ended meanwhile
            continue
        parents[int(name)] = int(fields[1])
        used[int(name)] = sum(int(field) for field in fields[11:15])  # utime, stime, cutime, cstime
    total = 0
    for pid, ticks in used.items():
        ancestor = pid
        while ancestor > 1 and ancestor != root:
            ancestor = parents.get(ancestor, 0)
        if ancestor == root:
            total += ticks
    return total / _TICKS


def _enabled() -> bool:
    return os.environ.get(VARIABLE) == "1"


@pytest.hookimpl(wrapper=True)
def pytest_runtest_protocol(item: pytest.Item) -> object:
    if not _enabled():
        return (yield)
    item.stash[_STARTED] = tree_cpu_seconds(os.getpid())
    return (yield)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_teardown(item: pytest.Item, nextitem: pytest.Item | None) -> object:
    if _enabled() and nextitem is None:
        item.stash[_ENDED] = tree_cpu_seconds(os.getpid())
    return (yield)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item) -> object:
    report = yield
    if _enabled() and isinstance(report, pytest.TestReport) and report.when == "teardown" and _STARTED in item.stash:
        ended = item.stash[_ENDED] if _ENDED in item.stash else tree_cpu_seconds(os.getpid())
        used = ended - item.stash[_STARTED]
        report.user_properties.append((PROPERTY, round(used, 2)))
    return report


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter, config: pytest.Config) -> None:
    if not _enabled() or hasattr(config, "workerinput"):
        return
    costs: list[tuple[float, str]] = []
    for reports in terminalreporter.stats.values():
        for report in reports:
            for name, value in getattr(report, "user_properties", ()):
                if name == PROPERTY:
                    costs.append((float(value), report.nodeid))
    costs.sort(reverse=True)
    terminalreporter.write_sep("=", f"{SHOWN} tests with the most CPU seconds (the test, its servers and browser)")
    for seconds, nodeid in costs[:SHOWN]:
        terminalreporter.write_line(f"{seconds:8.2f}s  {nodeid}")
    folders: dict[str, list[float]] = {}
    for seconds, nodeid in costs:
        folders.setdefault(nodeid.split("::")[0].rsplit("/", 1)[0], []).append(seconds)
    terminalreporter.write_sep("-", "CPU seconds by folder")
    for folder, spent in sorted(folders.items(), key=lambda item: -sum(item[1])):
        terminalreporter.write_line(f"{sum(spent):8.1f}s  {folder} ({len(spent)} tests)")
    terminalreporter.write_line(f"{sum(cost for cost, _ in costs):8.1f}s  in all, over {len(costs)} tests")
