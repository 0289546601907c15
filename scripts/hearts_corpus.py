"""Generate the Hearts conformance corpus from the Python engine: the cases the browser's Hearts engine must replay.

    uv run python scripts/hearts_corpus.py            # writes tests/corpus/hearts.jsonl.gz
    uv run python scripts/hearts_corpus.py --check    # regenerates it all and fails if the committed file differs

Each line is one record (JSON). Record i is built from its own generator, `random.Random(f"hearts-corpus:{i}")`, so
any record can be regenerated alone (the pytest test checks a sample; `--check` checks all). Kinds:

- `deal`: a seed and a deal number, and the four hands it deals before passing.
- `play`: a game replayed to a random point by random legal actions (`prefix`), then steps at random: legal
  actions, cards the rules refuse, plays out of turn or not in hand, passes that are wrong, `next` at the wrong time,
  and text that is no action at all.
- `game`: a whole game to its end, every step checked, then actions after the end. Some seats play to take every
  trick and others to duck, so moons come up; small targets end games within a deal or two, so the special
  variant's perfect hands and ties come up too.
- `moon`: a deal where one seat shoots the moon, every step checked (seeds are tried until the styles give one).
- `queen`: the Q♠ tried on the first trick by a seat with no clubs (the one rule random play rarely reaches).
- `replay`: a saved game (`Game.to_dict()`) rebuilt at once by `Game.from_dict`, sometimes broken: its final state,
  or the `GameRecordError`.

Seeds are 64-bit, so records write them as decimal text (JSON numbers lose precision past 2**53 in a browser).
A record holds `seed`, `variant`, `target`, `first_deal`, `prefix` (actions applied unchecked), `start` (the state
after them); each step is `[action, result, changes]`, where `result` is null or the error and `changes` holds only
the state fields that differ from the state before it. State fields: `phase`, `deal`, `pass`, `turn`, `hands` (four
texts, cards in index order ♣ ♦ ♠ ♥, 2 to A), `passed` (each seat's pass or null), `received`, `trick`
([leader, cards] of the trick in play), `tricks` (how many finished this deal), `last` ([leader, cards, winner] of
the last finished trick), `broken`, `points` (taken this deal), `totals`, `scores` (the last scored deal's points),
`moon` and `queen` (the last scored deal's shooter and Q♠ taker), `winners`, `legal` (the legal cards of the seat to
play). Errors are `{"error": key, "params": …}`: the engines agree on what was refused and why, and each words it
in its own messages (the edges show the key's translation).
"""

from __future__ import annotations

import argparse
import gzip
import json
import random
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

from heartcards.cards import Card
from heartcards.hearts.engine import (
    CARDS,
    Game,
    HeartsError,
    Phase,
    Variant,
    cards_of,
    deal_hands,
)
from heartcards.hearts.engine.cards import QUEEN_OF_SPADES_INDEX, hearts_order

CORPUS = Path(__file__).resolve().parents[1] / "tests" / "corpus" / "hearts.jsonl.gz"
Json = dict[str, object]
Step = list[object]

# How many records of each kind, in this order: record i's kind follows from i alone.
PLAN: tuple[tuple[str, int], ...] = (
    ("deal", 3000),
    ("play", 5500),
    ("game", 220),
    ("moon", 120),
    ("queen", 160),
    ("replay", 1000),
)
TOTAL = sum(count for _, count in PLAN)

TARGETS = (1, 10, 20, 26, 30, 40, 50, 75, 100)
# Text a player could send that is no action, or an action written oddly.
ODD_ACTIONS = (
    "",
    " ",
    "next 1",
    "NEXT",
    "Next",
    "play",
    "play 1",
    "play 1 QS QS",
    "play x QS",
    "play 1.0 QS",
    "play +1 2C",
    "play ١ 2C",
    "play 1_0 2C",
    "play 01 2C",
    "play 4 2C",
    "play -1 2C",
    "play 1 1C",
    "play 1 11C",
    "play 1 ZZ",
    "play 1 Q",
    "play 1 QX",
    "play 1 qs",
    "play 1 10h",
    "play 1 ♠Q",
    "play 1 'Q'",
    "PLAY 1 QS",
    "pass 1 2C 3C",
    "pass 1 2C 3C 4C 5C",
    "pass 5 2C 3C 4C",
    "pass 1 2C 3C XX",
    "pass x 2C 3C 4C",
    "pass 0 2C 2C 2C",
    "pass 0 2c 3C 4c",
    "pass\t0 2C 3C 4C",
    "deal",
    "\x00",
    "play 2 é",
)


