"""`rule`: a sound heuristic player (see `policy.py`): passes the dangerous spades and high hearts, ducks, dumps the
Q♠ and high hearts when void, and defends against a moon. With `keen` it plays `keen_card`, the sharpened heuristic
of `mc`'s playouts (a benchmark player, to measure it; the `rule` bot people meet stays the yardstick it was)."""

from __future__ import annotations

from heartcards.cards import Card, SplitMix64
from heartcards.hearts.bots.knowledge import knowledge_of
from heartcards.hearts.bots.policy import choose_card, choose_pass_mask, keen_card
from heartcards.hearts.engine import CARDS, Observation, cards_of, mask_of


class RuleBot:
    name = "rule"

    def __init__(self, seed: int = 0, keen: bool = False) -> None:
        self.rng = SplitMix64(seed)  # kept for the common interface; the heuristic itself is deterministic
        self.card = keen_card if keen else choose_card

    def choose_pass(self, observation: Observation) -> tuple[Card, Card, Card]:
        first, second, third = cards_of(choose_pass_mask(mask_of(observation.hand)))
        return first, second, third

    def choose_play(self, observation: Observation) -> Card:
        legal = mask_of(observation.legal)
        if legal & (legal - 1) == 0:
            return observation.legal[0]
        known = knowledge_of(observation)
        return CARDS[self.card(known.seat, known.hand, legal, known.trick, known.played, known.taken)]
