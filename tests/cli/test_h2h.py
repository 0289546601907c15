"""`heartcards deal` and `heartcards replay` through the real command, with their fixed JSON shapes."""

import json
import subprocess
import sys

SEEDS_DEAL = "HH1-N-AAAAAAM"


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "heartcards", *args], input=stdin, capture_output=True, text=True, check=False
    )


def test_deal_json_shape() -> None:
    result = run("deal", "hh1-n-aaaaaam", "--json")
    assert result.returncode == 0
    answer = json.loads(result.stdout)
    assert list(answer) == ["code", "heart", "stock", "waste"]
    assert answer["code"] == SEEDS_DEAL
    assert len(answer["heart"]) == 25 and answer["heart"][0] == "10" and answer["heart"][24] == "4"
    assert len(answer["stock"]) == 26 and answer["stock"][8] == "4"
    assert answer["waste"] == ["A"]


def test_deal_picture_shows_the_heart_rows() -> None:
    result = run("deal", SEEDS_DEAL)
    assert result.returncode == 0
    lines = result.stdout.splitlines()
    assert lines[0].startswith(SEEDS_DEAL)
    assert "[4]" in lines[7]  # the point, free, on the seventh row of the heart
    assert "stock: 26 cards" in result.stdout and "A" in lines[-1]


def test_bad_code_is_one_line_exit_2_no_traceback() -> None:
    for args in (("deal", "HH1-N-AAA"), ("replay", "nonsense S"), ("deal", "HH1-N-AAA", "--json")):
        result = run(*args)
        assert result.returncode == 2
        assert "Traceback" not in result.stderr
        error_lines = result.stderr.strip().splitlines()
        assert len(error_lines) == 1 and "HH1-N-LLLLLLL" in error_lines[0]


def test_replay_json_shape() -> None:
    result = run("replay", f"{SEEDS_DEAL} S S S S S S S S S 25-W", "--json")
    assert result.returncode == 0
    answer = json.loads(result.stdout)
    assert list(answer) == ["code", "moves", "score", "status", "heart", "stock", "waste"]
    assert answer["moves"] == 10 and answer["score"] == 10 and answer["status"] == "playing"
    assert answer["heart"][24] is None and answer["heart"][0] == "10"
    assert len(answer["stock"]) == 17 and answer["waste"] == ["A", "Q", "K", "8", "A", "J", "10", "K", "2"]


def test_replay_error_names_the_move_and_gives_the_state_before_it() -> None:
    result = run("replay", f"{SEEDS_DEAL} S S 25-W S", "--json")
    assert result.returncode == 1
    answer = json.loads(result.stdout)
    assert answer["at"] == 3 and "25-W" in answer["error"]
    assert answer["moves"] == 2 and answer["heart"][24] == "4"
    malformed = json.loads(run("replay", f"{SEEDS_DEAL} S Q", "--json").stdout)
    assert malformed["at"] == 2 and "'Q'" in malformed["error"]


def test_replay_reads_records_from_standard_input_one_answer_per_line() -> None:
    stdin = f"{SEEDS_DEAL}\n\nHH1-N-AAAAAAN S\n{SEEDS_DEAL} S\n"
    result = run("replay", "--json", stdin=stdin)
    answers = [json.loads(line) for line in result.stdout.splitlines()]
    assert [a["moves"] for a in answers] == [0, 0, 1]
    assert answers[1]["status"] == "stalled" and answers[1]["at"] == 1
    assert result.returncode == 1


def test_replay_readable_form() -> None:
    result = run("replay", f"{SEEDS_DEAL} S")
    assert result.returncode == 0
    assert "moves 1" in result.stdout and "playing" in result.stdout
