"""The heuristic card choice over masks: `choose_card` for the `rule` bot, `keen_card` (sharper) for `mc`'s playouts.

`choose_card` ducks under the winning card, sheds the Q♠ (and the A♠/K♠ while the queen is out) and high hearts
when void, leads low from suits where others still hold lower cards, smokes out the queen with low spades, and defends
against a moon: when one other seat has taken every point so far and many hearts, it takes a point trick itself or
gives a heart to a third seat. `keen_card` plays the same but leads from short suits and gets rid of high cards on
tricks it can take safely.

`shoot_card` is the other side of the moon: the card of a seat that tries to take every point (lead its master
cards, win every trick that holds a point, discard its losers), used by the playouts for a seat going for the moon.
"""

from __future__ import annotations

from typing import Final

from heartcards.hearts.engine.cards import (
    HEARTS_MASK,
    POINT_MASK,
    QUEEN_OF_SPADES_BIT,
    QUEEN_OF_SPADES_INDEX,
    SUIT_MASKS,
    popcount,
)

# Final, so that compiled they are constants, not a dictionary lookup of the module's globals on each use; and
# `popcount` rather than `int.bit_count()`, which compiled is a generic method call (see `popcount`).
SPADES_MASK: Final = SUIT_MASKS[2]
HIGH_SPADES: Final = (1 << (QUEEN_OF_SPADES_INDEX + 1)) | (1 << (QUEEN_OF_SPADES_INDEX + 2))  # K♠, A♠
LOW_SPADES: Final = SPADES_MASK & ((1 << QUEEN_OF_SPADES_INDEX) - 1)
NON_POINTS: Final = ((1 << 52) - 1) & ~POINT_MASK
LEAD_LENGTH_WEIGHT: Final = 8
"""`keen_card` leads from short suits: a card more of the suit held weighs as two unseen cards below the lead."""
MOON_HEARTS: Final = 6
"""Hearts one seat must have taken, with nobody else scoring, before the others defend against a moon."""


def highest(mask: int) -> int:
    return mask.bit_length() - 1


