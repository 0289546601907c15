"""The committed decision corpus (tests/corpus/hearts-decisions.jsonl.gz) still says what the Python bots decide.

A sample of records is regenerated and compared line for line (`uv run python scripts/hearts_decisions.py --check`
compares all of them), and each sampled record's saved game is replayed to the same observation and to its player's
answer (its strength's by `decide`, or the `random` bot's). Node's test runner replays the whole corpus through the
browser's engine and bots (tests/web/js/hearts/bots/).
"""

from __future__ import annotations

import importlib.util
import json
import random
import sys
from pathlib import Path
from types import ModuleType

import pytest

from heartcards.hearts.engine import Game

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "hearts_decisions.py"
SAMPLE = 60


def load_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("hearts_decisions", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def corpus() -> ModuleType:
    return load_script()


@pytest.fixture(scope="module")
def committed(corpus: ModuleType) -> list[str]:
    lines: list[str] = corpus.read_lines()
    return lines


def test_the_corpus_holds_every_planned_record(corpus: ModuleType, committed: list[str]) -> None:
    assert len(committed) == corpus.TOTAL >= 3000
    assert {corpus.record_player(json.loads(line)) for line in committed} == {player for player, _ in corpus.PLAN}


def test_a_sample_of_records_regenerates_identically(corpus: ModuleType, committed: list[str]) -> None:
    for index in sorted({0, corpus.TOTAL - 1, *random.Random(34).sample(range(corpus.TOTAL), SAMPLE)}):
        assert corpus.record_line(corpus.build_record(index)) == committed[index], f"record {index}"


def test_a_saved_game_replays_to_its_decision(corpus: ModuleType, committed: list[str]) -> None:
    for line in random.Random(35).sample(committed, SAMPLE):
        record = json.loads(line)
        game = Game.from_dict({**record["game"], "seed": int(record["game"]["seed"])})
        observation = game.observation(record["seat"])
        player = corpus.record_player(record)
        cards = corpus.answer(observation, player, int(record["seed"]), record.get("budget", 1.0))
        assert [card.text for card in cards] == record["choice"]
        assert observation.to_dict().items() <= record["observation"].items()
