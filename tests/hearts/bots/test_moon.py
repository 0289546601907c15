"""Moon play: `mc` goes for the moon when its hand clearly allows it, not when it clearly does not, and stops an
opponent's run; the playouts, the shooter's heuristic and the deal value score the moon as the rules do."""

from dataclasses import dataclass, replace

from heartcards.cards import Card
from heartcards.hearts.bots import STRENGTHS, MonteCarloBot, make_bot
from heartcards.hearts.bots.arena import moon_events
from heartcards.hearts.bots.knowledge import knowledge_of
from heartcards.hearts.bots.playout import Outlook, playout, solve
from heartcards.hearts.bots.policy import controls, moon_pass_mask, shoot_card
from heartcards.hearts.bots.search import best_by_plan, shoot_plans
from heartcards.hearts.engine import CARDS, INDEX_OF, Game, Observation, cards_of, mask_of

from ..helpers import cards, game_with_hands

STRONG = replace(STRENGTHS["strong"], time_cap=None)

MOON_HAND = [
    "AH KH QH JH 10H 9H 8H AS KS QS AD KD 2D",
    "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC",
    "3D 4D 5D 6D 7D 8D 9D 10D JD QD 2S 3S 4S",
    "5S 6S 7S 8S 9S 10S JS 2H 3H 4H 5H 6H 7H",
]
WEAK_HAND = [
    "2C 3C 4C 5D 6D 7D 2S 3S QS AH KH 2H 3H",
    "5C 6C 7C 8C 9C 10C JC QC KC AC 8D 9D 10D",
    "JD QD KD AD 4S 5S 6S 7S 8S 9S 10S JS 4D",
    "KS AS 4H 5H 6H 7H 8H 9H 10H JH QH 2D 3D",
]


@dataclass(frozen=True)
class Recorded:
    """A position from a recorded deal (classic, target 100): the game's seed, its first deal and the actions."""

    seed: int
    first_deal: int
    actions: str

    def game(self) -> Game:
        actions = self.actions.split(", ")
        return Game.from_dict(
            {"version": 1, "seed": self.seed, "variant": "classic", "target": 100, "first_deal": self.first_deal,
             "actions": actions}
        )  # fmt: skip


# Found in deals between mc bots: four cards left, and under perfect information exactly one legal card keeps the
# seat's own run alive (KEEP_RUN: seat 0, 22 points so far; KEEP_RUN_AFTER_PASS: seat 1, 21 points) or stops an
# opponent's (STOP_RUN: seat 1 has 20 points, seat 0 must play the 6♥). The rule bot misses all three.
STOP_RUN = Recorded(
    seed=319,
    first_deal=4,
    actions=(
        "play 2 2C, play 3 8C, play 0 KC, play 1 QC, play 0 6S, play 1 5S, play 2 JS, play 3 10S, play 2 KD, "
        "play 3 2D, play 0 5D, play 1 8D, play 2 10D, play 3 7D, play 0 6D, play 1 QD, play 1 6C, play 2 JC, "
        "play 3 4C, play 0 9C, play 2 7C, play 3 5C, play 0 3C, play 1 AC, play 1 AD, play 2 QS, play 3 3D, "
        "play 0 10C, play 1 QH, play 2 9H, play 3 7H, play 0 10H, play 1 KH, play 2 2H, play 3 4D, "
        "play 0 3H, play 1 AH, play 2 4S, play 3 9D"
    ),
)

KEEP_RUN = Recorded(
    seed=287,
    first_deal=4,
    actions=(
        "play 3 2C, play 0 QC, play 1 3C, play 2 JC, play 0 10D, play 1 7D, play 2 5D, play 3 KD, "
        "play 3 10C, play 0 8C, play 1 4C, play 2 7C, play 3 6D, play 0 JD, play 1 QS, play 2 8D, play 0 JS, "
        "play 1 10S, play 2 4S, play 3 8S, play 0 5S, play 1 2S, play 2 9C, play 3 9S, play 3 5C, play 0 6C, "
        "play 1 7S, play 2 9H, play 0 KH, play 1 3H, play 2 JH, play 3 6H, play 0 AH, play 1 5H, play 2 QH, "
        "play 3 7H"
    ),
)

KEEP_RUN_AFTER_PASS = Recorded(
    seed=260,
    first_deal=1,
    actions=(
        "pass 0 KD KS AH, pass 1 2C 3C AD, pass 2 5C 8C KC, pass 3 JC QC AC, play 2 2C, play 3 KC, "
        "play 0 JC, play 1 KD, play 3 8S, play 0 9S, play 1 5S, play 2 AS, play 2 2S, play 3 7H, play 0 QC, "
        "play 1 6S, play 1 10S, play 2 3S, play 3 QH, play 0 7C, play 1 JS, play 2 4S, play 3 5H, play 0 AC, "
        "play 1 QS, play 2 7S, play 3 8D, play 0 3H, play 1 KS, play 2 3D, play 3 5C, play 0 2D, play 1 JH, "
        "play 2 3C, play 3 10D, play 0 8H, play 1 KH, play 2 6D, play 3 6C, play 0 9H"
    ),
)


