"""`heartcards hearts sim`: per-seat figures, the deal log's shape, seeds and worker processes."""

import json
from pathlib import Path

from typer.testing import CliRunner

from heartcards.cli import app

runner = CliRunner()


def sim(*args: str) -> dict[str, object]:
    result = runner.invoke(app, ["hearts", "sim", *args, "--json"])
    assert result.exit_code == 0, result.output
    line = result.stdout.strip().splitlines()[-1]
    return json.loads(line)  # type: ignore[no-any-return]


def test_sim_reports_each_seat(tmp_path: Path) -> None:
    log = tmp_path / "deals.jsonl"
    summary = sim(
        "--games", "3", "--players", "random,rule,rule,random", "--seed", "5", "--target", "50", "--log", str(log)
    )
    seats = summary["seats"]
    assert isinstance(seats, list) and len(seats) == 4
    assert [seat["player"] for seat in seats] == ["random", "rule", "rule", "random"]
    assert sum(seat["wins"] for seat in seats) >= 3
    for seat in seats:
        assert set(seat) >= {"wins", "mean_points_per_deal", "moons", "queens", "decision_ms_median", "decision_ms_p99"}
    lines = [json.loads(line) for line in log.read_text().splitlines()]
    assert len(lines) == summary["deals"]
    assert sum(seat["queens"] for seat in seats) == len(lines)
    games = sorted({line["game"] for line in lines})
    assert games == [1, 2, 3]
    for line in lines:
        assert list(line) == [
            "game", "deal", "variant", "target", "pass", "hands", "passes", "tricks", "points", "totals",
            "game_over", "winners",
        ]  # fmt: skip
        assert line["variant"] == "classic" and line["target"] == 50
        assert line["pass"] == ["left", "right", "across", "none"][(line["deal"] - 1) % 4]
        assert all(len(hand) == 13 for hand in line["hands"])
        assert all(len(given) == (0 if line["pass"] == "none" else 3) for given in line["passes"])
        assert len(line["tricks"]) == 13 and all(len(trick["cards"]) == 4 for trick in line["tricks"])
        assert line["tricks"][0]["cards"][0] == "2C"
        assert sum(line["points"]) == 26 or sorted(line["points"]) == [0, 13, 13, 13]
    for game in games:
        deals = [line for line in lines if line["game"] == game]
        assert [line["deal"] for line in deals] == list(range(1, len(deals) + 1))
        assert deals[-1]["game_over"] and deals[-1]["winners"]
        assert not any(line["game_over"] for line in deals[:-1])
        assert max(deals[-1]["totals"]) >= 50


def test_sim_is_seeded_and_jobs_do_not_change_results() -> None:
    first = sim("--games", "2", "--players", "random,random,rule,rule", "--seed", "9", "--variant", "special")
    again = sim(
        "--games", "2", "--players", "random,random,rule,rule", "--seed", "9", "--variant", "special", "--jobs", "2"
    )
    for summary in (first, again):
        for seat in summary["seats"]:  # type: ignore[attr-defined]
            for key in [key for key in seat if key.startswith("decision_") and key.endswith(("_median", "_p99"))]:
                seat.pop(key)
        summary.pop("seconds")
    assert first["seats"] == again["seats"]


def test_sim_with_mc_and_table_output() -> None:
    result = runner.invoke(app, ["hearts", "sim", "--games", "1", "--players", "mc,rule,rule,rule", "--strength",
                                 "normal", "--target", "10"])  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "mc" in result.stdout and "rule" in result.stdout


def test_sim_rejects_bad_options() -> None:
    result = runner.invoke(app, ["hearts", "sim", "--players", "mc,rule,rule"])
    assert result.exit_code == 2
    assert "four bots" in result.output
    result = runner.invoke(app, ["hearts", "sim", "--variant", "odd"])
    assert result.exit_code == 2
    assert "odd" in result.output
