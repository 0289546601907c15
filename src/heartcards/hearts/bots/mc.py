"""`mc`: perfect-information Monte Carlo.

For a play: sample the hidden hands consistently with what the seat knows, play each distinct candidate card out
with fast heuristic playouts (or solve the ending exactly once few cards remain), and keep the card with the best
mean points relative to the others. For a pass: sample the other hands, let them pass by the heuristic, play the deal
out, and keep the best of a few candidate passes. A budget of playouts per decision sets the strength; a time cap
stops early on a slow machine (then, and only then, a seed may not replay the same game). With `workers` > 1 the
samples are shared among that many processes (both cores), which pays once a decision takes tens of milliseconds.
"""

from __future__ import annotations

import atexit
import multiprocessing
import os
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations

from heartcards.cards import Card, SplitMix64
from heartcards.cards.shuffling import FastSplitMix64
from heartcards.hearts.bots.knowledge import Knowledge, knowledge_of
from heartcards.hearts.bots.policy import choose_pass_mask, controls, moon_pass_mask, pass_danger
from heartcards.hearts.bots.sampling import NO_READING, HandSampler, PlayReader, ReadingArgs, choose_card_record
from heartcards.hearts.bots.search import (
    SHOOT_CONTROLS,
    OutlookArgs,
    best_by_plan,
    evaluate_passes,
    evaluate_plays,
    shoot_plans,
)
from heartcards.hearts.engine import CARDS, INDEX_OF, Observation, Trick, Variant, cards_of, mask_of
from heartcards.hearts.engine.cards import QUEEN_OF_SPADES_INDEX


@dataclass(frozen=True, slots=True)
class MonteCarloSettings:
    """`playouts`: playouts per play decision (split over the candidate cards); `pass_playouts` likewise for a pass
    (over up to C(`pass_candidates`, 3) candidate passes); `exact_cards`: solve exactly once the seat holds at most this
    many cards, over `exact_samples` deals, unless another seat is read as a `rule` player (`rule_seats`,
    `plays_like_rule`); `time_cap`: seconds per decision, or None; `workers`: processes; `prune_margin`: drop cards this
    many points worse than the best halfway through (None: never); `moon`: weigh going for the moon (off only to measure
    what it brings); `shoot_margin`: go for it only when its samples score it this many points better than normal play;
    `rule_shoot_margin`: that margin when every other seat is read as a `rule` player; `shoot_controls`: weigh the moon
    only when at least this share of the hand are controls; `rule_shoot_controls`: that share when every other seat is
    read as a `rule` player; `others_weight`: how much the others' points count against the seat's own (`Outlook`);
    `keen`: which seats' playout cards come from `keen_card` rather than `choose_card`: "all", "self", "none", or
    "fit" (the deciding seat `keen_card`, each other seat whichever of the two better explains its plays in the
    sampled deal); `ties_keen`: with "fit", a seat whose plays the two explain equally plays `keen_card` (else
    `choose_card`); `misfit_weight`: a sampled deal's weight is this to the power of the others' plays it leaves
    unexplained (`PlayReader`; 1: every deal counts alike), counting at most `misfit_cap` of them a seat;
    `read_earlier_deals`: a seat that played `choose_card` on every play with a choice in the earlier deals of the game
    (`rule_seats`) plays `choose_card` in the playouts, and each of its plays this deal that `choose_card` would not
    have made weighs a sampled deal `rule_weight`; `read_this_deal_cards`: in the first deal of a game, once the seat
    holds at most this many cards (13: from the start), a seat that played `choose_card` on every play with a choice
    this deal in some sampled deal (`plays_like_rule`) is read so too (0: never).

    The defaults are what measured best on the same deals against three `rule` bots and against the frozen
    `mc-2026-11` (`benchmarks/hearts.py`, paired deal by deal): each other seat is played out by whichever heuristic
    explains its plays, and as the `rule` player once it is read as one, since a model of the other players is what
    the samples are worth; the moon needs a 12-point margin unless all three others are read as `rule` (its samples'
    defenders are weaker than good players); the others' points count against the seat's own (its standing). Weights
    by unexplained plays and ties read as `rule` gained against `rule` but lost against `mc-2026-11`, so they are off.
    Every run and setting tried: `docs/figures.md`."""

    playouts: int = 240
    pass_playouts: int = 240
    pass_candidates: int = 6
    exact_cards: int = 3
    exact_samples: int = 12
    time_cap: float | None = 0.08
    workers: int = 1
    prune_margin: float | None = None
    moon: bool = True
    shoot_margin: float = 12.0
    shoot_controls: float = SHOOT_CONTROLS
    others_weight: float = 1.0
    keen: str = "fit"
    misfit_weight: float = 1.0
    misfit_cap: int = 13
    ties_keen: bool = True
    read_earlier_deals: bool = True
    rule_weight: float = 0.2
    read_this_deal_cards: int = 13
    rule_shoot_margin: float = 0.0
    rule_shoot_controls: float = 0.0

    def keen_seats(self, seat: int) -> int:
        """The seats whose playout cards come from `keen_card` (a mask). With "fit" every seat, until `evaluate_plays`
        reads the others in each sampled deal (a pass has no plays to read)."""
        return {"none": 0, "self": 1 << seat, "all": 15, "fit": 15}[self.keen]

    def moon_gate(self, seat: int, read_as_rule: int) -> tuple[float, float]:
        """The share of controls from which a hand weighs the moon, and the margin by which its samples must favour
        it: `rule_shoot_controls` and `rule_shoot_margin` when every other seat is read as a `rule` player (the mask
        `read_as_rule`), whose defence the samples then model exactly, else `shoot_controls` and `shoot_margin`."""
        if read_as_rule == 15 & ~(1 << seat):
            return self.rule_shoot_controls, self.rule_shoot_margin
        return self.shoot_controls, self.shoot_margin

    def reading(self, rule_seats: int = 0) -> ReadingArgs:
        """How `evaluate_plays` reads the others: whether each is fitted ("fit"), the ties, the misfits' weight and
        cap, the seats read as `choose_card` players (`rule_seats`) and the weight of their other plays."""
        return self.keen == "fit", self.ties_keen, self.misfit_weight, self.misfit_cap, rule_seats, self.rule_weight


