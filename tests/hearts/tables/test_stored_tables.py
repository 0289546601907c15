"""A table's stored form: the game's record text, kept and extended action by action."""

from __future__ import annotations

import json
import random

from heartcards.hearts.engine import Game, Phase, Variant
from heartcards.hearts.tables.stored_tables import game_text
from tests.hearts.tables.test_views import play_step, table_of


def whole(game: Game) -> str:
    return json.dumps(game.to_dict(), separators=(",", ":"))


def test_the_record_text_extended_action_by_action_is_the_whole_record_encoded() -> None:
    choose = random.Random(8)
    table = table_of(Game(77, Variant.SPECIAL, 50))
    assert game_text(table) == whole(table.game)  # no action yet
    while table.game.phase is not Phase.GAME_OVER:
        if table.game.phase is Phase.DEAL_OVER:
            table.game.apply_next_deal()
        else:
            for _ in range(choose.randrange(1, 4)):  # a save may follow several actions (a failed one before it)
                if table.game.phase in (Phase.PASS, Phase.PLAY):
                    play_step(table.game, choose)
        assert game_text(table) == whole(table.game)
        assert game_text(table) == whole(table.game)  # nothing new: the same text
    assert Game.from_dict(json.loads(game_text(table))).actions == table.game.actions


def test_a_game_put_back_to_its_last_save_is_encoded_afresh() -> None:
    """After a failed save the service replaces the game by one replayed from fewer actions (`_back_to_stored`)."""
    choose = random.Random(2)
    table = table_of(Game(5, Variant.CLASSIC, 50))
    for _ in range(30):
        play_step(table.game, choose)
    game_text(table)
    record = table.game.to_dict()
    record["actions"] = table.game.actions[:20]
    table.game = Game.from_dict(record)
    assert game_text(table) == whole(table.game)
    shorter = table.game.to_dict()
    shorter["actions"] = table.game.actions[:10]
    table.game = Game.from_dict(shorter)  # a new game object with fewer actions
    assert game_text(table) == whole(table.game)
