"""Generate the Hearts decision corpus from the Python bots: what the browser's computer players must answer.

    uv run python scripts/hearts_decisions.py            # writes tests/corpus/hearts-decisions.jsonl.gz
    uv run python scripts/hearts_decisions.py --check    # regenerates it all and fails if the committed file differs

A bot's decision is a pure function of the observation, the level, the seed and the budget
(`heartcards.hearts.bots.decide`), so each record holds a saved game (`Game.to_dict()`, the seed as decimal text),
the seat to decide, the level and decision seed (decimal text), the seat's observation (`to_dict()` plus
`earlier_deals`, the tricks of the finished deals before this one) and the answer: three cards to pass or one to play.
The browser replays the game, builds the same observation and must give the same answer. Record i is built from its
own generator, `random.Random(f"hearts-decisions:{i}")`. Levels so far: `random`, `rule`.
"""

from __future__ import annotations

import argparse
import gzip
import json
import random
import sys
from collections.abc import Iterator
from pathlib import Path

from heartcards.hearts.bots import decide
from heartcards.hearts.engine import Game, Phase, Trick, Variant

CORPUS = Path(__file__).resolve().parents[1] / "tests" / "corpus" / "hearts-decisions.jsonl.gz"
Json = dict[str, object]

# How many records of each level, in this order: record i's level follows from i alone.
PLAN: tuple[tuple[str, int], ...] = (("random", 2000), ("rule", 1000))
TOTAL = sum(count for _, count in PLAN)
TARGETS = (20, 50, 75, 100)


def level_of(index: int) -> str:
    for level, count in PLAN:
        if index < count:
            return level
        index -= count
    raise IndexError(f"record {index} is past the corpus ({TOTAL} records)")


def deciding_seats(game: Game) -> list[int]:
    """The seats asked something now: those yet to pass, or the seat to play."""
    if game.phase is Phase.PASS:
        return [seat for seat in range(4) if game.passes[seat] is None]
    return [game.turn] if game.phase is Phase.PLAY and game.turn is not None else []


def trick_json(trick: Trick) -> Json:
    return trick.to_dict()


def build_record(index: int) -> Json:
    """Record `index`: a game played by the `rule` player to a random point, and one seat's decision there."""
    rng = random.Random(f"hearts-decisions:{index}")
    level = level_of(index)
    game = Game(rng.getrandbits(64), rng.choice(list(Variant)), rng.choice(TARGETS), rng.randint(1, 4))
    for _ in range(rng.randint(0, 250)):
        if game.phase is Phase.DEAL_OVER:
            game.apply_next_deal()
        seats = deciding_seats(game)
        if not seats:
            break
        seat = rng.choice(seats)
        choice = decide(game.observation(seat), "rule", index)
        if isinstance(choice, tuple):
            game.apply_pass(seat, choice)
        else:
            game.apply_play(seat, choice)
    if game.phase is Phase.DEAL_OVER:
        game.apply_next_deal()
    if game.phase is Phase.GAME_OVER:  # the position before the game's last card
        game = Game.from_dict({**game.to_dict(), "actions": game.actions[:-1]})
    seat = rng.choice(deciding_seats(game))
    observation = game.observation(seat)
    seed = rng.getrandbits(64)
    choice = decide(observation, level, seed)
    cards = choice if isinstance(choice, tuple) else (choice,)
    return {
        "level": level,
        "seed": str(seed),
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
