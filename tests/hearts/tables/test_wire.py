"""An observation travels to a worker as plain fields and comes back equal."""

from __future__ import annotations

import pickle

from heartcards.hearts.tables.wire import cards_of_texts, observation_fields, observation_of_fields
from tests.hearts.tables.test_decisions import positions


def test_an_observation_travels_as_plain_fields() -> None:
    for observation in positions():
        fields = observation_fields(observation)
        assert observation_of_fields(pickle.loads(pickle.dumps(fields))) == observation


def test_card_texts_come_back_as_the_engines_cards() -> None:
    hand = positions()[3].hand
    assert cards_of_texts(tuple(card.text for card in hand)) == hand
