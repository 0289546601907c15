"""An observation on its way to a worker and a decision on its way back, as plain values: several times cheaper to
pickle and unpickle than the `Observation` dataclass with its `Card` and enum objects (a request is some 200 bytes,
and about as much again for each earlier deal of the game, whose plays the bots read)."""

from __future__ import annotations

from typing import Final

from heartcards.cards import Card
from heartcards.hearts.engine import CARDS, INDEX_OF, Observation, PassDirection, Phase, Trick, Variant

_CARD_BY_TEXT: Final = {card.text: card for card in CARDS}

TrickFields = tuple[int, bytes, int | None]
ObservationFields = tuple[
    int, str, int, int, str, str, bytes, bytes, bytes, tuple[bool, ...], tuple[TrickFields, ...], TrickFields | None,
    int | None, bool, tuple[int, ...], tuple[int, ...], tuple[tuple[int, ...], ...], bytes, tuple[int, ...],
    tuple[tuple[TrickFields, ...], ...],
]  # fmt: skip
"""An observation as plain values, in field order, cards as `bytes` of card indices: `observation_fields`."""


def cards_of_texts(texts: tuple[str, ...]) -> tuple[Card, ...]:
    """The engine's own card objects for texts a worker sent back."""
    return tuple(_CARD_BY_TEXT[text] for text in texts)


def _card_indices(cards: tuple[Card, ...]) -> bytes:
    return bytes([INDEX_OF[card] for card in cards])


def _cards(indices: bytes) -> tuple[Card, ...]:
    return tuple([CARDS[index] for index in indices])


def observation_fields(observation: Observation) -> ObservationFields:
    """The observation as ints, strings and bytes, in field order: several times cheaper to pickle and unpickle than
    the dataclass with its `Card` and enum objects. `observation_of_fields` gives back an equal observation."""
    current = observation.current_trick
    return (
        observation.seat,
        observation.variant.value,
        observation.target,
        observation.deal_number,
        observation.phase.value,
        observation.pass_direction.value,
        _card_indices(observation.hand),
        _card_indices(observation.passed),
        _card_indices(observation.received),
        observation.passes_chosen,
        _tricks_fields(observation.tricks),
        None if current is None else (current.leader, _card_indices(current.cards), current.winner),
        observation.turn,
        observation.hearts_broken,
        observation.deal_points,
        observation.totals,
        observation.score_history,
        _card_indices(observation.legal),
        observation.winners,
        tuple([_tricks_fields(tricks) for tricks in observation.earlier_deals]),
    )


def observation_of_fields(fields: ObservationFields) -> Observation:
    """The observation that `observation_fields` gave `fields` for."""
    (seat, variant, target, deal_number, phase, direction, hand, passed, received, passes_chosen, tricks, current,
     turn, hearts_broken, deal_points, totals, score_history, legal, winners, earlier_deals) = fields  # fmt: skip
    return Observation(
        seat=seat,
        variant=Variant(variant),
        target=target,
        deal_number=deal_number,
        phase=Phase(phase),
        pass_direction=PassDirection(direction),
        hand=_cards(hand),
        passed=_cards(passed),
        received=_cards(received),
        passes_chosen=passes_chosen,
        tricks=_tricks_of_fields(tricks),
        current_trick=None if current is None else Trick(current[0], _cards(current[1]), current[2]),
        turn=turn,
        hearts_broken=hearts_broken,
        deal_points=deal_points,
        totals=totals,
        score_history=score_history,
        legal=_cards(legal),
        winners=winners,
        earlier_deals=tuple([_tricks_of_fields(deal) for deal in earlier_deals]),
    )


def _tricks_fields(tricks: tuple[Trick, ...]) -> tuple[TrickFields, ...]:
    return tuple([(trick.leader, _card_indices(trick.cards), trick.winner) for trick in tricks])


def _tricks_of_fields(tricks: tuple[TrickFields, ...]) -> tuple[Trick, ...]:
    return tuple([Trick(leader, _cards(cards), winner) for leader, cards, winner in tricks])
