"""Random play keeps every invariant of the rules (hypothesis)."""

from hypothesis import given, settings
from hypothesis import strategies as st

from heartcards.cards import Rank
from heartcards.heart_to_heart.engine import STOCK_TAP, Deal, Game, Position, Status, WasteMove

deal_numbers = st.integers(min_value=0, max_value=26**7 - 1)


def pair_possible_after_some_stock_taps(position: Position, free: list[int]) -> bool:
    """An independent check of the stalemate rule: cycle the stock and waste once, looking for any pair."""
    free_ranks = [position.heart[p - 1] for p in free]
    if len(free_ranks) != len(set(free_ranks)):
        return True
    # Every stock and waste card reaches the waste top within one cycle of taps.
    reachable: set[Rank] = set(position.stock) | set(position.waste)
    return any(rank in reachable for rank in free_ranks)


def snapshot(game: Game) -> tuple[object, ...]:
    return (game.position, game.moves, game.score, game.status, tuple(game.played))


@settings(max_examples=60, deadline=None)
@given(deal_numbers, st.lists(st.integers(min_value=0, max_value=10_000), min_size=1, max_size=250))
def test_random_play_keeps_the_invariants(number: int, choices: list[int]) -> None:
    game = Game(Deal.from_number(number))
    history = [snapshot(game)]
    for choice in choices:
        legal = game.legal_moves()
        status = game.status
        assert (status is Status.STALLED) == (
            game.position.heart != (None,) * 25
            and not pair_possible_after_some_stock_taps(game.position, game.free_positions())
        )
        if status is not Status.PLAYING:
            assert legal == []
            break
        move = legal[choice % len(legal)]
        game.play(move)
        history.append(snapshot(game))
        removed = sum(1 for rank in game.heart if rank is None)
        assert game.score == 10 * removed
        assert len(game.stock) + len(game.waste) == 27 - sum(isinstance(m, WasteMove) for m in game.played)
        if game.status is Status.WON:
            assert game.score == 250
    assert Game.from_record(game.record).position == game.position
    # Undo walks back through exactly the states we passed (up to the last 100 moves).
    for earlier in reversed(history[-101:-1]):
        game.undo()
        assert snapshot(game) == earlier


@settings(max_examples=30, deadline=None)
@given(deal_numbers)
def test_stock_taps_alone_cycle_back_to_the_start(number: int) -> None:
    game = Game(Deal.from_number(number))
    if game.status is not Status.PLAYING:
        return
    start = game.position
    for _ in range(27):  # 26 draws and one recycle
        game.play(STOCK_TAP)
    assert game.position == Position(start.heart, start.waste + start.stock, ())
    game.play(STOCK_TAP)
    assert game.position.waste == start.waste