def lowest(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


def sole_scorer(taken: list[int]) -> int:
    """The one seat that has taken points so far, or -1 when none or several have."""
    scorer = -1
    for seat in range(4):
        if taken[seat] & POINT_MASK:
            if scorer >= 0:
                return -1
            scorer = seat
    return scorer


def threatening_seat(taken: list[int]) -> int:
    """The seat that has taken every point so far and enough hearts (or the Q♠ and three) to threaten a moon, or -1."""
    shooter = sole_scorer(taken)
    if shooter < 0:
        return -1
    hearts = popcount(taken[shooter] & HEARTS_MASK)
    if hearts >= MOON_HEARTS or (taken[shooter] & QUEEN_OF_SPADES_BIT and hearts >= 3):
        return shooter
    return -1


def moon_threat(taken: list[int], seat: int) -> int:
    """The other seat that threatens a moon (see `threatening_seat`) as `seat` sees it, or -1."""
    shooter = threatening_seat(taken)
    return shooter if shooter != seat else -1


def run_is_open(taken: list[int], seat: int) -> bool:
    """`seat` can still take every point: no other seat has taken one."""
    others = 0
    for other in range(4):
        if other != seat:
            others |= taken[other]
    return not others & POINT_MASK


def pass_danger(hand: int) -> list[tuple[int, int]]:
    """(danger, card) for each card of the hand, most dangerous first: the cards a careful player gives away."""
    spades = hand & SPADES_MASK
    low_spade_count = popcount(spades & LOW_SPADES)
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
            count = popcount(hand & SUIT_MASKS[suit])
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


def trick_so_far(trick: list[int]) -> tuple[int, int]:
    """The winning card of a trick begun (the highest of the led suit) and the mask of its cards."""
    led = trick[0] // 13
    winning = trick[0]
    mask = 0
    for card in trick:
        mask |= 1 << card
        if card // 13 == led and card > winning:
            winning = card
    return winning, mask


def choose_card(seat: int, hand: int, legal: int, trick: list[int], played: int, taken: list[int]) -> int:
    """The heuristic's card (an index) among the `legal` mask; `played` holds every card already played, including
    the current trick's, and `taken[s]` the cards seat s has won."""
    if legal & (legal - 1) == 0:
        return legal.bit_length() - 1
    if not trick:
        unseen = ~played & ~hand & ((1 << 52) - 1)
        return _lead(hand, legal, unseen, not played & QUEEN_OF_SPADES_BIT)
    winning, trick_mask = trick_so_far(trick)
    return _answer(seat, hand, legal, trick, played, winning, trick_mask, moon_threat(taken, seat))


def _answer(
    seat: int, hand: int, legal: int, trick: list[int], played: int, winning: int, trick_mask: int, shooter: int
) -> int:
    """`choose_card`'s card in a trick begun, from its winning card and mask (`trick_so_far`) and the seat running
    for the moon (`moon_threat`), which `keen_card` has worked out already."""
    queen_out = not played & QUEEN_OF_SPADES_BIT
    count = len(trick)
    led = trick[0] // 13
    follow = legal & SUIT_MASKS[led]
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
            size = popcount(in_suit)
            if size < best_count:
                best_count = size
                best_suit = suit
    return highest(legal & SUIT_MASKS[best_suit])


def keen_card(seat: int, hand: int, legal: int, trick: list[int], played: int, taken: list[int]) -> int:
    """The heuristic of `choose_card`, sharpened: it leads from its short suits, and gets rid of high cards while it
    is safe: last to a trick without points, it wins it with its highest card; earlier in a trick it cannot duck, it
    plays its highest (not in hearts, and not in spades while the Q♠ is out). Stronger than `choose_card` (duplicate
    deals against it, `benchmarks/hearts.py`'s `keen` part), so `mc`'s playouts use it for the deciding seat and for
    every other seat whose plays it explains as well as `choose_card` does; the `rule` bot keeps `choose_card`, the
    yardstick of the benchmarks."""
    if legal & (legal - 1) == 0:
        return legal.bit_length() - 1
    count = len(trick)
    if not count:
        unseen = ~played & ~hand & ((1 << 52) - 1)
        return _lead(hand, legal, unseen, not played & QUEEN_OF_SPADES_BIT, LEAD_LENGTH_WEIGHT)
    winning, trick_mask = trick_so_far(trick)
    shooter = moon_threat(taken, seat)
    if shooter < 0:
        led = trick[0] // 13
        follow = legal & SUIT_MASKS[led]
        if follow and played != trick_mask and led != 3:
            top = highest(follow & ~QUEEN_OF_SPADES_BIT) if follow & ~QUEEN_OF_SPADES_BIT else -1
            if count == 3:
                if top > winning and not trick_mask & POINT_MASK:
                    return top
            elif top >= 0 and not follow & ((1 << winning) - 1) and (led != 2 or played & QUEEN_OF_SPADES_BIT):
                return top
    return _answer(seat, hand, legal, trick, played, winning, trick_mask, shooter)


def _lead(hand: int, legal: int, unseen: int, queen_out: bool, length_weight: int = 0) -> int:
    """A low card of the suit where the fewest unseen cards lie below it (smoking out the Q♠ first when it may),
    away from spades while holding the Q♠ or above it and from hearts; `length_weight` per card held of the suit
    favours leading short suits (voids come sooner)."""
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
        lower = popcount(others & ((1 << card) - 1))
        score = lower * 4 - popcount(others) + length_weight * popcount(hand & SUIT_MASKS[suit])
        if suit == 2 and queen_out and hand & (QUEEN_OF_SPADES_BIT | HIGH_SPADES):
            score += 40
        if suit == 3:
            score += 10
        if score < best_score:
            best_score = score
            best = card
    return best


def shoot_card(seat: int, hand: int, legal: int, trick: list[int], played: int, taken: list[int]) -> int:
    """The card of a seat going for the moon: lead a master card (none of its suit is higher among unseen cards),
    win any trick it can with its highest card (the lowest winning one when last), and discard its lowest non-point
    card when it cannot win. Once another seat has taken a point the run is over and it plays the heuristic."""
    if legal & (legal - 1) == 0:
        return legal.bit_length() - 1
    if not run_is_open(taken, seat):
        return choose_card(seat, hand, legal, trick, played, taken)
    unseen = ~played & ~hand & ((1 << 52) - 1)
    count = len(trick)
    if count == 0:
        return _shoot_lead(hand, legal, unseen)
    led = trick[0] // 13
    winning = trick_so_far(trick)[0]
    follow = legal & SUIT_MASKS[led]
    if follow:
        above = follow & ~((1 << (winning + 1)) - 1)
        if above:
            return lowest(above) if count == 3 else highest(above)
        return lowest(follow)
    safe = legal & NON_POINTS
    if safe:
        return _shed(safe)
    return lowest(legal)


def _shoot_lead(hand: int, legal: int, unseen: int) -> int:
    """A master card of the longest such suit; without one, the top card of the suit with fewest unseen above it."""
    best = -1
    best_score = -(1 << 30)
    for suit in range(4):
        in_suit = legal & SUIT_MASKS[suit]
        if not in_suit:
            continue
        top = highest(in_suit)
        higher = popcount(unseen & SUIT_MASKS[suit] & ~((1 << (top + 1)) - 1))
        others = popcount(unseen & SUIT_MASKS[suit])
        # Masters first (a long suit of them runs); then the fewest higher cards out; hearts collect points.
        score = -100 * higher + 4 * popcount(hand & SUIT_MASKS[suit]) + (3 if suit == 3 else 0)
        if higher == 0 and others == 0:
            score -= 2  # nobody follows: it wins but collects nothing
        if score > best_score:
            best_score = score
            best = top
    return best


def _shed(cards: int) -> int:
    """The discard of a would-be shooter: its lowest-ranked card of any suit (the likeliest loser)."""
    best = -1
    for suit in range(4):
        in_suit = cards & SUIT_MASKS[suit]
        if in_suit:
            card = lowest(in_suit)
            if best < 0 or card % 13 < best % 13:
                best = card
    return best


def controls(hand: int, played: int) -> int:
    """How many of `hand`'s cards are sure or near-sure winners of their suit: at most one unplayed card of the
    suit outside the hand ranks above it. A rough measure of whether a moon is worth trying."""
    unseen = ~played & ~hand & ((1 << 52) - 1)
    count = 0
    mask = hand
    while mask:
        bit = mask & -mask
        mask ^= bit
        card = bit.bit_length() - 1
        if popcount(unseen & SUIT_MASKS[card // 13] & ~((bit << 1) - 1)) <= 1:
            count += 1
    return count


def moon_pass_mask(hand: int) -> int:
    """The pass of a hand going for the moon: its three worst losers, the cards with the most cards of their suit
    outside the hand ranked above them (lowest first among equals); never the Q♠, which it means to win."""
    scored: list[tuple[int, int, int]] = []
    mask = hand & ~QUEEN_OF_SPADES_BIT
    while mask:
        bit = mask & -mask
        mask ^= bit
        card = bit.bit_length() - 1
        above = SUIT_MASKS[card // 13] & ~((bit << 1) - 1)
        scored.append((-popcount(above & ~hand), card % 13, card))
    scored.sort()
    return (1 << scored[0][2]) | (1 << scored[1][2]) | (1 << scored[2][2])
