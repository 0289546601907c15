"""`mc-2026-11`: a frozen copy of the Monte Carlo player before it learned the moon, kept as a fixed yardstick.

The benchmark (`benchmarks/hearts.py`) and the tests measure today's `mc` against it at the same time cap, so a claim
such as "stronger than before" stays checkable after the live code moves on. Nothing else uses it; do not improve it.
It is the `normal` level of that day (300 playouts a decision, 12 exact endings, 85 ms cap), one process, over the
heuristic, the knowledge reader, the sampler and the playouts exactly as they were (copied here, not imported, so
changes to the live modules cannot move the yardstick). Only the rules come from the engine.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from itertools import combinations

from heartcards.cards import Card, SplitMix64
from heartcards.hearts.engine import (
    CARDS,
    INDEX_OF,
    Observation,
    PassDirection,
    cards_of,
    deal_points,
    legal_mask,
    mask_of,
    trick_winner_offset,
)
from heartcards.hearts.engine.cards import (
    HEARTS,
    HEARTS_MASK,
    POINT_MASK,
    QUEEN_OF_SPADES_BIT,
    QUEEN_OF_SPADES_INDEX,
    SPADES,
    SUIT_MASKS,
    TWO_OF_CLUBS_BIT,
)

BASELINE_NAME = "mc-2026-11"


# -- policy.py ----------------------------------------------------------------------------------------------
SPADES_MASK = SUIT_MASKS[2]
HIGH_SPADES = (1 << (QUEEN_OF_SPADES_INDEX + 1)) | (1 << (QUEEN_OF_SPADES_INDEX + 2))  # K♠, A♠
LOW_SPADES = SPADES_MASK & ((1 << QUEEN_OF_SPADES_INDEX) - 1)
NON_POINTS = ((1 << 52) - 1) & ~POINT_MASK
MOON_HEARTS = 6
"""Hearts one seat must have taken, with nobody else scoring, before the others defend against a moon."""


def highest(mask: int) -> int:
    return mask.bit_length() - 1


def lowest(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


def moon_threat(taken: list[int], seat: int) -> int:
    """The other seat that has taken every point so far and enough hearts to threaten a moon, or -1."""
    shooter = -1
    for other in range(4):
        if taken[other] & POINT_MASK:
            if shooter >= 0 or other == seat:
                return -1
            shooter = other
    if shooter < 0:
        return -1
    hearts = (taken[shooter] & HEARTS_MASK).bit_count()
    if hearts >= MOON_HEARTS or (taken[shooter] & QUEEN_OF_SPADES_BIT and hearts >= 3):
        return shooter
    return -1


def pass_danger(hand: int) -> list[tuple[int, int]]:
    """(danger, card) for each card of the hand, most dangerous first: the cards a careful player gives away."""
    spades = hand & SPADES_MASK
    low_spade_count = (spades & LOW_SPADES).bit_count()
    holds_queen = bool(hand & QUEEN_OF_SPADES_BIT)
    scored = []
    mask = hand
    while mask:
        bit = mask & -mask
        mask ^= bit
        index = bit.bit_length() - 1
        suit, order = divmod(index, 13)
        if index == QUEEN_OF_SPADES_INDEX:
            danger = 0 if low_spade_count >= 4 else 100
        elif suit == 2:
            if order > 10:
                danger = 0 if low_spade_count >= 4 else (90 if order == 12 else 85)
                if holds_queen and low_spade_count >= 4:
                    danger = 0
            else:
                danger = 0
        elif suit == 3:
            danger = 20 + 6 * order if order >= 7 else order
        else:
            count = (hand & SUIT_MASKS[suit]).bit_count()
            danger = 4 * order + (15 if count <= 3 else 0)
        scored.append((danger, index))
    scored.sort(reverse=True)
    return scored


def choose_pass_mask(hand: int) -> int:
    """The three most dangerous cards of a 13-card hand."""
    mask = 0
    for _, index in pass_danger(hand)[:3]:
        mask |= 1 << index
    return mask


def choose_card(seat: int, hand: int, legal: int, trick: list[int], played: int, taken: list[int]) -> int:
    """The heuristic's card (an index) among the `legal` mask; `played` holds every card already played, including
    the current trick's, and `taken[s]` the cards seat s has won."""
    if legal & (legal - 1) == 0:
        return legal.bit_length() - 1
    unseen = ~played & ~hand & ((1 << 52) - 1)
    queen_out = not played & QUEEN_OF_SPADES_BIT
    count = len(trick)
    if count == 0:
        return _lead(hand, legal, unseen, queen_out)
    led = trick[0] // 13
    winning = trick[0]
    trick_mask = 0
    for card in trick:
        trick_mask |= 1 << card
        if card // 13 == led and card > winning:
            winning = card
    follow = legal & SUIT_MASKS[led]
    shooter = moon_threat(taken, seat)
    if shooter >= 0:
        winner_seat = (seat - count + trick.index(winning)) % 4
        if follow:
            above = follow & ~((1 << (winning + 1)) - 1)
            if winner_seat == shooter and above:
                return highest(above)
        else:
            if winner_seat == shooter:
                safe = legal & NON_POINTS
                if safe:
                    return highest(safe)
            elif legal & HEARTS_MASK:
                return highest(legal & HEARTS_MASK)
    if follow:
        first_trick = played == trick_mask
        if first_trick:
            return highest(follow)
        below = follow & ((1 << winning) - 1)
        if below:
            if follow & QUEEN_OF_SPADES_BIT and winning > QUEEN_OF_SPADES_INDEX:
                return QUEEN_OF_SPADES_INDEX
            return highest(below)
        if count == 3:
            without_queen = follow & ~QUEEN_OF_SPADES_BIT
            return highest(without_queen) if without_queen else QUEEN_OF_SPADES_INDEX
        if led == 2 and queen_out:
            without_queen = follow & ~QUEEN_OF_SPADES_BIT
            if without_queen:
                return lowest(without_queen)
        return lowest(follow)
    if legal & QUEEN_OF_SPADES_BIT:
        return QUEEN_OF_SPADES_INDEX
    if queen_out and legal & HIGH_SPADES and not hand & QUEEN_OF_SPADES_BIT:
        return highest(legal & HIGH_SPADES)
    hearts = legal & HEARTS_MASK
    if hearts:
        return highest(hearts)
    best_suit = -1
    best_count = 99
    for suit in range(3):
        in_suit = legal & SUIT_MASKS[suit]
        if in_suit:
            size = in_suit.bit_count()
            if size < best_count:
                best_count = size
                best_suit = suit
    return highest(legal & SUIT_MASKS[best_suit])


