"""Hearts on the device: what running the computer players in the browser would cost, by Pyodide or by a JS port.

    uv run --frozen python benchmarks/hearts_device.py [--positions 8] [--deals 300] [--port-positions 60]
        [--port-only] [--no-keep]

Measures, on this machine, in headless Chromium (Debian's /usr/bin/chromium) served from localhost:

1. Pyodide (npm `pyodide`, fetched by `npm pack` unless node_modules has it; no CDN): the bytes its start fetches
   (raw and gzip -9), the time to a ready interpreter on a first visit and on a second one in the same browser
   profile, and the time to import the project's pure-Python Hearts modules (sent as one zip).
2. The same decisions (`hearts_device_work.decisions`, full budget) at the tables' `mc` strengths (`normal` and
   `strong`) in Pyodide, in CPython on the pure-Python modules and in CPython with the compiled core; the three must
   answer alike (same observation, seed and budget).
3. For the JavaScript port, an estimate: whole deals through the engine (`hearts_device_work.deals`) in CPython and
   Pyodide against the same deals through the JavaScript engine in the page; a port's decision is estimated as the
   pure-Python decision scaled by that ratio.
4. The port itself (static/js/hearts/bots/, `--port-only` measures this part alone): its decisions at each table
   strength (`easy`, `normal`, `strong`, full budget) on `--port-positions`
   positions, in its Web Worker (the time `decide` takes there, and the round trip the page waits), after a few
   decisions to warm the JIT as a game in progress would; p50/p95/max over all, over passes and over plays, and
   whether every answer is the compiled CPython bot's. The gzip size of the bots' modules.

Prints one JSON line and appends it to `benchmarks/results/hearts_device.jsonl` (unless `--no-keep`).
"""

from __future__ import annotations

import argparse
import contextlib
import gzip
import http.server
import json
import os
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile
import threading
import time
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any, get_args

from playwright.sync_api import sync_playwright

from heartcards.figures import percentile
from heartcards.hearts.bots import STRENGTHS
from heartcards.hearts.tables.models import TableStrength

sys.path.insert(0, str(Path(__file__).resolve().parent))
from record import record_run

ROOT = Path(__file__).resolve().parents[1]
SOURCE = ROOT / "src"
PYODIDE_VERSION = "314.0.8"
STATIC_JS = SOURCE / "heartcards" / "web" / "static" / "js"
WORK = Path(__file__).resolve().parent / "hearts_device_work.py"
CHROMIUM = "/usr/bin/chromium"
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
# The pure-Python modules the engine and the bots import: the package, the shared card code, Hearts.
PURE_MODULES = ("__init__.py", "figures.py", "cards", "hearts/__init__.py", "hearts/engine", "hearts/bots")
TABLE_STRENGTHS: tuple[str, ...] = get_args(TableStrength)
"""The strengths the web's tables offer, the words `decide` takes."""
MC_TABLE_STRENGTHS = tuple(strength for strength in TABLE_STRENGTHS if strength in STRENGTHS)
"""The tables' `mc` strengths, those Pyodide is measured at (`easy`, the `rule` player, costs nothing anywhere)."""

PAGE = """<!doctype html><meta charset="utf-8"><title>hearts device benchmark</title>
<script type="module">
import { loadPyodide } from "/pyodide/pyodide.mjs";
import { Game, cardsOf } from "/js/hearts/engine/index.js";

window.startPyodide = async () => {
  const start = performance.now();
  const pyodide = await loadPyodide({ indexURL: "/pyodide/" });
  const ready = performance.now();
  const archive = await (await fetch("/heartcards.zip")).arrayBuffer();
  pyodide.unpackArchive(archive, "zip", { extractDir: "/home/pyodide/lib" });
  pyodide.runPython("import sys; sys.path.insert(0, '/home/pyodide/lib'); import json, hearts_device_work");
  window.pyodide = pyodide;
  return { start_ms: ready - start, import_ms: performance.now() - ready };
};
window.runPython = (code) => window.pyodide.runPython(code);
window.jsDeals = (count) => {
  const start = performance.now();
  for (let index = 0; index < count; index += 1) {
    const game = new Game(BigInt(index), "classic", 100, 4);
    while (game.phase === "play") {
      const turn = /** @type {number} */ (game.turn);
      game.applyPlay(turn, cardsOf(game.legalHand(turn))[0]);
    }
  }
  return (performance.now() - start) / count;
};
</script>
"""


def pyodide_package(scratch: Path) -> Path:
    """The npm package `pyodide` at `PYODIDE_VERSION`: node_modules' copy if it is that version, else fetched with
    `npm pack` and unpacked under `scratch` (only this benchmark needs it, so it is no dependency of the project)."""
    installed = ROOT / "node_modules" / "pyodide"
    manifest = installed / "package.json"
    if manifest.exists() and json.loads(manifest.read_text())["version"] == PYODIDE_VERSION:
        return installed
    command = ["npm", "pack", f"pyodide@{PYODIDE_VERSION}", "--silent", "--pack-destination", str(scratch)]
    subprocess.run(command, check=True, capture_output=True)
    with tarfile.open(scratch / f"pyodide-{PYODIDE_VERSION}.tgz") as archive:
        archive.extractall(scratch, filter="data")
    return scratch / "package"


