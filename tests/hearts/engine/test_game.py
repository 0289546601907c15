"""Known-value tests of the game: dealing, passing, play errors, scoring, deals and game end, saving."""

import json
import pickle

import pytest

from heartcards.cards import Card
from heartcards.hearts.engine import (
    CardNotInHandError,
    FollowSuitError,
    Game,
    GameRecordError,
    HeartsNotBrokenError,
    MustLeadTwoOfClubsError,
    NoPassThisDealError,
    NotYourTurnError,
    PassDirection,
    PassError,
    Phase,
    QueenOnFirstTrickError,
    Variant,
    WrongPhaseError,
    deal_hands,
)
from heartcards.hearts.engine.errors import BadSeatError
from heartcards.hearts.engine.observation import Trick

from ..helpers import SUIT_HANDS, cards, game_with_hands

C = Card.parse


def test_seeded_deal_is_four_disjoint_hands_of_thirteen() -> None:
    hands = deal_hands(7, 1)
    assert [hand.bit_count() for hand in hands] == [13, 13, 13, 13]
    assert hands[0] | hands[1] | hands[2] | hands[3] == (1 << 52) - 1
    assert deal_hands(7, 1) == hands
    assert deal_hands(7, 2) != hands
    assert deal_hands(8, 1) != hands


def test_seeded_deal_is_pinned() -> None:
    """Golden: game seed 2026, deal 1 (changing the dealing breaks saved games and logs)."""
    hands = [" ".join(card.text for card in Game(2026).hand(seat)) for seat in range(4)]
    assert hands == [
        "2C 4C 5C QC AC 4D 9D 10D KD 2S 5S 8S 9H",
        "3C 7C 9C 10C JC 3D 5D 4S KS 2H 3H 4H 7H",
        "KC 2D 6D JD QD AD 3S 9S 10S AS 5H JH KH",
        "6C 8C 7D 8D 6S 7S JS QS 6H 8H 10H QH AH",
    ]


def test_first_deal_passes_left_and_the_exchange_is_simultaneous() -> None:
    game = Game(11)
    assert game.phase is Phase.PASS
    assert game.pass_direction is PassDirection.LEFT
    given = {seat: game.hand(seat)[:3] for seat in range(4)}
    for seat in range(3):
        game.apply_pass(seat, given[seat])
        assert game.phase is Phase.PASS
        assert game.observation(seat + 1).received == ()
        assert game.observation(seat).passed == tuple(given[seat])
    assert game.observation(0).passes_chosen == (True, True, True, False)
    game.apply_pass(3, given[3])
    assert game.phase is Phase.PLAY
    for seat in range(4):
        receiver = (seat + 1) % 4
        assert set(given[seat]) <= set(game.hand(receiver))
        assert not set(given[seat]) & set(game.hand(seat))
        assert game.observation(receiver).received == tuple(given[seat])
        assert len(game.hand(seat)) == 13


def test_pass_errors_name_the_card_and_reason() -> None:
    game = Game(11)
    hand = game.hand(0)
    other = game.hand(1)[0]
    with pytest.raises(PassError, match="three") as error:
        game.apply_pass(0, hand[:2])
    assert error.value.key == "hearts.error.pass_count"
    with pytest.raises(PassError, match="three"):
        game.apply_pass(0, [hand[0], hand[0], hand[1]])
    with pytest.raises(CardNotInHandError, match=other.text) as missing:
        game.apply_pass(0, [hand[0], hand[1], other])
    assert missing.value.key == "hearts.error.card_not_in_hand"
    assert missing.value.params == {"seat": 0, "card": other.text}
    game.apply_pass(0, hand[:3])
    with pytest.raises(PassError, match="already") as again:
        game.apply_pass(0, hand[3:6])
    assert again.value.key == "hearts.error.already_passed"
    with pytest.raises(WrongPhaseError):
        game.apply_play(0, hand[4])
    with pytest.raises(BadSeatError):
        game.apply_pass(4, hand[3:6])


def test_fourth_deal_has_no_passing() -> None:
    game = Game(5, first_deal=4)
    assert game.pass_direction is PassDirection.NONE
    assert game.phase is Phase.PLAY
    with pytest.raises(NoPassThisDealError):
        game.apply_pass(0, game.hand(0)[:3])


