"""`random`: any legal card and any three cards to pass, drawn from its own seeded generator."""

from __future__ import annotations

from heartcards.cards import Card, SplitMix64
from heartcards.hearts.engine import Observation


class RandomBot:
    name = "random"

    def __init__(self, seed: int) -> None:
        self.rng = SplitMix64(seed)

    def choose_pass(self, observation: Observation) -> tuple[Card, Card, Card]:
        hand = list(observation.hand)
        self.rng.shuffle(hand)
        return hand[0], hand[1], hand[2]

    def choose_play(self, observation: Observation) -> Card:
        legal = observation.legal
        return legal[self.rng.below(len(legal))]
