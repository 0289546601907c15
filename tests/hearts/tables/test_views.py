"""The seat's `View`: the special variant's extension reasons, the moon, card counts, and only this seat's cards."""

from __future__ import annotations

import json
import random
from datetime import UTC, datetime

from heartcards.hearts.engine import Game, Phase, Variant
from heartcards.hearts.table import Seat, Table
from heartcards.hearts.tables.fanout import state_text
from heartcards.hearts.tables.views import (
    json_text,
    own_view_json,
    own_view_text,
    shared_view_json,
    table_json,
    view_json,
)


def table_of(game: Game) -> Table:
    seats = [Seat(number, "human", f"P{number}") for number in range(4)]
    return Table(
        id="t" * 32,
        mode="online",
        variant=game.variant,
        target=game.target,
        strength="easy",
        idle_seconds=60,
        status="playing",
        created_at=datetime.now(UTC),
        game=game,
        seats=seats,
        seed=game.seed,
    )


def play_step(game: Game, choose: random.Random) -> None:
    """One random pass or legal play."""
    if game.phase is Phase.PASS:
        seat = next(seat for seat in range(4) if game.passes[seat] is None)
        game.apply_pass(seat, choose.sample(game.hand(seat), 3))
    else:
        assert game.turn is not None
        game.apply_play(game.turn, choose.choice(game.legal_plays(game.turn)))


def play_to_deal_end(game: Game, choose: random.Random) -> None:
    while game.phase in (Phase.PASS, Phase.PLAY):
        play_step(game, choose)


def test_the_special_variant_says_why_it_plays_another_deal() -> None:
    seen: set[str] = set()
    choose = random.Random(3)
    for seed in range(400):
        game = Game(seed, Variant.SPECIAL, 50)
        game.totals = [49, 49, 60, 49] if seed % 2 else [40, 45, 49, 48]  # a deal away from the target
        play_to_deal_end(game, choose)
        view = view_json(table_of(game), 0)
        totals = view["totals"]
        if game.phase is Phase.DEAL_OVER and max(totals) >= 50:
            lowest = min(totals)
            expected = "tie" if totals.count(lowest) > 1 else "perfect_hand"
            assert view["extension"] == expected
            seen.add(expected)
        else:
            assert view["extension"] is None
        if seen == {"tie", "perfect_hand"}:
            break
    assert seen == {"tie", "perfect_hand"}


def test_counts_moon_and_privacy_over_a_deal() -> None:
    choose = random.Random(5)
    game = Game(12, Variant.CLASSIC, 100)
    table = table_of(game)
    while game.phase in (Phase.PASS, Phase.PLAY):
        for seat in range(4):
            view = view_json(table, seat)
            assert view["hand"] == [card.text for card in game.hand(seat)]
            assert view["counts"][seat] == len(view["hand"])
            if game.phase is Phase.PLAY:
                assert sum(view["counts"]) == sum(len(game.hand(other)) for other in range(4))
        play_step(game, choose)
    view = view_json(table, 0)
    assert view["counts"] == [0, 0, 0, 0] and view["tricks_played"] == 13
    points = view["scores"][-1]
    assert view["moon"] == (points.index(0) if sorted(points) == [0, 13, 13, 13] else None)


def test_the_shared_part_of_a_view_is_the_same_from_every_seat_and_holds_no_hand() -> None:
    """The server encodes the shared part once per change, from whichever seat renders first."""
    choose = random.Random(9)
    game = Game(21, Variant.SPECIAL, 100)
    table = table_of(game)
    for _ in range(3):
        while game.phase in (Phase.PASS, Phase.PLAY):
            shared = [shared_view_json(table, game.observation(seat)) for seat in range(4)]
            assert all(part == shared[0] for part in shared)
            assert not set(shared[0]) & set(own_view_json(game.observation(0)))
            play_step(game, choose)
        game.apply_next_deal()


def test_a_state_written_in_pieces_is_what_the_encoder_writes_of_the_whole() -> None:
    """`state_text` writes a seat's own cards directly and joins encoded parts: the text must be the compact JSON of
    the whole `state` message, for every seat, a spectator and any answer id, in every phase."""
    choose = random.Random(13)
    game = Game(34, Variant.CLASSIC, 50)
    table = table_of(game)
    for _ in range(2):
        while game.phase in (Phase.PASS, Phase.PLAY):
            table.revision += 1  # a published change: the shared parts are encoded again
            for seat in (0, 1, 2, 3, None):
                message_id = choose.choice([None, 7, 'x"é', 2.5])
                expected = {"type": "state", "table": table_json(table), "seat": seat}
                expected["view"] = view_json(table, 0 if seat is None else seat)
                if seat is None:
                    expected["view"].update(hand=[], legal=[], passed=None, received=None)
                if message_id is not None:
                    expected["id"] = message_id
                assert state_text(table, seat, message_id) == json_text(expected)
                if seat is not None:
                    own = game.observation(seat)
                    assert own_view_text(own) == json.dumps(own_view_json(own), separators=(",", ":"))
            play_step(game, choose)
        game.apply_next_deal()


def test_a_view_names_the_point_cards_each_seat_took_in_this_deal() -> None:
    """Every heart and the Q♠ once taken, under the seat that took it, adding up to its points (the deal's end
    shows them); none before the first trick is won."""
    choose = random.Random(5)
    for seed in range(30):
        game = Game(seed, Variant.CLASSIC, 100)
        table = table_of(game)
        assert view_json(table, 0)["point_cards"] == [[], [], [], []]
        play_to_deal_end(game, choose)
        view = view_json(table, seed % 4)
        taken = view["point_cards"]
        assert sorted(card for cards in taken for card in cards) == sorted(
            ["QS"] + [f"{r}H" for r in "23456789"] + ["10H", "JH", "QH", "KH", "AH"]
        )
        assert [sum(13 if card == "QS" else 1 for card in cards) for cards in taken] == view["taken_points"]
