"""Test helpers: games set up with chosen hands, so known-value tests need no lucky seed."""

from __future__ import annotations

from heartcards.cards import Card
from heartcards.hearts.engine import Game, Phase, Variant, mask_of


def cards(text: str) -> list[Card]:
    return [Card.parse(word) for word in text.split()]


def game_with_hands(
    hands: list[str], *, deal_number: int = 4, variant: Variant = Variant.CLASSIC, target: int = 100
) -> Game:
    """A game whose current deal has these hands (13 cards each, all 52 cards). On a no-pass deal (4) play starts
    at once; otherwise the game waits for passes."""
    masks = [mask_of(cards(text)) for text in hands]
    assert (
        sum(mask.bit_count() for mask in masks) == 52 and (masks[0] | masks[1] | masks[2] | masks[3]).bit_count() == 52
    )
    game = Game(1, variant, target, first_deal=deal_number)
    game.dealt = tuple(masks)
    game.hands = list(masks)
    if game.phase is Phase.PLAY:
        game._start_play()
    return game


SUIT_ORDER = "CDSH"
RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]


def suit_cards(suit: str, ranks: str = "") -> str:
    chosen = ranks.split() if ranks else RANKS
    return " ".join(f"{rank}{suit}" for rank in chosen)


# A fixed, fully known deal: seat 0 all clubs, seat 1 all diamonds, seat 2 all spades, seat 3 all hearts.
SUIT_HANDS = [suit_cards("C"), suit_cards("D"), suit_cards("S"), suit_cards("H")]
