"""The one settings store both games share (`static/js/common/settings.js`, localStorage "heartcards.settings"): a returning
player's settings from before it (Heart to Heart's flat object under the same key, Hearts' under
"hc_hearts_settings") are carried over, shown by both games' pages, and kept in the new form; values that are not
one of a setting's choices fall back to its default."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from tests.web.browser.conftest import Player

pytestmark = pytest.mark.browser

OLD_HEART_TO_HEART = {"placementHelp": False, "moveErrors": True, "animation": "off", "dealMode": "S"}
OLD_HEARTS = {"speed": "slow", "variant": "special", "target": 75, "strength": "strong", "idle": 120}
STORED = "() => JSON.parse(localStorage.getItem('heartcards.settings'))"


def old_hearts_settings(player: Player, value: str) -> None:
    """Before each page, the Hearts settings an older version of the app stored, until the one store holds them."""
    player.page.context.add_init_script(
        "if (!(localStorage.getItem('heartcards.settings') || '').includes('\"version\"')) "
        f"localStorage.setItem('hc_hearts_settings', {json.dumps(value)});"
    )


def checked(player: Player, selector: str) -> bool:
    return bool(player.page.is_checked(selector))


def test_a_returning_player_keeps_both_games_settings(new_player: Callable[..., Player]) -> None:
    player = new_player(settings=OLD_HEART_TO_HEART)
    old_hearts_settings(player, json.dumps(OLD_HEARTS))
    player.open("/play")
    player.page.click('.toolbar [data-action="settings"]')
    dialog = '[role="dialog"]'
    assert not checked(player, f'{dialog} input[name="placementHelp"]')
    assert checked(player, f'{dialog} input[name="moveErrors"]')
    assert checked(player, f'{dialog} input[name="animation"][value="off"]')
    assert checked(player, f'{dialog} input[name="dealMode"][value="S"]')
    stored: dict[str, Any] = player.page.evaluate(STORED)
    assert stored == {"version": 2, "heartToHeart": OLD_HEART_TO_HEART, "hearts": OLD_HEARTS}
    assert player.page.evaluate("() => localStorage.getItem('hc_hearts_settings')") is None

    player.page.check(f'{dialog} input[name="animation"][value="fast"]')  # a change keeps the other game's part
    assert player.page.evaluate(STORED)["heartToHeart"]["animation"] == "fast"
    assert player.page.evaluate(STORED)["hearts"] == OLD_HEARTS

    player.open("/hearts")
    for name, value in OLD_HEARTS.items():
        if name != "speed":  # the trick speed is chosen at the table
            assert checked(player, f'[data-setup] input[name="{name}"][value="{value}"]'), name
    player.page.check('[data-setup] input[name="target"][value="50"]')
    assert player.page.evaluate(STORED)["hearts"]["target"] == 50
    assert player.page.evaluate(STORED)["heartToHeart"]["animation"] == "fast"


def test_values_that_are_no_choice_fall_back_to_the_defaults(new_player: Callable[..., Player]) -> None:
    player = new_player(settings={"placementHelp": "yes", "animation": "warp", "dealMode": "S"})
    old_hearts_settings(player, "{not json")
    player.open("/play")
    stored: dict[str, Any] = player.page.evaluate(STORED)
    assert stored["heartToHeart"] == {
        "placementHelp": True,
        "moveErrors": False,
        "animation": "normal",
        "dealMode": "S",
    }
    assert stored["hearts"] == {
        "speed": "normal",
        "variant": "classic",
        "target": 100,
        "strength": "normal",
        "idle": 60,
    }