def hand_text(mask: int) -> str:
    return " ".join(card.text for card in cards_of(mask))


def cards_text(cards: tuple[Card, ...] | list[Card]) -> str:
    return " ".join(card.text for card in cards)


def snapshot(game: Game) -> Json:
    """Everything the rules decide, in a form both languages write alike."""
    last = game.tricks[-1] if game.tricks else None
    record = game.records[-1] if game.records else None
    turn = game.turn
    return {
        "phase": game.phase.value,
        "deal": game.deal_number,
        "pass": game.pass_direction.value,
        "turn": turn,
        "hands": [hand_text(mask) for mask in game.hands],
        "passed": [None if mask is None else hand_text(mask) for mask in game.passes],
        "received": [hand_text(mask) for mask in game.received],
        "trick": [game.trick_leader, " ".join(CARDS[index].text for index in game.trick_cards)],
        "tricks": len(game.tricks),
        "last": None if last is None else [last.leader, cards_text(last.cards), last.winner],
        "broken": game.hearts_broken,
        "points": list(game.points_so_far),
        "totals": list(game.totals),
        "scores": list(game.score_history[-1]) if game.score_history else None,
        "moon": None if record is None else record.moon_shooter,
        "queen": None if record is None else record.queen_taker,
        "winners": list(game.winners),
        "legal": "" if turn is None else cards_text(game.legal_plays(turn)),
    }


def error_json(error: HeartsError) -> Json:
    return {"error": error.key, "params": error.params}


class Recorder:
    """Steps of one record: each action, its result and the state fields it changed."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.state = snapshot(game)
        self.start = self.state
        self.steps: list[Step] = []

    def act(self, action: str) -> None:
        result: Json | None = None
        try:
            self.game.apply_action(action)
        except HeartsError as error:
            result = error_json(error)
        state = snapshot(self.game)
        self.steps.append([action, result, {key: value for key, value in state.items() if self.state[key] != value}])
        self.state = state


def new_game(rng: random.Random) -> Game:
    seed = rng.getrandbits(64) if rng.random() < 0.8 else rng.randrange(-1000, 100_000)
    variant = Variant.SPECIAL if rng.random() < 0.5 else Variant.CLASSIC
    return Game(seed, variant, rng.choice(TARGETS), rng.randint(1, 8) if rng.random() < 0.5 else 1)


def game_header(kind: str, game: Game) -> Json:
    return {
        "kind": kind,
        "seed": str(game.seed),
        "variant": game.variant.value,
        "target": game.target,
        "first_deal": game.first_deal,
    }


# -- choosing what to do ------------------------------------------------------------------------------------------


class Style:
    """How a seat chooses: at random, or to take every trick (`shoot`), or to take none (`duck`)."""

    RANDOM = "random"
    SHOOT = "shoot"
    DUCK = "duck"


def by_order(card: Card) -> int:
    return hearts_order(card.rank)


def choose_pass(rng: random.Random, game: Game, seat: int, style: str) -> list[Card]:
    hand = list(game.hand(seat))
    if style == Style.SHOOT:
        return sorted(hand, key=by_order)[:3]
    if style == Style.DUCK:
        return sorted(hand, key=by_order)[-3:]
    return rng.sample(hand, 3)


def choose_play(rng: random.Random, game: Game, seat: int, style: str) -> Card:
    legal = list(game.legal_plays(seat))
    if style == Style.SHOOT:
        return max(legal, key=by_order)
    if style == Style.DUCK:
        following = game.trick_cards and any(card.suit == CARDS[game.trick_cards[0]].suit for card in legal)
        if following or not game.trick_cards:
            return min(legal, key=by_order)
        return min(
            legal, key=lambda card: (card.suit.value == "H" or card == CARDS[QUEEN_OF_SPADES_INDEX], by_order(card))
        )
    return rng.choice(legal)


def legal_action(rng: random.Random, game: Game, styles: list[str]) -> str | None:
    """A legal action now (None once the game is over)."""
    if game.phase is Phase.PASS:
        seat = rng.choice([seat for seat in range(4) if game.passes[seat] is None])
        return f"pass {seat} {cards_text(choose_pass(rng, game, seat, styles[seat]))}"
    if game.phase is Phase.PLAY:
        seat = game.turn
        assert seat is not None
        return f"play {seat} {choose_play(rng, game, seat, styles[seat]).text}"
    if game.phase is Phase.DEAL_OVER:
        return "next"
    return None


def wrong_action(rng: random.Random, game: Game) -> str:
    """An action that is most often refused here: each rule's refusal, and text that is no action."""
    roll = rng.random()
    seat = game.turn if game.turn is not None else rng.randrange(4)
    hand = list(game.hand(seat))
    if roll < 0.35 and game.phase is Phase.PLAY and hand:
        legal = set(game.legal_plays(seat))
        refused = [card for card in hand if card not in legal]
        return f"play {seat} {rng.choice(refused or hand).text}"
    if roll < 0.45:
        other = rng.choice([other for other in range(4) if other != seat])
        cards = list(game.hand(other)) or list(CARDS)
        return f"play {other} {rng.choice(cards).text}"
    if roll < 0.55:
        missing = [card for card in CARDS if card not in hand]
        return f"play {seat} {rng.choice(missing).text}"
    if roll < 0.7:
        count = rng.choice((2, 3, 3, 4))
        cards = rng.sample(hand, min(count, len(hand))) if hand and rng.random() < 0.7 else rng.sample(CARDS, count)
        if len(cards) == 3 and rng.random() < 0.2:
            cards[2] = cards[0]
        return f"pass {seat} {cards_text(cards)}"
    if roll < 0.8:
        return "next"
    return rng.choice(ODD_ACTIONS)


