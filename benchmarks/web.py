"""Heart to Heart web speed and weight (issues 4 and 11). Prints each figure and one JSON line at the end.

    uv run python benchmarks/web.py                 # 200 browser taps, 1,000 API taps, 5 cold page loads
    uv run python benchmarks/web.py --taps 60 --api-taps 300 --loads 3 --no-keep   # a quick look, not kept

1. Tap to the next frame with the change, in headless Chromium (Debian's /usr/bin/chromium) on localhost. Each tap is
   a mouse click sent through the DevTools protocol (the browser's own input path) at a random moment of the
   display's frame; the page times it from the click's input timestamp to the first animation frame in which the
   change is in the DOM (median, p95), and to the end of that frame's style, layout and paint ("painted"). The taps
   select and deselect a card, select the waste and draw, so every one changes the table. Target (issue 4): p95 ≤ 50.
2. Server time per tap through the API: the `Server-Timing: app;dur=` header of POST …/tap (median, p99), and the
   client's round trip. Target: p99 ≤ 5 ms.
3. The first page (/play/CODE in a fresh browser): bytes transferred (every response, headers included) and the time
   from navigation to interactive (the page's `heartcards-ready` mark: catalog loaded, game drawn, taps wired).
   Targets: ≤ 300 KB and < 1 s. Also its requests, and the server's CPU to answer them all (/proc).
4. CPU time per browser tap, of all Chromium processes (the browser process found with CDP, then it and its
   descendants in /proc: renderers, GPU, network) and of the server process (/proc): figures that stay meaningful
   when other programs load the machine, while the wall-clock figures above then include waiting for a CPU. Also the
   page's main-thread busy time (Chromium's TaskDuration, wall time).
5. The same taps with the network's round trip emulated at 200 ms (CDP `Network.emulateNetworkConditions`) and with
   the network emulated offline: the page applies taps on the device, so the network must not show. The page checks
   each condition first (a request takes ≥ 200 ms; a request fails). Target (issue 11): p95 ≤ 16 ms. A tap lands at
   a random moment of a 16.7 ms frame, so even a tap drawn in the very next frame waits up to a frame for it: the
   benchmark measures the display's frame interval and prints that wait's own p95 (0.95 of a frame), the time to the
   start of the frame with the change (its vsync, the frame callback's argument), and the share of taps drawn in the
   very next frame after the page's handlers ran, which is the part the page decides.
6. Offline and back (issue 11): after one visit, the browser goes offline, opens a winnable deal from the service
   worker's pages and plays the solver's fewest-moves win by taps; the server does not have the game. The browser
   goes online again and the API is polled until the server holds the game won with exactly those moves (it
   replays every batch before storing it). Target: ≤ 5 s.

The server runs in a subprocess on a temporary SQLite file, exactly as `heartcards serve` runs it, started by
`tests.support.live_server` (the tests' own starter). The JSON line goes through `benchmarks/record.py`, kept in
results/web.jsonl (not with --no-keep).
"""

from __future__ import annotations

import argparse
import os
import random
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

from heartcards.figures import percentile

sys.path.insert(0, str(Path(__file__).resolve().parent))
from record import record_run

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the repository's root: the tests' shared helpers
from tests.support.live_server import LiveServer, process_cpu_seconds

CHROMIUM = "/usr/bin/chromium"
SLOW_RTT_MS = 200
DEAL = "HH1-N-AAAAAAM"
OFFLINE_DEAL = "HH1-S-AAAAAAB"  # winnable; the solver gives its fewest moves
SYNC_TIMEOUT_S = 60
SEED = 11  # the pauses between taps