def _lead(hand: int, legal: int, unseen: int, queen_out: bool) -> int:
    if queen_out and not hand & QUEEN_OF_SPADES_BIT:
        low = legal & LOW_SPADES
        if low and unseen & QUEEN_OF_SPADES_BIT:
            return highest(low)
    best = -1
    best_score = 1 << 30
    for suit in range(4):
        in_suit = legal & SUIT_MASKS[suit]
        if not in_suit:
            continue
        card = lowest(in_suit)
        others = unseen & SUIT_MASKS[suit]
        lower = (others & ((1 << card) - 1)).bit_count()
        score = lower * 4 - others.bit_count()
        if suit == 2 and queen_out and hand & (QUEEN_OF_SPADES_BIT | HIGH_SPADES):
            score += 40
        if suit == 3:
            score += 10
        if score < best_score:
            best_score = score
            best = card
    return best


# -- knowledge.py -------------------------------------------------------------------------------------------
SEATS = 4
READ_ORDER = True
"""Also read which card of a suit a seat chose (lowest lead, highest duck, cheapest win), besides voids and discards."""


@dataclass(slots=True)
class Knowledge:
    """The seat's view in masks.

    `voids[s]` is a 4-bit set of the suits seat s has shown it lacks; `passed_to` / `passed` say which of our cards
    another seat holds (until played); `taken[s]` the cards seat s won in tricks so far. `unlikely[s]` holds cards
    that seat s probably lacks, read from how it played (a careful player ducks when it can and dumps the Q♠ and
    hearts when void): samplers avoid them while they can.
    """

    seat: int
    hand: int
    played: int
    trick: list[int]
    leader: int
    voids: list[int]
    taken: list[int]
    hand_sizes: list[int]
    hearts_broken: bool
    first_trick: bool
    passed: int
    passed_to: int
    received: int
    tricks_done: int
    unlikely: list[int]

    def unseen(self) -> int:
        """Cards this seat has not seen played and does not hold (the other seats' hands)."""
        return ((1 << 52) - 1) & ~self.played & ~self.hand