def random_styles(rng: random.Random) -> list[str]:
    if rng.random() < 0.5:
        return [Style.RANDOM] * 4
    shooter = rng.randrange(4)
    return [Style.SHOOT if seat == shooter else Style.DUCK for seat in range(4)]


# -- the kinds ---------------------------------------------------------------------------------------------------


def deal_record(rng: random.Random) -> Json:
    seed = rng.getrandbits(64) if rng.random() < 0.7 else rng.randrange(-(2**63), 2**64)
    if rng.random() < 0.1:
        seed = rng.randrange(-5, 1000)
    number = rng.randint(1, 40) if rng.random() < 0.9 else rng.randint(1, 10**6)
    return {
        "kind": "deal",
        "seed": str(seed),
        "deal": number,
        "hands": [hand_text(m) for m in deal_hands(seed, number)],
    }


def play_record(rng: random.Random) -> Json:
    game = new_game(rng)
    styles = random_styles(rng)
    prefix: list[str] = []
    for _ in range(rng.randint(0, 70)):
        action = legal_action(rng, game, styles)
        if action is None:
            break
        game.apply_action(action)
        prefix.append(action)
    recorder = Recorder(game)
    for _ in range(rng.randint(4, 12)):
        action = legal_action(rng, game, styles) if rng.random() < 0.5 else None
        recorder.act(action if action is not None else wrong_action(rng, game))
    return {**game_header("play", game), "prefix": prefix, "start": recorder.start, "steps": recorder.steps}


def game_record(rng: random.Random) -> Json:
    game = new_game(rng)
    styles = random_styles(rng)
    recorder = Recorder(game)
    while (action := legal_action(rng, game, styles)) is not None:
        recorder.act(action)
        if rng.random() < 0.02:
            recorder.act(wrong_action(rng, game))
    for _ in range(rng.randint(1, 3)):
        recorder.act(wrong_action(rng, game))
    return {**game_header("game", game), "prefix": [], "start": recorder.start, "steps": recorder.steps}


def play_deal(rng: random.Random, game: Game, styles: list[str], act: Callable[[str], None]) -> None:
    """Plays the current deal to its score by the seats' styles."""
    while game.phase in (Phase.PASS, Phase.PLAY):
        action = legal_action(rng, game, styles)
        assert action is not None
        act(action)


def moon_record(rng: random.Random) -> Json:
    """A deal where the seat playing to take every trick shoots the moon, found by trying seeds, every step checked."""
    while True:
        game = new_game(rng)
        styles = random_styles(rng) if rng.random() < 0.2 else [Style.SHOOT, Style.DUCK, Style.DUCK, Style.DUCK]
        rng.shuffle(styles)
        state = rng.getstate()
        play_deal(rng, game, styles, game.apply_action)
        if game.records[-1].moon_shooter is not None:
            break
    rng.setstate(state)
    game = Game(game.seed, game.variant, game.target, game.first_deal)
    recorder = Recorder(game)
    play_deal(rng, game, styles, recorder.act)
    for _ in range(rng.randint(1, 3)):
        recorder.act(wrong_action(rng, game))
    return {**game_header("moon", game), "prefix": [], "start": recorder.start, "steps": recorder.steps}


