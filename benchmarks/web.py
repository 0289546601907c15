"""Heart to Heart web speed and weight (issue 4). Prints each figure and one JSON line at the end.

    uv run python benchmarks/web.py                 # 200 browser taps, 1,000 API taps, 5 cold page loads
    uv run python benchmarks/web.py --taps 60 --api-taps 300 --loads 3   # a quick look

1. Tap to updated screen, in headless Chromium (Debian's /usr/bin/chromium) on localhost: from the click on a card or
   pile to the first animation frame after the page has drawn the server's answer (median, p95). Targets: p95 ≤ 50 ms.
2. Server time per tap through the API: the `Server-Timing: app;dur=` header of POST …/tap (median, p99), and the
   client's round trip. Target: p99 ≤ 5 ms.
3. The first page (/play/CODE in a fresh browser): bytes transferred (every response, headers included) and the time
   from navigation to interactive (the page's `heartcards-ready` mark: catalog loaded, game drawn, taps wired).
   Targets: ≤ 300 KB and < 1 s.
5. Tap to the next frame with the change drawn while the network's round trip is emulated at 200 ms (CDP
   `Network.emulateNetworkConditions`) and with the browser offline: the page applies taps on the device, so the
   network must not show (target p95 ≤ 16 ms). The JSON line goes through `benchmarks/record.py` (results/web.jsonl).
4. CPU time per browser tap, of all Chromium processes (the browser process found with CDP, then it and its
   descendants in /proc: renderers, GPU, network) and of the server process (/proc): figures that stay meaningful
   when other programs load the machine, while the wall-clock figures above then include waiting for a CPU. Also the
   page's main-thread busy time (Chromium's TaskDuration, wall time).

The server runs in a subprocess on a temporary SQLite file, exactly as `heartcards serve` runs it.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

from heartcards.figures import percentile

sys.path.insert(0, str(Path(__file__).resolve().parent))
from record import record_run

CHROMIUM = "/usr/bin/chromium"
SLOW_RTT_MS = 200
DEAL = "HH1-N-AAAAAAM"
_ADDRESS = re.compile(r"Heart Cards is running at (http://\S+/)")

# Runs in the page: tap targets one after another, each timed from the click to the first frame after the page
# finished drawing the server's answer (<body data-busy> is cleared once the answer is rendered).
TAP_SCRIPT = """
async (targets) => {
  const idle = () => new Promise((resolve) => {
    if (!document.body.dataset.busy) return resolve();
    const watcher = new MutationObserver(() => {
      if (!document.body.dataset.busy) { watcher.disconnect(); resolve(); }
    });
    watcher.observe(document.body, { attributes: true, attributeFilter: ["data-busy"] });
  });
  const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve()));
  const times = [];
  for (const target of targets) {
    const selector = typeof target === "number" ? `#table [data-pos="${target}"]` : `#table [data-pile="${target}"]`;
    const element = document.querySelector(selector);
    const started = performance.now();
    element.click();
    await idle();
    await frame();
    times.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return times;
}
"""


class Server:
    def __init__(self, folder: Path) -> None:
        command = [sys.executable, "-m", "heartcards", "serve", "--host", "127.0.0.1", "--port", "0"]
        command += ["--database", f"sqlite:///{folder / 'web-bench.sqlite3'}"]
        self.process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        assert self.process.stdout is not None
        deadline = time.monotonic() + 30
        self.url = ""
        while not self.url:
            line = self.process.stdout.readline()
            if not line and self.process.poll() is not None:
                raise RuntimeError("the server did not start")
            match = _ADDRESS.search(line)
            if match:
                self.url = match.group(1)
            if time.monotonic() > deadline:
                raise RuntimeError("the server did not start in 30 s")
        while True:
            try:
                if httpx.get(self.url + "api/health", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                time.sleep(0.1)

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()


def tap_targets(count: int) -> list[int | str]:
    """Select the point, deselect it, select the waste, draw (or recycle): never a pair, so the deal lasts."""
    cycle: list[int | str] = [25, 25, "waste", "stock"]
    return [cycle[i % len(cycle)] for i in range(count)]


def api_taps(url: str, count: int) -> tuple[list[float], list[float]]:
    server_ms: list[float] = []
    round_trip_ms: list[float] = []
    with httpx.Client(base_url=url, timeout=10) as client:
        game = client.post("api/h2h/games", json={"code": DEAL}).json()
        for target in tap_targets(count):
            started = time.perf_counter()
            answer = client.post(f"api/h2h/games/{game['id']}/tap", json={"target": target})
            round_trip_ms.append((time.perf_counter() - started) * 1000)
            answer.raise_for_status()
            timing = answer.headers.get("server-timing", "")
            match = re.search(r"dur=([0-9.]+)", timing)
            if match:
                server_ms.append(float(match.group(1)))
    return server_ms, round_trip_ms


def browser_figures(url: str, taps: int, loads: int, server_pid: int) -> dict[str, Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=["--no-sandbox"])
        try:
            load_bytes: list[int] = []
            load_ms: list[float] = []
            for _ in range(loads):
                context = browser.new_context(viewport={"width": 390, "height": 844})
                page = context.new_page()
                sizes: list[int] = []

                def finished(request: Any, sizes: list[int] = sizes) -> None:
                    measured = request.sizes()
                    sizes.append(measured["responseBodySize"] + measured["responseHeadersSize"])

                page.on("requestfinished", finished)
                page.goto(url + f"play/{DEAL}")
                page.wait_for_selector("body[data-ready='true']")
                page.wait_for_load_state("networkidle")
                ready = page.evaluate("performance.getEntriesByName('heartcards-ready')[0].startTime")
                load_ms.append(float(ready))
                load_bytes.append(sum(sizes))
                context.close()

            context = browser.new_context(viewport={"width": 1280, "height": 800})
            context.add_init_script(
                "localStorage.setItem('heartcards.settings', JSON.stringify({animation: 'normal'}))"
            )
            page = context.new_page()
            page.goto(url + f"play/{DEAL}")
            page.wait_for_selector("body[data-ready='true']")
            page.evaluate(TAP_SCRIPT, tap_targets(10))  # warm up
            devtools = context.new_cdp_session(page)
            devtools.send("Performance.enable")
            system = browser.new_browser_cdp_session()
            busy_before = task_seconds(devtools)
            cpu_before = chromium_cpu_seconds(system)
            server_before = process_cpu_seconds(server_pid)
            times = page.evaluate(TAP_SCRIPT, tap_targets(taps))
            server_cpu_ms = (process_cpu_seconds(server_pid) - server_before) * 1000
            cpu_ms = (chromium_cpu_seconds(system) - cpu_before) * 1000
            busy_ms = (task_seconds(devtools) - busy_before) * 1000
            # The page applies taps on the device: the network's round trip (emulated) or its absence must not show.
            devtools.send("Network.enable")
            devtools.send(
                "Network.emulateNetworkConditions",
                {"offline": False, "latency": SLOW_RTT_MS, "downloadThroughput": -1, "uploadThroughput": -1},
            )
            slow_times = page.evaluate(TAP_SCRIPT, tap_targets(taps))
            devtools.send(
                "Network.emulateNetworkConditions",
                {"offline": True, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1},
            )
            offline_times = page.evaluate(TAP_SCRIPT, tap_targets(taps))
            context.close()
        finally:
            browser.close()
    return {
        "tap_ms": times,
        "slow_tap_ms": slow_times,
        "offline_tap_ms": offline_times,
        "load_bytes": load_bytes,
        "load_ms": load_ms,
        "page_busy_ms": busy_ms / max(taps, 1),
        "chromium_cpu_ms": cpu_ms / max(taps, 1),
        "server_cpu_ms": server_cpu_ms / max(taps, 1),
    }


def chromium_cpu_seconds(system: Any) -> float:
    """CPU time used so far by Chromium: its browser process and every descendant (zygote, renderers, GPU, network)."""
    infos = system.send("SystemInfo.getProcessInfo")["processInfo"]
    root = next(int(info["id"]) for info in infos if info["type"] == "browser")
    parents: dict[int, int] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        parents[int(stat.parent.name)] = int(fields[1])
    family = {root}
    grew = True
    while grew:
        children = {pid for pid, parent in parents.items() if parent in family} - family
        family |= children
        grew = bool(children)
    total = 0.0
    for pid in family:
        try:
            total += process_cpu_seconds(pid)
        except OSError:
            continue
    return total


def process_cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process (Linux /proc), in seconds."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def task_seconds(devtools: Any) -> float:
    """The page's main-thread busy time so far (Chromium's TaskDuration metric), in seconds."""
    metrics = devtools.send("Performance.getMetrics")["metrics"]
    return float(next(metric["value"] for metric in metrics if metric["name"] == "TaskDuration"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--taps", type=int, default=200, help="taps timed in the browser")
    parser.add_argument("--api-taps", type=int, default=1000, help="taps timed through the API")
    parser.add_argument("--loads", type=int, default=5, help="cold loads of the first page")
    options = parser.parse_args()

    with tempfile.TemporaryDirectory() as folder:
        server = Server(Path(folder))
        try:
            server_ms, round_trip_ms = api_taps(server.url, options.api_taps)
            figures = browser_figures(server.url, options.taps, options.loads, server.process.pid)
        finally:
            server.stop()

    tap_ms = figures["tap_ms"]
    result = {
        "tap_to_screen_ms_median": round(statistics.median(tap_ms), 2),
        "tap_to_screen_ms_p95": round(percentile(tap_ms, 0.95), 2),
        "tap_to_screen_ms_median_rtt_200": round(statistics.median(figures["slow_tap_ms"]), 2),
        "tap_to_screen_ms_p95_rtt_200": round(percentile(figures["slow_tap_ms"], 0.95), 2),
        "tap_to_screen_ms_median_offline": round(statistics.median(figures["offline_tap_ms"]), 2),
        "tap_to_screen_ms_p95_offline": round(percentile(figures["offline_tap_ms"], 0.95), 2),
        "server_tap_ms_median": round(statistics.median(server_ms), 3) if server_ms else None,
        "server_tap_ms_p99": round(percentile(server_ms, 0.99), 3) if server_ms else None,
        "api_round_trip_ms_p99": round(percentile(round_trip_ms, 0.99), 2),
        "first_page_kb": round(max(figures["load_bytes"]) / 1024, 1),
        "first_page_interactive_ms_median": round(statistics.median(figures["load_ms"]), 1),
        "first_page_interactive_ms_max": round(max(figures["load_ms"]), 1),
        "page_main_thread_ms_per_tap": round(figures["page_busy_ms"], 2),
        "chromium_cpu_ms_per_tap": round(figures["chromium_cpu_ms"], 2),
        "server_cpu_ms_per_tap": round(figures["server_cpu_ms"], 2),
        "load_average_1min": round(os.getloadavg()[0], 2),
        "cpus": os.cpu_count(),
        "browser_taps": len(tap_ms),
        "api_taps": len(round_trip_ms),
    }
    print(
        f"tap to updated screen (Chromium, {len(tap_ms)} taps): median {result['tap_to_screen_ms_median']} ms, "
        f"p95 {result['tap_to_screen_ms_p95']} ms (target ≤ 50)"
    )
    print(
        f"server time per tap ({len(server_ms)} API taps, Server-Timing): median {result['server_tap_ms_median']} ms, "
        f"p99 {result['server_tap_ms_p99']} ms (target ≤ 5); client round trip p99 {result['api_round_trip_ms_p99']} ms"
    )
    print(
        f"first page /play/{DEAL}: {result['first_page_kb']} KB transferred (target ≤ 300), interactive after "
        f"{result['first_page_interactive_ms_median']} ms median, {result['first_page_interactive_ms_max']} ms max "
        f"of {options.loads} cold loads (target < 1000)"
    )
    print(
        f"CPU time per browser tap (does not count waiting for a CPU): Chromium, all processes "
        f"{result['chromium_cpu_ms_per_tap']} ms; server {result['server_cpu_ms_per_tap']} ms. Page main-thread "
        f"busy time {result['page_main_thread_ms_per_tap']} ms (wall). Load average {result['load_average_1min']} on "
        f"{result['cpus']} CPUs: the wall-clock figures include waiting for a CPU on a loaded machine"
    )
    print(
        f"tap to next frame with the round trip emulated at {SLOW_RTT_MS} ms: p95 "
        f"{result['tap_to_screen_ms_p95_rtt_200']} ms; browser offline: p95 {result['tap_to_screen_ms_p95_offline']} "
        "ms (target ≤ 16)"
    )
    record_run("web", result)


if __name__ == "__main__":
    main()
