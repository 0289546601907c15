import pytest
from hypothesis import given
from hypothesis import strategies as st

from heartcards.cards import Rank
from heartcards.heart_to_heart.engine import Deal, DealCodeError, Mode, normalize_code
from heartcards.heart_to_heart.engine.deal import MAX_NUMBER, is_winnable_order

# What each code deals, pinned forever: the 52 ranks in deal order (heart 1..25, stock top first, waste).
GOLDEN_N = {
    "HH1-N-AAAAAAA": "9 Q Q 10 8 5 6 2 J K A 7 A J 8 Q 9 K 7 4 9 6 3 J 4 Q 3 7 3 4 8 10 5 6 2 A K K 10 5 2 8 6 3 5 A 9 10 4 2 7 J",
    "HH1-N-AAAAAAB": "6 2 8 5 5 4 7 9 2 10 8 3 10 2 8 7 A J 9 7 9 A J 8 Q 4 K 4 J A A 6 Q 7 K 6 Q 5 K Q J 3 9 K 6 2 10 3 10 4 3 5",
    "HH1-N-AAAAAAM": "10 3 5 Q J 2 5 10 10 9 A 6 6 Q Q J 8 6 3 4 7 J 3 8 4 Q K 8 A J 10 K 2 4 7 A 5 K 9 7 2 2 9 9 6 K 8 4 3 7 5 A",
    "HH1-N-AAAAAAZ": "5 2 J Q 4 Q 4 10 10 8 7 K 6 A 10 9 7 6 2 6 A 7 2 8 3 K 10 3 6 9 Q J 5 9 Q 7 J 3 8 9 A 4 A 4 5 5 2 8 K 3 K J",
    "HH1-N-AAAAABA": "5 10 4 5 Q A A Q 6 6 2 J 8 Q 3 7 Q 8 5 K 9 J K J 4 5 K A 6 2 7 A J 9 9 4 K 4 8 10 2 10 9 3 6 7 3 2 10 8 3 7",
    "HH1-N-AAAAAZZ": "6 6 J 2 3 8 9 Q 8 5 8 7 A Q 7 4 J 4 2 4 10 4 2 9 K K 7 8 3 K Q J 9 5 5 A 10 6 A 10 3 2 J 6 Q 3 A 7 5 9 K 10",
    "HH1-N-AAAASGV": "3 5 10 8 Q 10 J A 2 8 J K A 10 2 7 8 5 4 7 2 2 6 9 5 K 4 6 9 A J 5 9 6 8 Q 9 J 4 7 A Q Q 3 10 K 3 7 6 3 K 4",
    "HH1-N-AACEXHN": "Q 4 2 4 Q 2 4 J 9 9 J 3 6 4 9 7 J K K 5 5 10 K A 2 A 6 10 7 10 10 A Q K 8 5 3 9 A 3 7 8 2 6 Q 8 6 3 J 8 7 5",
    "HH1-N-ZZZZZZZ": "Q Q A 4 J J A 9 4 2 K 7 10 K 4 2 3 10 8 7 5 3 7 10 J 9 A 4 6 2 K 3 J 9 6 Q 2 Q 5 6 K 8 A 5 5 10 6 8 8 7 9 3",
    "HH1-N-AAJHJUE": "K 3 Q 9 A 3 8 9 2 5 Q A J 5 10 10 J 4 7 4 6 6 2 8 6 J 5 K J Q 2 8 4 A 7 7 9 7 K 10 6 3 10 5 3 4 9 Q 2 8 K A",
}


@pytest.mark.parametrize(("code", "order"), GOLDEN_N.items())
def test_golden_codes(code: str, order: str) -> None:
    deal = Deal.from_code(code)
    assert " ".join(rank.text for rank in deal.order) == order
    assert deal.code == code


def test_code_numbers_are_base_26_letters() -> None:
    assert Deal.from_code("HH1-N-AAAAAAM").number == 12
    assert Deal.from_code("HH1-N-AAAAABA").number == 26
    assert Deal.from_code("HH1-N-ZZZZZZZ").number == MAX_NUMBER


def test_the_seeds_deal_has_every_property_the_spec_lists() -> None:
    deal = Deal.from_code("HH1-N-AAAAAAM")
    assert deal.heart[0] is Rank.TEN  # the covered 10 at position 1
    assert deal.heart[24] is Rank.FOUR  # the point
    assert deal.waste == (Rank.ACE,)
    assert deal.stock.index(Rank.FOUR) == 8  # the 9th card drawn is the first 4 of the stock
    assert is_winnable_order(deal.order)
    # The full winning game that proves it is in test_game.py.


def test_split_is_25_26_1_and_four_of_each_rank() -> None:
    deal = Deal.from_code("HH1-N-AAAAAAB")
    assert (len(deal.heart), len(deal.stock), len(deal.waste)) == (25, 26, 1)
    assert all(deal.order.count(rank) == 4 for rank in Rank)


@pytest.mark.parametrize("text", ["  hh1-n-aaaaaam ", "HH1-n-aaaaaaM", "\thh1-N-AAAAAAM\n"])
def test_codes_accept_any_case_and_surrounding_spaces(text: str) -> None:
    assert normalize_code(text) == "HH1-N-AAAAAAM"
    assert Deal.from_code(text).code == "HH1-N-AAAAAAM"


@pytest.mark.parametrize(
    "text",
    [
        "",
        "HH1",
        "HH1-N-AAAAAA",
        "HH1-N-AAAAAAAA",
        "HH2-N-AAAAAAM",
        "HH1-X-AAAAAAM",
        "HH1-N-AAAAAA1",
        "HH1 N AAAAAAM",
        "HH1-N-AAAA AAM",
        "HH1-NN-AAAAAAM",
        "HH1-N-ÀAAAAAM",
    ],
)
def test_malformed_codes_name_the_input_and_the_form(text: str) -> None:
    with pytest.raises(DealCodeError) as caught:
        Deal.from_code(text)
    assert repr(text) in str(caught.value)
    assert "HH1-N-LLLLLLL" in str(caught.value)


@given(st.integers(min_value=0, max_value=MAX_NUMBER), st.sampled_from(Mode))
def test_codes_round_trip(number: int, mode: Mode) -> None:
    """N and S codes alike: code -> deal -> code is the identity, and the deal is the same deal again."""
    deal = Deal.from_number(number, mode)
    code = deal.code
    assert code.startswith(f"HH1-{mode.value}-")
    again = Deal.from_code(f"  {code.lower()} ")
    assert (again.mode, again.number, again.order) == (mode, number, deal.order)
    assert again.code == normalize_code(code) == code


def test_numbers_outside_the_code_range_are_rejected() -> None:
    with pytest.raises(DealCodeError):
        Deal.from_number(MAX_NUMBER + 1)
    with pytest.raises(DealCodeError):
        Deal.from_number(-1)