def queen_record(rng: random.Random) -> Json:
    """A no-pass deal where a seat void in clubs holds the Q♠, played to that seat's first card; it tries the Q♠."""
    while True:
        game = Game(rng.getrandbits(64), rng.choice(list(Variant)), rng.choice(TARGETS), 4 * rng.randint(1, 3))
        voids = [
            seat
            for seat in range(4)
            if not any(card.suit.value == "C" for card in game.hand(seat))
            and CARDS[QUEEN_OF_SPADES_INDEX] in game.hand(seat)
        ]
        if voids:
            break
    seat = voids[0]
    prefix: list[str] = []
    while game.turn != seat:
        action = legal_action(rng, game, [Style.RANDOM] * 4)
        assert action is not None
        game.apply_action(action)
        prefix.append(action)
    recorder = Recorder(game)
    recorder.act(f"play {seat} QS")
    recorder.act(f"play {seat} {choose_play(rng, game, seat, Style.RANDOM).text}")
    return {**game_header("queen", game), "prefix": prefix, "start": recorder.start, "steps": recorder.steps}


def replay_record(rng: random.Random) -> Json:
    """A saved game of random legal actions, sometimes broken, rebuilt at once."""
    game = new_game(rng)
    styles = random_styles(rng)
    for _ in range(rng.randint(0, 150)):
        action = legal_action(rng, game, styles)
        if action is None:
            break
        game.apply_action(action)
    data = game.to_dict()
    actions = list(game.actions)
    roll = rng.random()
    if roll < 0.3:
        actions.insert(rng.randint(0, len(actions)), wrong_action(rng, game))
    elif roll < 0.35:
        data["version"] = rng.choice((0, 2, "1", None))
    elif roll < 0.4:
        data["variant"] = rng.choice(("Classic", "moon", ""))
    elif roll < 0.45:
        data["target"] = rng.choice((0, -5))
    elif roll < 0.5:
        data["first_deal"] = 0
    data["actions"] = actions
    written = {**data, "seed": str(game.seed)}
    try:
        replayed = Game.from_dict(data)
    except HeartsError as error:
        return {"kind": "replay", "data": written, **error_json(error)}
    return {"kind": "replay", "data": written, "state": snapshot(replayed)}


def kind_of(index: int) -> str:
    for kind, count in PLAN:
        if index < count:
            return kind
        index -= count
    raise IndexError(f"record {index} is past the corpus ({TOTAL} records)")


BUILDERS: dict[str, Callable[[random.Random], Json]] = {
    "deal": deal_record,
    "play": play_record,
    "game": game_record,
    "moon": moon_record,
    "queen": queen_record,
    "replay": replay_record,
}


def build_record(index: int) -> Json:
    """Record `index` of the corpus, the same on every run."""
    return BUILDERS[kind_of(index)](random.Random(f"hearts-corpus:{index}"))


def record_line(record: Json) -> str:
    return json.dumps(record, ensure_ascii=False, separators=(",", ":"))


def build_lines() -> Iterator[str]:
    for index in range(TOTAL):
        yield record_line(build_record(index))


def read_lines(path: Path = CORPUS) -> list[str]:
    with gzip.open(path, "rt", encoding="utf-8") as corpus:
        return corpus.read().splitlines()


def write(path: Path = CORPUS) -> int:
    path.parent.mkdir(parents=True, exist_ok=True)
    count = 0
    with path.open("wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", mtime=0, compresslevel=9) as packed:
        for line in build_lines():
            packed.write((line + "\n").encode("utf-8"))
            count += 1
    return count


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--check", action="store_true", help="regenerate and compare with the committed corpus")
    arguments = parser.parse_args()
    if arguments.check:
        committed = read_lines()
        for index, line in enumerate(build_lines()):
            if index >= len(committed) or committed[index] != line:
                print(f"record {index} differs from {CORPUS.name}: regenerate it", file=sys.stderr)
                return 1
        if len(committed) != TOTAL:
            print(f"{CORPUS.name} holds {len(committed)} records, expected {TOTAL}", file=sys.stderr)
            return 1
        print(f"{CORPUS.name}: {TOTAL} records match the engine")
        return 0
    count = write()
    print(f"wrote {count} records to {CORPUS} ({CORPUS.stat().st_size:,} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
