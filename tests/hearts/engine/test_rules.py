"""Known-value tests of each rule of docs/rules/hearts.md, on the pure functions over masks."""

import pytest

from heartcards.hearts.engine import (
    PassDirection,
    Variant,
    cards_of,
    deal_points,
    game_winners,
    legal_mask,
    mask_of,
    trick_winner_offset,
)
from heartcards.hearts.engine.cards import INDEX_OF

from ..helpers import cards


def texts(mask: int) -> list[str]:
    return [card.text for card in cards_of(mask)]


def m(text: str) -> int:
    return mask_of(cards(text))


@pytest.mark.parametrize(
    ("deal", "direction"),
    [
        (1, PassDirection.LEFT),
        (2, PassDirection.RIGHT),
        (3, PassDirection.ACROSS),
        (4, PassDirection.NONE),
        (5, PassDirection.LEFT),
        (6, PassDirection.RIGHT),
        (7, PassDirection.ACROSS),
        (8, PassDirection.NONE),
        (101, PassDirection.LEFT),
    ],
)
def test_passing_cycle_by_deal_number(deal: int, direction: PassDirection) -> None:
    assert PassDirection.for_deal(deal) is direction


def test_pass_receivers_left_is_next_seat_clockwise() -> None:
    assert [PassDirection.LEFT.receiver(seat) for seat in range(4)] == [1, 2, 3, 0]
    assert [PassDirection.RIGHT.receiver(seat) for seat in range(4)] == [3, 0, 1, 2]
    assert [PassDirection.ACROSS.receiver(seat) for seat in range(4)] == [2, 3, 0, 1]
    assert PassDirection.LEFT.giver(1) == 0
    with pytest.raises(ValueError, match="0"):
        PassDirection.for_deal(0)


def test_two_of_clubs_leads_the_first_trick() -> None:
    hand = m("2C 3C AH QS 5D")
    assert texts(legal_mask(hand, -1, True, False)) == ["2C"]


def test_follow_suit_when_able() -> None:
    hand = m("3C 9C AH QS 5D")
    assert texts(legal_mask(hand, 0, False, False)) == ["3C", "9C"]
    assert texts(legal_mask(hand, 1, False, False)) == ["5D"]


def test_queen_of_spades_barred_from_first_trick() -> None:
    hand = m("QS 5D 2H 3H")
    assert "QS" not in texts(legal_mask(hand, 0, True, False))
    assert texts(legal_mask(hand, 0, True, False)) == ["5D", "2H", "3H"]


def test_hearts_may_be_discarded_on_first_trick() -> None:
    hand = m("QS 2H 3H")
    assert texts(legal_mask(hand, 0, True, False)) == ["2H", "3H"]


def test_queen_allowed_on_first_trick_when_nothing_else_is_legal() -> None:
    assert texts(legal_mask(m("QS"), 0, True, False)) == ["QS"]


def test_queen_allowed_after_first_trick() -> None:
    assert texts(legal_mask(m("QS 5D"), 0, False, False)) == ["5D", "QS"]


def test_hearts_may_not_lead_until_broken() -> None:
    hand = m("4D 2H AH")
    assert texts(legal_mask(hand, -1, False, False)) == ["4D"]
    assert texts(legal_mask(hand, -1, False, True)) == ["4D", "2H", "AH"]


def test_only_hearts_may_lead_hearts_unbroken() -> None:
    assert texts(legal_mask(m("2H AH"), -1, False, False)) == ["2H", "AH"]


def test_queen_of_spades_may_lead_before_hearts_broken() -> None:
    assert texts(legal_mask(m("QS 2H"), -1, False, False)) == ["QS"]


def test_highest_card_of_led_suit_wins() -> None:
    trick = [INDEX_OF[card] for card in cards("5D AH KD 2D")]
    assert trick_winner_offset(trick) == 2
    trick = [INDEX_OF[card] for card in cards("5S AS QS 10S")]
    assert trick_winner_offset(trick) == 1
    trick = [INDEX_OF[card] for card in cards("2C AD AH AS")]
    assert trick_winner_offset(trick) == 0


def test_scoring_hearts_and_queen() -> None:
    taken = [m("2H 3H QS"), m("4H"), 0, m("5H 6H 7H 8H 9H 10H JH QH KH AH")]
    assert deal_points(taken) == (15, 1, 0, 10)
    assert sum(deal_points(taken)) == 26


def test_moon_gives_zero_to_shooter_and_thirteen_to_each_opponent() -> None:
    everything = m("QS 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH 2C")
    assert deal_points([0, everything, m("3C"), 0]) == (13, 0, 13, 13)


def test_hearts_without_queen_is_no_moon() -> None:
    hearts = m("2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH")
    assert deal_points([hearts, m("QS"), 0, 0]) == (13, 13, 0, 0)


def test_classic_game_goes_on_below_target() -> None:
    assert game_winners([99, 20, 30, 40], [10, 0, 16, 0], Variant.CLASSIC, 100) == ()


def test_classic_game_ends_at_target_lowest_wins() -> None:
    assert game_winners([100, 20, 30, 40], [10, 0, 16, 0], Variant.CLASSIC, 100) == (1,)
    assert game_winners([104, 20, 30, 40], [10, 0, 16, 0], Variant.CLASSIC, 100) == (1,)


def test_classic_tie_shares_the_win() -> None:
    assert game_winners([100, 20, 20, 40], [10, 0, 16, 0], Variant.CLASSIC, 100) == (1, 2)


@pytest.mark.parametrize("target", [50, 75, 100, 7])
def test_any_target(target: int) -> None:
    assert game_winners([target, 0, 1, 2], [26, 0, 0, 0], Variant.CLASSIC, target) == (1,)
    assert game_winners([target - 1, 0, 1, 2], [26, 0, 0, 0], Variant.CLASSIC, target) == ()


def test_special_tie_extends_the_game() -> None:
    assert game_winners([100, 20, 20, 40], [10, 3, 3, 10], Variant.SPECIAL, 100) == ()


def test_special_perfect_hand_extends_the_game() -> None:
    # Seat 2 (not the leader) took 0 in the deal and the leader (seat 1) took points: play on.
    assert game_winners([110, 20, 30, 40], [13, 5, 0, 8], Variant.SPECIAL, 100) == ()


def test_special_perfect_hand_extends_the_game_when_the_leader_took_a_single_point() -> None:
    # docs/rules/hearts.md#perfect-hand: any points the leader took count, one heart too.
    assert game_winners([110, 20, 30, 40], [1, 1, 0, 24], Variant.SPECIAL, 100) == ()


def test_special_ends_when_neither_exception_applies() -> None:
    assert game_winners([110, 20, 30, 40], [13, 5, 4, 4], Variant.SPECIAL, 100) == (1,)


def test_special_ends_when_leader_also_had_a_perfect_hand() -> None:
    assert game_winners([110, 20, 30, 40], [13, 0, 0, 13], Variant.SPECIAL, 100) == (1,)


def test_special_moon_shooter_not_leading_has_a_perfect_hand() -> None:
    assert game_winners([113, 33, 40, 50], [13, 13, 0, 13], Variant.SPECIAL, 100) == ()
