"""Hearts against the computer on the device, beside today's server table (issue 34). Prints each figure and one JSON
line at the end, kept in results/hearts_solo.jsonl (not with --no-keep).

    uv run python benchmarks/hearts_solo.py              # 30 games started on the device, 8 server tables at each RTT
    uv run python benchmarks/hearts_solo.py --starts 2 --device-starts 4 --no-keep   # a quick look, not kept

In headless Chromium (Debian's /usr/bin/chromium) on localhost, the server run as `heartcards serve` runs it
(`tests.support.live_server`):

1. Bytes: the first visit to the Hearts lobby (every response of the page, headers included) and what the service
   worker stores in the background after it (every path of its PRECACHE list fetched once, bytes on the wire).
2. From the lobby's "Play against the computer" to the first hand shown (thirteen cards in the hand): on the device
   with the network offline, and at a server's solo table with the round trip at 0 and emulated at 200 ms (CDP
   `Network.emulateNetworkConditions`). Each start is a new game at `strong`.
3. A tap drawn while a computer player thinks: in the pass phase of each new game, cards are tapped (chosen and
   unchosen) while the bots decide their passes; each tap is timed from its input timestamp to the first animation
   frame in which the hand shows the change, as benchmarks/web.py times Heart to Heart's taps. On the device only the
   taps made while the bots' worker had a decision under way count (the page counts the worker's requests and
   answers); at the server table the bots think in the server, at 0 and 200 ms.

The decisions' own times (p50/p95 per strength in the worker, full budget) are benchmarks/hearts_device.py's
`--port-only` figures.
"""

from __future__ import annotations

import argparse
import random
import re
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from heartcards.figures import percentile

sys.path.insert(0, str(Path(__file__).resolve().parent))
from record import record_run

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the repository's root: the tests' shared helpers
from tests.support.live_server import LiveServer

CHROMIUM = "/usr/bin/chromium"
SLOW_RTT_MS = 200
SETTINGS = '{"version": 2, "hearts": {"speed": "fast", "variant": "classic", "target": 100, "strength": "strong"}}'

# Before any page script: the settings, and a count of the decisions the page's workers have under way (a request
# posted to a worker and not answered yet), so a tap can say whether a bot was thinking when it was made.
INIT_SCRIPT = f"""
localStorage.setItem("heartcards.settings", {SETTINGS!r});
window.__thinking = 0;
const Base = window.Worker;
window.Worker = class extends Base {{
  constructor(...args) {{
    super(...args);
    this.addEventListener("message", () => {{ window.__thinking = Math.max(0, window.__thinking - 1); }});
  }}
  postMessage(...args) {{ window.__thinking += 1; return super.postMessage(...args); }}
}};
"""
# Each click is timed from its input timestamp to the first animation frame in which the hand's chosen cards differ.
INSTRUMENT_SCRIPT = """
() => {
  const chosen = () => document.querySelectorAll('[data-hand] [data-selected="true"]');
  const look = () => [...chosen()].map((e) => e.dataset.card).join();
  window.__taps = [];
  window.addEventListener("click", (event) => {
    const row = { input: event.timeStamp, thinking: window.__thinking > 0, frames: 0, changed: false };
    const before = look();
    const onFrame = () => {
      row.frames += 1;
      row.changed = look() !== before;
      if (!row.changed && row.frames < 30) { requestAnimationFrame(onFrame); return; }
      row.frame = performance.now();
      window.__taps.push(row);
    };
    requestAnimationFrame(onFrame);
  }, true);
}
"""


def first_visit_bytes(browser: Any, url: str) -> int:
    context = browser.new_context()
    page = context.new_page()
    sizes: list[int] = []
    page.on(
        "requestfinished",
        lambda request: sizes.append(sum(request.sizes()[key] for key in ("responseBodySize", "responseHeadersSize"))),
    )
    page.goto(url + "/hearts")
    page.wait_for_selector("body[data-ready='true']")
    page.wait_for_load_state("networkidle")
    context.close()
    return sum(sizes)


def background_bytes(server: LiveServer) -> int:
    with server.client() as client:
        worker = client.get("/sw.js").text
        match = re.search(r'const PRECACHE = "([^"]*)"', worker)
        if match is None:
            raise RuntimeError("the service worker has no PRECACHE list")
        total = 0
        for path in match.group(1).split():
            response = client.get(path, headers={"Accept-Encoding": "gzip"})
            total += response.num_bytes_downloaded + sum(len(k) + len(v) + 4 for k, v in response.headers.items())
        return total


