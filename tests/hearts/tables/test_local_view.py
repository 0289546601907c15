"""The View a solo game played on the device shows (static/js/hearts/local-view.js) is the server's (`view_json`): the
same JSON for the person's seat at random points of random games in both rulesets, passes, tricks under way, a deal's
end and a game's end included."""

from __future__ import annotations

import json
import random
import shutil
import subprocess
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from heartcards.hearts.bots import RandomBot
from heartcards.hearts.engine import Game, Phase, Variant
from heartcards.hearts.table import Seat, Table
from heartcards.hearts.tables.views import view_json

ROOT = Path(__file__).resolve().parents[3]
LOCAL_VIEW = ROOT / "src/heartcards/web/static/js/hearts/local-view.js"
NODE_VIEWS = f"""
import {{ readFileSync }} from "node:fs";
import {{ Game }} from "{(ROOT / "src/heartcards/web/static/js/hearts/engine/index.js").as_uri()}";
import {{ personView }} from "{LOCAL_VIEW.as_uri()}";
const games = JSON.parse(readFileSync(0, "utf8"));
process.stdout.write(JSON.stringify(games.map((data) => personView(Game.fromDict(data)))));
"""


def random_game(seed: int, variant: Variant, stop: int) -> Game:
    """A game played by random players to `stop` actions (or its end)."""
    game = Game(seed, variant, 50)
    players = [RandomBot(seed * 4 + seat) for seat in range(4)]
    while len(game.actions) < stop and game.phase is not Phase.GAME_OVER:
        if game.phase is Phase.DEAL_OVER:
            game.apply_next_deal()
        elif game.phase is Phase.PASS:
            seat = next(number for number in range(4) if not game.observation(number).passes_chosen[number])
            game.apply_pass(seat, players[seat].choose_pass(game.observation(seat)))
        else:
            assert game.turn is not None
            game.apply_play(game.turn, players[game.turn].choose_play(game.observation(game.turn)))
    return game


def solo_table(game: Game) -> Table:
    seats = [Seat(0, "human", "Ann"), *(Seat(number, "bot", f"Bot {number}") for number in range(1, 4))]
    now = datetime.now(UTC)
    return Table("0" * 32, "solo", game.variant, game.target, "easy", 0, "playing", now, game, seats, game.seed)


@pytest.mark.skipif(shutil.which("node") is None, reason="needs Node")
def test_the_device_view_is_the_servers() -> None:
    choose = random.Random(34)
    games: list[Game] = []
    for index in range(60):
        variant = Variant.SPECIAL if index % 2 else Variant.CLASSIC
        stop = choose.choice([0, 2, 4, 5, 20, 55, 56, 57, 120, 2000])  # passes, a deal's end, later deals, the end
        games.append(random_game(choose.getrandbits(64), variant, stop))
    assert {game.phase for game in games} == set(Phase)
    saved = [{**game.to_dict(), "seed": str(game.seed)} for game in games]
    answer = subprocess.run(
        ["node", "--input-type=module", "-e", NODE_VIEWS],
        input=json.dumps(saved),
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    device: list[dict[str, Any]] = json.loads(answer.stdout)
    for game, view in zip(games, device, strict=True):
        assert view == view_json(solo_table(game), 0), game.actions[-3:]
