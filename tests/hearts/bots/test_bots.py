"""Bots play legal cards only, obey their seed, and the heuristic does what the issue asks of it."""

import time
from dataclasses import replace
from typing import Any

import pytest

from heartcards.cards import Card
from heartcards.hearts.bots import (
    Bot,
    MonteCarloBot,
    MonteCarloSettings,
    RandomBot,
    RuleBot,
    make_bot,
    mc,
    play_game,
)
from heartcards.hearts.bots.knowledge import Knowledge, knowledge_of
from heartcards.hearts.bots.mc import equivalent_runs, plays_like_rule, rule_seats
from heartcards.hearts.bots.playout import playout, solve
from heartcards.hearts.bots.policy import choose_card, choose_pass_mask, controls, keen_card, moon_threat
from heartcards.hearts.bots.search import evaluate_plays
from heartcards.hearts.engine import CARDS, INDEX_OF, Game, Observation, Phase, Variant, cards_of, mask_of

from ..helpers import cards, game_with_hands

C = Card.parse
QUICK = MonteCarloSettings(playouts=24, pass_playouts=24, exact_samples=3, time_cap=None)


def m(text: str) -> int:
    return mask_of(cards(text))


def idx(text: str) -> int:
    return INDEX_OF[C(text)]


@pytest.mark.parametrize("name", ["random", "rule"])
def test_bots_play_whole_games_legally(name: str) -> None:
    # play_game goes through apply_pass / apply_play, which raise on any illegal pass or card.
    for seed in range(3):
        result = play_game([make_bot(name, seed=seed * 4 + seat) for seat in range(4)], seed, Variant.SPECIAL, 50)
        assert result.winners
        assert all(len(record.tricks) == 13 for record in result.records)


def test_mc_plays_legally_and_obeys_its_seed() -> None:
    def run(seed: int) -> list[object]:
        bots = [MonteCarloBot(seed, QUICK), make_bot("rule"), make_bot("random", seed=seed), make_bot("rule")]
        return [record.to_dict() for record in play_game(bots, 5, single_deal=1).records]

    assert run(3) == run(3)


def test_random_bot_obeys_its_seed() -> None:
    def run(seed: int) -> list[object]:
        bots = [make_bot("random", seed=seed + seat) for seat in range(4)]
        return [record.to_dict() for record in play_game(bots, 8, single_deal=2).records]

    assert run(1) == run(1)
    assert run(1) != run(100)


def test_rule_passes_queen_with_short_spades_and_high_hearts() -> None:
    hand = m("2C 3C 4C 5C 6C 2D 3D 4D 5D 3S QS AH KH")
    assert {card.text for card in cards_of(choose_pass_mask(hand))} == {"QS", "AH", "KH"}
    protected = m("2S 3S 4S 5S QS 2C 3C 4C 5C 2D 3D AH KH")
    assert "QS" not in {card.text for card in cards_of(choose_pass_mask(protected))}


def test_rule_ducks_under_the_winning_card() -> None:
    played = m("2C 3C 4C 5C 10D")
    card = choose_card(1, m("9D JD 2S"), m("9D JD"), [idx("10D")], played, [0, 0, 0, 0])
    assert CARDS[card].text == "9D"


def test_rule_drops_the_queen_under_a_higher_spade() -> None:
    played = m("2C 3C 4C 5C KS")
    card = choose_card(1, m("3S QS 2D"), m("3S QS"), [idx("KS")], played, [0, 0, 0, 0])
    assert CARDS[card].text == "QS"


def test_rule_dumps_queen_when_void() -> None:
    played = m("2C 3C 4C 5C 6D")
    card = choose_card(1, m("QS AH 2S"), m("QS AH 2S"), [idx("6D")], played, [0, 0, 0, 0])
    assert CARDS[card].text == "QS"


def test_rule_dumps_high_hearts_when_void_and_queen_gone() -> None:
    played = m("2C 3C 4C 5C 6D QS 2S 3S 4S")
    card = choose_card(1, m("AH 3H 2S"), m("AH 3H 2S"), [idx("6D")], played, [0, 0, 0, 0])
    assert CARDS[card].text == "AH"


def test_rule_sees_and_defends_against_a_moon() -> None:
    taken = [0, m("QS 2H 3H 4H 5H 6H"), 0, 0]
    assert moon_threat(taken, 0) == 1
    assert moon_threat(taken, 1) == -1
    assert moon_threat([m("2H"), *taken[1:]], 0) == -1
    played = m("QS 2H 3H 4H 5H 6H 2C 3C 4C 5C 9D")
    # Seat 1 (the threat) is winning with the 9♦; seat 2 can win and takes the trick instead of ducking.
    card = choose_card(2, m("2D KD 7H"), m("2D KD"), [idx("9D")], played, taken)
    assert CARDS[card].text == "KD"
    # Void, and the threat is not winning (seat 3 led and wins): give that seat a heart.
    card = choose_card(2, m("2S 7H AH"), m("2S 7H AH"), [idx("9D"), idx("2D")], played, taken)
    assert CARDS[card].text == "AH"


