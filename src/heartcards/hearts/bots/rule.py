"""`rule`: a sound heuristic player (see `policy.py`): passes the dangerous spades and high hearts, ducks, dumps the
Q♠ and high hearts when void, and defends against a moon."""

from __future__ import annotations

from heartcards.cards import Card, SplitMix64
from heartcards.hearts.bots.knowledge import knowledge_of
from heartcards.hearts.bots.policy import choose_card, choose_pass_mask
from heartcards.hearts.engine import CARDS, Observation, cards_of, mask_of


class RuleBot:
    name = "rule"

    def __init__(self, seed: int = 0) -> None:
        self.rng = SplitMix64(seed)  # kept for the common interface; the heuristic itself is deterministic

    def choose_pass(self, observation: Observation) -> tuple[Card, Card, Card]:
        first, second, third = cards_of(choose_pass_mask(mask_of(observation.hand)))
        return first, second, third

    def choose_play(self, observation: Observation) -> Card:
        legal = mask_of(observation.legal)
        if legal & (legal - 1) == 0:
            return observation.legal[0]
        known = knowledge_of(observation)
        played = known.played
        return CARDS[choose_card(known.seat, known.hand, legal, known.trick, played, known.taken)]
