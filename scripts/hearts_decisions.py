"""Generate the Hearts decision corpus from the Python bots: what the browser's computer players must answer.

    uv run python scripts/hearts_decisions.py            # writes tests/corpus/hearts-decisions.jsonl.gz
    uv run python scripts/hearts_decisions.py --check    # regenerates it all and fails if the committed file differs

A bot's decision is a pure function of the observation, the player, the seed and the budget. A record's player is a
strength (`"strength"`: `decide(observation, strength, seed, budget)`, `heartcards.hearts.bots.decide`) or the
`random` bot, which has no strength (`"bot": "random"`: `RandomBot(seed)` answers, with no budget). Each record holds
that player, the decision seed (decimal text), the budget of a strength (the share of its playouts), a saved game
(`Game.to_dict()`, the seed as decimal text), the seat to decide, the seat's observation (`to_dict()` plus
`earlier_deals`, the tricks of the finished deals before this one) and the answer: three cards to pass or one to
play. The browser replays the game, builds the same observation and must give the same answer. Record i is built
from its own generator, `random.Random(f"hearts-decisions:{i}")`. Players: the `random` bot, `easy` (the `rule`
player), and the `mc` strengths the web's tables play (`normal` and `strong`: `web.hearts.players`). The games of
`mc` records mix `easy` and `random` players, so that `mc` reads some seats as `rule` players and not others.
"""

from __future__ import annotations

import argparse
import gzip
import json
import random
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Final

from heartcards.cards import Card
from heartcards.hearts.bots import STRENGTHS, decide
from heartcards.hearts.bots.random_bot import RandomBot
from heartcards.hearts.engine import Game, Observation, Phase, Trick, Variant

CORPUS = Path(__file__).resolve().parents[1] / "tests" / "corpus" / "hearts-decisions.jsonl.gz"
Json = dict[str, object]

Player = tuple[str, str]
"""Who decides: `("bot", "random")`, the `random` bot, or `("strength", word)`, the player of a strength; a record
carries it as its first field."""
RANDOM: Final[Player] = ("bot", "random")
EASY: Final[Player] = ("strength", "easy")
# How many records of each player, in this order: record i's player follows from i alone.
PLAN: tuple[tuple[Player, int], ...] = (
    (RANDOM, 2000),
    (EASY, 1000),
    (("strength", "normal"), 60),
    (("strength", "strong"), 40),
)
MC_BUDGETS = (1.0, 1.0, 0.5, 0.25)
"""The budgets of `mc` records, drawn at random: the server's own steps under load (`hearts.tables.decisions`)."""
MC_KINDS = ("pass", "play", "play", "ending")
"""What an `mc` record asks, drawn at random: a pass, a play, or a play in the deal's last `ENDING_CARDS` cards."""
ENDING_CARDS = 3
"""`mc` solves a deal's ending exactly once the seat holds this many cards (`exact_cards`), unless it reads another
seat as a `rule` player."""
TOTAL = sum(count for _, count in PLAN)
TARGETS = (20, 50, 75, 100)


def player_of(index: int) -> Player:
    for player, count in PLAN:
        if index < count:
            return player
        index -= count
    raise IndexError(f"record {index} is past the corpus ({TOTAL} records)")


def record_player(record: Json) -> Player:
    """The player a record names: its `bot` or its `strength`."""
    return ("bot", str(record["bot"])) if "bot" in record else ("strength", str(record["strength"]))


def is_mc(player: Player) -> bool:
    return player[0] == "strength" and player[1] in STRENGTHS


def answer(observation: Observation, player: Player, seed: int, budget: float = 1.0) -> tuple[Card, ...]:
    """The cards `player` chooses for the seat of `observation`: three to pass, or one to play."""
    field, name = player
    if player == RANDOM:
        bot = RandomBot(seed)
        passing = observation.phase is Phase.PASS and not observation.passed
        return bot.choose_pass(observation) if passing else (bot.choose_play(observation),)
    if field != "strength":
        raise ValueError(f"{player!r} is not a player of the corpus")
    choice = decide(observation, name, seed, budget)
    return choice if isinstance(choice, tuple) else (choice,)


def deciding_seats(game: Game) -> list[int]:
    """The seats asked something now: those yet to pass, or the seat to play."""
    if game.phase is Phase.PASS:
        return [seat for seat in range(4) if game.passes[seat] is None]
    return [game.turn] if game.phase is Phase.PLAY and game.turn is not None else []


def trick_json(trick: Trick) -> Json:
    return trick.to_dict()


def step(game: Game, rng: random.Random, players: list[Player], seed: int) -> bool:
    """One action by one of the seats asked (a deal over goes on to the next); False once the game is over."""
    if game.phase is Phase.DEAL_OVER:
        game.apply_next_deal()
    seats = deciding_seats(game)
    if not seats:
        return False
    seat = rng.choice(seats)
    cards = answer(game.observation(seat), players[seat], seed)
    if game.phase is Phase.PASS:
        game.apply_pass(seat, cards)
    else:
        game.apply_play(seat, cards[0])
    return True


def hand_of_turn(game: Game) -> int:
    return len(game.observation(game.turn).hand) if game.phase is Phase.PLAY and game.turn is not None else 0


def legal_of_turn(game: Game) -> int:
    return len(game.observation(game.turn).legal) if game.phase is Phase.PLAY and game.turn is not None else 2


def build_record(index: int) -> Json:
    """Record `index`: a game played to a random point, and one seat's decision there. An `mc` record asks for a
    pass or a choice among two cards at least (a single legal card costs `mc` nothing); an ending is asked among
    `random` players, where `mc` solves it exactly."""
    rng = random.Random(f"hearts-decisions:{index}")
    player = player_of(index)
    game = Game(rng.getrandbits(64), rng.choice(list(Variant)), rng.choice(TARGETS), rng.randint(1, 4))
    players = [EASY] * 4
    kind = "play"
    if is_mc(player):
        kind = rng.choice(MC_KINDS)
        players = [RANDOM] * 4 if kind == "ending" else [rng.choice((EASY, RANDOM)) for _ in range(4)]
    for _ in range(rng.randint(0, 250)):
        if not step(game, rng, players, index):
            break
    if is_mc(player):
        while kind == "pass" and game.phase is not Phase.PASS and step(game, rng, players, index):
            pass
        while kind == "ending" and hand_of_turn(game) > ENDING_CARDS and step(game, rng, players, index):
            pass
        while legal_of_turn(game) < 2 and step(game, rng, players, index):
            pass
    if game.phase is Phase.DEAL_OVER:
        game.apply_next_deal()
    if game.phase is Phase.GAME_OVER:  # the position before the game's last card
        game = Game.from_dict({**game.to_dict(), "actions": game.actions[:-1]})
    seat = rng.choice(deciding_seats(game))
    observation = game.observation(seat)
    seed = rng.getrandbits(64)
    budget = rng.choice(MC_BUDGETS) if is_mc(player) else 1.0
    cards = answer(observation, player, seed, budget)
    field, name = player
    return {
        field: name,
        "seed": str(seed),
        **({"budget": budget} if field == "strength" else {}),
        "game": {**game.to_dict(), "seed": str(game.seed)},
        "seat": seat,
        "observation": {
            **observation.to_dict(),
            "earlier_deals": [[trick_json(trick) for trick in deal] for deal in observation.earlier_deals],
        },
        "choice": [card.text for card in cards],
    }


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
        print(f"{CORPUS.name}: {TOTAL} records match the bots")
        return 0
    count = write()
    print(f"wrote {count} records to {CORPUS} ({CORPUS.stat().st_size:,} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
