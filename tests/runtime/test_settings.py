"""A server's settings from the environment: the Hearts times a variable can change, and their defaults."""

from __future__ import annotations

import pytest

from heartcards.hearts.tables.ownership import route_of, server_name
from heartcards.runtime.settings import (
    BOT_DELAY_VARIABLE,
    DEAL_PAUSE_VARIABLE,
    ROUTE_VARIABLE,
    RUNNING_ABSENCE_VARIABLE,
    SOLVER_WARM_UP_VARIABLE,
    WORKERS_BELOW_SERVER_VARIABLE,
    SettingError,
    Settings,
)

VARIABLES = (DEAL_PAUSE_VARIABLE, BOT_DELAY_VARIABLE, RUNNING_ABSENCE_VARIABLE)


@pytest.fixture
def environment(monkeypatch: pytest.MonkeyPatch) -> pytest.MonkeyPatch:
    """The environment with none of the Hearts times set."""
    for variable in VARIABLES:
        monkeypatch.delenv(variable, raising=False)
    return monkeypatch


def test_the_hearts_times_come_from_the_environment(environment: pytest.MonkeyPatch) -> None:
    for variable, value in zip(VARIABLES, ("30", "0", "3"), strict=True):
        environment.setenv(variable, value)
    settings = Settings.from_environment("sqlite://")
    assert settings.hearts_deal_pause_seconds == 30.0
    assert settings.hearts_bot_delay_seconds == 0.0
    assert settings.hearts_running_absence_seconds == 3.0


def test_unset_or_unreadable_times_keep_their_defaults(environment: pytest.MonkeyPatch) -> None:
    default = Settings.from_environment("sqlite://")
    assert (default.hearts_deal_pause_seconds, default.hearts_bot_delay_seconds) == (12.0, 0.3)
    assert default.hearts_running_absence_seconds == 120.0  # two minutes without its people: out of the lobby
    environment.setenv(RUNNING_ABSENCE_VARIABLE, "soon")
    environment.setenv(DEAL_PAUSE_VARIABLE, "-5")
    environment.setenv(BOT_DELAY_VARIABLE, "")
    odd = Settings.from_environment("sqlite://")
    assert odd.hearts_running_absence_seconds == 120.0
    assert odd.hearts_deal_pause_seconds == 0.0  # never negative
    assert odd.hearts_bot_delay_seconds == 0.3


def test_the_database_url_given_wins_over_the_environment(environment: pytest.MonkeyPatch) -> None:
    environment.setenv("HEARTCARDS_DATABASE_URL", "sqlite:///from-environment.sqlite3")
    assert Settings.from_environment("sqlite://").database_url == "sqlite://"
    assert Settings.from_environment().database_url == "sqlite:///from-environment.sqlite3"


def test_the_solver_warm_up_is_on_unless_the_environment_turns_it_off(environment: pytest.MonkeyPatch) -> None:
    environment.delenv(SOLVER_WARM_UP_VARIABLE, raising=False)
    assert Settings.from_environment("sqlite://").solver_warm_up
    environment.setenv(SOLVER_WARM_UP_VARIABLE, "1")
    assert Settings.from_environment("sqlite://").solver_warm_up
    environment.setenv(SOLVER_WARM_UP_VARIABLE, "0")
    assert not Settings.from_environment("sqlite://").solver_warm_up


def test_the_workers_run_below_the_server_unless_the_environment_says_otherwise(
    environment: pytest.MonkeyPatch,
) -> None:
    environment.delenv(WORKERS_BELOW_SERVER_VARIABLE, raising=False)
    assert Settings.from_environment("sqlite://").workers_below_server
    environment.setenv(WORKERS_BELOW_SERVER_VARIABLE, "0")
    assert not Settings.from_environment("sqlite://").workers_below_server


def test_a_route_comes_from_the_command_line_or_the_environment_and_names_the_server(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv(ROUTE_VARIABLE, raising=False)
    assert Settings.from_environment("sqlite://").route is None
    assert Settings.from_environment("sqlite://", route="s2").route == "s2"
    monkeypatch.setenv(ROUTE_VARIABLE, "app-3")
    assert Settings.from_environment("sqlite://").route == "app-3"
    assert Settings.from_environment("sqlite://", route="s1").route == "s1"  # the command line wins
    for bad in ("s 1", "s1?x=1", "x" * 17, "ℓ"):
        with pytest.raises(SettingError, match="is not 1 to 16 letters"):
            Settings.from_environment("sqlite://", route=bad)
    named = server_name("app-3")
    assert route_of(named) == "app-3" and len(named) <= 64  # the lease's owner column
    assert route_of(server_name()) is None