def m(text: str) -> int:
    return mask_of(cards(text))


def texts(chosen: tuple[Card, ...] | list[Card]) -> set[str]:
    return {card.text for card in chosen}


def test_a_moon_hand_is_kept_together_when_passing() -> None:
    # Seven top hearts and the top spades: the heuristic would pass the Q♠ and the top hearts; mc keeps them and
    # gives away its losers (the 2♦ and its lowest hearts, which it wins back).
    game = game_with_hands(MOON_HAND, deal_number=1)
    observation = game.observation(0)
    assert texts(cards_of(moon_pass_mask(mask_of(observation.hand)))) == {"2D", "8H", "9H"}
    for seed in range(3):
        assert texts(MonteCarloBot(seed, STRONG).choose_pass(observation)) == {"2D", "8H", "9H"}


def test_a_weak_hand_does_not_weigh_the_moon_against_players_it_has_not_read() -> None:
    """Against three seats read as `rule` players it would (`rule_shoot_controls`, tested in test_bots)."""
    game = game_with_hands(WEAK_HAND, deal_number=1)
    observation = game.observation(0)
    hand = mask_of(observation.hand)
    assert controls(hand, 0) < 4
    assert shoot_plans(knowledge_of(observation), True) == [False]
    keeping = texts(cards_of(moon_pass_mask(hand)))
    for seed in range(3):
        passed = texts(MonteCarloBot(seed, STRONG).choose_pass(observation))
        assert passed != keeping


def test_the_shooter_leads_masters_wins_point_tricks_and_sheds_losers() -> None:
    played = m("2C 3C 4C 5C")
    hand = m("AS KS 2D AH KH")
    assert CARDS[shoot_card(0, hand, hand, [], played, [0, 0, 0, 0])].text in {"AS", "AH"}
    # Following: it wins with its highest card, or its lowest winning one when last to play.
    trick = [INDEX_OF[Card.parse("9S")]]
    assert CARDS[shoot_card(0, hand, m("AS KS"), trick, played, [0, 0, 0, 0])].text == "AS"
    trick = [INDEX_OF[Card.parse(text)] for text in ("9S", "10S", "JS")]
    assert CARDS[shoot_card(0, hand, m("AS KS"), trick, played, [0, 0, 0, 0])].text == "KS"
    # Void: it sheds its lowest non-point card, never a heart.
    trick = [INDEX_OF[Card.parse("9C")]]
    assert CARDS[shoot_card(0, hand, hand, trick, played, [0, 0, 0, 0])].text == "2D"
    # Once another seat has a point the run is over: it plays the heuristic (dumps its highest heart when void).
    taken = [0, m("2H"), 0, 0]
    assert CARDS[shoot_card(0, hand, hand, trick, played, taken)].text != "2D"


def test_a_playout_where_one_seat_takes_everything_scores_the_moon() -> None:
    # Five tricks left, seat 0 on lead with every master and every point so far: going for the moon it takes the
    # rest, 0 points to it and 13 to each other seat.
    hands = [m("AH KH QH AS KS"), m("2H 3H 2C 3C 4C"), m("4H 5H 5C 6C 7C"), m("6H 7H 8C 9C 10C")]
    taken = [m("QS JH 10H 9H 8H 2D 3D 4D 5D"), m("6D 7D 8D 9D 10D JD QD KD AD 2S 3S 4S 5S"), 0, 0]
    played = taken[0] | taken[1] | m("6S 7S 8S 9S 10S JS")
    taken[2] = m("6S 7S 8S")
    taken[3] = m("9S 10S JS")
    points = playout([*hands], [], 0, [*taken], played, True, 8, -1, 0, True)
    assert points == (0, 13, 13, 13)


def test_the_deal_value_scores_the_moon_and_the_perfect_hand_by_the_rules() -> None:
    early = Outlook(0, [10, 20, 30, 40], False, 100)
    assert early.value((0, 13, 13, 13)) == -13.0
    assert early.value((13, 0, 0, 13)) < early.value((0, 13, 13, 13)) + 30
    # Special variant, the game can end: seat 1 leads; seat 0 shooting the moon is a perfect hand (0 points) for a
    # seat that is not the leader, so the game goes on: better for seat 0 than a deal that ends it with a loss.
    special = Outlook(0, [90, 80, 95, 99], True, 100)
    assert special.value((0, 13, 13, 13)) < special.value((1, 0, 12, 13))
    # In the classic variant the same moon ends the game (totals 90, 93, 108, 112): seat 0 wins outright.
    classic = Outlook(0, [90, 80, 95, 99], False, 100)
    assert classic.value((0, 13, 13, 13)) < classic.value((1, 0, 12, 13))


