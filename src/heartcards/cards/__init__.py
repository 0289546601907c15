"""Card code shared by both games: ranks, suits, cards and the project's own seeded PRNG."""

from heartcards.cards.cards import RANK_TEXTS, Card, CardTextError, Rank, Suit
from heartcards.cards.prng import SplitMix64

__all__ = ["RANK_TEXTS", "Card", "CardTextError", "Rank", "SplitMix64", "Suit"]
