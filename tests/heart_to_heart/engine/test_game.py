import pytest

from heartcards.cards import Rank
from heartcards.heart_to_heart.engine import (
    SAME_RANK_MESSAGE,
    STOCK,
    STOCK_TAP,
    UNDO_LIMIT,
    WASTE,
    Game,
    GameOverError,
    IllegalMoveError,
    MoveSyntaxError,
    NothingToUndoError,
    PairMove,
    RecordError,
    Status,
    TapOutcome,
    WasteMove,
    parse_move,
    parse_moves,
)

SEEDS_DEAL = "HH1-N-AAAAAAM"
# A full winning game of the worked example's deal: the point pairs with the first 4 of the stock at move 10
# (docs/rules/heart-to-heart.md#a-worked-example).
WINNING_GAME = (
    "S S S S S S S S S 25-W S S S S S S S S S S S S S 24-W S S 23-W 20-W 16-22 S 21-W S S S 11-W S S S 17-W 12-18 "
    "S S 5-W S S S 6-W S S S S S S S S S S S 13-W S S 7-W 2-19 14-15 1-8 S S S S S 9-W S S S S 3-W S S 10-W "
    "S S S S S S S S 4-W"
)
# Found by seeded random play; the 3s, Js and 10s left are all still in the heart, covered, so nothing can pair.
STALLED_GAME = (
    "S S S S S S S S S 25-W S S S S S S S S S S S S S S S 23-W 20-W S S S S S S S 24-W S S 22-W S S S S S S S S S "
    "21-W S S S S S 18-W S S 17-W"
)
STUCK_AT_MOVE_0 = "HH1-N-AAAAAAN"


def test_a_full_winning_game_of_the_seeds_deal() -> None:
    game = Game.from_code(SEEDS_DEAL)
    for number, move in enumerate(parse_moves(WINNING_GAME), start=1):
        assert game.status is Status.PLAYING
        assert move in game.legal_moves()
        game.play(move)
        if number == 10:
            assert move == WasteMove(25)
    assert game.status is Status.WON
    assert game.score == 250
    assert game.moves == len(WINNING_GAME.split())
    assert game.heart == (None,) * 25
    assert game.legal_moves() == []


def test_tapping_the_covered_10_at_position_1_does_nothing() -> None:
    game = Game.from_code(SEEDS_DEAL)
    assert game.rank_at(1) is Rank.TEN
    before = game.position
    assert game.tap(1).outcome is TapOutcome.NOTHING
    assert game.selection is None
    assert game.position == before and game.moves == 0


def test_tapping_the_point_4_then_the_waste_ace_leaves_the_waste_selected() -> None:
    game = Game.from_code(SEEDS_DEAL)
    assert game.tap(25).outcome is TapOutcome.SELECTED
    result = game.tap(WASTE)
    assert result.outcome is TapOutcome.RESELECTED
    assert result.message == SAME_RANK_MESSAGE
    assert game.selection == WASTE
    assert game.moves == 0


def test_the_point_and_a_4_from_the_waste_go_at_move_10_and_free_23_and_24() -> None:
    game = Game.from_code(SEEDS_DEAL)
    for _ in range(9):
        assert game.tap(STOCK).outcome is TapOutcome.DREW
    assert game.waste_top is Rank.FOUR
    assert game.tap(25).outcome is TapOutcome.SELECTED
    result = game.tap(WASTE)
    assert result.outcome is TapOutcome.PAIR_REMOVED
    assert result.move == WasteMove(25)
    assert game.moves == 10
    assert game.score == 10
    assert game.free_positions() == [23, 24]


def test_tap_the_selected_card_again_deselects_it() -> None:
    game = Game.from_code(SEEDS_DEAL)
    game.tap(25)
    assert game.tap(25).outcome is TapOutcome.DESELECTED
    assert game.selection is None


def test_tapping_the_stock_clears_the_selection_and_recycles_when_empty() -> None:
    game = Game.from_code(SEEDS_DEAL)
    game.tap(25)
    assert game.tap(STOCK).outcome is TapOutcome.DREW
    assert game.selection is None
    for _ in range(25):
        game.tap(STOCK)
    assert game.stock == () and len(game.waste) == 27
    waste_before = list(game.waste)
    assert game.tap(STOCK).outcome is TapOutcome.RECYCLED
    assert game.waste == []
    # The next pass draws the cards in the same order: the bottom waste card is the new top of the stock.
    assert list(game.stock) == waste_before
    assert game.moves == 27


def test_two_heart_cards_of_a_rank_pair_by_taps() -> None:
    game = Game.from_record(f"{SEEDS_DEAL} {WINNING_GAME.split(' 16-22')[0]}")
    assert game.is_free(16) and game.is_free(22)
    game.tap(22)
    result = game.tap(16)
    assert result.outcome is TapOutcome.PAIR_REMOVED and result.move == PairMove(16, 22)


def test_empty_waste_and_empty_positions_do_nothing() -> None:
    game = Game.from_record(f"{SEEDS_DEAL} S S S S S S S S S 25-W")
    assert game.tap(25).outcome is TapOutcome.NOTHING  # removed position
    game = Game.from_record(f"{SEEDS_DEAL} " + "S " * 26)
    assert game.tap(STOCK).outcome is TapOutcome.RECYCLED
    assert game.tap(WASTE).outcome is TapOutcome.NOTHING


