"""What a seat knows, as card masks, derived from its `Observation` alone (bots never see the game state)."""

from __future__ import annotations

from dataclasses import dataclass

from heartcards.hearts.bots.policy import moon_threat
from heartcards.hearts.engine import INDEX_OF, Observation, PassDirection
from heartcards.hearts.engine.cards import (
    HEARTS,
    HEARTS_MASK,
    QUEEN_OF_SPADES_BIT,
    QUEEN_OF_SPADES_INDEX,
    SPADES,
    SUIT_MASKS,
)

SEATS = 4


@dataclass(slots=True)
class Knowledge:
    """The seat's view in masks.

    `voids[s]` is a 4-bit set of the suits seat s has shown it lacks; `passed_to` / `passed` say which of our cards
    another seat holds (until played); `taken[s]` the cards seat s won in tricks so far. `unlikely[s]` holds cards
    that seat s probably lacks, read from how it played (a careful player ducks when it can and dumps the Q♠ and
    hearts when void): samplers avoid them while they can. `history` holds every card played this deal in order and
    `first_leader` the seat that led the first trick, to replay the deal (`PlayReader`).
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
    history: list[int]
    first_leader: int

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
    history: list[int] = []
    leader = observation.turn if observation.turn is not None else 0
    all_tricks = [*tricks, current] if current is not None else tricks
    for trick in all_tricks:
        indices = [INDEX_OF[card] for card in trick.cards]
        if not indices:
            continue
        history.extend(indices)
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
                if led != SPADES:  # a careful leader leads its lowest card of a suit
                    unlikely[seat] |= SUIT_MASKS[led] & ((1 << index) - 1)
            elif index > winning:  # it went over the winning card: it held none below it
                unlikely[seat] |= SUIT_MASKS[led] & ((1 << winning) - 1)
                if position == 3:  # last to play wins with its highest (keeping the Q♠)
                    above = SUIT_MASKS[led] & ~((1 << (index + 1)) - 1)
                else:  # otherwise it wins as low as it can
                    above = SUIT_MASKS[led] & ((1 << index) - 1) & ~((1 << (winning + 1)) - 1)
                unlikely[seat] |= above & ~QUEEN_OF_SPADES_BIT
                winning = index
            elif index != QUEEN_OF_SPADES_INDEX:  # it ducked with its highest card below the winner
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
        history=history,
        first_leader=all_tricks[0].leader if all_tricks else leader,
    )
