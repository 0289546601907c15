"""Fast perfect-information play over card masks: heuristic playouts, an exact solver for small endings, and the
evaluation of a finished deal for the deciding seat.

A position is (hands, trick, leader, taken, played, hearts_broken, tricks_done); all masks are `int`s, cards are
indices (see `heartcards.hearts.engine.cards`). Both return the deal's points per seat with the moon applied.

Moons in playouts: a seat plays `shoot_card` (it tries to take every point) when it is the deciding seat trying
the moon (`shoot=True`), or when it is another seat that has taken every point so far and many hearts
(`threatening_seat`); the seats around it defend with the heuristic's moon defence. So the samples see what a moon
brings and what an opponent's run costs.
"""

from __future__ import annotations

from typing import Final

from heartcards.hearts.bots.policy import choose_card, keen_card, shoot_card, threatening_seat
from heartcards.hearts.engine.cards import QUEEN_OF_SPADES_BIT
from heartcards.hearts.engine.rules import Variant, deal_points, game_winners, legal_mask, trick_winner_offset

HEARTS_START: Final = 39
GAME_VALUE: Final = 40.0
"""What winning the game is worth, in points of a deal, when a deal can end it (see `Outlook`)."""
STANDING_SCALE: Final = 12.0
"""Points of total behind the leader that halve a seat's estimated chance when the game goes on (see `Outlook`)."""


def playout(
    hands: list[int],
    trick: list[int],
    leader: int,
    taken: list[int],
    played: int,
    hearts_broken: bool,
    tricks_done: int,
    forced: int = -1,
    me: int = -1,
    shoot: bool = False,
    keen_seats: int = 0,
) -> tuple[int, ...]:
    """Plays the deal to its end with the heuristic for every seat (the seat to move plays `forced` if given):
    `choose_card`, or `keen_card` for the seats in the `keen_seats` mask.

    `me` is the deciding seat: with `shoot` it goes for the moon; other seats go for it once they threaten one.
    Mutates `hands`, `trick` and `taken`; pass copies.
    """
    shooter = me if shoot else -1
    if shooter < 0:
        threat = threatening_seat(taken)
        if threat != me:
            shooter = threat
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
            if seat == shooter:
                card = shoot_card(seat, hand, legal, trick, played, taken)
            elif keen_seats >> seat & 1:
                card = keen_card(seat, hand, legal, trick, played, taken)
            else:
                card = choose_card(seat, hand, legal, trick, played, taken)
        bit = 1 << card
        hands[seat] = hand ^ bit
        played |= bit
        trick.append(card)
        if card >= HEARTS_START:
            hearts_broken = True
        if count == 3:
            winner = (leader + trick_winner_offset(trick)) & 3
            # `list[i] = list[i] | x`, not `|=`: compiled, the in-place form is a generic operation on objects.
            taken[winner] = taken[winner] | (1 << trick[0]) | (1 << trick[1]) | (1 << trick[2]) | bit
            leader = winner
            trick = []
            tricks_done += 1
            if shooter < 0:
                threat = threatening_seat(taken)
                if threat != me:
                    shooter = threat


class Outlook:
    """How the deciding seat values a deal's points: its points minus `others_weight` times the mean of the others'
    (lower is better; with the weight at 1 a moon it shoots scores -13 and one shot against it +4.3, what taking
    about 10 points of a normal deal scores; at 0 the seat counts only its own points, so 0 and +13), plus, when
    this deal can end the game, what the end means for it.

    The end is judged by the rules' own `game_winners` on the totals after the deal, so a moon and the special
    variant's perfect hand count exactly as they score: a win is worth `GAME_VALUE` points (shared among tied
    winners), a loss nothing; a game that goes on is worth the seat's estimated chance, which halves every
    `STANDING_SCALE` points it stands behind the leader.
    """

    def __init__(
        self, seat: int, totals: list[int], variant_special: bool, target: int, others_weight: float = 1.0
    ) -> None:
        self.seat = seat
        self.others_weight = others_weight
        self.totals = totals
        self.variant = Variant.SPECIAL if variant_special else Variant.CLASSIC
        self.target = target
        self.decisive = max(totals) + 26 >= target

    def value(self, points: tuple[int, ...]) -> float:
        seat = self.seat
        others = (points[0] + points[1] + points[2] + points[3] - points[seat]) / 3.0
        relative = points[seat] - self.others_weight * others
        if not self.decisive:
            return relative
        after = [self.totals[other] + points[other] for other in range(4)]
        winners = game_winners(after, points, self.variant, self.target)
        if winners:
            share = 1.0 / len(winners) if seat in winners else 0.0
        else:
            lowest_total = min(after)
            weights = [0.5 ** ((after[other] - lowest_total) / STANDING_SCALE) for other in range(4)]
            share = weights[seat] / (weights[0] + weights[1] + weights[2] + weights[3])
        return relative - GAME_VALUE * share


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
    the others', so a seat goes for a moon, or stops one, when that scores better) from a position where everyone's
    hand is known. Exponential: for the last few tricks only."""
    count = len(trick)
    seat = (leader + count) & 3
    hand = hands[seat]
    if not hand:
        return deal_points(taken)
    if forced >= 0:
        legal = 1 << forced
    else:
        legal = legal_mask(hand, trick[0] // 13 if count else -1, tricks_done == 0, hearts_broken)
    best: tuple[int, ...] = ()
    best_value = 0
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
            winner = (leader + trick_winner_offset([trick[0], trick[1], trick[2], card])) & 3
            saved = taken[winner]
            taken[winner] = saved | (1 << trick[0]) | (1 << trick[1]) | (1 << trick[2]) | bit
            result = solve(hands, [], winner, taken, hearts_broken or card >= HEARTS_START, tricks_done + 1)
            taken[winner] = saved
        else:
            trick.append(card)
            result = solve(hands, trick, leader, taken, hearts_broken or card >= HEARTS_START, tricks_done)
            trick.pop()
        hands[seat] = hand
        value = result[seat] * 4 - (result[0] + result[1] + result[2] + result[3])
        if not best or value < best_value:
            best = result
            best_value = value
    return best