# Runs in the page before the taps: every click (dispatched by the benchmark through the DevTools protocol, so it
# takes the browser's real input path) is timed from its input timestamp (`event.timeStamp`) to the first animation
# frame in which the change is in the DOM (the table's pressed cards, stock count and waste card differ from before
# the click): to that frame's callback (`frame`), to the frame's own start time, the vsync it belongs to (`frameStart`,
# the callback's argument), and to the end of that frame's rendering (a message posted from the frame callback runs
# once style, layout and paint of the frame are done). `handled` is when the page's click handlers had run; `frames`
# counts the frames from the first one requested after them to the one with the change (1: the very next frame).
INSTRUMENT_SCRIPT = """
() => {
  const table = document.getElementById("table");
  const look = () => {
    const pressed = [...table.querySelectorAll('[aria-pressed="true"]')].map((el) => el.dataset.pos || el.dataset.pile);
    const stock = table.querySelector('[data-pile="stock"]');
    const waste = table.querySelector('[data-pile="waste"]');
    return `${pressed.join(",")}|${stock.dataset.count}|${waste.dataset.rank || ""}`;
  };
  window.__taps = [];
  let before = "";
  window.addEventListener("click", () => { before = look(); }, true);
  window.addEventListener("click", (event) => {
    const row = { input: event.timeStamp, handled: performance.now(), frames: 0, changed: false };
    const was = before;
    const onFrame = (frameStart) => {
      row.frames += 1;
      row.changed = look() !== was;
      if (!row.changed && row.frames < 30) { requestAnimationFrame(onFrame); return; }
      row.frame = performance.now();
      row.frameStart = frameStart;
      const channel = new MessageChannel();
      channel.port1.onmessage = () => { row.painted = performance.now(); window.__taps.push(row); };
      channel.port2.postMessage(null);
    };
    requestAnimationFrame(onFrame);
  });
}
"""
# The display's frame interval: the median gap between the start times of 60 consecutive animation frames.
FRAME_INTERVAL_SCRIPT = """
() => new Promise((resolve) => {
  const starts = [];
  const onFrame = (start) => {
    starts.push(start);
    if (starts.length < 61) { requestAnimationFrame(onFrame); return; }
    const gaps = starts.slice(1).map((value, index) => value - starts[index]).sort((a, b) => a - b);
    resolve(gaps[Math.floor(gaps.length / 2)]);
  };
  requestAnimationFrame(onFrame);
})
"""
# Whether the page reaches the server, and its round trip (a request the service worker never answers).
PROBE_SCRIPT = """
async () => {
  const started = performance.now();
  try {
    await fetch(`/api/health?probe=${started}`, { cache: "no-store" });
    return performance.now() - started;
  } catch {
    return null;
  }
}
"""


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


def browser_figures(url: str, taps: int, loads: int, server: LiveServer) -> dict[str, Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=["--no-sandbox"])
        try:
            load_bytes: list[int] = []
            load_ms: list[float] = []
            load_requests: list[int] = []
            server_before = server.cpu_seconds()
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
                load_requests.append(len(sizes))
                context.close()
            load_server_cpu_ms = (server.cpu_seconds() - server_before) * 1000

            context = browser.new_context(viewport={"width": 1280, "height": 800})
            context.add_init_script(
                "localStorage.setItem('heartcards.settings', JSON.stringify({animation: 'normal'}))"
            )
            page = context.new_page()
            page.goto(url + f"play/{DEAL}")
            page.wait_for_selector("body[data-ready='true']")
            page.evaluate(INSTRUMENT_SCRIPT)
            points = tap_points(page)
            pace = random.Random(SEED)
            time_taps(page, points, tap_targets(12), pace)  # warm up
            devtools = context.new_cdp_session(page)
            devtools.send("Performance.enable")
            system = browser.new_browser_cdp_session()
            busy_before = task_seconds(devtools)
            cpu_before = chromium_cpu_seconds(system)
            server_before = server.cpu_seconds()
            plain = time_taps(page, points, tap_targets(taps), pace)
            server_cpu_ms = (server.cpu_seconds() - server_before) * 1000
            cpu_ms = (chromium_cpu_seconds(system) - cpu_before) * 1000
            busy_ms = (task_seconds(devtools) - busy_before) * 1000
            # The page applies taps on the device: the network's round trip (emulated) or its absence must not show.
            # Each condition is checked from the page itself before its taps are timed.
            devtools.send("Network.enable")
            devtools.send(
                "Network.emulateNetworkConditions",
                {"offline": False, "latency": SLOW_RTT_MS, "downloadThroughput": -1, "uploadThroughput": -1},
            )
            slow_rtt = page.evaluate(PROBE_SCRIPT)
            if slow_rtt is None or slow_rtt < SLOW_RTT_MS:
                raise RuntimeError(f"the emulated round trip is not on: a request took {slow_rtt} ms")
            slow = time_taps(page, points, tap_targets(taps), pace)
            devtools.send(
                "Network.emulateNetworkConditions",
                {"offline": True, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1},
            )
            if page.evaluate(PROBE_SCRIPT) is not None:
                raise RuntimeError("the page still reaches the server with the network emulated offline")
            offline = time_taps(page, points, tap_targets(taps), pace)
            frame_interval_ms = page.evaluate(FRAME_INTERVAL_SCRIPT)
            context.close()
            sync_seconds = offline_win_sync_seconds(browser, url)
        finally:
            browser.close()
    return {
        "plain": plain,
        "slow": slow,
        "offline": offline,
        "slow_rtt_ms": slow_rtt,
        "frame_interval_ms": frame_interval_ms,
        "sync_seconds": sync_seconds,
        "load_bytes": load_bytes,
        "load_ms": load_ms,
        "load_requests": load_requests,
        "load_server_cpu_ms": load_server_cpu_ms / max(loads, 1),
        "page_busy_ms": busy_ms / max(taps, 1),
        "chromium_cpu_ms": cpu_ms / max(taps, 1),
        "server_cpu_ms": server_cpu_ms / max(taps, 1),
    }


