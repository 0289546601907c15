"""`POST /api/hearts/device-games`: a solo game played on the device is replayed by the server's engine and bots before
it counts in the player's statistics; a forged record (a computer player's card changed, an illegal play, a game not
over) is refused and changes nothing."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from heartcards.hearts.bots import EASY, player
from heartcards.hearts.engine import Game, Phase, Variant
from heartcards.hearts.tables.decisions import decide, decision_seed
from heartcards.hearts.tables.quotas import PER_PLAYER

SEED = 1234567890123456789  # past 2**53: the record carries it as decimal text


def device_actions(seed: int, variant: str = "classic", target: int = 50, strength: str = EASY) -> list[str]:
    """A whole game as the device plays it: the person (seat 0) by a rule-based player of its own seed, the computer
    players by the server's `decide` with the seeds a table gives their decisions."""
    game = Game(seed, Variant(variant), target)
    person = player(EASY, seed + 1)
    while game.phase is not Phase.GAME_OVER:
        if game.phase is Phase.DEAL_OVER:
            game.apply_action("next")
            continue
        if game.phase is Phase.PASS:
            seat = next(number for number in range(4) if not game.observation(number).passes_chosen[number])
        else:
            assert game.turn is not None
            seat = game.turn
        observation = game.observation(seat)
        if seat == 0:
            cards = person.choose_pass(observation) if game.phase is Phase.PASS else (person.choose_play(observation),)
            texts = tuple(card.text for card in cards)
        else:
            texts = decide(observation, strength, decision_seed(seed, seat, len(game.actions)), 1.0)
        game.apply_action(f"{'pass' if game.phase is Phase.PASS else 'play'} {seat} {' '.join(texts)}")
    return list(game.actions)


def record(actions: list[str], **fields: object) -> dict[str, object]:
    return {
        "seed": str(SEED),
        "variant": "classic",
        "target": 50,
        "strength": EASY,
        "name": "Anna",
        "actions": actions,
        **fields,
    }


def games_counted(client: TestClient) -> int:
    count: int = client.get("/api/hearts/stats").json()["games"]
    return count


@pytest.mark.parametrize("variant", ["classic", "special"])
def test_a_game_played_on_the_device_is_checked_and_counted_once(client: TestClient, variant: str) -> None:
    actions = device_actions(SEED, variant)
    first = client.post("/api/hearts/device-games", json=record(actions, variant=variant))
    assert first.status_code == 200, first.text
    assert first.json()["counted"] is True
    table = first.json()["table"]
    assert table["status"] == "finished" and table["mode"] == "solo" and table["variant"] == variant
    again = client.post("/api/hearts/device-games", json=record(actions, variant=variant))
    assert again.status_code == 200 and again.json() == {"table": table, "counted": False}
    stats = client.get("/api/hearts/stats").json()
    assert stats["games"] == 1 and stats["recent"][0]["table"] == table["id"]
    replayed = Game.from_dict({"version": 1, "seed": SEED, "variant": variant, "target": 50, "actions": actions})
    assert stats["recent"][0]["total"] == replayed.totals[0]
    log = client.get(f"/api/hearts/tables/{table['id']}/log").json()
    assert len(log["deals"]) == len(replayed.records) and log["seed"] == SEED
    assert client.get("/api/hearts/ratings?variant=" + variant).json()["me"] is None  # solo games are never rated


def _bot_play_changed(actions: list[str]) -> tuple[int, list[str]]:
    """The actions with the first computer player's card that had another legal choice changed to that choice."""
    game = Game(SEED, Variant.CLASSIC, 50)
    for index, action in enumerate(actions):
        words = action.split()
        if words[0] == "play" and words[1] != "0":
            legal = [card.text for card in game.observation(int(words[1])).legal if card.text != words[2]]
            if legal:
                return index, [*actions[:index], f"play {words[1]} {legal[0]}", *actions[index + 1 :]]
        game.apply_action(action)
    raise AssertionError("no computer player ever had a choice")