def test_holder_of_two_of_clubs_leads_it() -> None:
    game = game_with_hands([SUIT_HANDS[1], SUIT_HANDS[2], SUIT_HANDS[0], SUIT_HANDS[3]])
    assert game.turn == 2
    assert game.legal_plays(2) == (C("2C"),)
    with pytest.raises(MustLeadTwoOfClubsError, match="3C") as error:
        game.apply_play(2, C("3C"))
    assert error.value.key == "hearts.error.lead_two_of_clubs"
    with pytest.raises(NotYourTurnError, match="seat 2's turn") as turn:
        game.apply_play(3, C("2H"))
    assert turn.value.key == "hearts.error.not_your_turn"
    with pytest.raises(CardNotInHandError, match="2D"):
        game.apply_play(2, C("2D"))


MIXED = [
    "2C 3C 4C 5C 2D 3D 4D 5D 2S 3S 4S 2H 3H",
    "6C 7C 8C 9C 6D 7D 8D 9D 5S 6S 7S 4H 5H",
    "10C JC QC 10D JD QD KD 8S 9S 10S 6H 7H 8H",
    "KC AC AD JS QS KS AS 9H 10H JH QH KH AH",
]


def test_follow_suit_error() -> None:
    game = game_with_hands(MIXED)
    game.apply_play(0, C("2C"))
    with pytest.raises(FollowSuitError, match="6D") as error:
        game.apply_play(1, C("6D"))
    assert error.value.key == "hearts.error.follow_suit"
    assert error.value.params["suit"] == "C"
    assert error.value.params["card"] == "6D"


def test_queen_barred_from_first_trick_by_the_engine() -> None:
    hands = [
        "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC",
        "2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD QS",
        "AD 2S 3S 4S 5S 6S 7S 8S 9S 10S JS KS AS",
        "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH",
    ]
    game = game_with_hands(hands)
    game.apply_play(0, C("2C"))
    with pytest.raises(QueenOnFirstTrickError, match="QS") as error:
        game.apply_play(1, C("QS"))
    assert error.value.key == "hearts.error.queen_first_trick"
    assert C("QS") not in game.legal_plays(1)
    game.apply_play(1, C("2D"))
    game.apply_play(2, C("AS"))
    game.apply_play(3, C("2H"))  # hearts may be discarded on the first trick
    assert game.hearts_broken


def test_hearts_broken_rule_and_queen_does_not_break_hearts() -> None:
    hands = [
        "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC",
        "2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD",
        "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS",
        "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH",
    ]
    game = game_with_hands(hands)
    # Seat 3 holds only hearts: it may lead them later; discarding is allowed; first trick.
    for card in ["2C", "2D", "2S"]:
        game.apply_play(game.turn or 0, C(card))
    game.apply_play(3, C("2H"))
    assert game.tricks[0].winner == 0
    assert game.hearts_broken
    game2 = game_with_hands(hands)
    for card in ["2C", "2D", "2S", "3H"]:
        game2.apply_play(game2.turn or 0, C(card))
    assert game2.turn == 0


def test_hearts_not_broken_error() -> None:
    hands = [
        "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC 2H 3H",
        "2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KC 4H",
        "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS",
        "AC KD AD 5H 6H 7H 8H 9H 10H JH QH KH AH",
    ]
    game = game_with_hands(hands)
    game.apply_play(0, C("2C"))
    game.apply_play(1, C("KC"))
    with pytest.raises(QueenOnFirstTrickError):
        game.apply_play(2, C("QS"))
    game.apply_play(2, C("2S"))
    game.apply_play(3, C("AC"))
    assert game.turn == 3
    assert not game.hearts_broken
    with pytest.raises(HeartsNotBrokenError, match="5H") as error:
        game.apply_play(3, C("5H"))
    assert error.value.key == "hearts.error.hearts_not_broken"
    assert game.legal_plays(3) == tuple(cards("KD AD"))
    game.apply_play(3, C("KD"))
    game.apply_play(0, C("2H"))  # void in diamonds: hearts are broken now
    game.apply_play(1, C("QD"))
    game.apply_play(2, C("QS"))  # the Q♠ does not break hearts, but they are broken already
    assert game.hearts_broken
    assert game.tricks[-1].winner == 3
    assert C("5H") in game.legal_plays(3)


def test_queen_does_not_break_hearts() -> None:
    hands = [
        "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC 2H 3H",
        "2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KC 4H",
        "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS",
        "AC KD AD 5H 6H 7H 8H 9H 10H JH QH KH AH",
    ]
    game = game_with_hands(hands)
    for seat, card in [(0, "2C"), (1, "KC"), (2, "2S"), (3, "AC"), (3, "KD"), (0, "3C"), (1, "QD"), (2, "QS")]:
        game.apply_play(seat, C(card))
    assert not game.hearts_broken
    assert game.legal_plays(3) == (C("AD"),)