def start_and_tap(page: Any, pace: random.Random, on_device: bool) -> tuple[float, list[dict[str, Any]]]:
    """From the lobby: press "Play against the computer", the ms to the first hand shown, then tap a card of the hand
    (chosen, unchosen): on the device while the bots' worker thinks (at most 40 taps), at a server table 12 taps."""
    page.goto(page.url.split("/hearts")[0] + "/hearts")
    page.wait_for_selector("body[data-ready='true']")
    page.evaluate("window.__thinking = 0")
    started = time.perf_counter()
    page.click('[data-action="solo"]')
    page.wait_for_function("() => document.querySelectorAll('[data-hand] [data-card]').length === 13")
    shown_ms = (time.perf_counter() - started) * 1000
    page.wait_for_selector('[data-hand][data-mode="pass"]')
    page.evaluate(INSTRUMENT_SCRIPT)
    box = page.locator("[data-hand] [data-card]").last.bounding_box()
    for _ in range(40 if on_device else 12):
        if on_device and not page.evaluate("window.__thinking > 0"):
            break
        page.mouse.click(box["x"] + box["width"] * 0.6, box["y"] + box["height"] * 0.3)
        time.sleep(pace.uniform(0.025, 0.075))
    page.wait_for_timeout(300)
    rows: list[dict[str, Any]] = page.evaluate("window.__taps.filter((row) => row.frame !== undefined)")
    return shown_ms, rows


def summary(values: list[float]) -> dict[str, float]:
    if not values:
        return {"n": 0}
    return {"p50": round(percentile(values, 0.5), 1), "p95": round(percentile(values, 0.95), 1), "n": len(values)}


def setting_figures(browser: Any, url: str, starts: int, condition: str) -> dict[str, Any]:
    context = browser.new_context(viewport={"width": 1280, "height": 800}, reduced_motion="reduce")
    context.add_init_script(INIT_SCRIPT)
    page = context.new_page()
    page.goto(url + "/hearts")
    page.wait_for_selector("body[data-ready='true']")
    page.wait_for_function("() => navigator.serviceWorker && navigator.serviceWorker.controller !== null")
    page.fill("[data-name]", "Bench")
    devtools = context.new_cdp_session(page)
    if condition == "offline":
        context.set_offline(True)
    elif condition == "rtt_200":
        devtools.send("Network.enable")
        devtools.send(
            "Network.emulateNetworkConditions",
            {"offline": False, "latency": SLOW_RTT_MS, "downloadThroughput": -1, "uploadThroughput": -1},
        )
    pace = random.Random(11)
    shown: list[float] = []
    taps: list[float] = []
    for _ in range(starts):
        shown_ms, rows = start_and_tap(page, pace, condition == "offline")
        if condition == "offline" and "/hearts/solo/" not in page.url:
            raise RuntimeError("offline, the lobby did not start the game on the device")
        if condition != "offline" and "/hearts/table/" not in page.url:
            raise RuntimeError("online, the lobby did not open a server table")
        shown.append(shown_ms)
        taps += [
            row["frame"] - row["input"]
            for row in rows
            if row["changed"] and (row["thinking"] or condition != "offline")
        ]
    context.close()
    return {"first_hand_ms": summary(shown), "tap_to_frame_ms": summary(taps)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument(
        "--starts", type=int, default=8, help="server tables started (and their taps timed) per setting"
    )
    parser.add_argument(
        "--device-starts", type=int, default=30, help="games started on the device: its bots think for a few taps each"
    )
    parser.add_argument("--no-keep", action="store_true", help="print the JSON line without keeping it in results/")
    options = parser.parse_args()
    from playwright.sync_api import sync_playwright

    figures: dict[str, Any] = {}
    with tempfile.TemporaryDirectory() as folder:
        server = LiveServer(f"sqlite:///{Path(folder) / 'solo-bench.sqlite3'}")
        server.start()
        try:
            url = server.url.rstrip("/")
            figures["background_bytes"] = background_bytes(server)
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=["--no-sandbox"])
                try:
                    figures["first_visit_bytes"] = first_visit_bytes(browser, url)
                    for condition in ("offline", "rtt_0", "rtt_200"):
                        starts = options.device_starts if condition == "offline" else options.starts
                        figures[condition] = setting_figures(browser, url, starts, condition)
                        print(condition, figures[condition], flush=True)
                finally:
                    browser.close()
        finally:
            server.stop()
    print(
        f"first visit to the lobby: {figures['first_visit_bytes']:,} bytes; stored in the background: "
        f"{figures['background_bytes']:,} bytes"
    )
    record_run("hearts_solo", figures, keep=not options.no_keep)


if __name__ == "__main__":
    main()