def test_keen_takes_a_trick_without_points_with_its_highest_card_when_last() -> None:
    played = m("2C 3C 4C 5C 6D 9D 10D")
    trick = [idx("6D"), idx("9D"), idx("10D")]
    assert CARDS[keen_card(3, m("4D AD 2S"), m("4D AD"), trick, played, [0, 0, 0, 0])].text == "AD"
    assert CARDS[choose_card(3, m("4D AD 2S"), m("4D AD"), trick, played, [0, 0, 0, 0])].text == "4D"
    # A heart in the trick: it ducks, as the rule does.
    with_heart = [idx("6D"), idx("9D"), idx("2H")]
    assert CARDS[keen_card(3, m("4D AD 2S"), m("4D AD"), with_heart, played | m("2H"), [0, 0, 0, 0])].text == "4D"


def test_keen_plays_its_highest_when_it_cannot_duck_but_not_a_spade_while_the_queen_is_out() -> None:
    played = m("2C 3C 4C 5C 3D")
    assert CARDS[keen_card(1, m("8D KD 2S"), m("8D KD"), [idx("3D")], played, [0, 0, 0, 0])].text == "KD"
    assert CARDS[choose_card(1, m("8D KD 2S"), m("8D KD"), [idx("3D")], played, [0, 0, 0, 0])].text == "8D"
    spades = m("2C 3C 4C 5C 3S")
    assert CARDS[keen_card(1, m("8S KS 2D"), m("8S KS"), [idx("3S")], spades, [0, 0, 0, 0])].text == "8S"


def test_keen_leads_from_its_short_suit() -> None:
    # The 6♣ is the lowest club left, so the rule leads it; the keen heuristic leads its single diamond, to void it.
    played = m("2C 3C 4C 5C")
    hand, legal = m("6C 7C 8C 9C 10C 6D 9H"), m("6C 7C 8C 9C 10C 6D")
    assert CARDS[choose_card(0, hand, legal, [], played, [0, 0, 0, 0])].text == "6C"
    assert CARDS[keen_card(0, hand, legal, [], played, [0, 0, 0, 0])].text == "6D"


def test_rule_bot_from_an_observation() -> None:
    hands = [
        "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC 2H",
        "2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD 3H",
        "2S 3S 4S 5S 6S 7S 8S 9S 10S JS 4H 5H 6H",
        "AC AD QS KS AS 7H 8H 9H 10H JH QH KH AH",
    ]
    game = game_with_hands(hands)
    game.apply_play(0, C("2C"))
    game.apply_play(1, RuleBot().choose_play(game.observation(1)))
    game.apply_play(2, RuleBot().choose_play(game.observation(2)))
    # Seat 3 must follow with its only club; then it leads, never the Q♠ while it holds other safe cards.
    game.apply_play(3, RuleBot().choose_play(game.observation(3)))
    assert game.phase is Phase.PLAY


def test_equivalent_runs_merge_touching_cards_but_not_the_queen() -> None:
    hand = m("2S 3S 5S JS QS KS 2D")
    legal = m("2S 3S 5S JS QS KS")
    runs = [CARDS[card].text for card in equivalent_runs(legal, hand, m("4S"))]
    assert runs == ["2S", "JS", "QS", "KS"]


def test_solver_finds_the_exact_ending() -> None:
    # One trick left; seat 0 leads its only card; everyone's last card is forced.
    hands = [m("2H"), m("AH"), m("3S"), m("3D")]
    taken = [m("QS"), m("4H 5H 6H 7H 8H 9H 10H JH QH KH"), m("3H"), 0]
    points = solve(hands, [], 0, taken, True, 12)
    assert points == (13, 12, 1, 0)
    assert playout([m("2H"), m("AH"), m("3S"), m("3D")], [], 0, taken[:], 0, True, 12) == (13, 12, 1, 0)


