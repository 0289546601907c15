"""A table's players: the strengths are the bots' registry's words, with the same meaning in the API, the pages and
`decide`; the computer players' names are never a name a person at the table goes by (docs/hearts-web-api.md,
"Tables")."""

from __future__ import annotations

import re
from pathlib import Path
from typing import get_args

from fastapi.testclient import TestClient

from heartcards.hearts.bots import STRENGTH_NAMES, STRENGTHS
from heartcards.hearts.bots import decide as bot_decide
from heartcards.hearts.engine import Game
from heartcards.hearts.tables.decisions import decide
from heartcards.hearts.tables.models import PublicTable, TableStrength
from heartcards.hearts.tables.players import BOT_NAMES, bot_name, full_decision_seconds
from heartcards.web.hearts.routes import CreateTable
from heartcards.web.paths import STATIC_DIR


def test_the_api_and_the_pages_offer_the_registrys_words() -> None:
    offered = get_args(TableStrength)
    assert offered == ("easy", "normal", "strong") and set(offered) <= set(STRENGTH_NAMES)
    for model in (CreateTable, PublicTable):
        assert set(get_args(model.model_fields["strength"].annotation)) == set(offered)
    settings = (Path(STATIC_DIR) / "js" / "common" / "settings.js").read_text(encoding="utf-8")
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


def test_a_computer_keeps_its_own_name_unless_a_person_goes_by_it() -> None:
    assert [bot_name(seat, ["Sam"]) for seat in (1, 2, 3)] == list(BOT_NAMES)
    assert bot_name(1, ["ada"]) == "Hedy"  # any letter case
    assert bot_name(2, ["Ada", "Hedy", "alan"]) == "Kurt"
    everyone = ["Ada", "Alan", "Grace", "Hedy", "Kurt", "Mary", "Joan", "Linus", "Rosa"]
    assert bot_name(3, everyone) == "Grace 3"


def test_a_person_cannot_take_a_computer_players_name(client: TestClient) -> None:
    for name in ("ADA", "alan", " Grace "):
        refused = client.post("/api/hearts/tables", json={"mode": "solo", "name": name, "strength": "easy"})
        assert refused.status_code == 422 and refused.json()["error"]["key"] == "error.name.reserved"
    created = client.post("/api/hearts/tables", json={"mode": "solo", "name": "Adam", "strength": "easy"})
    assert [seat["name"] for seat in created.json()["table"]["seats"]] == ["Adam", *BOT_NAMES]


def test_an_online_tables_computers_avoid_every_persons_name(client: TestClient) -> None:
    created = client.post("/api/hearts/tables", json={"mode": "online", "name": "Hedy", "strength": "easy"})
    table = created.json()["table"]["id"]
    other = TestClient(client.app)
    assert other.post(f"/api/hearts/tables/{table}/join", json={"seat": 1, "name": "kurt"}).status_code == 200
    started = client.post(f"/api/hearts/tables/{table}/start", headers={"X-Seat-Token": created.json()["token"]})
    assert started.status_code == 200, started.text
    names = [seat["name"] for seat in started.json()["seats"]]
    assert names[:2] == ["Hedy", "kurt"] and len({name.casefold() for name in names}) == 4