def tap_points(page: Any) -> dict[int | str, tuple[float, float]]:
    """Where the benchmark's targets are on the screen: a card's visible upper part, a pile's middle."""
    points: dict[int | str, tuple[float, float]] = {}
    for target in set(tap_targets(4)):
        box = page.locator(target_selector(target)).bounding_box()
        share = 0.2 if isinstance(target, int) else 0.5
        points[target] = (box["x"] + box["width"] / 2, box["y"] + box["height"] * share)
    return points


def target_selector(target: int | str) -> str:
    return f'#table [data-pos="{target}"]' if isinstance(target, int) else f'#table [data-pile="{target}"]'


def time_taps(
    page: Any, points: dict[int | str, tuple[float, float]], targets: list[int | str], pace: random.Random
) -> dict[str, list[float]]:
    """Click `targets` through the browser's input (CDP) at random moments of the display's frame (a pause of 25 to
    75 ms between taps, as a quick player), and read what the page's instrument timed (INSTRUMENT_SCRIPT)."""
    page.evaluate("window.__taps = []")
    for target in targets:
        page.mouse.click(*points[target])
        time.sleep(pace.uniform(0.025, 0.075))
    page.wait_for_function(f"window.__taps.length >= {len(targets)}")
    rows: list[dict[str, Any]] = page.evaluate("window.__taps")
    if not all(row["changed"] for row in rows):
        raise RuntimeError("a tap changed nothing on the table: the benchmark's taps no longer fit the deal")
    return {
        "frame_ms": [row["frame"] - row["input"] for row in rows],
        "frame_start_ms": [row["frameStart"] - row["input"] for row in rows],
        "painted_ms": [row["painted"] - row["input"] for row in rows],
        "handled_ms": [row["handled"] - row["input"] for row in rows],
        "later_frames": [float(row["frames"] - 1) for row in rows],
    }


