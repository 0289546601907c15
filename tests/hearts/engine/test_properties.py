"""Property tests over random games: every invariant of a deal, checked against a rule reference written
independently of the engine's mask arithmetic."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from heartcards.cards import Card, Rank, SplitMix64, Suit
from heartcards.hearts.engine import Game, Observation, Phase, Variant, deal_points

QS = Card(Rank.QUEEN, Suit.SPADES)


def reference_legal(hand: tuple[Card, ...], trick: tuple[Card, ...], first_trick: bool, broken: bool) -> set[Card]:
    """The rules, straight from docs/rules/hearts.md."""
    if not trick:
        if first_trick:
            return {card for card in hand if card.text == "2C"}
        non_hearts = {card for card in hand if card.suit is not Suit.HEARTS}
        return set(hand) if broken or not non_hearts else non_hearts
    same = {card for card in hand if card.suit is trick[0].suit}
    if same:
        return same
    if first_trick and set(hand) != {QS}:
        return set(hand) - {QS}
    return set(hand)


def check_observation(game: Game, observation: Observation) -> None:
    seat = observation.seat
    hidden = {card for other in range(4) if other != seat for card in game.hand(other)}
    data = observation.to_dict()
    # The seat's own pass is its own knowledge (the receiver holds those cards); nothing else hidden may show.
    own_pass = {card.text for card in observation.passed}
    texts = {text for key in ("hand", "legal", "received") for text in data[key]}  # type: ignore[attr-defined]
    texts |= {text for trick in data["tricks"] for text in trick["cards"]}  # type: ignore[attr-defined, index]
    assert not texts & {card.text for card in hidden}
    assert not ({card.text for card in hidden} - own_pass) & set(_all_card_texts(data))
    assert set(observation.hand) == set(game.hand(seat))


def _all_card_texts(value: object) -> list[str]:
    """Every string anywhere in the observation's dict."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [text for item in value.values() for text in _all_card_texts(item)]
    if isinstance(value, list):
        return [text for item in value for text in _all_card_texts(item)]
    return []


@pytest.mark.slow
@settings(max_examples=40, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**64 - 1), variant=st.sampled_from(list(Variant)))
def test_random_games_keep_every_invariant(seed: int, variant: Variant) -> None:
    rng = SplitMix64(seed)
    game = Game(seed, variant, 60)
    hearts_played = False
    deals = 0
    while game.phase is not Phase.GAME_OVER and deals < 6:
        if game.phase is Phase.PASS:
            for seat in range(4):
                check_observation(game, game.observation(seat))
                hand = list(game.hand(seat))
                rng.shuffle(hand)
                game.apply_pass(seat, hand[:3])
            assert all(len(game.hand(seat)) == 13 for seat in range(4))
        elif game.phase is Phase.PLAY:
            seat = game.turn
            assert seat is not None
            observation = game.observation(seat)
            check_observation(game, observation)
            trick = observation.current_trick.cards if observation.current_trick else ()
            expected = reference_legal(observation.hand, trick, not observation.tricks, hearts_played)
            assert set(observation.legal) == expected
            card = observation.legal[rng.below(len(observation.legal))]
            hearts_played = hearts_played or card.suit is Suit.HEARTS
            game.apply_play(seat, card)
        else:
            record = game.records[-1]
            assert len(record.tricks) == 13
            assert all(len(trick.cards) == 4 for trick in record.tricks)
            assert sorted(record.points) == [0, 13, 13, 13] or sum(record.points) == 26
            deals += 1
            hearts_played = False
            game.apply_next_deal()
    for record in game.records:
        taken: list[set[Card]] = [set(), set(), set(), set()]
        for trick in record.tricks:
            assert trick.winner is not None
            taken[trick.winner] |= set(trick.cards)
        raw = [sum(1 for card in cards if card.suit is Suit.HEARTS) + (13 if QS in cards else 0) for cards in taken]
        if 26 in raw:
            assert sorted(record.points) == [0, 13, 13, 13]
            assert record.points[raw.index(26)] == 0
        else:
            assert list(record.points) == raw
            assert sum(record.points) == 26
    replay = Game.from_dict(game.to_dict())
    assert replay.totals == game.totals


def test_deal_points_is_used_consistently() -> None:
    assert deal_points([0, 0, 0, 0]) == (0, 0, 0, 0)