def test_solver_ducks_when_it_pays() -> None:
    # Two tricks left, seat 0 led the 3♥; seat 1 holds 2♥ and A♥. Ducking with the 2♥ leaves seat 0 on lead with
    # a club it must play, and seat 1 discards the A♥ on it: 0 points for seat 1 instead of 3.
    hands = [m("9C"), m("2H AH"), m("5D 6D"), m("7D 8D")]
    taken = [0, 0, m("QS"), m("4H 5H 6H 7H 8H 9H 10H JH QH KH")]
    assert solve(hands, [idx("3H")], 0, taken, True, 11) == (3, 0, 13, 10)
    assert solve(hands, [idx("3H")], 0, taken, True, 11, idx("AH")) == (0, 3, 13, 10)


def test_playouts_play_the_keen_heuristic_for_the_seats_asked() -> None:
    # Seat 3 is last to a clean diamond trick. `choose_card` ducks with the 4♦: seat 2 wins and, leading its club,
    # takes the 2♥ seat 0 sheds. `keen_card` wins with the A♦ and leads the 4♦, so seat 3 takes the 2♥.
    hands = [m("2H"), m("3C"), m("5C"), m("4D AD")]
    trick = [idx("6D"), idx("9D"), idx("10D")]
    played = ((1 << 52) - 1) & ~(m("2H 3C 5C 4D AD"))
    position = (trick, 0, [0, 0, 0, 0], played, True, 11)

    def points(keen_seats: int) -> tuple[int, ...]:
        trick_now, leader, taken, seen, broken, done = position
        return playout(hands[:], trick_now[:], leader, taken[:], seen, broken, done, -1, 0, False, keen_seats)

    assert points(0) == (0, 0, 1, 0)
    assert points(1 << 3) == (0, 0, 0, 1)
    settings = MonteCarloSettings()
    assert settings.keen == "fit" and settings.keen_seats(2) == 15  # every seat, until the others are read
    assert MonteCarloSettings(keen="all").keen_seats(2) == 15
    assert MonteCarloSettings(keen="self").keen_seats(2) == 4 and MonteCarloSettings(keen="none").keen_seats(2) == 0


def test_mc_pass_is_three_own_cards() -> None:
    game = Game(12)
    bot = MonteCarloBot(1, QUICK)
    chosen = bot.choose_pass(game.observation(0))
    assert len(set(chosen)) == 3
    assert set(chosen) <= set(game.hand(0))


def test_mc_decisions_obey_the_time_cap() -> None:
    bot = MonteCarloBot(1, MonteCarloSettings(playouts=100000, pass_playouts=100000, time_cap=0.05))
    game = Game(4, first_deal=4)
    seconds: list[float] = []
    while game.phase is Phase.PLAY and len(game.tricks) < 2:
        seat = game.turn
        assert seat is not None
        started = time.perf_counter()
        card = bot.choose_play(game.observation(seat))
        seconds.append(time.perf_counter() - started)
        game.apply_play(seat, card)
    assert len(game.tricks) == 2
    # Uncapped, 100,000 playouts take minutes; the 0.05 s cap (checked between playouts) must stop each decision.
    assert max(seconds) < 1.0, seconds


def test_mc_with_two_workers_is_legal_and_seeded() -> None:
    settings = MonteCarloSettings(playouts=24, pass_playouts=24, exact_samples=3, time_cap=None, workers=2)

    def run() -> list[object]:
        bots = [make_bot("rule"), MonteCarloBot(8, settings), make_bot("rule"), make_bot("rule")]
        return [record.to_dict() for record in play_game(bots, 6, single_deal=3).records]

    assert run() == run()


def test_mc_shares_give_the_same_choices_in_or_out_of_worker_processes() -> None:
    from concurrent.futures import ProcessPoolExecutor

    settings = MonteCarloSettings(playouts=24, pass_playouts=24, exact_samples=3, time_cap=None, workers=2)
    with ProcessPoolExecutor(max_workers=1) as pool:
        inside = pool.submit(_mc_deal_record, settings).result()
    assert inside == _mc_deal_record(settings)


def _mc_deal_record(settings: MonteCarloSettings) -> list[object]:
    bots = [make_bot("rule"), make_bot("rule"), MonteCarloBot(5, settings), make_bot("rule")]
    return [record.to_dict() for record in play_game(bots, 7, single_deal=1).records]


def game_after_deals(seed: int, players: list[Bot], deals: int) -> Game:
    """A game whose first `deals` deals `players` played to the end, at the start of the next deal."""
    game = Game(seed)
    for _ in range(deals):
        play_deal(game, players)
        assert game.phase is Phase.DEAL_OVER
        game.apply_next_deal()
    return game


def play_deal(game: Game, players: list[Bot]) -> None:
    """Plays `game`'s current deal to its end, each seat by its bot."""
    if game.phase is Phase.PASS:
        for seat in range(4):
            game.apply_pass(seat, players[seat].choose_pass(game.observation(seat)))
    while game.phase is Phase.PLAY:
        seat = game.turn
        assert seat is not None
        game.apply_play(seat, players[seat].choose_play(game.observation(seat)))


