"""Rules of `Game` that the play-through tests pass over: placement help against its definition in the rules
(docs/rules/heart-to-heart.md, Settings), the stock at its edges, and what the errors carry."""

from __future__ import annotations

import random

import pytest

from heartcards.cards import Rank
from heartcards.heart_to_heart.engine import (
    STOCK,
    STOCK_TAP,
    WASTE,
    DealCodeError,
    Game,
    GameOverError,
    HeartToHeartError,
    IllegalMoveError,
    MoveSyntaxError,
    PairMove,
    RecordError,
    Status,
    TapOutcome,
    Target,
    parse_move,
)

SEEDS_DEAL = "HH1-N-AAAAAAM"


def expected_outlined(game: Game) -> frozenset[int]:
    """Every free heart card with a same-rank partner among the other free heart cards or the waste top."""
    free = game.free_positions()
    return frozenset(
        p
        for p in free
        if game.rank_at(p) == game.waste_top or any(q != p and game.rank_at(q) == game.rank_at(p) for q in free)
    )


def expected_dimmed(game: Game) -> frozenset[Target]:
    """With a card selected: every card shown that does not match it (not the selected card itself)."""
    if game.selection is None:
        return frozenset()
    selected = game.waste_top if game.selection == WASTE else game.rank_at(int(game.selection))
    free = set(game.free_positions())
    dimmed: set[Target] = {
        p
        for p in range(1, 26)
        if game.rank_at(p) is not None and p != game.selection and not (p in free and game.rank_at(p) == selected)
    }
    if game.waste_top is not None and game.selection != WASTE and game.waste_top != selected:
        dimmed.add(WASTE)
    return frozenset(dimmed)


def test_placement_help_follows_its_definition_through_random_games() -> None:
    rng = random.Random(5)
    checked = {"pair outlined": 0, "waste dimmed": 0, "removed cards": 0}
    for number in range(30):
        game = Game.from_code(f"HH1-N-AAAAA{chr(65 + number // 26)}{chr(65 + number % 26)}")
        while game.status is Status.PLAYING:
            targets: list[Target] = [*game.free_positions(), WASTE]
            game.tap(rng.choice(targets))  # may select, deselect, reselect or remove a pair
            help_ = game.placement_help()
            assert help_.outlined == expected_outlined(game), game.record
            assert help_.dimmed == expected_dimmed(game), game.record
            free = game.free_positions()
            checked["pair outlined"] += any(
                game.rank_at(p) == game.rank_at(q) != game.waste_top for p in free for q in free if p < q
            )
            checked["waste dimmed"] += WASTE in help_.dimmed
            checked["removed cards"] += game.removed != 0 and game.selection is not None
            moves = game.legal_moves()
            game.play(rng.choice(moves) if rng.random() < 0.8 else STOCK_TAP)
    assert all(count > 20 for count in checked.values()), checked


def a_position_with_a_free_pair() -> Game:
    """The worked example's deal (docs/rules/heart-to-heart.md#a-worked-example) played by its known win until two
    free heart cards pair."""
    game = Game.from_record(f"{SEEDS_DEAL} S S S S S S S S S 25-W S S S S S S S S S S S S S 24-W S S 23-W 20-W")
    assert PairMove(16, 22) in game.legal_moves()
    return game


def test_with_stock_and_waste_both_empty_the_stock_does_nothing() -> None:
    game = a_position_with_a_free_pair()
    game._stock.clear()  # every stock and waste card gone (all taken by the heart): reached here directly
    game.waste.clear()
    moves = game.moves
    assert game.status is Status.PLAYING
    assert STOCK_TAP not in game.legal_moves()
    with pytest.raises(IllegalMoveError, match="both empty") as caught:
        game.play(STOCK_TAP)
    assert caught.value.move == "S" and caught.value.reason == "the stock and the waste are both empty"
    assert game.tap(STOCK).outcome is TapOutcome.NOTHING
    assert game.moves == moves  # nothing was played


def test_the_stock_draws_again_right_after_a_recycle() -> None:
    game = Game.from_record(f"{SEEDS_DEAL} " + "S " * 27)  # 26 draws and the recycle
    assert game.waste == [] and len(game.stock) == 27
    top = game.stock[0]
    result = game.tap(STOCK)
    assert result.outcome is TapOutcome.DREW and result.move == STOCK_TAP
    assert game.waste == [top] and len(game.stock) == 26


def test_errors_carry_what_was_wrong() -> None:
    game = Game.from_code(SEEDS_DEAL)
    with pytest.raises(IllegalMoveError) as illegal:
        game.play(parse_move("1-W"))
    assert (illegal.value.move, illegal.value.reason) == ("1-W", "position 1 is covered")
    with pytest.raises(DealCodeError) as code:
        Game.from_code("HH2-N-AAAAAAA")
    assert code.value.text == "HH2-N-AAAAAAA"
    with pytest.raises(MoveSyntaxError) as syntax:
        parse_move("26-W")
    assert syntax.value.text == "26-W"
    with pytest.raises(RecordError) as empty:
        Game.from_record("   ")
    assert empty.value.at == 0 and isinstance(empty.value.cause, HeartToHeartError)
    stuck = Game.from_code("HH1-N-AAAAAAN")
    with pytest.raises(GameOverError) as over:
        stuck.play(STOCK_TAP)
    assert over.value.move == "S" and "stalled" in str(over.value)


def test_two_free_cards_side_by_side_keep_the_game_going() -> None:
    """Stalemate needs no partner anywhere: a pair of the two cards freed by the point is enough on its own."""
    game = Game.from_code(SEEDS_DEAL)
    ranks = list(game.heart)
    ranks[22] = ranks[23] = Rank.KING  # positions 23 and 24
    game._ranks = tuple(rank for rank in ranks if rank is not None)  # a made-up heart for this one check
    game.removed = 1 << 24  # the point is gone: 23 and 24 are the free cards
    game._stock.clear()
    game.waste.clear()  # and nothing in reserve
    assert game.free_positions() == [23, 24]
    assert game.status is Status.PLAYING
    assert game.legal_moves() == [PairMove(23, 24)]
    game._ranks = (*game._ranks[:23], Rank.QUEEN, game._ranks[24])
    assert game.status is Status.STALLED
