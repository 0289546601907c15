"""The rules as pure functions over card masks: passing cycle, legal plays, trick winner, scoring, game end.

Both the engine (`state.py`) and the bots' fast playouts call these, so there is one place for each rule.
"""

from __future__ import annotations

from enum import Enum
from typing import Final

from heartcards.hearts.engine.cards import (
    HEARTS_MASK,
    QUEEN_OF_SPADES_BIT,
    SUIT_MASKS,
    TWO_OF_CLUBS_BIT,
    mask_points,
)

SEATS: Final = 4
HAND_SIZE: Final = 13
PASS_SIZE: Final = 3
POINTS_PER_DEAL: Final = 26
MOON_POINTS: Final = 13
"""What each opponent of a player who shoots the moon scores (13, not 26: `docs/rules/hearts.md#shooting-the-moon`)."""
TARGETS: Final = (50, 75, 100)
DEFAULT_TARGET: Final = 100


class PassDirection(Enum):
    """Where a seat's three cards go; seats run 0..3 clockwise, so left is the next seat."""

    LEFT = "left"
    RIGHT = "right"
    ACROSS = "across"
    NONE = "none"

    @classmethod
    def for_deal(cls, deal_number: int) -> PassDirection:
        """Deal 1 passes left, 2 right, 3 across, 4 keeps; then the cycle repeats (deal d uses (d - 1) mod 4)."""
        if deal_number < 1:
            raise ValueError(f"deal numbers start at 1, not {deal_number}")
        return _CYCLE[(deal_number - 1) % 4]

    @property
    def offset(self) -> int:
        """Seats clockwise from giver to receiver (0 when nobody passes)."""
        return _OFFSETS[self]

    def receiver(self, seat: int) -> int:
        """The seat that receives `seat`'s cards."""
        return (seat + self.offset) % SEATS

    def giver(self, seat: int) -> int:
        """The seat whose cards `seat` receives."""
        return (seat - self.offset) % SEATS


_CYCLE: Final = (PassDirection.LEFT, PassDirection.RIGHT, PassDirection.ACROSS, PassDirection.NONE)
_OFFSETS: Final = {PassDirection.LEFT: 1, PassDirection.RIGHT: 3, PassDirection.ACROSS: 2, PassDirection.NONE: 0}


class Variant(Enum):
    """`classic`: the game ends once a total reaches the target. `special`: perfect hands and ties play on."""

    CLASSIC = "classic"
    SPECIAL = "special"


def legal_mask(hand: int, led_suit: int, first_trick: bool, hearts_broken: bool) -> int:
    """The cards of `hand` that may be played; `led_suit` is -1 when leading.

    First trick: the 2♣ leads; a player void in clubs may not discard the Q♠ unless it is their only card choice.
    A heart may lead only once hearts are broken or when the leader holds only hearts.
    """
    if led_suit < 0:
        if first_trick:
            return hand & TWO_OF_CLUBS_BIT
        if not hearts_broken:
            non_hearts = hand & ~HEARTS_MASK
            if non_hearts:
                return non_hearts
        return hand
    follow = hand & SUIT_MASKS[led_suit]
    if follow:
        return follow
    if first_trick:
        without_queen = hand & ~QUEEN_OF_SPADES_BIT
        if without_queen:
            return without_queen
    return hand


def trick_winner_offset(cards: list[int]) -> int:
    """The position (0 = leader) of the highest card of the led suit among card indices in play order."""
    led = cards[0] // 13
    best = 0
    best_index = cards[0]
    for position in range(1, len(cards)):
        card = cards[position]
        if card // 13 == led and card > best_index:
            best = position
            best_index = card
    return best


def deal_points(taken: list[int]) -> tuple[int, ...]:
    """Points per seat from the cards each took (masks): 1 a heart, 13 the Q♠; a moon gives 0 to the shooter and 13
    to each opponent."""
    raw = [mask_points(mask) for mask in taken]
    for seat, points in enumerate(raw):
        if points == POINTS_PER_DEAL:
            return tuple(0 if other == seat else MOON_POINTS for other in range(len(raw)))
    return tuple(raw)


def moon_shooter(taken: list[int]) -> int | None:
    """The seat that took every heart and the Q♠, if any."""
    for seat, mask in enumerate(taken):
        if mask & (HEARTS_MASK | QUEEN_OF_SPADES_BIT) == HEARTS_MASK | QUEEN_OF_SPADES_BIT:
            return seat
    return None


def game_winners(
    totals: list[int] | tuple[int, ...],
    points: list[int] | tuple[int, ...],
    variant: Variant,
    target: int,
) -> tuple[int, ...]:
    """The winning seats if the game ends after a deal that scored `points` and left `totals`; () if it goes on.

    Classic: once a total reaches the target, the lowest totals win (ties share). Special: another deal is played
    while the lowest total is shared, or while a seat other than the leader took 0 in the deal and the leader more.
    """
    if max(totals) < target:
        return ()
    lowest = min(totals)
    leaders = tuple(seat for seat, total in enumerate(totals) if total == lowest)
    if variant is Variant.CLASSIC:
        return leaders
    if len(leaders) > 1:
        return ()
    leader = leaders[0]
    if points[leader] > 0 and any(points[seat] == 0 for seat in range(len(points)) if seat != leader):
        return ()
    return leaders