def test_mc_reads_the_seats_that_played_choose_card_in_every_earlier_deal() -> None:
    rule = [RuleBot(seat) for seat in range(4)]
    assert rule_seats(Game(6).observation(0)) == 0  # nothing to read yet
    game = game_after_deals(6, rule, 1)
    for seat in range(4):
        assert rule_seats(game.observation(seat)) == 15 & ~(1 << seat)
    keen_tables = 0
    for seed in range(6, 10):
        mixed: list[Bot] = [RuleBot(0), RuleBot(1, keen=True), RandomBot(seed), RuleBot(3)]
        read = rule_seats(game_after_deals(seed, mixed, 2).observation(0))
        assert read & 0b0100 == 0  # a random player is never read as `choose_card`'s
        assert read & 0b1000  # a rule bot always is
        keen_tables += not read & 0b0010
    assert keen_tables >= 3  # `keen_card` differs from `choose_card` within two deals


def test_mc_plays_the_seats_read_as_rule_by_choose_card() -> None:
    """Against rule bots, reading the earlier deals changes some of `mc`'s choices in the next one."""
    rule = [RuleBot(seat) for seat in range(4)]
    settings = MonteCarloSettings(playouts=120, pass_playouts=60, time_cap=None)
    unread = replace(settings, read_earlier_deals=False)
    differ = 0
    for seed in range(4):
        game = game_after_deals(20 + seed, rule, 1)
        play_deal(game, rule)
        for observation in replay_observations(game, seat=0):
            reading = MonteCarloBot(seed, settings).choose_play(observation)
            differ += reading != MonteCarloBot(seed, unread).choose_play(observation)
    assert differ >= 2


def replay_observations(game: Game, seat: int) -> list[Observation]:
    """`seat`'s observations at each of its plays with a choice in `game`'s last deal, replayed from the record."""
    replay = Game.from_dict(game.to_dict() | {"actions": []})
    found = []
    for action in game.to_dict()["actions"]:  # type: ignore[attr-defined]
        if replay.phase is Phase.PLAY and replay.turn == seat and replay.deal_number == game.deal_number:
            observation = replay.observation(seat)
            if len(observation.legal) > 1:
                found.append(observation)
        replay.apply_action(action)
    return found


def record_searches(monkeypatch: pytest.MonkeyPatch) -> list[tuple[bool, int, int]]:
    """Every search `mc` runs for a play from now on, as (exact, the `keen_card` seats, the seats read as `rule`)."""
    calls: list[tuple[bool, int, int]] = []

    def recording(*args: Any) -> list[float]:
        exact, keen, reading = args[2], args[6], args[7]
        calls.append((exact, keen, reading[4]))
        return evaluate_plays(*args)

    monkeypatch.setattr(mc, "evaluate_plays", recording)
    return calls


def test_mc_solves_endings_exactly_unless_a_seat_is_read_as_rule(monkeypatch: pytest.MonkeyPatch) -> None:
    """The exact solve assumes perfect play: against seats read as `choose_card` players the playouts go on."""
    calls = record_searches(monkeypatch)
    rule = [RuleBot(seat) for seat in range(4)]
    game = game_after_deals(31, rule, 1)
    play_deal(game, rule)
    endings = [observation for observation in replay_observations(game, seat=0) if len(observation.hand) <= 3]
    assert endings
    for read_earlier_deals in (True, False):
        settings = MonteCarloSettings(
            playouts=24, exact_samples=3, time_cap=None, read_earlier_deals=read_earlier_deals
        )
        calls.clear()
        for observation in endings:
            MonteCarloBot(1, settings).choose_play(observation)
        assert calls and all(exact is not read_earlier_deals for exact, _, _ in calls)