def offline_win_sync_seconds(browser: Any, url: str) -> float:
    """Seconds from the browser going online again to the server holding, replayed and verified, a fewest-moves win
    played by taps with the browser offline (the game started on the device from the service worker's pages)."""
    from heartcards.heart_to_heart.engine import Game
    from heartcards.heart_to_heart.solver import solve

    solution = [str(move) for move in solve(Game.from_code(OFFLINE_DEAL).position).moves]
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        page = context.new_page()
        page.goto(url + f"play/{DEAL}")
        page.wait_for_selector("body[data-ready='true']")
        page.wait_for_function("() => navigator.serviceWorker && navigator.serviceWorker.controller !== null")
        context.set_offline(True)
        page.goto(url + f"play/{OFFLINE_DEAL}")
        page.wait_for_selector("body[data-ready='true']")
        if page.evaluate(PROBE_SCRIPT) is not None:
            raise RuntimeError("the page still reaches the server with the browser offline")
        for move in solution:
            for target in move_taps(move):
                box = page.locator(target_selector(target)).first.bounding_box()
                share = 0.2 if isinstance(target, int) else 0.5
                page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] * share)
        page.wait_for_selector("#table[data-status='won']")
        game_id = page.evaluate(
            """(code) => Object.keys(localStorage).filter((key) => key.startsWith("heartcards.h2h.sync."))
                .map((key) => JSON.parse(localStorage.getItem(key))).filter((entry) => entry.code === code)[0].id""",
            OFFLINE_DEAL,
        )
        cookies = {cookie["name"]: cookie["value"] for cookie in context.cookies()}
        with httpx.Client(base_url=url, cookies=cookies, timeout=10) as client:
            if client.get(f"api/h2h/games/{game_id}/replay").status_code != 404:
                raise RuntimeError("the server has the game before the browser is online again")
            started = time.perf_counter()
            context.set_offline(False)
            while time.perf_counter() - started < SYNC_TIMEOUT_S:
                answer = client.get(f"api/h2h/games/{game_id}/replay")
                if answer.status_code == 200:
                    stored = answer.json()
                    if stored["status"] == "won" and stored["moves"] == solution:
                        return time.perf_counter() - started
                time.sleep(0.02)
        raise RuntimeError(f"the server did not hold the offline win within {SYNC_TIMEOUT_S} s")
    finally:
        context.close()


def move_taps(move: str) -> list[int | str]:
    """The taps that play a move of the record's notation: S the stock, a-b two cards, a-W a card and the waste."""
    if move == "S":
        return ["stock"]
    first, second = move.split("-")
    return [int(first), "waste" if second == "W" else int(second)]


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


