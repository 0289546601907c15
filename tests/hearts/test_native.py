"""The compiled Hearts core (mypyc) and the pure Python sources play the same cards, and it is never stale.

Where no compiled core was built the comparison is skipped (pure Python against itself proves nothing), except where
HEARTCARDS_REQUIRE_NATIVE=1 (scripts/test sets it): there the core should have been built, so its absence fails.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tomllib
from dataclasses import replace
from pathlib import Path

import pytest

from heartcards.hearts.bots import MonteCarloBot, MonteCarloSettings, make_bot, play_game
from heartcards.hearts.engine import Variant
from tests.support.native import require_compiled

ROOT = Path(__file__).resolve().parents[2]
SETTINGS = MonteCarloSettings(playouts=60, pass_playouts=60, exact_samples=4, time_cap=None)
READING = replace(SETTINGS, keen="fit", ties_keen=False, misfit_weight=0.2, misfit_cap=2)

PURE_IMPORTS = """
import importlib.machinery as machinery, sys
# Under src/, only .py sources: the compiled .so files beside them are not seen, so the project runs as pure Python.
pure_finder = machinery.FileFinder.path_hook((machinery.SourceFileLoader, machinery.SOURCE_SUFFIXES))
def pure_sources(path):
    if not path.startswith(SOURCES):
        raise ImportError(path)
    return pure_finder(path)
sys.path_hooks.insert(0, pure_sources)
sys.path_importer_cache.clear()
"""

PLAY = """
import json
import heartcards.hearts.bots.playout as playout
assert playout.__file__.endswith(".py"), playout.__file__
from tests.hearts.test_native import games
print(json.dumps(games()))
"""


def hearts_native_modules() -> list[str]:
    with (ROOT / "pyproject.toml").open("rb") as file:
        modules: list[str] = tomllib.load(file)["tool"]["heartcards"]["native"]["modules"]
    return [module for module in modules if module.startswith("heartcards/hearts/")]


def require_compiled_core() -> None:
    """Skip, or fail where REQUIRE_NATIVE is 1, unless every compiled Hearts module is the one loaded."""
    names = [module.removesuffix(".py").replace("/", ".") for module in hearts_native_modules()]
    require_compiled(names, "Hearts core")


def games() -> list[object]:
    """Two deals with the Monte Carlo bot (moon play, passing, sampling, exact endings; one of the two reads the
    others' plays), a game of rule bots, and two deals of `mc` against rule bots (the second reads the first)."""
    records: list[object] = []
    for seed in (3, 8):
        bots = [MonteCarloBot(seed, SETTINGS), make_bot("rule"), MonteCarloBot(seed + 1, READING), make_bot("rule")]
        records += [record.to_dict() for record in play_game(bots, seed, single_deal=1 + seed % 4).records]
    rule = [make_bot("rule", seed=seat) for seat in range(4)]
    records += [record.to_dict() for record in play_game(rule, 11, Variant.SPECIAL, 50).records]
    reading_earlier = [MonteCarloBot(5, SETTINGS), *rule[1:]]  # the second deal reads the rule bots of the first
    records += [record.to_dict() for record in play_game(reading_earlier, 12, max_deals=2).records]
    return records


def test_the_hearts_core_is_listed_for_compilation() -> None:
    assert {"heartcards/hearts/engine/game.py", "heartcards/hearts/bots/playout.py"} <= set(hearts_native_modules())


def test_compiled_modules_are_fresh() -> None:
    result = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "build_native.py"), "--check"], capture_output=True, text=True
    )
    assert result.returncode == 0, result.stderr
    built = [
        (ROOT / "src" / module).with_suffix("").parent.glob(Path(module).stem + ".*.so")
        for module in hearts_native_modules()
    ]
    present = [any(found) for found in built]
    assert all(present) or not any(present), "only some of the Hearts modules are compiled: rebuild them"


@pytest.mark.slow
def test_pure_python_plays_the_same_cards_as_the_loaded_modules() -> None:
    require_compiled_core()
    result = subprocess.run(
        [sys.executable, "-c", f"SOURCES = {str(ROOT / 'src')!r}" + PURE_IMPORTS + PLAY],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
    )
    assert json.loads(result.stdout) == games()
