"""A table's strengths are the bots' registry's words, with the same meaning in the API, the pages and `decide`."""

from __future__ import annotations

import re
from pathlib import Path
from typing import get_args

from heartcards.hearts.bots import STRENGTH_NAMES, STRENGTHS
from heartcards.hearts.bots import decide as bot_decide
from heartcards.hearts.engine import Game
from heartcards.web.hearts.models import PublicTable, TableStrength
from heartcards.web.hearts.players import full_decision_seconds
from heartcards.web.hearts.routes import CreateTable
from heartcards.web.hearts.thinking import decide
from heartcards.web.paths import STATIC_DIR


def test_the_api_and_the_pages_offer_the_registrys_words() -> None:
    offered = get_args(TableStrength)
    assert offered == ("easy", "normal", "strong") and set(offered) <= set(STRENGTH_NAMES)
    for model in (CreateTable, PublicTable):
        assert set(get_args(model.model_fields["strength"].annotation)) == set(offered)
    settings = (Path(STATIC_DIR) / "js" / "settings.js").read_text(encoding="utf-8")
    choices = re.search(r"strength: \[([^\]]*)\]", settings)
    assert choices is not None and set(re.findall(r'"(\w+)"', choices.group(1))) == set(offered)


def test_a_tables_player_is_the_registrys() -> None:
    game = Game(12345)
    for seat in range(4):
        game.apply_pass(seat, game.hand(seat)[:3])
    assert game.turn is not None
    observation = game.observation(game.turn)
    for strength in get_args(TableStrength):
        card = bot_decide(observation, strength, 9, 0.25)
        assert not isinstance(card, tuple)
        assert decide(observation, strength, 9, 0.25) == (card.text,)


def test_decision_seconds_follow_the_strengths_time_caps() -> None:
    assert full_decision_seconds("easy") == 0.001
    assert full_decision_seconds("normal") == STRENGTHS["normal"].time_cap
    assert full_decision_seconds("strong") == STRENGTHS["strong"].time_cap
