"""`node scripts/h2h-replay.mjs` (the browser's engine) prints exactly what `heartcards replay` (the Python engine)
prints: the same lines on standard output and standard error and the same exit status, with and without --json."""

from __future__ import annotations

import gzip
import json
import random
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT / "tests" / "corpus" / "h2h.jsonl.gz"
NODE = shutil.which("node")
RECORDS = 300

pytestmark = [
    pytest.mark.skipif(NODE is None, reason="node is not installed"),
    pytest.mark.slow,  # a node process per record
]

BAD_INPUT = [
    "HH1-N-AAAA S",
    "nonsense",
    "hh1-n-aaaaaam s s s s s s s s s 25-w",
    "HH1-N-AAAAAAM S 3-W",
    "HH1-N-AAAAAAM S X S",
    "HH1-N-AAAAAAM 1-2-3",
    "HH1-N-AAAAAAM ١-٢",
    "HH1-N-AAAAAAM 'quoted'",
    'HH1-N-AAAAAAM "\\',
    "HH1-N-AAAAAAM é\x7f",
    "HH1-Z-AAAAAAM S",
    "'HH1-N-AAAAAAM' S",
    "  HH1-S-AAAAAAB   S\tS\x1cS  ",
]


def corpus_records() -> list[str]:
    """A deterministic sample of the corpus's record texts: whole games, stalemates, wins and broken records."""
    with gzip.open(CORPUS, "rt", encoding="utf-8") as corpus:
        records = [json.loads(line) for line in corpus]
    texts = [
        record["code"] if record["kind"] == "replay" else record.get("record", record["code"]) for record in records
    ]
    return random.Random(7).sample(texts, RECORDS)


def run(command: list[str], stdin: str | None) -> tuple[int, str, str]:
    result = subprocess.run(
        command, input=stdin, capture_output=True, text=True, encoding="utf-8", check=False, cwd=ROOT
    )
    return result.returncode, result.stdout, result.stderr


def python_replay(args: list[str], stdin: str | None = None) -> tuple[int, str, str]:
    return run([sys.executable, "-m", "heartcards", "replay", *args], stdin)


def node_replay(args: list[str], stdin: str | None = None) -> tuple[int, str, str]:
    assert NODE is not None
    return run([NODE, str(ROOT / "scripts" / "h2h-replay.mjs"), *args], stdin)


@pytest.mark.parametrize("json_flag", [["--json"], []], ids=["json", "text"])
def test_corpus_records_print_the_same(json_flag: list[str]) -> None:
    stdin = "\n".join(corpus_records()) + "\n"
    python = python_replay(json_flag, stdin)
    assert python[1].count("\n") >= RECORDS
    assert node_replay(json_flag, stdin) == python


@pytest.mark.parametrize("json_flag", [["--json"], []], ids=["json", "text"])
def test_bad_input_prints_the_same(json_flag: list[str]) -> None:
    stdin = "\n\n".join(BAD_INPUT) + "\r\n   \n"
    python = python_replay(json_flag, stdin)
    assert python[0] == 2  # a bad code outranks a bad move
    assert node_replay(json_flag, stdin) == python


@pytest.mark.parametrize("record", ["HH1-N-AAAAAAM S S S S S S S S S 25-W", "HH1-S-AAAAAAB S 3-W", "HH1-N-AAAA", "   "])
def test_one_record_as_argument_prints_the_same(record: str) -> None:
    for flags in (["--json"], []):
        python = python_replay([*flags, record])
        assert node_replay([*flags, record]) == python


def test_several_arguments_are_one_record() -> None:
    """A convenience of the Node entry point (the Python command takes the record as one argument)."""
    assert node_replay(["HH1-N-AAAAAAM", "S", "S", "--json"]) == python_replay(["--json", "HH1-N-AAAAAAM S S"])
