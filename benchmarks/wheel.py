"""The installed package is the fast one: build the wheel, install it in a clean virtual environment, time `stats`.

    uv run python benchmarks/wheel.py            # compiled wheel: 3 runs of `heartcards stats --deals 100000 --jobs 1`
    uv run python benchmarks/wheel.py --pure     # the same with the pure-Python fallback wheel, for comparison

Checks that every module listed in pyproject.toml `[tool.heartcards.native]` is imported from its compiled
extension (or, with --pure, that none is), then prints the median deals per second (target ≥ 50,000 compiled) and
keeps the run's JSON line in benchmarks/results/wheel.jsonl.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path

from record import record_run

ROOT = Path(__file__).resolve().parent.parent
TARGET_DEALS_PER_SECOND = 50_000


def native_module_names() -> list[str]:
    with (ROOT / "pyproject.toml").open("rb") as file:
        paths: list[str] = tomllib.load(file)["tool"]["heartcards"]["native"]["modules"]
    return [path.removesuffix(".py").replace("/", ".") for path in paths]


def build_wheel(folder: Path, pure: bool) -> Path:
    environment = {key: value for key, value in os.environ.items() if key != "HEARTCARDS_PURE"}
    if pure:
        environment["HEARTCARDS_PURE"] = "1"
    command = ["uv", "build", "--wheel", "--out-dir", str(folder), str(ROOT)]
    subprocess.run(command, env=environment, check=True, capture_output=True)
    (wheel,) = folder.glob("heartcards-*.whl")
    return wheel


def install(wheel: Path, folder: Path) -> Path:
    venv = folder / "venv"
    subprocess.run(["uv", "venv", "--quiet", str(venv)], check=True)
    subprocess.run(
        ["uv", "pip", "install", "--quiet", "--python", str(venv / "bin" / "python"), str(wheel)], check=True
    )
    return venv


def compiled_modules(venv: Path, names: list[str]) -> dict[str, bool]:
    """Module name → imported from a compiled extension, in the installed package (run outside the source tree)."""
    code = (
        "import importlib, json, sys;"
        "print(json.dumps({name: importlib.import_module(name).__file__ for name in sys.argv[1:]}))"
    )
    result = subprocess.run(
        [str(venv / "bin" / "python"), "-c", code, *names], cwd=venv, capture_output=True, text=True, check=True
    )
    files: dict[str, str] = json.loads(result.stdout)
    return {name: not file.endswith(".py") for name, file in files.items()}


def stats_speed(venv: Path, deals: int) -> float:
    command = [str(venv / "bin" / "heartcards"), "stats", "--deals", str(deals), "--jobs", "1", "--json"]
    result = subprocess.run(command, cwd=venv, capture_output=True, text=True, check=True)
    speed: float = json.loads(result.stdout.strip().splitlines()[-1])["deals_per_second"]
    return speed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pure", action="store_true", help="build the pure-Python fallback wheel instead")
    parser.add_argument("--deals", type=int, default=100_000)
    parser.add_argument("--runs", type=int, default=3)
    options = parser.parse_args()
    names = native_module_names()
    with tempfile.TemporaryDirectory(prefix="heartcards-wheel-") as temporary:
        folder = Path(temporary)
        wheel = build_wheel(folder, options.pure)
        venv = install(wheel, folder)
        compiled = compiled_modules(venv, names)
        speeds = [stats_speed(venv, options.deals) for _ in range(options.runs)]
    median = statistics.median(speeds)
    print(f"wheel {wheel.name}")
    print(f"compiled modules: {sum(compiled.values())} of {len(names)}")
    print(f"heartcards stats --deals {options.deals} --jobs 1: {', '.join(f'{s:,.0f}' for s in speeds)} deals/s")
    print(f"median {median:,.0f} deals/s (target ≥ {TARGET_DEALS_PER_SECOND:,} for the compiled wheel)")
    figures = {
        "wheel": wheel.name,
        "pure": options.pure,
        "compiled_modules": compiled,
        "deals": options.deals,
        "deals_per_second": [round(speed) for speed in speeds],
        "median_deals_per_second": round(median),
    }
    record_run("wheel", figures)
    expected = not options.pure
    if any(value != expected for value in compiled.values()):
        sys.exit("the installed modules are not what this wheel should hold (see compiled_modules)")


if __name__ == "__main__":
    main()