def test_the_others_weight_turns_the_standing_into_the_seats_own_points() -> None:
    own = Outlook(0, [10, 20, 30, 40], False, 100, others_weight=0.0)
    assert own.value((0, 13, 13, 13)) == 0.0
    assert own.value((13, 0, 13, 13)) == 13.0  # a moon shot against the seat costs what 13 points of its own do
    assert own.value((5, 21, 0, 0)) == 5.0
    standing = Outlook(0, [10, 20, 30, 40], False, 100)
    assert standing.value((13, 0, 13, 13)) == 13 - 26 / 3  # the shooter gains on it; the others do not
    assert standing.value((5, 21, 0, 0)) == 5 - 7.0


def test_moon_events_count_shooters_failures_and_stops() -> None:
    from heartcards.hearts.bots import make_bot, play_game

    result = play_game([make_bot("rule", seed=seat) for seat in range(4)], 12, single_deal=1)
    events = moon_events(result.records[0])
    assert events.shooter == result.records[0].moon_shooter
    assert all(result.records[0].points[seat] >= 22 for seat in events.failed)


def only_card_for_the_moon(observation: Observation, game: Game, shooter: int) -> set[str]:
    """The legal cards after which, everyone playing perfectly with every hand known, `shooter` does (when it is
    the seat to play) or does not (otherwise) shoot the moon."""
    seat = observation.seat
    chosen = set()
    for card in observation.legal:
        points = solve(
            list(game.hands), list(game.trick_cards), game.trick_leader, list(game.taken), game.hearts_broken,
            len(game.tricks), INDEX_OF[card],
        )  # fmt: skip
        moon = points[shooter] == 0 and sum(points) == 39
        if moon == (shooter == seat):
            chosen.add(card.text)
    return chosen


def test_mc_plays_the_only_card_that_keeps_its_moon() -> None:
    for recorded, seat, card in ((KEEP_RUN, 0, "10H"), (KEEP_RUN_AFTER_PASS, 1, "AH")):
        game = recorded.game()
        assert game.turn == seat
        observation = game.observation(seat)
        assert only_card_for_the_moon(observation, game, seat) == {card}
        assert make_bot("rule").choose_play(observation).text != card
        assert shoot_plans(knowledge_of(observation), True) == [False, True]
        for seed in range(3):
            assert MonteCarloBot(seed, STRONG).choose_play(observation).text == card


def test_mc_plays_the_only_card_that_stops_an_opponents_moon() -> None:
    game = STOP_RUN.game()
    observation = game.observation(0)
    assert observation.deal_points == (0, 20, 0, 0)
    assert only_card_for_the_moon(observation, game, 1) == {"6H"}
    assert make_bot("rule").choose_play(observation).text == "JH"
    for seed in range(3):
        assert MonteCarloBot(seed, STRONG).choose_play(observation).text == "6H"


def test_the_moon_plan_counts_only_when_it_beats_normal_play_by_the_margin() -> None:
    # Two candidates, two plans (normal, moon), two deals each: normal means 5 and 10, moon means 2 and 15.
    sums = [10.0, 20.0, 4.0, 30.0, 2.0, 2.0]
    assert best_by_plan(sums, 2) == [2.0, 10.0]
    assert best_by_plan(sums, 2, shoot_margin=2.0) == [4.0, 10.0]
    assert best_by_plan(sums, 2, shoot_margin=4.0) == [5.0, 10.0]
    assert STRONG.shoot_margin > 0


def test_the_controls_share_decides_which_hands_weigh_the_moon() -> None:
    known = knowledge_of(game_with_hands(MOON_HAND, deal_number=1).observation(0))
    share = controls(known.hand, 0) / known.hand.bit_count()
    assert shoot_plans(known, True, share) == [False, True]
    assert shoot_plans(known, True, share + 0.01) == [False]


# Seat 3, last to play to a diamond trick it cannot win, holds enough controls to weigh the moon. Going for it, it
# keeps its high diamonds and plays the 3♦; playing normally, it sheds the 9♦ while the trick is safe.
MARGINAL_MOON = Recorded(
    seed=1, first_deal=4, actions="play 3 2C, play 0 QC, play 1 JC, play 2 9C, play 0 AD, play 1 KD, play 2 JD"
)


def test_mc_declines_a_moon_its_samples_favour_by_less_than_the_margin() -> None:
    observation = MARGINAL_MOON.game().observation(3)
    assert shoot_plans(knowledge_of(observation), True) == [False, True]
    eager = replace(STRONG, shoot_margin=0.0)
    for seed in range(3):
        assert MonteCarloBot(seed, eager).choose_play(observation).text == "3D"
        assert MonteCarloBot(seed, STRONG).choose_play(observation).text == "9D"