def equivalent_runs(legal: int, hand: int, played: int) -> list[int]:
    """One card per run of legal cards that are interchangeable: same suit, only our own or played cards between
    them, never the Q♠ together with another (it scores differently)."""
    out: list[int] = []
    previous = -2
    mask = legal
    while mask:
        bit = mask & -mask
        mask ^= bit
        card = bit.bit_length() - 1
        if previous >= 0 and card // 13 == previous // 13 and QUEEN_OF_SPADES_INDEX not in (card, previous):
            between = ((1 << card) - 1) & ~((1 << (previous + 1)) - 1)
            if between & ~(hand | played) == 0 and not between & (1 << QUEEN_OF_SPADES_INDEX):
                previous = card
                continue
        out.append(card)
        previous = card
    return out


RULE_EVIDENCE = 8
"""The fewest plays with a choice, over the earlier deals, on which a seat must have played `choose_card` to be read
as that player (one deal of a `rule` bot gives about ten)."""


def rule_seats(observation: Observation) -> int:
    """The other seats (a mask) that played `choose_card` on each of their plays with a choice, at least
    `RULE_EVIDENCE` of them, in every earlier deal of the game: a finished deal shows every hand, so this is exact."""
    choices = [0, 0, 0, 0]
    misses = [0, 0, 0, 0]
    for tricks in observation.earlier_deals:
        record = _choose_card_record(tricks)
        for seat in range(4):
            choices[seat] += record[seat]
            misses[seat] += record[4 + seat]
    return _choose_card_seats(observation.seat, choices, misses, RULE_EVIDENCE)


def _choose_card_seats(me: int, choices: list[int], misses: list[int], evidence: int) -> int:
    """The seats other than `me` (a mask) with at least `evidence` plays with a choice and none that `choose_card`
    would not have made."""
    mask = 0
    for seat in range(4):
        if seat != me and choices[seat] >= evidence and not misses[seat]:
            mask |= 1 << seat
    return mask


