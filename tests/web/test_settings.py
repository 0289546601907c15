"""The web app's settings from the environment: the Hearts times a variable can change, and their defaults."""

from __future__ import annotations

from heartcards.web.settings import (
    BOT_DELAY_VARIABLE,
    DEAL_PAUSE_VARIABLE,
    RUNNING_ABSENCE_VARIABLE,
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