def play_out(game: Game, choose: str = "lowest") -> None:
    """Plays the current deal to its end, each seat playing its lowest (or highest) legal card."""
    while game.phase is Phase.PLAY:
        seat = game.turn or 0
        legal = game.legal_plays(seat)
        game.apply_play(seat, legal[0] if choose == "lowest" else legal[-1])


def test_deal_scoring_and_next_deal() -> None:
    game = Game(1, first_deal=4)
    play_out(game)
    assert game.records[-1].points == (4, 0, 14, 8)  # golden
    assert game.phase is Phase.DEAL_OVER
    assert len(game.tricks) == 13
    assert sum(game.totals) == 26
    assert game.records[-1].points == tuple(game.totals)
    with pytest.raises(WrongPhaseError):
        game.apply_play(0, C("2C"))
    game.apply_next_deal()
    assert game.deal_number == 5
    assert game.pass_direction is PassDirection.LEFT
    assert game.phase is Phase.PASS


def test_a_deal_record_holds_the_deal_and_pickles() -> None:
    game = Game(5)
    dealt = [game.hand(seat) for seat in range(4)]
    passes = [game.hand(seat)[-3:] for seat in range(4)]
    for seat in range(4):
        game.apply_pass(seat, passes[seat])
    play_out(game)
    record = game.records[-1]
    assert record.deal_number == 1 and record.pass_direction is PassDirection.LEFT
    assert list(record.hands) == dealt
    assert list(record.passes) == [tuple(cards) for cards in passes]
    assert record.tricks == tuple(game.tricks) and len(record.tricks) == 13
    assert all(isinstance(trick, Trick) and trick.winner is not None for trick in record.tricks)
    queen = C("QS")
    assert [trick.winner for trick in record.tricks if queen in trick.cards] == [record.queen_taker]
    assert record.moon_shooter is None and record.points == tuple(game.totals)
    assert pickle.loads(pickle.dumps(record)) == record
    assert pickle.loads(pickle.dumps(record.tricks[0])).winner == record.tricks[0].winner


def test_moon_scored_by_engine() -> None:
    # Seat 3 holds the top club, diamond and spades, the Q♠ and the eight top hearts: it wins every trick.
    hands = [
        "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC 2H",
        "2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD 3H",
        "2S 3S 4S 5S 6S 7S 8S 9S 10S JS 4H 5H 6H",
        "AC AD QS KS AS 7H 8H 9H 10H JH QH KH AH",
    ]
    game = game_with_hands(hands)
    play_out(game)
    assert all(trick.winner == 3 for trick in game.tricks)
    assert game.records[-1].points == (13, 13, 13, 0)
    assert game.totals == [13, 13, 13, 0]


def test_normal_deal_scores_twenty_six() -> None:
    game = Game(1, first_deal=4)
    play_out(game, "highest")
    assert game.records[-1].points == (8, 0, 14, 4)  # golden
    assert sum(game.totals) == 26


def test_classic_game_ends_when_target_reached() -> None:
    game = Game(1, target=10, first_deal=4)
    play_out(game)
    assert game.phase is Phase.GAME_OVER
    lowest = min(game.totals)
    assert game.winners == tuple(seat for seat in range(4) if game.totals[seat] == lowest)
    with pytest.raises(WrongPhaseError):
        game.apply_next_deal()


def test_observation_shows_only_own_cards_and_serialises() -> None:
    game = Game(3)
    for seat in range(4):
        game.apply_pass(seat, game.hand(seat)[:3])
    observation = game.observation(1)
    assert observation.hand == game.hand(1)
    data = observation.to_dict()
    json.dumps(data)
    others = {card.text for seat in (0, 2, 3) for card in game.hand(seat)}
    visible = set(data["hand"]) | set(data["legal"]) | set(data["received"])  # type: ignore[arg-type]
    assert not visible & others
    assert data["phase"] == "play"


def test_game_round_trips_through_dict() -> None:
    game = Game(99, Variant.SPECIAL, 50)
    for seat in range(4):
        game.apply_pass(seat, game.hand(seat)[-3:])
    for _ in range(10):
        seat = game.turn or 0
        game.apply_play(seat, game.legal_plays(seat)[0])
    data = json.loads(json.dumps(game.to_dict()))
    copy = Game.from_dict(data)
    assert copy.to_dict() == game.to_dict()
    assert copy.observation(2) == game.observation(2)