def task_seconds(devtools: Any) -> float:
    """The page's main-thread busy time so far (Chromium's TaskDuration metric), in seconds."""
    metrics = devtools.send("Performance.getMetrics")["metrics"]
    return float(next(metric["value"] for metric in metrics if metric["name"] == "TaskDuration"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--taps", type=int, default=200, help="taps timed in the browser")
    parser.add_argument("--api-taps", type=int, default=1000, help="taps timed through the API")
    parser.add_argument("--loads", type=int, default=5, help="cold loads of the first page")
    parser.add_argument("--no-keep", action="store_true", help="print the JSON line without keeping it in results/")
    options = parser.parse_args()

    with tempfile.TemporaryDirectory() as folder:
        server = LiveServer(
            f"sqlite:///{Path(folder) / 'web-bench.sqlite3'}", environment={"HEARTCARDS_SERVER_TIMING": "1"}
        )
        server.start()
        try:
            server_ms, round_trip_ms = api_taps(server.url, options.api_taps)
            figures = browser_figures(server.url, options.taps, options.loads, server)
        finally:
            server.stop()

    result: dict[str, Any] = {"tap_method": "cdp-input"}
    for suffix, name in (("", "plain"), ("_rtt_200", "slow"), ("_offline", "offline")):
        taps = figures[name]
        for measure in ("frame", "frame_start", "painted"):
            values = taps[f"{measure}_ms"]
            result[f"tap_to_{measure}_ms_median{suffix}"] = round(statistics.median(values), 2)
            result[f"tap_to_{measure}_ms_p95{suffix}"] = round(percentile(values, 0.95), 2)
        result[f"tap_handled_ms_p95{suffix}"] = round(percentile(taps["handled_ms"], 0.95), 2)
        result[f"taps_drawn_a_frame_late{suffix}"] = sum(1 for late in taps["later_frames"] if late > 0)
        on_time = sum(1 for late in taps["later_frames"] if late == 0)
        result[f"taps_drawn_in_the_next_frame_share{suffix}"] = round(on_time / len(taps["later_frames"]), 4)
    result |= {
        "emulated_rtt_ms": round(figures["slow_rtt_ms"], 1),
        "display_frame_ms": round(figures["frame_interval_ms"], 2),
        # A tap at a random moment of the display's frame waits a uniform 0 … one frame for the next one to start.
        "next_frame_wait_ms_p95": round(0.95 * figures["frame_interval_ms"], 2),
        "offline_win_synced_s": round(figures["sync_seconds"], 3),
        "server_tap_ms_median": round(statistics.median(server_ms), 3) if server_ms else None,
        "server_tap_ms_p99": round(percentile(server_ms, 0.99), 3) if server_ms else None,
        "api_round_trip_ms_p99": round(percentile(round_trip_ms, 0.99), 2),
        "first_page_kb": round(max(figures["load_bytes"]) / 1024, 1),
        "first_page_interactive_ms_median": round(statistics.median(figures["load_ms"]), 1),
        "first_page_interactive_ms_max": round(max(figures["load_ms"]), 1),
        "first_page_requests": max(figures["load_requests"]),
        "server_cpu_ms_per_first_page": round(figures["load_server_cpu_ms"], 1),
        "page_main_thread_ms_per_tap": round(figures["page_busy_ms"], 2),
        "chromium_cpu_ms_per_tap": round(figures["chromium_cpu_ms"], 2),
        "server_cpu_ms_per_tap": round(figures["server_cpu_ms"], 2),
        "load_average_1min": round(os.getloadavg()[0], 2),
        "cpus": os.cpu_count(),
        "browser_taps": options.taps,
        "api_taps": len(round_trip_ms),
    }
    print(
        f"tap to the next frame with the change (Chromium, {options.taps} taps through CDP input): median "
        f"{result['tap_to_frame_ms_median']} ms, p95 {result['tap_to_frame_ms_p95']} ms (target ≤ 50); to that "
        f"frame painted p95 {result['tap_to_painted_ms_p95']} ms; the page's handlers done p95 "
        f"{result['tap_handled_ms_p95']} ms"
    )
    print(
        f"server time per tap ({len(server_ms)} API taps, Server-Timing): median {result['server_tap_ms_median']} ms, "
        f"p99 {result['server_tap_ms_p99']} ms (target ≤ 5); client round trip p99 {result['api_round_trip_ms_p99']} ms"
    )
    print(
        f"first page /play/{DEAL}: {result['first_page_kb']} KB transferred (target ≤ 300), interactive after "
        f"{result['first_page_interactive_ms_median']} ms median, {result['first_page_interactive_ms_max']} ms max "
        f"of {options.loads} cold loads (target < 1000); {result['first_page_requests']} requests, "
        f"{result['server_cpu_ms_per_first_page']} ms of the server's CPU a load"
    )
    print(
        f"CPU time per browser tap (does not count waiting for a CPU): Chromium, all processes "
        f"{result['chromium_cpu_ms_per_tap']} ms; server {result['server_cpu_ms_per_tap']} ms. Page main-thread "
        f"busy time {result['page_main_thread_ms_per_tap']} ms (wall). Load average {result['load_average_1min']} on "
        f"{result['cpus']} CPUs: the wall-clock figures include waiting for a CPU on a loaded machine"
    )
    print(
        f"the display's frame: {result['display_frame_ms']} ms. A tap lands at a random moment of it, so the wait for "
        f"the next frame to start is, alone, a uniform 0 … {result['display_frame_ms']} ms: p95 "
        f"{result['next_frame_wait_ms_p95']} ms before any input delivery or page work"
    )
    for suffix, condition in (("_rtt_200", f"the round trip emulated at {SLOW_RTT_MS} ms"), ("_offline", "offline")):
        print(
            f"tap to the next frame with the change, {condition}: median {result[f'tap_to_frame_ms_median{suffix}']} "
            f"ms, p95 {result[f'tap_to_frame_ms_p95{suffix}']} ms (target ≤ 16); to that frame's start p95 "
            f"{result[f'tap_to_frame_start_ms_p95{suffix}']} ms; painted p95 "
            f"{result[f'tap_to_painted_ms_p95{suffix}']} ms; drawn in the very next frame after the tap's handlers "
            f"{100 * result[f'taps_drawn_in_the_next_frame_share{suffix}']:.1f} % "
            f"({result[f'taps_drawn_a_frame_late{suffix}']} of {options.taps} a frame late)"
        )
    print(
        f"a fewest-moves win ({OFFLINE_DEAL}) played by taps offline, then online again: the server holds it "
        f"verified after {result['offline_win_synced_s']} s (target ≤ 5)"
    )
    record_run("web", result, keep=not options.no_keep)


if __name__ == "__main__":
    main()
