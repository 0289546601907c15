"""Generate the Heart to Heart conformance corpus from the Python engine: the cases the browser's engine must replay.

    uv run python scripts/h2h_corpus.py            # writes tests/corpus/h2h.jsonl.gz
    uv run python scripts/h2h_corpus.py --check    # regenerates it all and fails if the committed file differs

Each line is one record (JSON). Record i is built from its own generator, `random.Random(f"h2h-corpus:{i}")`, so any
record can be regenerated alone (the pytest test checks a sample; `--check` checks all). Kinds:

- `deal`: a code (N, S, stuck at move 0, or not a code at all) and what it deals, or the error.
- `play`: random play from a deal: legal moves, random illegal moves and bad syntax at random points, taps (every
  outcome), undo, and moves and taps after the end (a win or a stalemate).
- `end`: greedy random play (a pair whenever there is one) to the end, most often a stalemate, then steps after it.
- `undo`: a chain of more than 100 moves, then undo until there is nothing left to undo (only the last 100 can be).
- `win`: a fewest-moves win from the solver, replayed by moves or by taps, then a move after the end.
- `replay`: a whole record text replayed at once (`Game.from_record`): its final state, or the `RecordError`.

A record holds `code` (the text given), `deal` (the 52 ranks in deal order, one letter each, T for 10) and
`start` (the state before any step); each step is `[action, result, changes]`, where `changes` holds only the
state fields that differ from the state before it. The state fields: `removed` (bitmask, bit p-1 for position p),
`stock` (top first), `waste` (bottom first), `moves`, `score`, `status`, `selection`, `outlined`, `dimmed`,
`legal` (the legal moves' text) and `can_undo`; `record` is the game's record after the last step. Errors are
`{"error": key, "params": …}`: the engines agree on what was refused and why, and each words it in its own messages
(the edges show the key's translation).
"""

from __future__ import annotations

import argparse
import gzip
import json
import random
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

from heartcards.cards import Rank
from heartcards.heart_to_heart.engine import (
    STOCK,
    WASTE,
    Deal,
    Game,
    HeartToHeartError,
    Mode,
    Move,
    PairMove,
    RecordError,
    Status,
    StockTap,
    Target,
    format_code,
    parse_move,
)
from heartcards.heart_to_heart.engine.deal import MAX_NUMBER
from heartcards.heart_to_heart.solver import solve

CORPUS = Path(__file__).resolve().parents[1] / "tests" / "corpus" / "h2h.jsonl.gz"
RANK_LETTERS = "A23456789TJQK"
Json = dict[str, object]
Step = list[object]

# How many records of each kind, in this order: record i's kind follows from i alone.
PLAN: tuple[tuple[str, int], ...] = (
    ("deal", 1600),
    ("stuck", 200),
    ("solvable", 300),
    ("bad_code", 150),
    ("play", 6200),
    ("end", 200),
    ("undo", 120),
    ("win", 250),
    ("replay", 1500),
)
TOTAL = sum(count for _, count in PLAN)

# Text a player could send as a move that is no move at all (or a move written oddly but correctly).
ODD_MOVES = (
    "",
    " ",
    "X",
    "s",
    " s ",
    "SS",
    "0-1",
    "1-1",
    "2-1",
    "26-W",
    "0-W",
    "1-26",
    "W-1",
    "w",
    "3-w",
    " 3-W",
    "1--2",
    "1-2-3",
    "01-02",
    "001-2",
    "1-002",
    "١-٢",
    "٣-W",
    "1-２",
    "3-W'",
    "'",
    '"',
    "'\"",
    "\\",
    "é-1",
    "5-\x7f",
    "\x00",
    "1\t-2",
    "S\n",
    "ﬀ",
    "24-25x",
    "+1-2",
    "1.0-2",
    "-1-W",
)
ODD_CODES = (
    "",
    "HH1-N-AAAA",
    "HH1-X-AAAAAAA",
    "HH2-N-AAAAAAA",
    "hh1-n-aaaaaam",
    "  HH1-S-AAAAAAB ",
    "HH1-N-AAAAAA1",
    "HH1-N-ÀAAAAAA",
    "HH1-N-AAAAAAAA",
    "HH1_N_AAAAAAM",
    "HH1-ſ-AAAAAAA",
    "hh1-s-zzzzzzz",
    "HH1-N-ZZZZZZZ",
    "'quoted'",
    "HH1-N-AAAAAAM\x00",
    "nonsense",
)