@lru_cache(maxsize=512)
def _choose_card_record(tricks: tuple[Trick, ...]) -> tuple[int, ...]:
    """`choose_card_record` of a finished deal, worked out once per process (every later decision of the game asks
    it again)."""
    history = [INDEX_OF[card] for trick in tricks for card in trick.cards]
    return tuple(choose_card_record(tricks[0].leader, history))  # a finished deal: thirteen tricks


RULE_EVIDENCE_THIS_DEAL = 3
"""The fewest plays with a choice this deal on which a seat must have played `choose_card` (in some sampled deal) to
look like that player (`plays_like_rule`)."""

READING_SAMPLES = 16
"""Sampled deals in which `plays_like_rule` looks for one that explains a seat's every play by `choose_card`."""


def plays_like_rule(known: Knowledge) -> int:
    """The other seats (a mask) for which some of `READING_SAMPLES` sampled deals explains each of their plays with a
    choice this deal, at least `RULE_EVIDENCE_THIS_DEAL` of them, by `choose_card` (most `rule` seats do within a few
    tricks, few `mc` seats: `docs/figures.md`). The deals are drawn from a fixed seed: the answer depends on the
    position alone, and the bot's own generator is left as it was."""
    sampler = HandSampler(known)
    reader = PlayReader(known.seat, known.first_leader, known.history, NO_READING)
    rng = FastSplitMix64(len(known.history))
    mask = 0
    others = 15 & ~(1 << known.seat)
    for _ in range(READING_SAMPLES):
        choices, _, choose_misses, _ = reader.misses(sampler.sample(rng))
        mask |= _choose_card_seats(known.seat, choices, choose_misses, RULE_EVIDENCE_THIS_DEAL)
        if mask == others:
            break
    return mask


STRENGTHS: dict[str, MonteCarloSettings] = {
    "normal": MonteCarloSettings(playouts=400, pass_playouts=600, exact_samples=12, time_cap=0.03),
    "strong": MonteCarloSettings(playouts=1500, pass_playouts=2000, exact_samples=40, time_cap=0.085),
    "expert": MonteCarloSettings(playouts=5000, pass_playouts=6000, exact_samples=80, time_cap=0.4, workers=2),
}
"""`mc`'s settings at each strength it plays (`registry.STRENGTH_NAMES`; `easy` is the `rule` player); their time
caps keep a decision within its budget on a slow or busy machine."""

_POOLS: dict[int, ProcessPoolExecutor] = {}


WORKER_NICENESS = 10
"""Worker processes of the `expert` strength run this much nicer than the program, so a server's own work comes
first."""


def _lower_priority() -> None:
    os.nice(WORKER_NICENESS)


def machine_is_busy() -> bool:
    """The one-minute load average has reached the number of cores: extra worker processes would only queue."""
    return os.getloadavg()[0] >= (os.cpu_count() or 1)


def _pool(workers: int) -> ProcessPoolExecutor:
    """One shared pool per size (its processes niced), started on first use and shut down at exit."""
    pool = _POOLS.get(workers)
    if pool is None:
        pool = ProcessPoolExecutor(max_workers=workers, initializer=_lower_priority)
        _POOLS[workers] = pool
        atexit.register(pool.shutdown, cancel_futures=True)
    return pool