def test_score_and_undo_of_a_pair() -> None:
    game = Game.from_record(f"{SEEDS_DEAL} S S S S S S S S S 25-W")
    assert game.score == 10
    assert game.undo() == WasteMove(25)
    assert game.score == 0 and game.moves == 9 and game.waste_top is Rank.FOUR and game.rank_at(25) is Rank.FOUR


def test_undo_reaches_back_at_most_100_moves() -> None:
    game = Game.from_code(SEEDS_DEAL)
    for _ in range(UNDO_LIMIT + 5):
        game.play(STOCK_TAP)
    for _ in range(UNDO_LIMIT):
        game.undo()
    assert game.moves == 5
    with pytest.raises(NothingToUndoError):
        game.undo()


def test_stuck_at_move_0_is_stalled_at_once_and_taps_do_nothing() -> None:
    game = Game.from_code(STUCK_AT_MOVE_0)
    assert game.status is Status.STALLED
    point = game.rank_at(25)
    assert sum(1 for rank in game.heart if rank == point) == 4
    assert game.legal_moves() == []
    assert game.tap(STOCK).outcome is TapOutcome.NOTHING
    with pytest.raises(GameOverError, match="'S'"):
        game.play(STOCK_TAP)


def test_undo_after_a_stalemate_plays_on() -> None:
    game = Game.from_record(f"{SEEDS_DEAL} {STALLED_GAME}")
    assert game.status is Status.STALLED
    assert game.score == 80
    assert game.legal_moves() == []
    assert game.tap(STOCK).outcome is TapOutcome.NOTHING
    assert game.undo() == WasteMove(17)
    assert game.status is Status.PLAYING
    assert WasteMove(17) in game.legal_moves()


def test_illegal_moves_name_the_move_and_change_nothing() -> None:
    game = Game.from_code(SEEDS_DEAL)
    before = game.position
    for text, reason in [("1-W", "covered"), ("23-24", "covered"), ("25-W", "not the same rank")]:
        with pytest.raises(IllegalMoveError, match=f"'{text}'.*{reason}"):
            game.play(parse_move(text))
    assert game.position == before and game.moves == 0


def test_illegal_pair_of_two_ranks_and_empty_positions() -> None:
    game = Game.from_record(f"{SEEDS_DEAL} S S S S S S S S S 25-W")
    with pytest.raises(IllegalMoveError, match="not the same rank"):
        game.play(PairMove(23, 24))
    with pytest.raises(IllegalMoveError, match="empty"):
        game.play(WasteMove(25))


@pytest.mark.parametrize("text", ["", "X", "0-W", "26-W", "3-3", "5-2", "1-26", "W-3", "S1", "3--4", "-3"])
def test_malformed_moves_quote_the_input(text: str) -> None:
    with pytest.raises(MoveSyntaxError) as caught:
        parse_move(text)
    assert repr(text) in str(caught.value)


def test_moves_text_round_trips() -> None:
    for text in ["S", "3-W", "1-25", "16-22"]:
        assert str(parse_move(text)) == text
    assert parse_move(" s ") == STOCK_TAP and parse_move("3-w") == WasteMove(3)


def test_records_round_trip_and_bad_records_name_the_move() -> None:
    record = f"{SEEDS_DEAL} S S S S S S S S S 25-W S"
    assert Game.from_record(record).record == record
    with pytest.raises(RecordError) as caught:
        Game.from_record(f"{SEEDS_DEAL} S S 25-W")
    assert caught.value.at == 3
    assert isinstance(caught.value.cause, IllegalMoveError)
    with pytest.raises(RecordError) as caught:
        Game.from_record(f"{SEEDS_DEAL} S x")
    assert caught.value.at == 2
    assert isinstance(caught.value.cause, MoveSyntaxError)
    assert caught.value.params == {"at": 2, "cause": "h2h.error.move_syntax"}  # plain values, no English sentence


def test_placement_help_outlines_free_cards_with_a_partner_and_dims_the_rest() -> None:
    game = Game.from_record(f"{SEEDS_DEAL} S S S S S S S S")
    assert game.placement_help().outlined == frozenset()
    game.play(STOCK_TAP)  # a 4 on the waste, like the point
    assert game.placement_help().outlined == frozenset({25})
    game.tap(WASTE)
    dimmed = game.placement_help().dimmed
    assert 25 not in dimmed  # the free 4 matches the selected waste 4
    assert dimmed == frozenset(range(1, 25))  # every other heart card is covered and cannot match now
    game.tap(WASTE)
    game.tap(25)
    assert WASTE not in game.placement_help().dimmed


def test_a_copy_plays_and_undoes_without_touching_the_original() -> None:
    game = Game.from_code("HH1-N-AAAAAAM")
    for _ in range(5):
        game.play(STOCK_TAP)
    twin = game.copy()
    twin.undo()
    twin.undo()
    twin.play(STOCK_TAP)
    assert game.played == [STOCK_TAP] * 5 and game.position == Game.from_record(game.record).position
    assert twin.moves == 4 and twin.position == Game.from_record(twin.record).position
    for _ in range(4):
        twin.undo()
    assert twin.position == Game.from_code("HH1-N-AAAAAAM").position and game.moves == 5