@pytest.mark.parametrize(
    "data",
    [
        {},
        {"version": 1, "seed": 1, "variant": "odd", "target": 100, "actions": []},
        {"version": 2, "seed": 1, "variant": "classic", "target": 100, "actions": []},
        {"version": 1, "seed": 1, "variant": "classic", "target": 100, "actions": ["play 0 2C"]},
        {"version": 1, "seed": 1, "variant": "classic", "target": 100, "actions": ["dance"]},
        {"version": 1, "seed": 1, "variant": "classic", "target": 100, "actions": ["pass 0 ZZ 2C 3C"]},
        {"version": 1, "seed": 1, "variant": "classic", "target": 0, "actions": []},
        {"version": 1, "seed": 1, "variant": "classic", "target": 100, "actions": "next"},
    ],
)
def test_bad_records_raise(data: dict[str, object]) -> None:
    with pytest.raises(GameRecordError):
        Game.from_dict(data)


def test_special_tie_extends_and_classic_tie_is_shared() -> None:
    # Golden: seed 0, deal 4, everyone playing their lowest card scores (2, 24, 0, 0): seats 2 and 3 tie.
    classic = Game(0, Variant.CLASSIC, 20, first_deal=4)
    play_out(classic)
    assert classic.records[-1].points == (2, 24, 0, 0)
    assert classic.phase is Phase.GAME_OVER
    assert classic.winners == (2, 3)
    special = Game(0, Variant.SPECIAL, 20, first_deal=4)
    play_out(special)
    assert special.phase is Phase.DEAL_OVER
    assert special.winners == ()
    deals = 1
    while special.phase is Phase.DEAL_OVER:
        special.apply_next_deal()
        if special.phase is Phase.PASS:
            for seat in range(4):
                special.apply_pass(seat, special.hand(seat)[:3])
        play_out(special, "highest" if deals % 2 else "lowest")
        deals += 1
    lowest = min(special.totals)
    assert [total == lowest for total in special.totals].count(True) == 1
    assert special.winners == (special.totals.index(lowest),)
    last = special.records[-1].points
    leader = special.winners[0]
    assert last[leader] == 0 or all(last[seat] > 0 for seat in range(4) if seat != leader)


def test_special_ends_with_a_unique_leader() -> None:
    game = Game(1, Variant.SPECIAL, 10, first_deal=4)
    play_out(game)
    assert game.records[-1].points == (4, 0, 14, 8)
    assert game.phase is Phase.GAME_OVER
    assert game.winners == (1,)


def test_non_cards_are_rejected_with_a_specific_error() -> None:
    from heartcards.hearts.engine import BadCardError

    game = Game(4, first_deal=4)
    seat = game.turn or 0
    with pytest.raises(BadCardError, match="2C"):
        game.apply_play(seat, "2C")  # type: ignore[arg-type]
    passing = Game(4)
    with pytest.raises(BadCardError):
        passing.apply_pass(0, "2C 3C 4C")  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("seed", "variant", "target"), [("x", "classic", 100), (1, "odd", 100), (1, "classic", 0), (1, "classic", True)]
)
def test_bad_game_settings(seed: object, variant: object, target: object) -> None:
    from heartcards.hearts.engine import HeartsError

    with pytest.raises(HeartsError):
        Game(seed, variant, target)  # type: ignore[arg-type]


def test_variant_may_be_given_as_text() -> None:
    assert Game(1, "special").variant is Variant.SPECIAL  # type: ignore[arg-type]


def test_observations_see_each_trick_as_it_ends() -> None:
    game = Game(31, first_deal=4)
    seen: list[int] = []
    while game.phase is Phase.PLAY:
        seat = game.turn
        assert seat is not None
        observation = game.observation(seat)
        assert observation.tricks == tuple(game.tricks)
        seen.append(len(observation.tricks))
        game.apply_play(seat, observation.legal[-1])
    assert game.observation(0).tricks == tuple(game.tricks) and len(game.tricks) == 13
    assert seen == [number // 4 for number in range(52)]


def test_observations_show_the_tricks_of_the_earlier_deals_of_the_game() -> None:
    game = Game(32)
    for deal in range(3):
        assert all(len(game.observation(seat).earlier_deals) == deal for seat in range(4))
        if game.phase is Phase.PASS:
            for seat in range(4):
                game.apply_pass(seat, game.hand(seat)[:3])
        while game.phase is Phase.PLAY:
            seat = game.turn
            assert seat is not None
            game.apply_play(seat, game.observation(seat).legal[0])
        assert len(game.observation(0).earlier_deals) == deal  # the deal just over is not an earlier one yet
        game.apply_next_deal()
    assert game.observation(2).earlier_deals == tuple(record.tricks for record in game.records)
    assert "earlier_deals" not in game.observation(2).to_dict()  # not in the view sent to a client