class MonteCarloBot:
    name = "mc"

    def __init__(self, seed: int, settings: MonteCarloSettings | None = None) -> None:
        self.rng = SplitMix64(seed)
        self.settings = settings or MonteCarloSettings()

    def _spread(self, function: Callable[..., list[float]], args: tuple[object, ...], samples: int) -> list[float]:
        """Runs `function(*args, samples, seed, time_cap)` in shares, one per worker, and sums their results.

        The shares and their seeds depend only on the settings and the bot's generator, so a seed gives the same
        choices whether the shares run in worker processes or one after the other here: in a process that is itself
        a worker (a simulation with --jobs, whose cores are busy already), or when the machine is busy (load average
        at or above the core count), where more processes would only take CPU from the rest of a server. Worker
        processes run niced (`WORKER_NICENESS`). Under a time cap, shares run here split the cap between them."""
        settings = self.settings
        workers = max(1, min(settings.workers, samples))
        base, extra = divmod(samples, workers)
        shares = [(base + (1 if index < extra else 0), self.rng.next64()) for index in range(workers)]
        cap = settings.time_cap
        if workers == 1 or multiprocessing.parent_process() is not None or machine_is_busy():
            share_cap = None if cap is None else cap / workers
            parts = [function(*args, count, seed, share_cap) for count, seed in shares]
        else:
            pool = _pool(workers)
            parts = [future.result() for future in [pool.submit(function, *args, n, seed, cap) for n, seed in shares]]
        return [sum(values) for values in zip(*parts, strict=True)]

    # -- plays ------------------------------------------------------------------------------------------------------

    def choose_play(self, observation: Observation) -> Card:
        legal_cards = observation.legal
        if len(legal_cards) == 1:
            return legal_cards[0]
        known = knowledge_of(observation)
        candidates = equivalent_runs(mask_of(legal_cards), known.hand, known.played)
        if len(candidates) == 1:
            return CARDS[candidates[0]]
        settings = self.settings
        read_as_rule = 0
        if observation.earlier_deals:
            read_as_rule = rule_seats(observation) if settings.read_earlier_deals else 0
        elif known.hand.bit_count() <= settings.read_this_deal_cards:
            read_as_rule = plays_like_rule(known)
        # The exact ending assumes every seat plays perfectly; a seat read as `rule` plays `choose_card` instead.
        exact = known.hand.bit_count() <= settings.exact_cards and not read_as_rule
        samples = settings.exact_samples if exact else max(2, -(-settings.playouts // len(candidates)))
        share, margin = settings.moon_gate(known.seat, read_as_rule)
        plans = shoot_plans(known, settings.moon, share)
        outlook = outlook_of(observation, settings.others_weight)
        keen = settings.keen_seats(known.seat) & ~read_as_rule
        reading = settings.reading(read_as_rule)
        args = (known, candidates, exact, settings.prune_margin, outlook, plans, keen, reading)
        scores = best_by_plan(self._spread(evaluate_plays, args, samples), len(candidates), margin)
        best = min(range(len(candidates)), key=lambda position: (scores[position], candidates[position]))
        return CARDS[candidates[best]]

    # -- passes -----------------------------------------------------------------------------------------------------

    def choose_pass(self, observation: Observation) -> tuple[Card, Card, Card]:
        hand = mask_of(observation.hand)
        settings = self.settings
        read_as_rule = rule_seats(observation) if settings.read_earlier_deals else 0
        share, margin = settings.moon_gate(observation.seat, read_as_rule)
        shoot = settings.moon and controls(hand, 0) >= share * hand.bit_count()
        choices = self._pass_candidates(hand, shoot)
        best = choices[0]
        if len(choices) > 1:
            samples = max(2, -(-settings.pass_playouts // len(choices)))
            plans = [False, True] if shoot else [False]
            outlook = outlook_of(observation, settings.others_weight)
            keen = settings.keen_seats(observation.seat) & ~read_as_rule
            args = (observation.seat, hand, observation.pass_direction, choices, outlook, plans, keen)
            scores = best_by_plan(self._spread(evaluate_passes, args, samples), len(choices), margin)
            best = choices[min(range(len(choices)), key=lambda position: (scores[position], position))]
        first, second, third = cards_of(best)
        return first, second, third

    def _pass_candidates(self, hand: int, shoot: bool) -> list[int]:
        """The heuristic's pass, the other triples of its most dangerous cards and, for a hand that may go for the
        moon, the pass that keeps it together (its three lowest losers)."""
        top = [card for _, card in pass_danger(hand)[: self.settings.pass_candidates]]
        heuristic = choose_pass_mask(hand)
        choices = [heuristic]
        for triple in combinations(top, 3):
            mask = (1 << triple[0]) | (1 << triple[1]) | (1 << triple[2])
            if mask != heuristic:
                choices.append(mask)
        if shoot:
            keeping = moon_pass_mask(hand)
            if keeping not in choices:
                choices.append(keeping)
        return choices


def outlook_of(observation: Observation, others_weight: float = 1.0) -> OutlookArgs:
    """The deciding seat's `Outlook` arguments: its seat, the totals before this deal, the variant, the target and
    the weight of the others' points."""
    special = observation.variant is Variant.SPECIAL
    return observation.seat, list(observation.totals), special, observation.target, others_weight
