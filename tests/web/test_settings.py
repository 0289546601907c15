"""The web app's settings from the environment: the Hearts times a variable can change, and their defaults."""

from __future__ import annotations

from pathlib import Path

from fastapi.testclient import TestClient

from heartcards.web.app import create_app
from heartcards.web.settings import (
    BOT_DELAY_VARIABLE,
    DEAL_PAUSE_VARIABLE,
    RUNNING_ABSENCE_VARIABLE,
    SOLVER_WARM_UP_VARIABLE,
    Settings,
)


def test_the_hearts_times_come_from_the_environment() -> None:
    environment = {DEAL_PAUSE_VARIABLE: "30", BOT_DELAY_VARIABLE: "0", RUNNING_ABSENCE_VARIABLE: "3"}
    settings = Settings.from_environment("sqlite://", environment)
    assert settings.hearts_deal_pause_seconds == 30.0
    assert settings.hearts_bot_delay_seconds == 0.0
    assert settings.hearts_running_absence_seconds == 3.0


def test_unset_or_unreadable_times_keep_their_defaults() -> None:
    default = Settings.from_environment("sqlite://", {})
    assert (default.hearts_deal_pause_seconds, default.hearts_bot_delay_seconds) == (12.0, 0.3)
    assert default.hearts_running_absence_seconds == 120.0  # two minutes without its people: out of the lobby
    odd = Settings.from_environment("sqlite://", {RUNNING_ABSENCE_VARIABLE: "soon", DEAL_PAUSE_VARIABLE: "-5"})
    assert odd.hearts_running_absence_seconds == 120.0
    assert odd.hearts_deal_pause_seconds == 0.0  # never negative


def test_the_solver_warm_up_is_on_unless_the_environment_turns_it_off() -> None:
    assert Settings.from_environment("sqlite://", {}).solver_warm_up
    assert Settings.from_environment("sqlite://", {SOLVER_WARM_UP_VARIABLE: "1"}).solver_warm_up
    assert not Settings.from_environment("sqlite://", {SOLVER_WARM_UP_VARIABLE: "0"}).solver_warm_up


def test_the_solver_worker_starts_with_the_app_only_when_warm_up_is_on(tmp_path: Path) -> None:
    for warm_up in (True, False):
        app = create_app(Settings(database_url=f"sqlite:///{tmp_path / f'{warm_up}.sqlite3'}", solver_warm_up=warm_up))
        with TestClient(app):
            assert (app.state.h2h.solver._executor is not None) is warm_up