def _mask(cards: tuple[object, ...]) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << INDEX_OF[card]  # type: ignore[index]
    return mask


def knowledge_of(observation: Observation) -> Knowledge:
    """Builds the masks from one observation: voids come from every card that did not follow the led suit."""
    voids = [0, 0, 0, 0]
    unlikely = [0, 0, 0, 0]
    taken = [0, 0, 0, 0]
    played_counts = [0, 0, 0, 0]
    played = 0
    tricks = list(observation.tricks)
    current = observation.current_trick
    trick_cards: list[int] = []
    leader = observation.turn if observation.turn is not None else 0
    all_tricks = [*tricks, current] if current is not None else tricks
    for trick in all_tricks:
        indices = [INDEX_OF[card] for card in trick.cards]
        if not indices:
            continue
        led = indices[0] // 13
        mask = 0
        winning = indices[0]
        for position, index in enumerate(indices):
            seat = (trick.leader + position) % SEATS
            played_counts[seat] += 1
            mask |= 1 << index
            reads = played and moon_threat(taken, seat) < 0  # a seat defending against a moon plays otherwise
            if index // 13 != led:
                voids[seat] |= 1 << led
                if reads:  # not the first trick: a careful player void in the led suit sheds the Q♠ first
                    if index != QUEEN_OF_SPADES_INDEX:
                        unlikely[seat] |= QUEEN_OF_SPADES_BIT
                    if index // 13 != HEARTS and not (index // 13 == SPADES and index >= QUEEN_OF_SPADES_INDEX):
                        unlikely[seat] |= HEARTS_MASK
            elif not reads:
                winning = max(winning, index)
            elif position == 0:
                if led != SPADES and READ_ORDER:  # a careful leader leads its lowest card of a suit
                    unlikely[seat] |= SUIT_MASKS[led] & ((1 << index) - 1)
            elif index > winning:  # it went over the winning card: it held none below it
                unlikely[seat] |= SUIT_MASKS[led] & ((1 << winning) - 1)
                if position == 3:  # last to play wins with its highest (keeping the Q♠)
                    above = SUIT_MASKS[led] & ~((1 << (index + 1)) - 1)
                else:  # otherwise it wins as low as it can
                    above = SUIT_MASKS[led] & ((1 << index) - 1) & ~((1 << (winning + 1)) - 1)
                if READ_ORDER:
                    unlikely[seat] |= above & ~QUEEN_OF_SPADES_BIT
                winning = index
            elif index != QUEEN_OF_SPADES_INDEX and READ_ORDER:  # it ducked with its highest card below the winner
                unlikely[seat] |= SUIT_MASKS[led] & ((1 << winning) - 1) & ~((1 << (index + 1)) - 1)
        played |= mask
        if trick.winner is not None:
            taken[trick.winner] |= mask
    if current is not None:
        trick_cards = [INDEX_OF[card] for card in current.cards]
        leader = current.leader
    passed = _mask(observation.passed)
    direction = observation.pass_direction
    passed_to = direction.receiver(observation.seat) if direction is not PassDirection.NONE else observation.seat
    return Knowledge(
        seat=observation.seat,
        hand=_mask(observation.hand),
        played=played,
        trick=trick_cards,
        leader=leader,
        voids=voids,
        taken=taken,
        hand_sizes=[13 - count for count in played_counts],
        hearts_broken=observation.hearts_broken,
        first_trick=not tricks,
        passed=passed & ~played,
        passed_to=passed_to,
        received=_mask(observation.received),
        tricks_done=len(tricks),
        unlikely=unlikely,
    )


