"""Live play over `/ws/hearts/{id}` through Starlette's TestClient.

With four people at a table and no computer player, every change sends exactly one `state` to each connection, so
the tests read the sockets in lock-step: an action, then one message from each seat.
"""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from typing import Any

import pytest
from fastapi.testclient import TestClient
from pydantic import TypeAdapter
from starlette.testclient import WebSocketTestSession
from starlette.websockets import WebSocketDisconnect, WebSocketState

from heartcards.hearts.engine import Game
from heartcards.hearts.tables.fanout import Connection
from heartcards.hearts.tables.messages import ServerMessage
from heartcards.hearts.tables.saving import TableStore
from heartcards.runtime.metrics import Metrics
from heartcards.storage.hearts_repository import GameSave
from heartcards.web.hearts.socket import _write
from tests.support.scripted import action_for, cards_in, due

State = dict[str, Any]
SERVER_MESSAGE: TypeAdapter[Any] = TypeAdapter(ServerMessage)
PUBLIC_CARD_FIELDS = ("trick", "last_trick", "point_cards")  # cards every seat saw played face up
PRIVATE_CARD_FIELDS = ("hand", "legal", "passed", "received")


class FourSeats:
    """Four people's sockets at one started online table; `act` sends one seat's message and reads everyone's."""

    def __init__(self, client: TestClient, table_id: str, tokens: list[str], sockets: list[WebSocketTestSession]):
        self.client = client
        self.table_id = table_id
        self.tokens = tokens
        self.sockets = sockets
        self.states: list[State] = []
        self.traffic: list[list[State]] = [[] for _ in range(4)]
        self.next_id = 1

    def read(self, seat: int) -> State:
        message: State = self.sockets[seat].receive_json()
        SERVER_MESSAGE.validate_python(message, strict=True)  # every message the server sends has its declared shape
        self.traffic[seat].append(message)
        return message

    def act(self, seat: int, message: dict[str, Any]) -> State:
        """Sends `message` from `seat`; returns its answer (a state to everyone, or an error to the sender only)."""
        message_id = self.next_id
        self.next_id += 1
        self.sockets[seat].send_json({**message, "id": message_id})
        answer = self.read(seat)
        assert answer.get("id") == message_id, answer
        if answer["type"] == "state" and message["type"] != "hello":
            for other in range(4):
                if other != seat:
                    assert self.read(other)["type"] == "state"
        return answer

    def view(self, seat: int) -> State:
        """The seat's current state, asked with a fresh `hello` (changes nothing, reaches only that seat)."""
        return self.act(seat, {"type": "hello", "token": self.tokens[seat]})


@contextmanager
def four_seats(client: TestClient, **fields: object) -> Iterator[FourSeats]:
    created = client.post("/api/hearts/tables", json={"mode": "online", "name": "P0", **fields}).json()
    table_id = created["table"]["id"]
    tokens = [created["token"]]
    for seat in (1, 2, 3):
        joined = client.post(f"/api/hearts/tables/{table_id}/join", json={"seat": seat, "name": f"P{seat}"})
        tokens.append(joined.json()["token"])
        assert joined.json()["route"] is None  # one server alone: no route to give
    assert created["route"] is None
    started = client.post(f"/api/hearts/tables/{table_id}/start", headers={"X-Seat-Token": tokens[0]})
    assert started.json()["seats"][1]["kind"] == "human"
    with ExitStack() as stack:
        sockets: list[WebSocketTestSession] = []
        seats = FourSeats(client, table_id, tokens, sockets)
        for seat in range(4):
            sockets.append(stack.enter_context(client.websocket_connect(f"/ws/hearts/{table_id}?lang=it")))
            sockets[seat].send_json({"type": "hello", "token": tokens[seat], "id": 0})
            assert seats.read(seat)["seat"] == seat
            for earlier in range(seat):
                assert seats.read(earlier)["table"]["seats"][seat]["connected"] is True
        yield seats


