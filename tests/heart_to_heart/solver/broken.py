"""Deliberately broken copies of the solver's pure-Python modules, to prove that the independent checks catch them.

A compiled module's classes and globals cannot be patched, so each copy is loaded afresh from its `.py` source.
"""

from __future__ import annotations

import importlib.util
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

from heartcards.heart_to_heart.engine import Position
from heartcards.heart_to_heart.engine import reach as loaded_reach
from heartcards.heart_to_heart.solver import search as loaded_search


def pure(module: ModuleType, name: str) -> ModuleType:
    """A fresh copy of `module` run from its .py source, whatever the import system would pick (compiled or not)."""
    source = Path(str(module.__file__)).with_name(Path(str(module.__file__)).name.split(".")[0] + ".py")
    spec = importlib.util.spec_from_file_location(name, source)
    assert spec is not None and spec.loader is not None
    loaded = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(loaded)
    return loaded


def _reserve_and_heart(position: Position) -> tuple[list[int], list[int], int]:
    heart = [0 if rank is None else int(rank) for rank in position.heart]
    return heart, [int(rank) for rank in position.waste + position.stock], len(position.waste) - 1


def fewest_moves_with_chain_bound_plus_one(position: Position) -> int | None:
    """The solver's A*, with its draw-chain estimate one too high wherever it is above zero: slightly inadmissible."""
    search_module = pure(loaded_search, "search_with_a_broken_chain_bound")
    infinity: int = search_module.INFINITY

    class InflatedChains(search_module.MacroSearch):  # type: ignore[misc, name-defined]
        def chain_draws(self, removed: int, alive: int, cursor: int) -> int:
            found: int = super().chain_draws(removed, alive, cursor)
            return found + 1 if 0 < found < infinity else found

    won, macros = InflatedChains(*_reserve_and_heart(position)).run()
    return sum(taps + 1 for taps, _, _ in macros) if won else None


ENDGAME = 19


def order_winnable_with_a_strict_loss_proof() -> Callable[[list[int]], bool]:
    """`reach.order_winnable` with an extra proof of loss inside its search that is one card too strict: an endgame
    state (ENDGAME or more cards removed) where some rank has three heart cards left, two of them able to go together, and exactly one copy in the stock
    and waste is declared lost (it is not: the pair goes, then the third card with that copy)."""
    reach_module = pure(loaded_reach, "reach_with_a_strict_loss_proof")
    rank_bits: int = reach_module.RANK_BITS
    sets: list[int] = reach_module.SETS

    class StrictSearch(reach_module.WinnabilitySearch):  # type: ignore[misc, name-defined]
        def winnable(self, index: int, counts: int) -> bool:
            removed = sets[index]
            if removed.bit_count() < ENDGAME:
                return bool(super().winnable(index, counts))
            for rank, cards in enumerate(self.rank_masks):
                remaining = cards & ~removed
                reserve = (counts >> (rank_bits * rank)) & 7
                if remaining.bit_count() == 3 and reserve == 1 and reach_module.pairable(remaining) == 1:
                    return False
            return bool(super().winnable(index, counts))

    reach_module.WinnabilitySearch = StrictSearch

    def order_winnable(order: list[int]) -> bool:
        return bool(reach_module.order_winnable(order))

    return order_winnable