def ranks_text(ranks: tuple[Rank, ...] | list[Rank]) -> str:
    return "".join(RANK_LETTERS[rank - 1] for rank in ranks)


def snapshot(game: Game) -> Json:
    """Everything the table shows and the rules decide, in a form both languages write alike."""
    help_ = game.placement_help()
    dimmed: list[object] = [*sorted(target for target in help_.dimmed if isinstance(target, int))]
    if WASTE in help_.dimmed:
        dimmed.append(WASTE)
    return {
        "removed": game.removed,
        "stock": ranks_text(game.stock),
        "waste": ranks_text(game.waste),
        "moves": game.moves,
        "score": game.score,
        "status": game.status.value,
        "selection": game.selection,
        "outlined": sorted(help_.outlined),
        "dimmed": dimmed,
        "legal": " ".join(str(move) for move in game.legal_moves()),
        "can_undo": game.can_undo(),
    }


def error_json(error: HeartToHeartError) -> Json:
    return {"error": error.key, "params": error.params}


class Recorder:
    """Steps of one record: each action, its result and the state fields it changed."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.state = snapshot(game)
        self.start = self.state
        self.steps: list[Step] = []

    def _step(self, action: list[object], result: object) -> None:
        state = snapshot(self.game)
        self.steps.append([action, result, {key: value for key, value in state.items() if self.state[key] != value}])
        self.state = state

    def play(self, text: str) -> None:
        try:
            self.game.play(parse_move(text))
        except HeartToHeartError as error:
            self._step(["play", text], error_json(error))
            return
        self._step(["play", text], None)

    def tap(self, target: Target) -> None:
        result = self.game.tap(target)
        self._step(
            ["tap", target],
            {
                "outcome": result.outcome.value,
                "move": None if result.move is None else str(result.move),
                "message": result.message,
            },
        )

    def undo(self) -> None:
        try:
            move = self.game.undo()
        except HeartToHeartError as error:
            self._step(["undo"], error_json(error))
            return
        self._step(["undo"], {"undone": str(move)})


def record_json(kind: str, code: str, game: Game, recorder: Recorder | None = None) -> Json:
    record: Json = {"kind": kind, "code": code, "deal": ranks_text(list(game.deal.order))}
    if recorder is None:
        record["start"] = snapshot(game)
        record["steps"] = []
    else:
        record["start"] = recorder.start
        record["steps"] = recorder.steps
    record["record"] = game.record
    return record


# -- choosing what to do ------------------------------------------------------------------------------------------


def random_code(rng: random.Random, solvable_share: float = 0.2) -> str:
    mode = Mode.SOLVABLE if rng.random() < solvable_share else Mode.NORMAL
    number = rng.randrange(2000) if rng.random() < 0.3 else rng.randrange(MAX_NUMBER + 1)
    return format_code(mode, number)


def stuck_code(rng: random.Random) -> str:
    """The first N deal from a random number on that is in stalemate before its first move."""
    number = rng.randrange(MAX_NUMBER - 10_000)
    while Game(Deal.from_number(number)).status is not Status.STALLED:
        number += 1
    return format_code(Mode.NORMAL, number)


def odd_case(rng: random.Random, text: str) -> str:
    """The same text in a random letter case, sometimes with spaces around it."""
    text = "".join(char.lower() if rng.random() < 0.5 else char for char in text)
    return f" {text} " if rng.random() < 0.1 else text


def illegal_move_text(rng: random.Random, game: Game) -> str:
    """A move text that is most often illegal here: covered, empty, unmatched, or no move at all."""
    roll = rng.random()
    removed = [p for p in range(1, 26) if game.rank_at(p) is None]
    covered = [p for p in range(1, 26) if game.rank_at(p) is not None and not game.is_free(p)]
    if roll < 0.2:
        return rng.choice(ODD_MOVES)
    if roll < 0.35 and removed:
        position = rng.choice(removed)
        return f"{position}-W" if rng.random() < 0.5 else (f"{position}-25" if position < 25 else "24-25")
    if roll < 0.55 and covered:
        return f"{rng.choice(covered)}-W"
    if roll < 0.8:
        first, second = sorted(rng.sample(range(1, 26), 2))
        return f"{first}-{second}"
    if roll < 0.9:
        return f"{rng.randint(1, 25)}-W"
    return "S"


def tap_target(rng: random.Random, game: Game) -> Target:
    roll = rng.random()
    free = game.free_positions()
    if roll < 0.5 and free:
        return rng.choice(free)
    if roll < 0.65:
        return WASTE
    if roll < 0.75:
        return STOCK
    if roll < 0.97:
        return rng.randint(1, 25)
    return rng.choice((0, 26, -1))


def tap_move(recorder: Recorder, rng: random.Random, move: Move) -> None:
    """Play a move by taps, in either order for pairs."""
    if isinstance(move, StockTap):
        recorder.tap(STOCK)
        return
    targets: list[Target] = [move.first, move.second] if isinstance(move, PairMove) else [move.position, WASTE]
    rng.shuffle(targets)
    for target in targets:
        recorder.tap(target)


def random_step(recorder: Recorder, rng: random.Random) -> None:
    game = recorder.game
    roll = rng.random()
    legal = game.legal_moves()
    if roll < 0.45 and legal:
        pairs = [move for move in legal if not isinstance(move, StockTap)]
        move = rng.choice(pairs) if pairs and rng.random() < 0.6 else rng.choice(legal)
        recorder.play(odd_case(rng, str(move)) if rng.random() < 0.05 else str(move))
    elif roll < 0.75:
        recorder.tap(tap_target(rng, game))
    elif roll < 0.85 and legal:
        tap_move(recorder, rng, rng.choice(legal))
    elif roll < 0.93:
        recorder.play(illegal_move_text(rng, game))
    else:
        recorder.undo()


# -- the kinds ---------------------------------------------------------------------------------------------------


def deal_record(kind: str, rng: random.Random) -> Json:
    if kind == "stuck":
        code = stuck_code(rng)
    elif kind == "solvable":
        code = format_code(Mode.SOLVABLE, rng.randrange(500) if rng.random() < 0.3 else rng.randrange(MAX_NUMBER + 1))
    else:
        code = random_code(rng, solvable_share=0.0)
    return record_json("deal", odd_case(rng, code) if rng.random() < 0.1 else code, Game.from_code(code))


def bad_code_record(rng: random.Random) -> Json:
    text = rng.choice(ODD_CODES) if rng.random() < 0.6 else random_code(rng)[: rng.randrange(4, 13)]
    try:
        game = Game.from_code(text)
    except HeartToHeartError as error:
        return {"kind": "deal", "code": text, **error_json(error)}
    return record_json("deal", text, game)


def play_record(rng: random.Random) -> Json:
    code = stuck_code(rng) if rng.random() < 0.05 else random_code(rng)
    game = Game.from_code(code)
    recorder = Recorder(game)
    length = rng.randint(5, 60)
    after_end = rng.randint(1, 4)
    for _ in range(length):
        if game.status is not Status.PLAYING:
            if after_end == 0:
                break
            after_end -= 1
        random_step(recorder, rng)
    return record_json("play", code, game, recorder)


def end_record(rng: random.Random) -> Json:
    code = random_code(rng)
    game = Game.from_code(code)
    recorder = Recorder(game)
    while game.status is Status.PLAYING and game.moves < END_MOVE_LIMIT:
        legal = game.legal_moves()
        pairs = [move for move in legal if not isinstance(move, StockTap)]
        recorder.play(str(rng.choice(pairs) if pairs else legal[0]))
    for _ in range(rng.randint(1, 3)):
        random_step(recorder, rng)
    return record_json("end", code, game, recorder)


END_MOVE_LIMIT = 400


def undo_record(rng: random.Random) -> Json:
    code = random_code(rng)
    game = Game.from_code(code)
    recorder = Recorder(game)
    target = rng.randint(UNDO_TARGET_LOW, UNDO_TARGET_HIGH)
    while game.moves < target and game.status is Status.PLAYING:
        legal = game.legal_moves()
        pairs = [move for move in legal if not isinstance(move, StockTap)]
        move = rng.choice(pairs) if pairs and rng.random() < 0.3 else legal[0]
        recorder.play(str(move))
    for _ in range(min(game.moves, 100) + rng.randint(1, 3)):
        recorder.undo()
    for _ in range(rng.randint(0, 5)):
        random_step(recorder, rng)
    return record_json("undo", code, game, recorder)


UNDO_TARGET_LOW = 101
UNDO_TARGET_HIGH = 140


def win_record(rng: random.Random) -> Json:
    """A solver's fewest-moves win, replayed by moves or by taps; then a move and a tap after the end."""
    while True:
        code = random_code(rng, solvable_share=0.5)
        game = Game.from_code(code)
        solution = solve(game.position)
        if solution.winnable:
            break
    recorder = Recorder(game)
    by_taps = rng.random() < 0.5
    for move in solution.moves:
        if by_taps:
            tap_move(recorder, rng, move)
        else:
            recorder.play(str(move))
    recorder.play(rng.choice(("S", "1-W", "24-25")))
    recorder.tap(rng.choice((STOCK, WASTE, 25)))
    recorder.undo()
    return record_json("win", code, game, recorder)