def play_deal(seats: FourSeats, choose: random.Random) -> list[State]:
    """Plays deal 1 to its end (random legal cards); returns the final states of the four seats."""
    states = [seats.view(seat) for seat in range(4)]
    while states[0]["view"]["phase"] in ("pass", "play"):
        actor = next(seat for seat in range(4) if due(states[seat]) is not None)
        what = due(states[actor])
        assert what is not None
        message = action_for(states[actor], what, 0)
        if what == "play":
            message["card"] = choose.choice(states[actor]["view"]["legal"])
        else:
            message["cards"] = choose.sample(states[actor]["view"]["hand"], 3)
        seats.act(actor, message)
        states = [seats.traffic[seat][-1] for seat in range(4)]
    return states


def game_of(client: TestClient, table_id: str) -> Game:
    table = client.app.state.hearts_tables.tables[table_id]  # type: ignore[attr-defined]
    game: Game = table.game
    return game


def test_four_people_play_a_deal_and_nobody_ever_sees_a_hidden_card(client: TestClient) -> None:
    with four_seats(client) as seats:
        final = play_deal(seats, random.Random(7))
        view = final[0]["view"]
        assert view["phase"] == "deal_over" and view["tricks_played"] == 13
        assert sum(view["scores"][0]) in (26, 39) and view["totals"] == view["scores"][0]
        assert all(state["view"]["scores"] == view["scores"] for state in final)
        record = game_of(seats.client, seats.table_id).records[0]
        for seat in range(4):
            dealt = {card.text for card in record.hands[seat]}
            giver = (seat - 1) % 4  # deal 1 passes to the left
            received = {card.text for card in record.passes[giver]}
            for message in seats.traffic[seat]:
                if message["type"] != "state" or message["view"] is None:
                    continue
                own = dealt | (received if message["view"]["received"] is not None else set())
                private = cards_in(message, skip=PUBLIC_CARD_FIELDS)
                assert private <= own, (seat, private - own)
        # the deal goes on once all four said "next": deal 2 passes to the right
        for seat in range(4):
            answer = seats.act(seat, {"type": "next"})
        assert answer["view"]["ready"] == [0, 1, 2, 3]
        following = [seats.read(seat) for seat in range(4)]
        assert all(state["view"]["phase"] == "pass" for state in following)
        assert following[0]["view"]["pass_direction"] == "right" and following[0]["view"]["deal"] == 2


