import pytest

from heartcards.cards import Card, CardTextError, Rank, Suit


@pytest.mark.parametrize("text", ["A", "2", "10", "J", "Q", "K"])
def test_rank_text_round_trips(text: str) -> None:
    assert Rank.parse(text).text == text


def test_rank_parse_accepts_case_and_spaces() -> None:
    assert Rank.parse(" q ") is Rank.QUEEN


@pytest.mark.parametrize("text", ["2C", "10H", "QS", "AD", "KH"])
def test_card_text_round_trips(text: str) -> None:
    assert str(Card.parse(text)) == text


def test_card_fields() -> None:
    assert Card.parse("10h") == Card(Rank.TEN, Suit.HEARTS)


@pytest.mark.parametrize("text", ["", "1C", "11H", "QX", "Q", "10"])
def test_bad_card_text_names_the_input(text: str) -> None:
    with pytest.raises(CardTextError, match=repr(text).replace("[", r"\[")) as raised:
        Card.parse(text)
    assert raised.value.text == text