def replay_record(rng: random.Random) -> Json:
    """A record text of random legal moves, sometimes broken at a random point, replayed at once."""
    code = random_code(rng)
    game = Game.from_code(code)
    words = [odd_case(rng, code) if rng.random() < 0.1 else code]
    for _ in range(rng.randint(0, 80)):
        legal = game.legal_moves()
        if not legal:
            break
        move = rng.choice(legal)
        game.play(move)
        words.append(str(move))
    if rng.random() < 0.5:
        at = rng.randint(1, len(words))
        words.insert(at, illegal_move_text(rng, game).strip() or "X")
    if rng.random() < 0.2:
        words.append(rng.choice(("S", "25-W", "1-2")))
    text = " ".join(words)
    try:
        replayed = Game.from_record(text)
    except RecordError as error:
        return {"kind": "replay", "code": text, **error_json(error), "at": error.at}
    return {"kind": "replay", "code": text, "state": snapshot(replayed), "record": replayed.record}


def kind_of(index: int) -> str:
    for kind, count in PLAN:
        if index < count:
            return kind
        index -= count
    raise IndexError(f"record {index} is past the corpus ({TOTAL} records)")


BUILDERS: dict[str, Callable[[random.Random], Json]] = {
    "deal": lambda rng: deal_record("deal", rng),
    "stuck": lambda rng: deal_record("stuck", rng),
    "solvable": lambda rng: deal_record("solvable", rng),
    "bad_code": bad_code_record,
    "play": play_record,
    "end": end_record,
    "undo": undo_record,
    "win": win_record,
    "replay": replay_record,
}


def build_record(index: int) -> Json:
    """Record `index` of the corpus, the same on every run."""
    return BUILDERS[kind_of(index)](random.Random(f"h2h-corpus:{index}"))


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
