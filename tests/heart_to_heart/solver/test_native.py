"""The compiled core (mypyc) and the pure Python sources must agree, and compiled modules must not be stale."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path
from types import ModuleType

from hypothesis import given, settings
from hypothesis import strategies as st

from heartcards.heart_to_heart.engine import Deal, Game, Mode
from heartcards.heart_to_heart.engine import reach as loaded_reach
from heartcards.heart_to_heart.solver import search as loaded_search
from heartcards.heart_to_heart.solver import solve

ROOT = Path(__file__).resolve().parents[3]


def pure(module: ModuleType, name: str) -> ModuleType:
    """The module run from its .py source, whatever the import system would pick."""
    source = Path(str(module.__file__)).with_name(Path(str(module.__file__)).name.split(".")[0] + ".py")
    spec = importlib.util.spec_from_file_location(name, source)
    assert spec is not None and spec.loader is not None
    loaded = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(loaded)
    return loaded


def test_compiled_modules_are_fresh() -> None:
    result = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "build_native.py"), "--check"], capture_output=True, text=True
    )
    assert result.returncode == 0, result.stderr


def test_pure_python_agrees_with_the_loaded_modules() -> None:
    pure_reach = pure(loaded_reach, "pure_reach")
    pure_search = pure(loaded_search, "pure_search")
    for number in range(60):
        order = [int(rank) for rank in Deal.from_number(number, Mode.NORMAL).order]
        assert pure_reach.order_winnable(order) == loaded_reach.order_winnable(order)
    for number in (12, 5, 25, 27):  # winnable N deals
        position = Game(Deal.from_number(number)).position
        heart = [0 if rank is None else int(rank) for rank in position.heart]
        reserve = [int(rank) for rank in position.waste + position.stock]
        won, macros = pure_search.MacroSearch(heart, reserve, len(position.waste) - 1).run()
        solution = solve(position)
        assert won and solution.winnable
        assert sum(taps + 1 for taps, _, _ in macros) == solution.move_count


@settings(max_examples=500)
@given(st.integers(min_value=0, max_value=2**32 - 1))
def test_bit_helpers_match_python(mask: int) -> None:
    assert loaded_reach.popcount(mask) == mask.bit_count()
    assert loaded_reach.top_bit(mask) == mask.bit_length() - 1
