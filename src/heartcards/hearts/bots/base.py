"""The interface every computer player offers: it sees an `Observation` and answers a pass or a card."""

from __future__ import annotations

from typing import Protocol

from heartcards.cards import Card
from heartcards.hearts.engine import Observation


class Bot(Protocol):
    """A computer player. `choose_pass` is asked in the pass phase, `choose_play` when it is the seat's turn."""

    name: str

    def choose_pass(self, observation: Observation) -> tuple[Card, Card, Card]: ...

    def choose_play(self, observation: Observation) -> Card: ...