def test_a_computer_players_card_changed_is_refused_and_changes_nothing(client: TestClient) -> None:
    actions = device_actions(SEED)
    index, forged = _bot_play_changed(actions)
    answer = client.post("/api/hearts/device-games", json=record(forged), headers={"Accept-Language": "it"})
    assert answer.status_code == 422
    error = answer.json()["error"]
    assert error["key"] == "hearts.error.device_game.bot_differs" and error["params"]["action"] == index + 1
    assert error["params"]["expected"] == actions[index].split()[2]
    assert error["message"].startswith("Questa partita non può essere contata")
    assert games_counted(client) == 0
    assert client.post("/api/hearts/device-games", json=record(actions)).json()["counted"] is True  # nothing stored


def test_a_computer_players_pass_changed_is_refused(client: TestClient) -> None:
    actions = device_actions(SEED)
    index = next(i for i, action in enumerate(actions) if action.startswith("pass 2 "))
    hand = Game(SEED, Variant.CLASSIC, 50).observation(2).hand
    passed = set(actions[index].split()[2:])
    other = [card.text for card in hand if card.text not in passed][:3]
    forged = [*actions[:index], f"pass 2 {' '.join(other)}", *actions[index + 1 :]]
    error = client.post("/api/hearts/device-games", json=record(forged)).json()["error"]
    assert error["key"] == "hearts.error.device_game.bot_differs" and error["params"]["seat"] == 2
    assert games_counted(client) == 0


def test_an_illegal_play_of_the_person_is_refused_with_the_rule(client: TestClient) -> None:
    actions = device_actions(SEED)
    game = Game(SEED, Variant.CLASSIC, 50)
    index = 0
    while True:
        observation = game.observation(0)
        illegal = [card.text for card in observation.hand if card not in observation.legal]
        if actions[index].startswith("play 0 ") and illegal:
            break
        game.apply_action(actions[index])
        index += 1
    expected_rule = ""
    try:
        game.apply_action(f"play 0 {illegal[0]}")
    except ValueError as refusal:
        expected_rule = getattr(refusal, "key", "")
    forged = [*actions[:index], f"play 0 {illegal[0]}", *actions[index + 1 :]]
    error = client.post("/api/hearts/device-games", json=record(forged)).json()["error"]
    assert error["key"] == "hearts.error.device_game.illegal" and error["params"]["action"] == index + 1
    assert error["params"]["rule"] == expected_rule and expected_rule.startswith("hearts.error.")
    person_turn = next(i for i, action in enumerate(actions) if action.startswith("play 0 "))
    twice = [*actions[: person_turn + 1], *actions[person_turn:]]  # the same card again, out of turn
    error = client.post("/api/hearts/device-games", json=record(twice)).json()["error"]
    assert error["key"] == "hearts.error.device_game.illegal" and error["params"]["action"] == person_turn + 2
    assert games_counted(client) == 0


def test_a_game_not_over_or_malformed_is_refused(client: TestClient) -> None:
    actions = device_actions(SEED)
    unfinished = client.post("/api/hearts/device-games", json=record(actions[:-1])).json()["error"]
    assert unfinished["key"] == "hearts.error.device_game.unfinished"
    for bad in (
        {"seed": str(1 << 64)},
        {"seed": "-1"},
        {"strength": "expert"},
        {"target": 60},
        {"actions": ["x" * 25]},
    ):
        answer = client.post("/api/hearts/device-games", json={**record(actions), **bad})
        assert answer.status_code == 422 and answer.json()["error"]["key"] == "error.invalid_request", bad
    assert games_counted(client) == 0


def test_each_check_counts_against_the_players_table_quota(client: TestClient) -> None:
    """A check asks the bots for every computer decision again: it counts as a table created; a resend is free."""
    actions = device_actions(SEED)
    assert client.post("/api/hearts/device-games", json=record(actions)).json()["counted"] is True
    for _ in range(PER_PLAYER - 1):
        assert client.post("/api/hearts/tables", json={"mode": "online", "name": "Ann"}).status_code == 201
    assert client.post("/api/hearts/device-games", json=record(actions)).json()["counted"] is False
    refused = client.post("/api/hearts/device-games", json=record(device_actions(SEED + 1), seed=str(SEED + 1)))
    assert refused.status_code == 429 and refused.json()["error"]["key"] == "hearts.error.too_many_tables"
    assert games_counted(client) == 1
