"""Mode S: the first winnable shuffle of its own stream (see engine/deal.py)."""

import pytest

from heartcards.heart_to_heart.engine import Deal, Mode
from heartcards.heart_to_heart.engine.deal import is_winnable_order

GOLDEN_S = {
    "HH1-S-AAAAAAA": "10 7 9 A 6 5 9 2 J K Q 2 9 3 4 7 6 5 Q 3 A 5 8 7 4 9 K A J 8 2 4 10 J Q K K J 5 A 7 10 6 4 8 Q 10 3 2 8 6 3",
    "HH1-S-AAAAAAB": "6 10 K Q 9 6 3 6 7 4 7 5 2 J 5 3 A 2 8 J 10 J Q 5 A 7 A 10 A K 2 J 9 9 4 K 7 3 6 3 10 5 8 9 8 4 2 Q 8 Q 4 K",
    "HH1-S-AAAAAAC": "10 3 7 J 9 Q 8 8 K Q 5 9 5 K 6 10 10 5 5 6 J 4 Q 8 3 3 4 9 7 6 J 3 6 4 J 2 2 4 2 7 K 9 7 A 8 K A 10 2 A A Q",
    "HH1-S-AAAAAAM": "8 3 4 6 J 8 8 3 Q 9 Q 10 Q 5 5 10 A K K 9 6 2 A 2 9 7 J 2 7 K J 8 4 Q 5 6 3 K J 4 4 10 2 7 A 9 3 5 6 10 A 7",
    "HH1-S-AAAAADW": "9 2 3 A J 10 K K 9 5 4 3 6 6 4 5 J Q J 9 Q 9 4 10 K 7 3 8 2 7 Q A A 2 K 10 8 Q 5 4 3 10 6 A 6 2 7 7 8 5 J 8",
}


@pytest.mark.parametrize(("code", "order"), GOLDEN_S.items())
def test_golden_solvable_codes(code: str, order: str) -> None:
    deal = Deal.from_code(code)
    assert deal.mode is Mode.SOLVABLE
    assert " ".join(rank.text for rank in deal.order) == order
    assert is_winnable_order(deal.order)