def test_mc_reads_a_rule_player_from_this_deal_when_there_is_no_earlier_deal(monkeypatch: pytest.MonkeyPatch) -> None:
    """In a game's first deal a seat that played `choose_card` on its first three plays with a choice looks like a
    `rule` player: from then on it plays `choose_card` in the playouts and the ending is played out by the heuristic,
    as against a seat read from earlier deals. `read_this_deal_cards` holds the reading back until the seat holds that
    few cards (0: never)."""
    calls = record_searches(monkeypatch)
    rule = [RuleBot(seat) for seat in range(4)]
    game = Game(31)
    play_deal(game, rule)
    searched = [observation for observation in replay_observations(game, seat=0) if len(candidates_of(observation)) > 1]
    read = [plays_like_rule(knowledge_of(observation)) for observation in searched]
    assert read[0] == 0  # nothing to read on the first trick
    assert read[-1] == 0b1110 and all(read[len(read) // 2 :])
    assert any(seats and len(observation.hand) > 7 for observation, seats in zip(searched, read, strict=True))
    for from_cards in (13, 7, 0):
        settings = MonteCarloSettings(playouts=24, exact_samples=3, time_cap=None, read_this_deal_cards=from_cards)
        calls.clear()
        for observation in searched:
            MonteCarloBot(1, settings).choose_play(observation)
        assert len(calls) == len(searched)
        for observation, seats, (exact, keen, rule_seats_read) in zip(searched, read, calls, strict=True):
            assert rule_seats_read == (seats if len(observation.hand) <= from_cards else 0)
            assert keen & rule_seats_read == 0
            assert exact is (len(observation.hand) <= 3 and not rule_seats_read)


def candidates_of(observation: Observation) -> list[int]:
    known = knowledge_of(observation)
    return equivalent_runs(mask_of(observation.legal), known.hand, known.played)


def test_mc_weighs_the_moon_on_any_hand_and_any_gain_when_every_other_seat_is_read_as_rule(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """`rule` bots defend weakly and the samples then model them exactly: against three of them `mc` weighs the moon
    whatever its controls (`rule_shoot_controls`) and goes for it on any gain (`rule_shoot_margin`); with one other
    player at the table it needs `shoot_controls` and `shoot_margin`, in the pass and in the play."""
    margins: list[float] = []
    shares: list[float] = []
    shoots: list[bool] = []
    best_by_plan, shoot_plans, pass_candidates = mc.best_by_plan, mc.shoot_plans, MonteCarloBot._pass_candidates

    def recording_margin(sums: list[float], width: int, shoot_margin: float = 0.0) -> list[float]:
        margins.append(shoot_margin)
        return best_by_plan(sums, width, shoot_margin)

    def recording_share(known: Knowledge, moon: bool, share: float) -> list[bool]:
        shares.append(share)
        return shoot_plans(known, moon, share)

    def recording_shoot(bot: MonteCarloBot, hand: int, shoot: bool) -> list[int]:
        shoots.append(shoot)
        return pass_candidates(bot, hand, shoot)

    monkeypatch.setattr(mc, "best_by_plan", recording_margin)
    monkeypatch.setattr(mc, "shoot_plans", recording_share)
    monkeypatch.setattr(MonteCarloBot, "_pass_candidates", recording_shoot)
    settings = MonteCarloSettings(playouts=24, pass_playouts=24, exact_samples=3, time_cap=None)
    assert (settings.shoot_margin, settings.rule_shoot_margin) == (12.0, 0.0)
    assert (settings.shoot_controls, settings.rule_shoot_controls) == (0.4, 0.0)
    tables = (([RuleBot(1), RuleBot(2), RuleBot(3)], 0.0, 0.0), ([RuleBot(1), RandomBot(2), RuleBot(3)], 12.0, 0.4))
    for others, margin, share in tables:
        players: list[Bot] = [RuleBot(0), *others]
        game = game_after_deals(31, players, 1)
        margins.clear()
        shares.clear()
        observation = game.observation(0)
        MonteCarloBot(1, settings).choose_pass(observation)
        # This hand has too few controls for the moon unless every other seat is read as `rule`.
        assert controls(mask_of(observation.hand), 0) < 0.4 * 13 and shoots == [share == 0.0]
        shoots.clear()
        play_deal(game, players)
        for observation in replay_observations(game, seat=0):
            MonteCarloBot(1, settings).choose_play(observation)
        assert len(margins) > 5 and set(margins) == {margin}
        assert len(shares) > 5 and set(shares) == {share}
    first_deal = Game(31)
    play_deal(first_deal, [RuleBot(seat) for seat in range(4)])
    margins.clear()
    shares.clear()
    for observation in replay_observations(first_deal, seat=0):
        MonteCarloBot(1, settings).choose_play(observation)
    assert margins[0] == 12.0 and margins[-1] == 0.0
    assert shares[0] == 0.4 and shares[-1] == 0.0


def test_a_player_unlike_choose_card_does_not_look_like_rule_within_a_deal() -> None:
    for seed in range(40, 46):
        players: list[Bot] = [RuleBot(0), RandomBot(seed), RandomBot(seed + 1), RandomBot(seed + 2)]
        game = Game(seed)
        play_deal(game, players)
        late = [observation for observation in replay_observations(game, seat=0) if len(observation.hand) <= 7]
        assert late and all(plays_like_rule(knowledge_of(observation)) == 0 for observation in late)