def pure_tree(target: Path) -> Path:
    """Copies the pure-Python modules (no compiled .so beside them) and the work module under `target`."""
    for name in PURE_MODULES:
        source = SOURCE / "heartcards" / name
        destination = target / "heartcards" / name
        if source.is_dir():
            shutil.copytree(source, destination, ignore=shutil.ignore_patterns("*.so", "__pycache__"))
        else:
            destination.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy(source, destination)
    shutil.copy(WORK, target / WORK.name)
    return target


def zip_tree(tree: Path, archive: Path) -> int:
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as packed:
        for path in sorted(tree.rglob("*.py")):
            packed.write(path, path.relative_to(tree))
    return archive.stat().st_size


class Handler(http.server.SimpleHTTPRequestHandler):
    def guess_type(self, path: str | os.PathLike[str]) -> str:
        # Module scripts and WebAssembly must come with their own types, which `mimetypes` may not know.
        if str(path).endswith((".js", ".mjs")):
            return "text/javascript"
        if str(path).endswith(".wasm"):
            return "application/wasm"
        return super().guess_type(path)

    def end_headers(self) -> None:
        # As a versioned app would serve them: cached, so a second visit measures Pyodide from the browser's cache.
        self.send_header("Cache-Control", "public, max-age=86400")
        super().end_headers()

    def log_message(self, format: str, *args: Any) -> None:
        pass


@contextlib.contextmanager
def serve(directory: Path) -> Iterator[str]:
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), lambda *args: Handler(*args, directory=str(directory)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


def summary(times: list[float]) -> dict[str, float]:
    return {
        "p50": round(statistics.median(times), 1),
        "p95": round(percentile(times, 0.95), 1),
        "max": round(max(times), 1),
    }


def cpython(tree: Path | None, code: str) -> Any:
    """Runs `code` (an expression) in a fresh CPython: on the pure modules in `tree`, or on the compiled core."""
    path = [str(tree)] if tree is not None else [str(SOURCE), str(WORK.parent)]
    program = f"import sys, json; sys.path[:0] = {path!r}; import hearts_device_work; print(json.dumps({code}))"
    result = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, check=True)
    return json.loads(result.stdout)


def measure(positions: int, deals: int) -> dict[str, Any]:
    figures: dict[str, Any] = {"positions": positions, "deals": deals}
    with tempfile.TemporaryDirectory() as scratch:
        root = Path(scratch)
        tree = pure_tree(root / "pure")
        site = root / "site"
        site.mkdir()
        (site / "index.html").write_text(PAGE, encoding="utf-8")
        pyodide = pyodide_package(root)
        (site / "pyodide").symlink_to(pyodide)
        (site / "js").symlink_to(STATIC_JS)
        figures["heartcards_zip_bytes"] = zip_tree(tree, site / "heartcards.zip")
        figures["pyodide_version"] = PYODIDE_VERSION
        figures["pyodide_bytes"] = sum((pyodide / name).stat().st_size for name in PYODIDE_FILES)
        figures["pyodide_gzip_bytes"] = sum(
            len(gzip.compress((pyodide / name).read_bytes(), 9)) for name in PYODIDE_FILES
        )
        engine = sorted((STATIC_JS / "hearts" / "engine").glob("*.js"))
        figures["js_engine_gzip_bytes"] = sum(len(gzip.compress(path.read_bytes(), 9)) for path in engine)

        code = {strength: f"hearts_device_work.decisions({strength!r}, {positions})" for strength in MC_TABLE_STRENGTHS}
        runs: dict[str, dict[str, Any]] = {"compiled": {}, "pure": {}, "pyodide": {}}
        for strength, expression in code.items():
            runs["compiled"][strength] = cpython(None, expression)
            runs["pure"][strength] = cpython(tree, expression)
        deal_ms = {
            "compiled": cpython(None, f"hearts_device_work.deals({deals})"),
            "pure": cpython(tree, f"hearts_device_work.deals({deals})"),
        }

        with serve(site) as url, sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=["--no-sandbox"])
            context = browser.new_context()
            page = context.new_page()
            fetched: list[int] = []
            page.on("requestfinished", lambda request: fetched.append(request.sizes()["responseBodySize"]))
            page.goto(f"{url}/index.html")
            first = page.evaluate("startPyodide()")
            figures["pyodide_first_visit_fetched_bytes"] = sum(fetched)
            page.reload()
            second = page.evaluate("startPyodide()")
            figures["pyodide_start_ms_first_visit"] = round(first["start_ms"])
            figures["pyodide_start_ms_second_visit"] = round(second["start_ms"])
            figures["pyodide_import_heartcards_ms"] = round(second["import_ms"])
            for strength, expression in code.items():
                runs["pyodide"][strength] = json.loads(
                    page.evaluate("code => runPython(code)", f"json.dumps({expression})")
                )
            deal_ms["pyodide"] = page.evaluate("code => runPython(code)", f"hearts_device_work.deals({deals})")
            page.evaluate(f"jsDeals({deals})")  # warm the JIT, as a page playing a game would be
            deal_ms["js"] = page.evaluate(f"jsDeals({deals})")
            browser.close()

    for strength in MC_TABLE_STRENGTHS:
        answers = {name: [entry["choice"] for entry in run[strength]] for name, run in runs.items()}
        figures[f"{strength}_same_answers"] = answers["pyodide"] == answers["pure"] == answers["compiled"]
        for name, run in runs.items():
            figures[f"{strength}_ms_{name}"] = summary([entry["ms"] for entry in run[strength]])
    figures["deal_ms"] = {name: round(value, 3) for name, value in deal_ms.items()}
    ratio = deal_ms["js"] / deal_ms["pure"]
    figures["js_to_pure_deal_ratio"] = round(ratio, 3)
    for strength in MC_TABLE_STRENGTHS:
        pure = figures[f"{strength}_ms_pure"]
        figures[f"{strength}_ms_js_port_estimate"] = {key: round(value * ratio, 1) for key, value in pure.items()}
    return figures


