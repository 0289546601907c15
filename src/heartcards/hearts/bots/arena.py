"""Whole games between bots, with the figures the simulator and the benchmark report (pure: the caller does I/O).

Each bot sees only `game.observation(seat)`. Decision times are measured per seat with `time.perf_counter`.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from heartcards.cards import SplitMix64
from heartcards.figures import percentile
from heartcards.hearts.bots.base import Bot
from heartcards.hearts.bots.policy import threatening_seat
from heartcards.hearts.engine import DealRecord, Game, Phase, Variant, mask_of
from heartcards.hearts.engine.cards import POINT_MASK, mask_points
from heartcards.hearts.engine.deal_record import moons_per_seat, queens_per_seat
from heartcards.hearts.engine.rules import POINTS_PER_DEAL


@dataclass(slots=True)
class GameResult:
    """One played game: its deal records, winners, and per seat the decision times in seconds (wall clock, and the
    process's CPU time, which other programs on a busy machine do not inflate)."""

    seed: int
    records: list[DealRecord]
    winners: tuple[int, ...]
    totals: tuple[int, ...]
    decision_times: list[list[float]] = field(default_factory=lambda: [[], [], [], []])
    decision_cpu_times: list[list[float]] = field(default_factory=lambda: [[], [], [], []])


MOON_MISS = 4
"""A seat that took all but at most this many of the 26 points, without the moon, made a failed attempt."""


@dataclass(frozen=True, slots=True)
class MoonEvents:
    """What happened to moons in one deal: who shot one, who failed an attempt (took all but a few points), and who
    stopped a run: the first other seat to take a point after a seat had taken every point so far and enough hearts
    to threaten a moon (the bots' own `threatening_seat`), in a deal where that seat then did not shoot."""

    shooter: int | None
    failed: tuple[int, ...]
    stoppers: tuple[int, ...]


def moon_events(record: DealRecord) -> MoonEvents:
    taken = [0, 0, 0, 0]
    threat = -1
    stoppers: list[int] = []
    for trick in record.tricks:
        if trick.winner is None:
            continue
        cards = mask_of(trick.cards)
        if threat >= 0 and trick.winner != threat and cards & POINT_MASK:
            stoppers.append(trick.winner)
            threat = -1
        taken[trick.winner] |= cards
        if threat < 0 and not stoppers:
            threat = threatening_seat(taken)
    raw = [mask_points(mask) for mask in taken]
    failed = tuple(
        seat for seat in range(4) if seat != record.moon_shooter and raw[seat] >= POINTS_PER_DEAL - MOON_MISS
    )
    return MoonEvents(record.moon_shooter, failed, tuple(stoppers) if record.moon_shooter is None else ())


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
    cpu_times = result.decision_cpu_times
    clock = time.perf_counter
    cpu_clock = time.process_time
    while True:
        phase = game.phase
        if phase is Phase.PLAY:
            seat = game.turn
            assert seat is not None
            observation = game.observation(seat)
            start = clock()
            cpu_start = cpu_clock()
            card = bots[seat].choose_play(observation)
            times[seat].append(clock() - start)
            cpu_times[seat].append(cpu_clock() - cpu_start)
            game.apply_play(seat, card)
        elif phase is Phase.PASS:
            observations = [game.observation(seat) for seat in range(4)]
            for seat in range(4):
                start = clock()
                cpu_start = cpu_clock()
                cards = bots[seat].choose_pass(observations[seat])
                times[seat].append(clock() - start)
                cpu_times[seat].append(cpu_clock() - cpu_start)
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


def derive_seed(*parts: int) -> int:
    """A 64-bit seed from a base seed and indices (game number, seat…), through SplitMix64's mixer."""
    state = 0x2545F4914F6CDD1D
    for part in parts:
        state = SplitMix64((state ^ part) & ((1 << 64) - 1)).next64()
    return state


@dataclass(frozen=True, slots=True)
class MatchSpec:
    """One game of a simulation: who sits where (`players[seat]`, slot `slots[seat]` of the player list)."""

    game_number: int
    seed: int
    players: tuple[str, ...]
    slots: tuple[int, ...]
    strength: str
    variant: Variant
    target: int


def match_specs(
    games: int,
    players: Sequence[str],
    seed: int,
    variant: Variant,
    target: int,
    strength: str,
    rotate: bool = False,
) -> list[MatchSpec]:
    """The games of a simulation; with `rotate`, game g shifts the player list by g - 1 seats so each player
    sits in every seat in turn."""
    specs = []
    for number in range(1, games + 1):
        shift = (number - 1) % 4 if rotate else 0
        slots = tuple((seat - shift) % 4 for seat in range(4))
        specs.append(
            MatchSpec(
                game_number=number,
                seed=derive_seed(seed, number),
                players=tuple(players[slot] for slot in slots),
                slots=slots,
                strength=strength,
                variant=variant,
                target=target,
            )
        )
    return specs


def run_match(spec: MatchSpec, make: Callable[[str, str, int], Bot]) -> GameResult:
    bots = [make(name, spec.strength, derive_seed(spec.seed, seat + 1)) for seat, name in enumerate(spec.players)]
    return play_game(bots, spec.seed, spec.variant, spec.target)


@dataclass(slots=True)
class PlayerStats:
    """Totals for one entry of the player list across games."""

    player: str
    games: int = 0
    wins: int = 0
    deals: int = 0
    points: int = 0
    moons: int = 0
    queens: int = 0
    decision_times: list[float] = field(default_factory=list)
    decision_cpu_times: list[float] = field(default_factory=list)

    def to_dict(self) -> dict[str, object]:
        times = self.decision_times
        cpu_times = self.decision_cpu_times
        return {
            "player": self.player,
            "games": self.games,
            "wins": self.wins,
            "win_rate": self.wins / self.games if self.games else 0.0,
            "mean_points_per_deal": self.points / self.deals if self.deals else 0.0,
            "moons": self.moons,
            "queens": self.queens,
            "decisions": len(times),
            "decision_ms_median": 1000 * percentile(times, 0.5) if times else 0.0,
            "decision_ms_p99": 1000 * percentile(times, 0.99) if times else 0.0,
            "decision_cpu_ms_p99": 1000 * percentile(cpu_times, 0.99) if cpu_times else 0.0,
        }


def add_result(stats: list[PlayerStats], spec: MatchSpec, result: GameResult) -> None:
    """Adds one game's figures to the per-player totals (a shared win counts for each winner)."""
    moons = moons_per_seat(result.records)
    queens = queens_per_seat(result.records)
    for seat, slot in enumerate(spec.slots):
        entry = stats[slot]
        entry.games += 1
        entry.wins += seat in result.winners
        entry.deals += len(result.records)
        entry.points += sum(record.points[seat] for record in result.records)
        entry.moons += moons[seat]
        entry.queens += queens[seat]
        entry.decision_times.extend(result.decision_times[seat])
        entry.decision_cpu_times.extend(result.decision_cpu_times[seat])
