"""The game's bookkeeping checked move by move in random games against the rules (docs/rules/hearts.md): who
leads each trick, who wins it, the points so far, the passes the deal record keeps, and a pass out of its phase; the
end of a deal (no turn, the score table), the checks of a new game and of a saved record, and how the engine knows
its own cards. Mutation testing found these unobserved by the other tests."""

from __future__ import annotations

import random

import pytest

from heartcards.cards import Card, Suit
from heartcards.hearts.engine import (
    Game,
    GameRecordError,
    HeartsError,
    NoPassThisDealError,
    PassDirection,
    Phase,
    WrongPhaseError,
)
from heartcards.hearts.engine import game as game_module
from heartcards.hearts.engine.cards import CARDS, QUEEN_OF_SPADES, TWO_OF_CLUBS, hearts_order


def card_points(card: Card) -> int:
    return 1 if card.suit is Suit.HEARTS else 13 if card == QUEEN_OF_SPADES else 0


def expected_winner(leader: int, cards: tuple[Card, ...]) -> int:
    """The highest card of the suit led takes the trick."""
    led = cards[0].suit
    best = max((hearts_order(card.rank), position) for position, card in enumerate(cards) if card.suit is led)
    return (leader + best[1]) % 4


def play_deal(game: Game, rng: random.Random, passes: dict[int, tuple[Card, ...]]) -> None:
    """Random legal passes and plays to the end of the deal, checking the bookkeeping at every step."""
    if game.phase is Phase.PASS:
        for seat in range(4):
            passes[seat] = tuple(rng.sample(game.hand(seat), 3))
            game.apply_pass(seat, passes[seat])
    holder = next(seat for seat in range(4) if TWO_OF_CLUBS in game.hand(seat))
    leader = holder
    points = [0, 0, 0, 0]
    while game.phase is Phase.PLAY:
        seen = game.observation(0)
        assert seen.deal_points == tuple(points)
        assert seen.current_trick is not None and seen.current_trick.leader == leader
        seat = game.turn
        assert seat == (leader + len(seen.current_trick.cards)) % 4
        done = len(game.tricks)
        game.apply_play(seat, rng.choice(game.legal_plays(seat)))
        if len(game.tricks) > done:
            last = game.tricks[-1]
            assert last.leader == leader
            leader = expected_winner(leader, last.cards)
            assert last.winner == leader
            points[leader] += sum(card_points(card) for card in last.cards)
    assert game.tricks[0].leader == holder and game.tricks[0].cards[0] == TWO_OF_CLUBS
    assert len(game.tricks) == 13


@pytest.mark.parametrize("seed", range(6))
def test_leaders_winners_and_points_so_far_follow_the_rules(seed: int) -> None:
    rng = random.Random(seed)
    game = Game(seed)
    passes: dict[int, tuple[Card, ...]] = {}
    play_deal(game, rng, passes)
    record = game.records[-1]
    queen_tricks = [trick.winner for trick in game.tricks if QUEEN_OF_SPADES in trick.cards]
    assert record.queen_taker == queen_tricks[0]
    shooters = [seat for seat in range(4) if record.points[seat] == 0 and sum(record.points) == 39]
    assert record.moon_shooter == (shooters[0] if shooters else None)
    assert record.passes == tuple(tuple(sorted(passes[seat], key=_order)) for seat in range(4))
    assert sum(record.points) in (26, 39)  # 26, or 3 × 13 after a moon
    game.apply_next_deal()
    play_deal(game, rng, passes)


def test_a_deal_without_passing_records_no_passes() -> None:
    game = Game(3, first_deal=4)
    assert game.phase is Phase.PLAY
    play_deal(game, random.Random(3), {})
    assert game.records[-1].passes == ((), (), (), ())


def test_a_pass_out_of_its_phase_is_refused_with_the_phase() -> None:
    game = Game(5)
    for seat in range(4):
        game.apply_pass(seat, game.hand(seat)[:3])
    assert game.phase is Phase.PLAY
    with pytest.raises(WrongPhaseError) as caught:
        game.apply_pass(0, game.hand(0)[:3])
    assert not isinstance(caught.value, NoPassThisDealError)
    assert "play" in str(caught.value)
    no_pass = Game(5, first_deal=4)
    with pytest.raises(NoPassThisDealError):
        no_pass.apply_pass(0, no_pass.hand(0)[:3])


def test_a_target_of_one_point_is_allowed() -> None:
    assert Game(1, target=1).target == 1


def _order(card: Card) -> tuple[int, int]:
    """Deal records list cards by suit (clubs, diamonds, spades, hearts), then rank with aces high."""
    return (Suit.CLUBS, Suit.DIAMONDS, Suit.SPADES, Suit.HEARTS).index(card.suit), hearts_order(card.rank)


def test_an_action_of_the_wrong_length_is_not_an_action() -> None:
    game = Game(5)
    with pytest.raises(GameRecordError, match="is not an action"):
        game.apply_action("pass 0 2C")
    with pytest.raises(GameRecordError, match="is not an action"):
        game.apply_action("play 0 2C 3C")


def test_a_bad_action_in_a_record_is_reported_once() -> None:
    record = {"version": 1, "seed": 1, "variant": "classic", "target": 100, "first_deal": 1, "actions": ["dance"]}
    with pytest.raises(GameRecordError) as caught:
        Game.from_dict(record)
    assert str(caught.value) == "bad saved game: 'dance' is not an action (pass S C C C, play S C, next)"
    assert caught.value.params == {"action": "dance"}


