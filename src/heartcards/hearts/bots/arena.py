"""Whole games between bots, with the figures the simulator and the benchmark report (pure: the caller does I/O).

Each bot sees only `game.observation(seat)`. Decision times are measured per seat with `time.perf_counter`.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from heartcards.cards import Card
from heartcards.hearts.bots.base import Bot
from heartcards.hearts.engine import DealRecord, Game, Phase, Variant, moon_shooter
from heartcards.hearts.engine.cards import QUEEN_OF_SPADES, mask_of


@dataclass(slots=True)
class GameResult:
    """One played game: its deal records, winners, and per seat the decision times in seconds."""

    seed: int
    records: list[DealRecord]
    winners: tuple[int, ...]
    totals: tuple[int, ...]
    decision_times: list[list[float]] = field(default_factory=lambda: [[], [], [], []])

    def moons(self) -> list[int]:
        counts = [0, 0, 0, 0]
        for record in self.records:
            shooter = moon_shooter([mask_of(taken) for taken in taken_cards(record)])
            if shooter is not None:
                counts[shooter] += 1
        return counts

    def queens(self) -> list[int]:
        counts = [0, 0, 0, 0]
        for record in self.records:
            for trick in record.tricks:
                if QUEEN_OF_SPADES in trick.cards and trick.winner is not None:
                    counts[trick.winner] += 1
        return counts


def taken_cards(record: DealRecord) -> list[list[Card]]:
    """The cards each seat won in the deal's tricks."""
    taken: list[list[Card]] = [[], [], [], []]
    for trick in record.tricks:
        if trick.winner is not None:
            taken[trick.winner].extend(trick.cards)
    return taken


def play_game(
    bots: Sequence[Bot],
    seed: int,
    variant: Variant = Variant.CLASSIC,
    target: int = 100,
    *,
    single_deal: int | None = None,
    max_deals: int = 1000,
    on_deal: Callable[[DealRecord], None] | None = None,
) -> GameResult:
    """Plays a game (or, with `single_deal=d`, only deal d of the game with this seed) with bots[seat] per seat."""
    game = Game(seed, variant, target, first_deal=single_deal or 1)
    result = GameResult(seed=seed, records=game.records, winners=(), totals=(0, 0, 0, 0))
    times = result.decision_times
    clock = time.perf_counter
    while True:
        phase = game.phase
        if phase is Phase.PLAY:
            seat = game.turn
            assert seat is not None
            observation = game.observation(seat)
            start = clock()
            card = bots[seat].choose_play(observation)
            times[seat].append(clock() - start)
            game.apply_play(seat, card)
        elif phase is Phase.PASS:
            observations = [game.observation(seat) for seat in range(4)]
            for seat in range(4):
                start = clock()
                cards = bots[seat].choose_pass(observations[seat])
                times[seat].append(clock() - start)
                game.apply_pass(seat, cards)
        else:
            if on_deal is not None:
                on_deal(game.records[-1])
            if phase is Phase.GAME_OVER or single_deal is not None or len(game.records) >= max_deals:
                break
            game.apply_next_deal()
    result.winners = game.winners
    result.totals = tuple(game.totals)
    return result