def test_a_seat_ready_for_the_next_deal_or_back_is_told_without_a_write(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Neither changes what a table stores (its actions, its status): the answer comes with no write to the database,
    and the next deal, once all four are ready, is stored as every action is."""
    saved: list[str] = []
    save = TableStore.save

    async def counted(self: TableStore, game_save: GameSave) -> None:
        saved.append(game_save.table_id)
        await save(self, game_save)

    monkeypatch.setattr(TableStore, "save", counted)
    with four_seats(client) as seats:
        play_deal(seats, random.Random(7))
        saved.clear()
        assert seats.act(2, {"type": "back"})["type"] == "state"
        for seat in range(3):
            assert seats.act(seat, {"type": "next"})["view"]["ready"] == list(range(seat + 1))
        assert saved == []
        seats.act(3, {"type": "next"})  # all four ready: the next deal is dealt, and stored
        following = [seats.read(seat) for seat in range(4)]
        assert all(state["view"]["phase"] == "pass" and state["view"]["deal"] == 2 for state in following)
        assert saved == [seats.table_id]


def test_out_of_turn_illegal_and_other_seats_actions_change_nothing(client: TestClient) -> None:
    with four_seats(client) as seats:
        for seat in range(4):
            hand = seats.view(seat)["view"]["hand"]
            seats.act(seat, {"type": "pass", "cards": hand[:3]})
        states = [seats.view(seat) for seat in range(4)]
        turn = states[0]["view"]["turn"]
        other = (turn + 1) % 4
        before = [seats.view(seat) for seat in range(4)]
        out_of_turn = seats.act(other, {"type": "play", "card": before[other]["view"]["hand"][0]})
        assert out_of_turn["type"] == "error" and out_of_turn["key"] == "hearts.error.not_your_turn"
        assert out_of_turn["message"] == "Non è il tuo turno."
        # another seat's card: a seat can only act for itself, and it does not hold that card
        stolen = before[turn]["view"]["hand"][-1]
        answer = seats.act(other, {"type": "play", "card": stolen})
        assert answer["type"] == "error"
        wrong_lead = next(card for card in before[turn]["view"]["hand"] if card != "2C")
        illegal = seats.act(turn, {"type": "play", "card": wrong_lead})
        assert illegal["key"] == "hearts.error.lead_two_of_clubs"
        assert illegal["message"] == "La prima presa si apre con il due di fiori."
        not_held = seats.act(turn, {"type": "play", "card": before[other]["view"]["hand"][0]})
        assert not_held["key"] == "hearts.error.card_not_in_hand"
        again = seats.act(turn, {"type": "pass", "cards": before[turn]["view"]["hand"][:3]})
        assert again["key"] == "hearts.error.wrong_phase"
        too_early = seats.act(turn, {"type": "next"})
        assert too_early["key"] == "hearts.error.not_deal_over"
        after = [seats.view(seat) for seat in range(4)]
        assert [state["view"] for state in after] == [state["view"] for state in before]
        # and the follow-suit rule, explained
        seats.act(turn, {"type": "play", "card": "2C"})
        follower = (turn + 1) % 4
        view = seats.view(follower)["view"]
        off_suit = [card for card in view["hand"] if not card.endswith("C")]
        if any(card.endswith("C") for card in view["hand"]) and off_suit:
            refused = seats.act(follower, {"type": "play", "card": off_suit[0]})
            assert refused["key"] == "hearts.error.follow_suit"
            assert refused["message"] == "Devi rispondere al seme."


MALFORMED = [
    ("not json", "hearts.error.bad_message"),
    ("[1, 2]", "hearts.error.bad_message"),
    ("null", "hearts.error.bad_message"),
    ('{"type": "steal"}', "hearts.error.bad_message"),
    ('{"type": "play"}', "hearts.error.card_missing"),
    ('{"type": "play", "card": null}', "hearts.error.card_missing"),
    ('{"type": "play", "card": "ZZ"}', "hearts.error.bad_card"),
    ('{"type": "play", "card": ["2C"]}', "hearts.error.bad_card"),
    ('{"type": "pass", "cards": "2C 3C 4C"}', "hearts.error.bad_message"),
    ('{"type": "pass", "cards": ["2C"]}', "hearts.error.pass_count"),
    ('{"type": "pass", "seat": 1, "cards": ["2C", "2C", "2C"]}', "hearts.error."),
    ("x" * 5000, "hearts.error.bad_message"),
]


def test_malformed_messages_answer_an_error_and_change_nothing(client: TestClient) -> None:
    with four_seats(client) as seats:
        before = [seats.view(seat)["view"] for seat in range(4)]
        for raw, key in MALFORMED:
            seats.sockets[0].send_text(raw)
            error = seats.read(0)
            assert error["type"] == "error" and error["key"].startswith(key), (raw, error)
            assert error["message"] and not error["message"].startswith("hearts.error"), error
        seats.sockets[0].send_json({"type": "next", "id": {"not": "an id"}})
        assert "id" not in seats.read(0)  # only short strings and numbers are echoed
        seats.sockets[0].send_json({"type": "hello", "token": seats.tokens[1]})  # another seat's token
        assert seats.read(0)["key"] == "hearts.error.token"
        seats.sockets[0].send_bytes(b"\xff\xfe")
        assert seats.read(0)["key"] == "hearts.error.bad_message"
        seats.sockets[0].send_json({"type": "ping", "id": "p"})
        assert seats.read(0) == {"type": "pong", "id": "p"}
        assert [seats.view(seat)["view"] for seat in range(4)] == before


REFUSED_WITH_AN_ID = [
    ({"type": "play"}, "hearts.error.card_missing"),
    ({"type": "play", "card": "ZZ"}, "hearts.error.bad_card"),
    ({"type": "pass"}, "hearts.error.bad_message"),
    ({"type": "steal"}, "hearts.error.bad_message"),
    ({"type": "next", "token": 5}, "hearts.error.not_deal_over"),
]


def test_every_message_with_an_id_is_answered_with_it_in_an_online_game(client: TestClient) -> None:
    with four_seats(client) as seats:
        assert seats.view(1)["table"]["seats"][1]["away"] is False
        back = seats.act(1, {"type": "back"})  # a seat that was not away: a state all the same, with its id
        assert back["type"] == "state" and back["seat"] == 1
        for message, key in REFUSED_WITH_AN_ID:
            answer = seats.act(0, message)  # `act` checks the answer carries the message's id
            assert answer["type"] == "error" and answer["key"] == key, (message, answer)
        assert "None" not in seats.act(0, {"type": "play"})["message"]
        seats.sockets[0].send_text('{"type": "play", "id": "no-card"')  # not JSON: no id to echo
        assert "id" not in seats.read(0)


def test_forged_tokens_and_spectators(client: TestClient) -> None:
    created = client.post("/api/hearts/tables", json={"mode": "online", "name": "Host"}).json()
    table_id, token = created["table"]["id"], created["token"]
    with client.websocket_connect(f"/ws/hearts/{table_id}") as socket:
        socket.send_json({"type": "hello", "token": token[:-2] + "xx", "id": 9})
        refused = socket.receive_json()
        assert refused["key"] == "hearts.error.token" and refused["id"] == 9
        with pytest.raises(WebSocketDisconnect) as closed:
            socket.receive_json()
        assert closed.value.code == 4403
    with client.websocket_connect("/ws/hearts/unknown") as socket:
        assert socket.receive_json()["key"] == "hearts.error.table_not_found"
    with client.websocket_connect(f"/ws/hearts/{table_id}") as socket:
        socket.send_json({"type": "play", "card": "2C"})
        assert socket.receive_json()["key"] == "hearts.error.bad_message"
        with pytest.raises(WebSocketDisconnect):
            socket.receive_json()
    with client.websocket_connect(f"/ws/hearts/{table_id}") as spectator:
        spectator.send_json({"type": "hello"})
        lobby_view = spectator.receive_json()
        assert lobby_view["seat"] is None and lobby_view["view"] is None and lobby_view["table"]["status"] == "waiting"
        client.post(f"/api/hearts/tables/{table_id}/start", headers={"X-Seat-Token": token})
        seen = spectator.receive_json()
        while seen["table"]["status"] != "playing":
            seen = spectator.receive_json()
        view = seen["view"]  # the public part only: whose turn, the counts, the scores, never a hand
        assert view["hand"] == [] and view["legal"] == [] and view["passed"] is None and view["received"] is None
        assert view["counts"] == [13, 13, 13, 13] and view["totals"] == [0, 0, 0, 0]
        assert cards_in(seen) == set()
        spectator.send_json({"type": "play", "card": "2C", "id": 1})
        assert spectator.receive_json()["key"] == "hearts.error.spectator"


def test_reconnecting_restores_the_full_view(client: TestClient) -> None:
    created = client.post("/api/hearts/tables", json={"mode": "solo", "name": "Me"}).json()
    table_id, token = created["table"]["id"], created["token"]
    with client.websocket_connect(f"/ws/hearts/{table_id}") as socket:
        socket.send_json({"type": "hello", "token": token})
        state = socket.receive_json()
        socket.send_json({"type": "pass", "cards": state["view"]["hand"][:3], "id": 1})
        state = socket.receive_json()
        while state.get("id") != 1:
            state = socket.receive_json()
        assert state["view"]["passed"] == state["view"]["hand"][:3] or state["view"]["passed"] is not None
        while due(state) != "play":
            state = socket.receive_json()
        before = state["view"]
    with client.websocket_connect(f"/ws/hearts/{table_id}") as socket:
        socket.send_json({"type": "hello", "token": token, "id": "again"})
        restored = socket.receive_json()
        assert restored["id"] == "again" and restored["seat"] == 0
        assert restored["view"] == before
        assert len(restored["view"]["hand"]) == 13 and restored["view"]["received"] is not None


def test_a_whole_game_ends_with_its_log_and_the_players_statistics(client: TestClient) -> None:
    choose = random.Random(11)
    with four_seats(client, target=50) as seats:
        deals = 0
        while True:
            final = play_deal(seats, choose)
            deals += 1
            if final[0]["view"]["phase"] == "game_over":
                break
            for seat in range(4):
                seats.act(seat, {"type": "next"})
            dealt = [seats.read(seat) for seat in range(4)]  # once all said "next", the table deals the next deal
            assert all(state["view"]["deal"] == deals + 1 for state in dealt)
        view = final[0]["view"]
        assert view["game_over"] and view["winners"] and max(view["totals"]) >= 50
        assert final[0]["table"]["status"] == "finished"
        refused = seats.act(0, {"type": "play", "card": "2C"})
        assert refused["key"] == "hearts.error.table_finished"
    log = client.get(f"/api/hearts/tables/{seats.table_id}/log").json()
    assert [line["deal"] for line in log["deals"]] == list(range(1, deals + 1))
    assert all(len(line["tricks"]) == 13 and len(line["hands"]) == 4 for line in log["deals"])
    assert log["deals"][-1]["totals"] == view["totals"] and log["deals"][-1]["game_over"] is True
    replayed = Game(log["seed"], target=50)
    for line in log["deals"]:
        assert [list(points) for points in replayed.score_history] == [
            d["points"] for d in log["deals"][: line["deal"] - 1]
        ]
        if line["deal"] > 1:
            replayed.apply_next_deal()
        for seat, cards in enumerate(line["passes"]):
            if cards:
                replayed.apply_action(f"pass {seat} {' '.join(cards)}")
        for trick in line["tricks"]:
            for offset, card in enumerate(trick["cards"]):
                replayed.apply_action(f"play {(trick['leader'] + offset) % 4} {card}")
    assert list(replayed.totals) == view["totals"]
    stats = client.get("/api/hearts/stats").json()  # the test client's cookie sat in all four seats
    assert stats["games"] == 4 and stats["wins"] == len(view["winners"])
    assert stats["queens_taken"] == deals and len(stats["recent"]) == 4
    places = sorted(game["place"] for game in stats["recent"])
    assert places[0] == 1 and stats["average_place"] == sum(places) / 4


class FailingSocket:
    """Just enough of a WebSocket for the writer: sending raises `failure`; `closed_with` records a close."""

    def __init__(self, failure: Exception) -> None:
        self.failure = failure
        self.application_state = WebSocketState.CONNECTED
        self.closed_with: int | None = None

    async def send_text(self, text: str) -> None:
        raise self.failure

    async def close(self, code: int) -> None:
        self.closed_with = code
        self.application_state = WebSocketState.DISCONNECTED


@pytest.mark.parametrize(
    ("failure", "logged", "closed_with"),
    [(RuntimeError("the encoder broke"), True, 1011), (WebSocketDisconnect(1006), False, None)],
)
def test_a_failed_send_is_logged_and_closes_the_socket_unless_the_client_left(
    caplog: pytest.LogCaptureFixture, failure: Exception, logged: bool, closed_with: int | None
) -> None:
    socket = FailingSocket(failure)
    connection = Connection(seat=None, language="en")
    connection.send({"type": "pong"})

    async def run() -> None:
        await asyncio.wait_for(_write(socket, None, Metrics(), "t1", connection), 5)  # type: ignore[arg-type]

    with caplog.at_level(logging.ERROR, logger="heartcards.web.hearts"):
        asyncio.run(run())
    assert ("could not send to a socket on table t1" in caplog.text) is logged
    assert socket.closed_with == closed_with