PORT_PAGE = """<!doctype html><meta charset="utf-8"><title>hearts bots benchmark</title>
<script type="module">
import { Game } from "/js/hearts/engine/index.js";
import { BotWorker } from "/js/hearts/bots/bot-worker.js";
import { CARD_TEXTS } from "/js/hearts/engine/cards.js";

window.timeDecisions = async (positions, strength, warm) => {
  const worker = new BotWorker();
  const out = [];
  for (const [index, { game, seat, seed }] of positions.entries()) {
    const observation = Game.fromDict(game).observation(seat);
    const start = performance.now();
    const { cards, ms } = await worker.decide(observation, strength, seed);
    const roundTrip = performance.now() - start;
    if (index >= warm) {
      const choice = cards.map((card) => CARD_TEXTS[card]).join(" ");
      out.push({ phase: observation.phase, ms, round_trip_ms: roundTrip, choice });
    }
  }
  worker.close();
  return out;
};
</script>
"""
PORT_WARM_UP = 4


def measure_port(positions: int) -> dict[str, Any]:
    """The JavaScript bots' decisions in headless Chromium's Web Worker, against the compiled CPython answers."""
    figures: dict[str, Any] = {"port_positions": positions}
    bots = sorted((STATIC_JS / "hearts" / "bots").glob("*.js"))
    figures["js_bots_gzip_bytes"] = sum(len(gzip.compress(path.read_bytes(), 9)) for path in bots)
    saved = cpython(None, f"hearts_device_work.saved_positions({positions})")
    warm = cpython(None, f"hearts_device_work.saved_positions({PORT_WARM_UP})")
    expected = {
        strength: [
            entry["choice"] for entry in cpython(None, f"hearts_device_work.decisions({strength!r}, {positions})")
        ]
        for strength in TABLE_STRENGTHS
    }
    with tempfile.TemporaryDirectory() as scratch:
        site = Path(scratch)
        (site / "index.html").write_text(PORT_PAGE, encoding="utf-8")
        (site / "js").symlink_to(STATIC_JS)
        with serve(site) as url, sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=["--no-sandbox"])
            page = browser.new_page()
            page.goto(f"{url}/index.html")
            page.wait_for_function("() => window.timeDecisions !== undefined")
            for strength in TABLE_STRENGTHS:
                # The warm-up positions are other seeds' positions, so the JIT has not seen the timed ones.
                warm_up = [{**entry, "seed": int(entry["seed"]) + 7_000} for entry in warm]
                run = page.evaluate(
                    "([positions, strength, warm]) => timeDecisions(positions, strength, warm)",
                    [warm_up + saved, strength, len(warm_up)],
                )
                figures[f"port_{strength}_same_answers"] = [entry["choice"] for entry in run] == expected[strength]
                figures[f"port_{strength}_ms"] = summary([entry["ms"] for entry in run])
                for phase in ("pass", "play"):
                    times = [entry["ms"] for entry in run if entry["phase"] == phase]
                    figures[f"port_{strength}_ms_{phase}"] = summary(times)
                figures[f"port_{strength}_round_trip_ms"] = summary([entry["round_trip_ms"] for entry in run])
            browser.close()
    return figures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--positions", type=int, default=8, help="decisions timed at each strength")
    parser.add_argument("--deals", type=int, default=300, help="whole deals timed through each engine")
    parser.add_argument("--port-positions", type=int, default=60, help="decisions timed at each strength in the port")
    parser.add_argument("--port-only", action="store_true", help="measure the JavaScript port alone (no Pyodide)")
    parser.add_argument("--no-keep", action="store_true", help="print the line without keeping it")
    arguments = parser.parse_args()
    started = time.perf_counter()
    figures = {} if arguments.port_only else measure(arguments.positions, arguments.deals)
    figures.update(measure_port(arguments.port_positions))
    figures["seconds"] = round(time.perf_counter() - started, 1)
    record_run("hearts_device", figures, keep=not arguments.no_keep)
    return 0


if __name__ == "__main__":
    sys.exit(main())
