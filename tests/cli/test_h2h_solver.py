"""`heartcards solve` and `heartcards stats` through the real command, with their fixed JSON shapes."""

import json
import subprocess
import sys

from heartcards.heart_to_heart.engine import Game, Mode, Status, format_code
from heartcards.heart_to_heart.solver import is_winnable

SEEDS_DEAL = "HH1-N-AAAAAAM"


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "heartcards", *args], input=stdin, capture_output=True, text=True, check=False
    )


def test_solve_json_shape_and_replay() -> None:
    result = run("solve", SEEDS_DEAL, "--json")
    assert result.returncode == 0, result.stderr
    answer = json.loads(result.stdout)
    assert list(answer) == ["code", "winnable", "moves", "solution", "states", "seconds"]
    assert answer["code"] == SEEDS_DEAL and answer["winnable"] is True
    assert answer["moves"] == len(answer["solution"]) == 88
    assert isinstance(answer["states"], int) and isinstance(answer["seconds"], float)
    game = Game.from_record(" ".join([SEEDS_DEAL, *answer["solution"]]))
    assert game.status is Status.WON


def test_solve_from_a_record_and_from_stdin() -> None:
    result = run("solve", "--json", stdin=f"{SEEDS_DEAL} S S S\nhh1-n-aaaaaan\n\nHH1-N-AAAAAAA\n")
    assert result.returncode == 0, result.stderr
    answers = [json.loads(line) for line in result.stdout.splitlines()]
    assert [a["winnable"] for a in answers] == [True, False, False]
    assert answers[0]["moves"] == 85
    assert answers[1] == {**answers[1], "code": "HH1-N-AAAAAAN", "moves": None, "solution": None}


def test_solve_readable() -> None:
    result = run("solve", SEEDS_DEAL)
    assert result.returncode == 0
    lines = result.stdout.splitlines()
    assert lines[0] == f"{SEEDS_DEAL}: winnable in 88 moves (fewest possible)"
    assert lines[1].split() == ["1.", "S×9", "25-W"]
    assert "not winnable" in run("solve", "HH1-N-AAAAAAA").stdout


def test_solve_bad_input() -> None:
    bad_code = run("solve", "HH1-X-AAAAAAA", "--json")
    assert bad_code.returncode == 2 and "error" in json.loads(bad_code.stdout)
    bad_move = run("solve", f"{SEEDS_DEAL} 1-2")
    assert bad_move.returncode == 1 and "Traceback" not in bad_move.stderr


def test_stats_matches_a_direct_count() -> None:
    result = run("stats", "--deals", "300", "--start", "40", "--jobs", "2", "--json")
    assert result.returncode == 0, result.stderr
    answer = json.loads(result.stdout)
    games = [Game.from_code(format_code(Mode.NORMAL, n)) for n in range(40, 340)]
    winnable = sum(is_winnable(game.position) for game in games)
    stuck = sum(game.status is Status.STALLED for game in games)
    assert answer["deals"] == 300 and answer["winnable"] == winnable and answer["stuck"] == stuck
    low, high = answer["interval95"]
    assert low < winnable / 300 < high
    assert answer["optimal"] is None


def test_stats_optimal_and_readable() -> None:
    result = run("stats", "--deals", "30", "--mode", "s", "--optimal", "--jobs", "1")
    assert result.returncode == 0, result.stderr
    assert "winnable: 30 (100.00%" in result.stdout
    assert "stuck at move 0: 0" in result.stdout
    assert "fewest moves over 30 winnable deals" in result.stdout
    answer = json.loads(run("stats", "--deals", "13", "--start", "0", "--optimal", "--json").stdout)
    assert answer["optimal"]["solved"] == answer["winnable"] == 2  # HH1-N-AAAAAAF and HH1-N-AAAAAAM
    assert sum(answer["optimal"]["histogram"].values()) == 2


def test_stats_bad_mode() -> None:
    result = run("stats", "--deals", "5", "--mode", "Q")
    assert result.returncode == 2 and "Traceback" not in result.stderr
