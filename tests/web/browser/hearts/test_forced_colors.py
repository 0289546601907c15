"""In forced colours (Windows' contrast themes, emulated) the page's own backgrounds and borders give way to the
person's few colours, so what a colour alone said is said again in the system colours that stay: the choices made in
the lobby and in a dialog, the page you are on, the ruleset whose leaderboard is shown, the seat whose turn it is, and
the cards' rings (chosen, playable), which are box shadows otherwise and forced colours draw none."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.web.browser.hearts.conftest import DESKTOP, HeartsPlayer, play_until
from tests.web.conftest import LiveServer

pytestmark = pytest.mark.browser
NewPlayer = Callable[..., HeartsPlayer]

LOOK = """el => {
  const style = getComputedStyle(el);
  return {background: style.backgroundColor, color: style.color, outline: `${style.outlineStyle} ${style.outlineWidth}`};
}"""


def look(player: HeartsPlayer, selector: str) -> dict[str, str]:
    found: dict[str, str] = player.page.eval_on_selector(selector, LOOK)
    return found


def assert_stands_out(player: HeartsPlayer, chosen: str) -> None:
    """The chosen one is painted apart from the page, and its text is readable on it."""
    marked, page = look(player, chosen), look(player, "body")
    assert marked["background"] != page["background"] and marked["color"] != marked["background"], (marked, page)


def test_the_choices_made_and_the_seat_to_play_stand_out_in_forced_colours(
    server: LiveServer, new_hearts_player: NewPlayer
) -> None:
    player = new_hearts_player(server.url, viewport=DESKTOP, reduced=True, hurried=True)
    player.page.emulate_media(forced_colors="active")
    player.open("/hearts/ratings")
    assert_stands_out(player, '.variant-tabs [aria-current="page"]')
    player.open("/hearts")
    assert_stands_out(player, ".segments label:has(input:checked)")
    assert look(player, '.site nav a[aria-current="page"]')["outline"] == "solid 2px"

    player.create_table("solo", "Sara")
    player.holding = lambda situation: situation["kind"] in ("pass", "play")  # the person's first choice
    play_until([player], lambda: player.situation()["kind"] == "pass")
    player.tap_card(player.hand()[0])  # chosen for the pass
    assert look(player, '[data-hand] [data-selected="true"] .face')["outline"] == "solid 4px"
    player.holding = lambda situation: situation["kind"] == "play"  # then the person's first card
    play_until([player], lambda: player.page.locator('.seat[data-pos="bottom"][data-turn="true"]').count() == 1)
    assert look(player, '.seat[data-pos="bottom"] .plate')["outline"] == "solid 3px"
    assert look(player, '[data-hand] [data-legal="true"] .face')["outline"] == "solid 2px"
    others = {look(player, f'.seat[data-pos="{side}"] .plate')["outline"] for side in ("left", "top", "right")}
    assert {outline.split()[0] for outline in others} == {"none"}
    player.page.click('[data-action="settings"]')
    assert_stands_out(player, ".settings .choices label:has(input:checked)")
    player.shot("forced-colors-turn")
    assert player.errors == []
