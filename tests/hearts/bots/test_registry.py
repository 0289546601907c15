"""The bots' registry: the kinds by name, one set of strength words, and the same player behind each word as before
the words were unified (the strengths' cards pinned below were those of `rule` and `mc`'s old `fast`, `normal` and
`strong`)."""

from __future__ import annotations

import pytest

from heartcards.hearts.bots import (
    BOTS,
    STRENGTH_NAMES,
    STRENGTHS,
    MonteCarloBot,
    RandomBot,
    RuleBot,
    UnknownBotError,
    decide,
    make_bot,
    player,
)
from heartcards.hearts.engine import Game
from tests.hearts.bots.test_decide import play_position

PINNED = {
    ("easy", 1): ("KH", ("QS", "JH", "QH")),
    ("easy", 2): ("KH", ("QS", "JH", "QH")),
    ("normal", 1): ("7H", ("KC", "QS", "QH")),
    ("normal", 2): ("6C", ("JC", "QS", "QH")),
    ("strong", 1): ("6C", ("JC", "KC", "QS")),
    ("strong", 2): ("6C", ("JC", "QS", "QH")),
    ("expert", 1): ("QH", ("JC", "KC", "QS")),
    ("expert", 2): ("QH", ("KC", "QS", "QH")),
}
"""(strength, seed) → the card played at `test_decide.play_position()` and the cards passed from `Game(5)`'s seat 2, budget 1/4."""


def test_one_set_of_strength_words() -> None:
    assert STRENGTH_NAMES == ("easy", "normal", "strong", "expert")
    assert tuple(STRENGTHS) == STRENGTH_NAMES[1:]  # easy is the rule player; the others are mc
    assert [STRENGTHS[name].playouts for name in STRENGTHS] == [400, 1500, 5000]
    assert set(BOTS) == {"random", "rule", "mc"}


def test_each_strength_plays_as_it_did() -> None:
    position = play_position()
    passing = Game(5).observation(2)
    found = {}
    for strength in STRENGTH_NAMES:
        for seed in (1, 2):
            card = decide(position, strength, seed, 0.25)
            passed = decide(passing, strength, seed, 0.25)
            assert not isinstance(card, tuple) and isinstance(passed, tuple)
            found[strength, seed] = (card.text, tuple(each.text for each in passed))
    assert found == PINNED


def test_make_bot_and_player() -> None:
    assert isinstance(make_bot("random", seed=3), RandomBot) and isinstance(make_bot("rule", "easy"), RuleBot)
    expert = make_bot("mc", "expert", 1)
    assert isinstance(expert, MonteCarloBot) and expert.settings == STRENGTHS["expert"]
    assert isinstance(player("easy", 1), RuleBot)
    budgeted = player("strong", 1, 0.5)
    assert isinstance(budgeted, MonteCarloBot) and budgeted.settings.playouts == 750
    assert budgeted.settings.time_cap is None and budgeted.settings.workers == 1
    with pytest.raises(UnknownBotError, match="genius"):
        make_bot("genius")
    with pytest.raises(UnknownBotError, match="'extreme' is not a strength"):
        make_bot("rule", "extreme")
    with pytest.raises(UnknownBotError, match="'easy' is not a strength of mc"):
        make_bot("mc", "easy")
    with pytest.raises(UnknownBotError, match="fast"):
        player("fast", 1)
