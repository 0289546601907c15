"""`decide` is a pure function of (observation, strength, seed, budget): same inputs, same answer, in a fresh process."""

import multiprocessing
import pickle
from concurrent.futures import ProcessPoolExecutor

import pytest

from heartcards.hearts.bots import STRENGTH_NAMES, DecisionError, decide
from heartcards.hearts.engine import Game, Observation, Phase

STRENGTHS = ("easy", "normal", "strong")


def play_position() -> Observation:
    """A position in the middle of a deal: four bots have passed and played six tricks and one card."""
    game = Game(31)
    for seat in range(4):
        passed = decide(game.observation(seat), "easy", seat)
        assert isinstance(passed, tuple)
        game.apply_pass(seat, passed)
    for _ in range(25):
        seat = game.turn
        assert seat is not None
        card = decide(game.observation(seat), "easy", seat)
        assert not isinstance(card, tuple)
        game.apply_play(seat, card)
    seat = game.turn
    assert seat is not None
    return game.observation(seat)


def answers(observation: Observation) -> list[object]:
    return [decide(observation, strength, 7, 0.25) for strength in STRENGTHS]


def test_same_inputs_same_card_here_and_in_a_fresh_process() -> None:
    position = play_position()
    passing = Game(5).observation(2)
    here = answers(position) + answers(passing)
    assert here == answers(position) + answers(passing)
    assert pickle.loads(pickle.dumps(position)) == position
    with ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn")) as pool:
        there = pool.submit(answers, position).result() + pool.submit(answers, passing).result()
    assert there == here


def test_answers_are_legal() -> None:
    position = play_position()
    for strength in STRENGTH_NAMES:
        card = decide(position, strength, 3, 0.2)
        assert card in position.legal
    passing = Game(9).observation(1)
    chosen = decide(passing, "normal", 3, 0.2)
    assert isinstance(chosen, tuple) and len(set(chosen)) == 3 and set(chosen) <= set(passing.hand)


def test_bad_requests_are_specific_errors() -> None:
    position = play_position()
    with pytest.raises(DecisionError, match="genius"):
        decide(position, "genius", 1)
    for budget in (0.0, 1.5, -1.0, True):
        with pytest.raises(DecisionError, match="budget"):
            decide(position, "strong", 1, budget)
    no_pass_deal = Game(31, first_deal=4)
    assert no_pass_deal.turn is not None
    with pytest.raises(DecisionError, match="nothing to decide"):
        decide(no_pass_deal.observation((no_pass_deal.turn + 1) % 4), "easy", 1)
    passed = Game(5)
    passed.apply_pass(0, passed.hand(0)[:3])
    assert passed.phase is Phase.PASS
    with pytest.raises(DecisionError, match="nothing to decide"):
        decide(passed.observation(0), "normal", 1)