def test_record_errors_number_the_action() -> None:
    base = {"version": 1, "seed": 1, "variant": "classic", "target": 100, "first_deal": 1}
    first_pass = "pass 0 " + " ".join(card.text for card in Game(1).hand(0)[:3])
    with pytest.raises(GameRecordError) as caught:
        Game.from_dict({**base, "actions": [first_pass, 5]})
    assert str(caught.value) == "bad saved game: action 2 is not text: 5"
    assert caught.value.params == {"at": 2}
    with pytest.raises(GameRecordError, match="action 1 'play 0 2C'") as caught:
        Game.from_dict({**base, "actions": ["play 0 2C"]})
    assert caught.value.params == {"at": 1, "cause": "hearts.error.wrong_phase"}


def test_record_errors_name_the_field_or_the_version_in_their_params() -> None:
    """The params say what is wrong in plain values, never in a sentence: the browser's engine must give the same."""
    base: dict[str, object] = {"version": 1, "seed": 1, "variant": "classic", "target": 100, "actions": []}
    cases: list[tuple[dict[str, object], dict[str, object]]] = [
        ({key: value for key, value in base.items() if key != "target"}, {"field": "target"}),
        ({**base, "variant": "Classic"}, {"field": "variant"}),
        ({**base, "version": 2}, {"version": 2}),
        ({**base, "target": "100"}, {"field": "target"}),
        ({**base, "actions": "next"}, {"field": "actions"}),
        ({**base, "target": 0}, {"cause": "hearts.error"}),
    ]
    for record, params in cases:
        with pytest.raises(GameRecordError) as caught:
            Game.from_dict(record)
        assert caught.value.params == params, record


@pytest.mark.parametrize("direction", list(PassDirection))
def test_giver_and_receiver_undo_each_other(direction: PassDirection) -> None:
    for seat in range(4):
        assert direction.giver(direction.receiver(seat)) == seat
        assert direction.receiver(direction.giver(seat)) == seat
    assert [PassDirection.LEFT.giver(seat) for seat in range(4)] == [3, 0, 1, 2]
    assert [PassDirection.RIGHT.giver(seat) for seat in range(4)] == [1, 2, 3, 0]


def test_only_the_seat_to_play_has_legal_cards() -> None:
    """At every turn of a deal, not only at the first lead (where the 2♣ rule leaves the others nothing anyway)."""
    game = Game(8, first_deal=4)
    rng = random.Random(8)
    while game.phase is Phase.PLAY:
        turn = game.turn
        assert turn is not None
        for seat in range(4):
            legal = game.observation(seat).legal
            assert (len(legal) > 0) is (seat == turn)
            assert game.legal_plays(seat) == legal
        game.apply_play(turn, rng.choice(game.legal_plays(turn)))
    assert all(game.legal_plays(seat) == () for seat in range(4))
    passing = Game(8)
    assert all(passing.observation(seat).legal == () for seat in range(4))


def test_a_scored_deal_ends_the_turns_and_joins_the_score_table() -> None:
    game = Game(2, target=1000)
    rng = random.Random(2)
    play_deal(game, rng, {})
    first = game.records[-1].points
    assert game.phase is Phase.DEAL_OVER
    assert game.turn is None
    seen = game.observation(1)
    assert seen.turn is None
    assert seen.score_history == (first,)
    game.apply_next_deal()
    play_deal(game, rng, {})
    assert game.turn is None
    assert game.observation(3).score_history == (first, game.records[-1].points)
    ended = Game(2, target=1)
    play_deal(ended, random.Random(2), {})
    assert ended.phase is Phase.GAME_OVER
    assert ended.turn is None and ended.observation(0).turn is None


@pytest.mark.parametrize("first_deal", [0, -2, True, "2", 1.5, None])
def test_a_first_deal_that_is_not_a_deal_number_is_refused(first_deal: object) -> None:
    with pytest.raises(HeartsError, match="deal numbers start at 1") as caught:
        Game(1, first_deal=first_deal)
    assert caught.value.params == {"first_deal": first_deal}


def test_a_record_without_a_first_deal_starts_at_deal_one() -> None:
    """Records saved before games could start at a later deal have no `first_deal`: they start at deal 1."""
    game = Game(6)
    for seat in range(4):
        game.apply_pass(seat, game.hand(seat)[:3])
    record = game.to_dict()
    del record["first_deal"]
    copy = Game.from_dict(record)
    assert copy.first_deal == 1
    assert copy.deal_number == 1 and copy.pass_direction is PassDirection.LEFT
    assert copy.observation(0) == game.observation(0)


@pytest.mark.parametrize(
    ("field", "value"),
    [("seed", "1"), ("target", 100.0), ("first_deal", "1"), ("actions", 5), ("actions", None), ("actions", "next")],
)
def test_a_record_with_fields_of_the_wrong_type_is_refused(field: str, value: object) -> None:
    record = {**Game(1).to_dict(), field: value}
    with pytest.raises(GameRecordError, match="must be integers and actions a list"):
        Game.from_dict(record)


def test_each_card_has_its_own_slot_in_the_identity_table() -> None:
    slots = game_module._IDENTITY_SLOTS
    assert [slots[(id(card) >> 4) % len(slots)] for card in CARDS] == list(range(52))


def test_the_engine_knows_its_own_cards_by_identity_and_others_by_value(monkeypatch: pytest.MonkeyPatch) -> None:
    """Cards equal to the engine's (a client's, parsed anew) take the dictionary; the engine's own 52 never need it.
    Compiled, the module's constants cannot be replaced and the patch changes nothing: the indices are still checked;
    in pure Python (as the mutation script runs) the identity fast path is."""
    copies = [Card(card.rank, card.suit) for card in CARDS]
    assert all(copy is not card for copy, card in zip(copies, CARDS, strict=True))
    assert [game_module._card_index(card) for card in copies] == list(range(52))
    monkeypatch.setattr(game_module, "INDEX_OF", {})
    assert [game_module._card_index(card) for card in CARDS] == list(range(52))
