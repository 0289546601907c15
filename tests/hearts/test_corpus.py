"""The committed Hearts conformance corpus (tests/corpus/hearts.jsonl.gz) still says what the Python engine does.

Every record is built from its own seeded generator, so a sample of records is regenerated here and compared line
for line; `uv run python scripts/hearts_corpus.py --check` compares all of them. Node's test runner replays the whole
corpus through the browser's engine (tests/web/js/hearts/engine/corpus.test.mjs).
"""

from __future__ import annotations

import importlib.util
import json
import random
import sys
from collections import Counter
from pathlib import Path
from types import ModuleType

import pytest

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "hearts_corpus.py"
SAMPLE = 250


def load_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("hearts_corpus", SCRIPT)
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
    assert len(committed) == corpus.TOTAL >= 10_000
    kinds = Counter(json.loads(line)["kind"] for line in committed)
    assert set(kinds) == {"deal", "play", "game", "moon", "queen", "replay"}


def test_a_sample_of_records_regenerates_identically(corpus: ModuleType, committed: list[str]) -> None:
    starts: list[int] = []
    first = 0
    for _, count in corpus.PLAN:
        starts.append(first)  # the first record of every kind
        first += count
    indices = sorted({*starts, *random.Random(34).sample(range(corpus.TOTAL), SAMPLE)})
    for index in indices:
        assert corpus.record_line(corpus.build_record(index)) == committed[index], f"record {index}"


def test_records_are_built_from_their_index_alone(corpus: ModuleType) -> None:
    index = corpus.TOTAL - 1
    assert corpus.build_record(index) == corpus.build_record(index)
    with pytest.raises(IndexError):
        corpus.kind_of(corpus.TOTAL)
