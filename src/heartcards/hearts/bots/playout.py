"""Fast perfect-information play over card masks: heuristic playouts and an exact solver for small endings.

A position is (hands, trick, leader, taken, played, hearts_broken, tricks_done); all masks are `int`s, cards are
indices (see `heartcards.hearts.engine.cards`). Both return the deal's points per seat with the moon applied.
"""

from __future__ import annotations

from heartcards.hearts.bots.policy import choose_card
from heartcards.hearts.engine import deal_points, legal_mask, trick_winner_offset
from heartcards.hearts.engine.cards import HEARTS_MASK, QUEEN_OF_SPADES_BIT

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


def points_taken(taken: list[int]) -> list[int]:
    return [(mask & HEARTS_MASK).bit_count() + (13 if mask & QUEEN_OF_SPADES_BIT else 0) for mask in taken]
