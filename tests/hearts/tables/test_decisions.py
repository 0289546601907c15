"""The computer players' decisions at a table: a pure function of observation, strength, seed and budget, the
budget in a few steps, the seed from the table, the seat and the moment."""

from __future__ import annotations

import itertools
import multiprocessing
import time
from concurrent.futures import ProcessPoolExecutor

import pytest

from heartcards.hearts.bots import RuleBot
from heartcards.hearts.bots import decide as bot_decide
from heartcards.hearts.engine import Game, Observation, Phase
from heartcards.hearts.tables.decisions import MIN_BUDGET, budget_step, decide, decision_seed


def a_game_in_play() -> Game:
    game = Game(12345)
    for seat in range(4):
        game.apply_pass(seat, game.hand(seat)[:3])
    assert game.phase is Phase.PLAY
    return game


def test_a_decision_is_a_function_of_its_arguments() -> None:
    game = a_game_in_play()
    seat = game.turn
    assert seat is not None
    observation = game.observation(seat)
    seed = decision_seed(99, seat, len(game.actions))
    first = decide(observation, "strong", seed, 0.2)
    assert first == decide(observation, "strong", seed, 0.2)
    assert first[0] in {card.text for card in observation.legal}
    passing = Game(7).observation(1)
    chosen = decide(passing, "normal", 5, 1.0)
    assert len(set(chosen)) == 3 and set(chosen) <= {card.text for card in passing.hand}


def positions() -> list[Observation]:
    """Seats to decide for: passes, and plays at several moments of three deals (rule bots played up to there), and
    of the second and third deals of a game (with earlier deals to read)."""
    found = [Game(seed).observation(1) for seed in (7, 8)]
    for seed, deals in ((31, 1), (32, 1), (33, 1), (34, 2), (35, 3)):
        for cards_played in (1, 5, 9, 14, 22):
            game = Game(seed)
            for _ in range(deals - 1):
                play_by_rule(game, 52)
                game.apply_next_deal()
            play_by_rule(game, cards_played)
            assert len(game.observation(0).earlier_deals) == deals - 1
            found.append(game.observation(game.turn or 0))
    return found


def play_by_rule(game: Game, cards: int) -> None:
    """Rule bots pass (when the deal has a pass) and play `cards` cards."""
    if game.phase is Phase.PASS:
        for seat in range(4):
            passed = bot_decide(game.observation(seat), "easy", seat)
            assert isinstance(passed, tuple)
            game.apply_pass(seat, passed)
    for _ in range(cards):
        seat = game.turn
        assert seat is not None
        card = bot_decide(game.observation(seat), "easy", seat)
        assert not isinstance(card, tuple)
        game.apply_play(seat, card)


CASES = [("normal", 1, 1.0), ("strong", 2, 1.0), ("strong", 3, 0.25)]
"""(strength, seed, budget) of the decisions compared below."""


def all_decisions(observations: list[Observation]) -> list[tuple[str, ...]]:
    return [decide(observation, *case) for observation in observations for case in CASES]


@pytest.mark.slow
def test_the_same_decision_in_this_process_and_in_a_fresh_one() -> None:
    observations = positions()
    here = all_decisions(observations)
    assert here == all_decisions(observations)
    with ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn")) as pool:
        there = pool.submit(all_decisions, observations).result(timeout=600)
    assert there == here


@pytest.mark.slow
def test_a_decision_does_not_depend_on_the_speed_of_the_machine(monkeypatch: pytest.MonkeyPatch) -> None:
    observations = positions()
    quiet = all_decisions(observations)
    clock = itertools.count(0.0, 1.0)
    monkeypatch.setattr(time, "perf_counter", lambda: next(clock))  # every look at the clock: a second later
    assert all_decisions(observations) == quiet  # no time cap cut a search short


def test_the_budget_is_one_of_a_few_steps() -> None:
    assert [budget_step(share) for share in (3.0, 1.0, 0.99, 0.5, 0.3, 0.25, 0.2, 0.13, 0.07)] == [
        1.0,
        1.0,
        0.5,
        0.5,
        0.25,
        0.25,
        0.125,
        0.125,
        0.0625,
    ]


def test_seeds_differ_by_table_seat_and_moment() -> None:
    seeds = {decision_seed(table, seat, actions) for table in (1, 2) for seat in range(4) for actions in range(5)}
    assert len(seeds) == 40


def test_with_too_small_a_budget_the_rule_player_decides() -> None:
    observation = a_game_in_play().observation(a_game_in_play().turn or 0)
    assert decide(observation, "strong", 3, MIN_BUDGET / 2) == (RuleBot(3).choose_play(observation).text,)