def _indices(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


# -- sampling.py --------------------------------------------------------------------------------------------
ATTEMPTS = 12


class HandSampler:
    """Draws the other seats' hands again and again for one decision (the constraints are worked out once)."""

    def __init__(self, known: Knowledge) -> None:
        me = known.seat
        self.others = [seat for seat in range(4) if seat != me]
        fixed = [0, 0, 0, 0]
        fixed[me] = known.hand
        if known.passed_to != me:
            fixed[known.passed_to] |= known.passed
        self.fixed = fixed
        self.cards = _indices(known.unseen() & ~known.passed)
        self.need = [0, 0, 0, 0]
        for seat in self.others:
            self.need[seat] = known.hand_sizes[seat] - fixed[seat].bit_count()
        void_ok = {card: [s for s in self.others if not known.voids[s] >> (card // 13) & 1] for card in self.cards}
        likely = {card: [s for s in seats if not known.unlikely[s] >> card & 1] for card, seats in void_ok.items()}
        # Strictest first: voids and play-reading; then voids only; then the hand sizes alone.
        self.levels = [likely, void_ok, {card: self.others for card in self.cards}]

    def sample(self, rng: SplitMix64) -> list[int]:
        """Four hands (masks): ours, and the others' filled at random with the unseen cards."""
        for level, eligible in enumerate(self.levels):
            tries = ATTEMPTS if level < len(self.levels) - 1 else 1
            for _ in range(tries):
                hands = self._try(eligible, rng)
                if hands is not None:
                    return hands
        raise RuntimeError("no deal fits the hand sizes")  # unreachable: the last level ignores voids

    def _try(self, eligible: dict[int, list[int]], rng: SplitMix64) -> list[int] | None:
        cards = self.cards[:]
        rng.shuffle(cards)
        cards.sort(key=lambda card: len(eligible[card]))
        hands = self.fixed[:]
        left = self.need[:]
        for card in cards:
            seats = eligible[card]
            total = 0
            for seat in seats:
                total += left[seat]
            if total <= 0:
                return None
            pick = rng.below(total)
            for seat in seats:
                if pick < left[seat]:
                    hands[seat] |= 1 << card
                    left[seat] -= 1
                    break
                pick -= left[seat]
        return hands


# -- playout.py ---------------------------------------------------------------------------------------------
HEARTS_START = 39


def playout(
    hands: list[int],
    trick: list[int],
    leader: int,
    taken: list[int],
    played: int,
    hearts_broken: bool,
    tricks_done: int,
    forced: int = -1,
) -> tuple[int, ...]:
    """Plays the deal to its end with the heuristic for every seat (the seat to move plays `forced` if given).

    Mutates `hands`, `trick` and `taken`; pass copies.
    """
    while True:
        count = len(trick)
        seat = (leader + count) & 3
        hand = hands[seat]
        if not hand:
            return deal_points(taken)
        if forced >= 0:
            card = forced
            forced = -1
        else:
            legal = legal_mask(hand, trick[0] // 13 if count else -1, tricks_done == 0, hearts_broken)
            card = choose_card(seat, hand, legal, trick, played, taken)
        bit = 1 << card
        hands[seat] = hand ^ bit
        played |= bit
        trick.append(card)
        if card >= HEARTS_START:
            hearts_broken = True
        if count == 3:
            winner = (leader + trick_winner_offset(trick)) & 3
            taken[winner] |= (1 << trick[0]) | (1 << trick[1]) | (1 << trick[2]) | bit
            leader = winner
            trick = []
            tricks_done += 1


def relative_score(points: tuple[int, ...], seat: int) -> float:
    """The seat's points minus the mean of the others' (lower is better; a moon shot scores -13)."""
    return points[seat] - (sum(points) - points[seat]) / 3.0


def solve(
    hands: list[int],
    trick: list[int],
    leader: int,
    taken: list[int],
    hearts_broken: bool,
    tricks_done: int,
    forced: int = -1,
) -> tuple[int, ...]:
    """The deal's points when every seat plays perfectly for itself (max^n: each minimises its own points relative to
    the others') from a position where everyone's hand is known. Exponential: for the last few tricks only."""
    count = len(trick)
    seat = (leader + count) & 3
    hand = hands[seat]
    if not hand:
        return deal_points(taken)
    if forced >= 0:
        legal = 1 << forced
    else:
        legal = legal_mask(hand, trick[0] // 13 if count else -1, tricks_done == 0, hearts_broken)
    best: tuple[int, ...] | None = None
    best_value = 0.0
    mask = legal
    previous = -2
    while mask:
        bit = mask & -mask
        mask ^= bit
        card = bit.bit_length() - 1
        # Adjacent cards of one suit held together are equivalent unless one is the Q♠ (or they are hearts,
        # which all score alike): play only the lowest of each run.
        if card == previous + 1 and card // 13 == previous // 13 and not (bit | (1 << previous)) & QUEEN_OF_SPADES_BIT:
            previous = card
            continue
        previous = card
        hands[seat] = hand ^ bit
        if count == 3:
            full = [*trick, card]
            winner = (leader + trick_winner_offset(full)) & 3
            saved = taken[winner]
            taken[winner] = saved | (1 << full[0]) | (1 << full[1]) | (1 << full[2]) | bit
            result = solve(hands, [], winner, taken, hearts_broken or card >= HEARTS_START, tricks_done + 1)
            taken[winner] = saved
        else:
            trick.append(card)
            result = solve(hands, trick, leader, taken, hearts_broken or card >= HEARTS_START, tricks_done)
            trick.pop()
        hands[seat] = hand
        value = result[seat] * 4 - sum(result)
        if best is None or value < best_value:
            best = result
            best_value = value
    assert best is not None  # a seat with cards always has a legal card
    return best


# -- mc.py --------------------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class MonteCarloSettings:
    """`playouts`: playouts per play decision (split over the candidate cards); `pass_playouts` likewise for a pass
    (over up to C(`pass_candidates`, 3) candidate passes); `exact_cards`: solve exactly once the seat holds at most
    this many cards, over `exact_samples` deals; `time_cap`: seconds per decision, or None; `workers`: processes;
    `prune_margin`: drop cards this many points worse than the best halfway through (None: never)."""

    playouts: int = 240
    pass_playouts: int = 240
    pass_candidates: int = 6
    exact_cards: int = 3
    exact_samples: int = 12
    time_cap: float | None = 0.08
    workers: int = 1
    prune_margin: float | None = None


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


def evaluate_plays(
    known: Knowledge,
    candidates: list[int],
    exact: bool,
    prune_margin: float | None,
    samples: int,
    seed: int,
    budget: float | None,
) -> list[float]:
    """Mean relative score of each candidate card over sampled deals (`samples` each, fewer if `budget` seconds run
    out; at least two). With `prune_margin`, halfway through the cards worse than the best by more than the margin
    are dropped and their share of the playouts goes to the others."""
    rng = SplitMix64(seed)
    deadline = None if budget is None else time.perf_counter() + budget
    totals = [0.0] * len(candidates)
    counts = [0] * len(candidates)
    active = list(range(len(candidates)))
    me = known.seat
    sampler = HandSampler(known)
    playouts_left = samples * len(candidates)
    pruned = prune_margin is None or exact or len(candidates) <= 2
    done = 0
    while playouts_left >= len(active):
        if deadline is not None and done >= 2 and time.perf_counter() > deadline:
            break
        if not pruned and done * 2 >= samples:
            pruned = True
            best = min(totals[position] / done for position in active)
            active = [position for position in active if totals[position] / done <= best + (prune_margin or 0.0)]
        hands = sampler.sample(rng)
        for position in active:
            card = candidates[position]
            if exact:
                points = solve(
                    hands[:], known.trick[:], known.leader, known.taken[:], known.hearts_broken, known.tricks_done, card
                )
            else:
                points = playout(
                    hands[:],
                    known.trick[:],
                    known.leader,
                    known.taken[:],
                    known.played,
                    known.hearts_broken,
                    known.tricks_done,
                    card,
                )
            totals[position] += relative_score(points, me)
            counts[position] += 1
        playouts_left -= len(active)
        done += 1
    return [totals[position] / counts[position] if counts[position] else 1e9 for position in range(len(candidates))]


def evaluate_passes(
    me: int, hand: int, direction: PassDirection, choices: list[int], samples: int, seed: int, budget: float | None
) -> list[float]:
    """Summed relative scores of each candidate pass over sampled deals in which the others pass by the heuristic."""
    rng = SplitMix64(seed)
    deadline = None if budget is None else time.perf_counter() + budget
    totals = [0.0] * len(choices)
    unseen = [card for card in range(52) if not hand >> card & 1]
    others = [seat for seat in range(4) if seat != me]
    for done in range(samples):
        if deadline is not None and done >= 2 and time.perf_counter() > deadline:
            break
        rng.shuffle(unseen)
        hands = [0, 0, 0, 0]
        hands[me] = hand
        for position, card in enumerate(unseen):
            hands[others[position // 13]] |= 1 << card
        gives = [choose_pass_mask(hands[seat]) if seat != me else 0 for seat in range(4)]
        for position, given in enumerate(choices):
            after = hands[:]
            gives[me] = given
            for seat in range(4):
                after[seat] &= ~gives[seat]
            for seat in range(4):
                after[direction.receiver(seat)] |= gives[seat]
            leader = next(seat for seat in range(4) if after[seat] & TWO_OF_CLUBS_BIT)
            points = playout(after, [], leader, [0, 0, 0, 0], 0, False, 0)
            totals[position] += relative_score(points, me)
    return totals


NORMAL_2026_11 = MonteCarloSettings(playouts=300, pass_playouts=300, exact_samples=12, time_cap=0.085)


class BaselineMonteCarloBot:
    """The frozen `mc` (`normal` of 2026-11 unless given other settings), in one process."""

    name = BASELINE_NAME

    def __init__(self, seed: int, settings: MonteCarloSettings = NORMAL_2026_11) -> None:
        self.rng = SplitMix64(seed)
        self.settings = settings

    def choose_play(self, observation: Observation) -> Card:
        legal_cards = observation.legal
        if len(legal_cards) == 1:
            return legal_cards[0]
        known = knowledge_of(observation)
        candidates = equivalent_runs(mask_of(legal_cards), known.hand, known.played)
        if len(candidates) == 1:
            return CARDS[candidates[0]]
        settings = self.settings
        exact = known.hand.bit_count() <= settings.exact_cards
        samples = settings.exact_samples if exact else max(2, -(-settings.playouts // len(candidates)))
        scores = evaluate_plays(
            known, candidates, exact, settings.prune_margin, samples, self.rng.next64(), settings.time_cap
        )
        best = min(range(len(candidates)), key=lambda position: (scores[position], candidates[position]))
        return CARDS[candidates[best]]

    def choose_pass(self, observation: Observation) -> tuple[Card, Card, Card]:
        hand = mask_of(observation.hand)
        choices = self._pass_candidates(hand)
        best = choices[0]
        if len(choices) > 1:
            samples = max(2, -(-self.settings.pass_playouts // len(choices)))
            scores = evaluate_passes(
                observation.seat,
                hand,
                observation.pass_direction,
                choices,
                samples,
                self.rng.next64(),
                self.settings.time_cap,
            )
            best = choices[min(range(len(choices)), key=lambda position: (scores[position], position))]
        first, second, third = cards_of(best)
        return first, second, third

    def _pass_candidates(self, hand: int) -> list[int]:
        top = [card for _, card in pass_danger(hand)[: self.settings.pass_candidates]]
        heuristic = choose_pass_mask(hand)
        choices = [heuristic]
        for triple in combinations(top, 3):
            mask = (1 << triple[0]) | (1 << triple[1]) | (1 << triple[2])
            if mask != heuristic:
                choices.append(mask)
        return choices
