"""Playing Heart to Heart in headless Chromium against a real server: the rules' examples
(docs/rules/heart-to-heart.md), a win, stalemates,
undo, settings, and the game surviving reloads."""

from __future__ import annotations

import re
from collections.abc import Callable

import httpx
import pytest

from tests.web.browser.conftest import DESKTOP, PHONE, Player, settings_script
from tests.web.browser.h2h.deals import stalled_at_start, stalls_after_moves
from tests.web.conftest import LiveServer

pytestmark = pytest.mark.browser
SEED_DEAL = "HH1-N-AAAAAAM"
NewPlayer = Callable[..., Player]


def test_the_seeds_examples_by_taps(new_player: NewPlayer) -> None:
    player = new_player()
    player.open(f"/play/{SEED_DEAL}")
    assert player.positions() == list(range(1, 26))
    assert player.card(1).get_attribute("data-rank") == "10"
    assert player.card(1).get_attribute("data-free") == "false"
    assert player.card(1).get_attribute("aria-label") == "10 of hearts, position 1, covered"
    assert player.card(25).get_attribute("data-rank") == "4"
    assert player.card(25).get_attribute("data-free") == "true"
    assert player.page.get_attribute('[data-pile="stock"]', "data-count") == "26"
    assert player.page.get_attribute('[data-pile="waste"]', "data-rank") == "A"
    assert player.field("code") == SEED_DEAL
    player.shot("play-start")

    player.tap(1)  # the covered 10 at position 1: nothing happens
    assert player.pressed() == []
    assert player.field("moves") == "0"

    player.tap(25)
    assert player.pressed() == ["25"]
    player.tap("waste")  # another rank: the waste becomes the selected card, nothing removed
    assert player.pressed() == ["waste"]
    assert player.positions() == list(range(1, 26))
    assert player.status_text() == ""  # "Move errors" is off by default
    player.tap("waste")  # tapping the selected card deselects it
    assert player.pressed() == []

    for _ in range(9):
        player.tap("stock")
    assert player.field("moves") == "9"
    assert player.page.get_attribute('[data-pile="waste"]', "data-rank") == "4"
    assert player.page.get_attribute('[data-pile="stock"]', "data-count") == "17"
    assert player.card(25).get_attribute("data-match") == "true"  # placement help: the point pairs with the waste
    player.tap(25)
    player.shot("play-selected")
    player.tap("waste")  # move 10: the point and the waste's 4
    assert 25 not in player.positions()
    assert player.card(23).get_attribute("data-free") == "true"
    assert player.card(24).get_attribute("data-free") == "true"
    assert player.field("moves") == "10"
    assert player.field("score") == "10"
    assert player.pressed() == []
    player.shot("play-move-10")


def test_the_table_on_a_desktop_screen(new_player: NewPlayer) -> None:
    player = new_player(viewport=DESKTOP)
    player.open(f"/play/{SEED_DEAL}")
    heart = player.page.locator("#table .heart").bounding_box()
    point = player.card(25).bounding_box()
    assert heart is not None and point is not None
    assert heart["height"] > 500  # the heart fills the window's height
    assert point["width"] > 90  # cards large enough to read and hit
    player.tap(25)
    player.shot("play-start")


def test_a_full_winning_game_by_taps(new_player: NewPlayer, server: LiveServer) -> None:
    with httpx.Client(base_url=server.url, timeout=60) as client:
        solution = client.get(f"api/h2h/solution/{SEED_DEAL}").json()
    assert solution["winnable"] is True
    moves = solution["moves"]
    player = new_player(viewport=DESKTOP)
    player.open(f"/play/{SEED_DEAL}")
    player.play(moves)
    assert player.positions() == []
    assert player.field("score") == "250"
    dialog = player.dialog()
    dialog.wait_for()
    assert "You won!" in dialog.inner_text()
    assert dialog.locator('[data-fact="moves"]').inner_text() == str(len(moves))
    assert dialog.locator('[data-fact="par"]').inner_text() == str(solution["count"])
    assert re.fullmatch(r"\d+:\d\d", dialog.locator('[data-fact="time"]').inner_text())
    player.shot("play-won")
    dialog.locator('[data-action="watch"]').click()
    player.page.wait_for_url(re.compile(r"/replay/[^/?]+\?solution=1$"))
    player.page.wait_for_selector("body[data-ready='true']")
    assert SEED_DEAL in player.page.locator("h1").inner_text()
    player.page.locator('[data-control="next"]').click()
    assert player.page.locator('[data-role="step"]').get_attribute("data-step") == "1"
    player.shot("replay-solution")


def test_a_deal_stuck_from_the_start_opens_the_stalemate_dialog_at_once(new_player: NewPlayer) -> None:
    player = new_player()
    player.open(f"/play/{stalled_at_start()}")
    dialog = player.dialog()
    dialog.wait_for()
    assert "No moves possible" in dialog.inner_text()
    assert "This deal cannot be played" in dialog.inner_text()
    player.shot("play-stalled")
    dialog.locator('[data-action="new"]').click()
    player.idle()
    assert player.dialog().count() == 0 or "cannot be played" in player.dialog().inner_text()
    assert player.field("code") != stalled_at_start()


def test_stalemate_then_undo_across_it(new_player: NewPlayer) -> None:
    code, moves = stalls_after_moves()
    player = new_player(viewport=DESKTOP)
    player.open(f"/play/{code}")
    player.play(moves[:-1])
    assert player.dialog().count() == 0
    player.play(moves[-1:])
    dialog = player.dialog()
    dialog.wait_for()
    assert "No moves possible" in dialog.inner_text()
    player.shot("play-stalemate")
    dialog.locator('[data-action="undo"]').click()
    player.idle()
    assert player.dialog().count() == 0
    assert player.field("moves") == str(len(moves) - 1)
    player.play(moves[-1:])  # the same move stalls again, and the keyboard's U undoes it
    player.dialog().wait_for()
    player.dialog().locator('[data-action="undo"]').click()
    player.idle()
    player.page.keyboard.press("u")
    player.idle()
    assert player.field("moves") == str(len(moves) - 2)
    player.page.locator('.toolbar [data-action="undo"]').click()  # the toolbar's Undo
    player.idle()
    assert player.field("moves") == str(len(moves) - 3)


def test_placement_help_and_move_errors_in_both_settings(new_player: NewPlayer) -> None:
    player = new_player()
    player.open(f"/play/{SEED_DEAL}")
    assert player.card(25).get_attribute("data-match") is None  # the point (4) has no partner yet
    player.tap(25)
    assert player.page.get_attribute('[data-pile="waste"]', "data-dim") == "true"  # the waste's A does not match
    player.tap("waste")
    assert player.status_text() == ""

    player.page.locator('.toolbar [data-action="settings"]').click()
    settings = player.dialog()
    settings.get_by_label("Placement help").uncheck()
    settings.get_by_label("Move errors").check()
    player.shot("settings")
    settings.locator('[data-action="done"]').click()
    assert player.page.locator("#table [data-dim], #table [data-match]").count() == 0
    player.tap(25)  # from the waste's A to the 4: another rank
    assert player.pressed() == ["25"]
    assert face_outline_in_forced_colours(player, 25) == "solid"  # a contrast theme draws no box shadow
    assert player.status_text() == "Must be the same rank"
    assert player.page.get_attribute('[data-pile="waste"]', "data-dim") is None

    player.open(f"/play/{SEED_DEAL}")  # the settings are remembered
    player.page.locator('.toolbar [data-action="settings"]').click()
    assert not player.dialog().get_by_label("Placement help").is_checked()
    assert player.dialog().get_by_label("Move errors").is_checked()
    player.dialog().get_by_label("Placement help").check()
    player.dialog().locator('[data-action="done"]').click()
    for _ in range(9):
        player.tap("stock")
    assert player.card(25).get_attribute("data-match") == "true"
    assert face_outline_in_forced_colours(player, 25) == "dashed"


def face_outline_in_forced_colours(player: Player, position: int) -> str:
    """The outline style of the card's face in a contrast theme (forced colours), where its rings must be outlines."""
    player.page.emulate_media(forced_colors="active")
    try:
        style: str = player.card(position).locator(".face").evaluate("el => getComputedStyle(el).outlineStyle")
    finally:
        player.page.emulate_media(forced_colors="none")
    return style


def test_reload_and_server_restart_keep_the_game(new_player: NewPlayer, live_server: LiveServer) -> None:
    player = new_player(base_url=live_server.url)
    player.open(f"/play/{SEED_DEAL}")
    player.play(["S"] * 9 + ["25-W", "S"])
    player.tap(23)
    before = (player.positions(), player.field("moves"), player.field("score"))
    player.page.reload()
    player.page.wait_for_selector("body[data-ready='true']")
    assert (player.positions(), player.field("moves"), player.field("score")) == before
    live_server.restart()
    player.open("/play")
    assert (player.positions(), player.field("moves"), player.field("score")) == before
    assert player.field("code") == SEED_DEAL
    player.page.locator('.toolbar [data-action="undo"]').click()
    player.idle()
    assert player.field("moves") == "10"


def test_keyboard_play(new_player: NewPlayer) -> None:
    player = new_player(viewport=DESKTOP)
    player.open(f"/play/{SEED_DEAL}")
    page = player.page
    for _ in range(9):
        page.keyboard.press("d")
        player.idle()
    assert player.field("moves") == "9"
    page.locator('[data-pile="stock"]').focus()
    page.keyboard.press("ArrowDown")  # stock → waste
    assert page.evaluate("document.activeElement.dataset.pile") == "waste"
    page.keyboard.press("Enter")
    player.idle()
    assert player.pressed() == ["waste"]
    page.keyboard.press("ArrowLeft")  # into the heart
    assert page.evaluate("document.activeElement.dataset.pos") is not None
    for _ in range(6):  # rightwards across the heart and back to a pile
        page.keyboard.press("ArrowRight")
        if page.evaluate("document.activeElement.dataset.pile"):
            break
    assert page.evaluate("document.activeElement.dataset.pile") in ("stock", "waste")
    page.locator('[data-pos="25"]').focus()
    page.keyboard.press(" ")
    player.idle()
    assert 25 not in player.positions()
    assert player.field("moves") == "10"
    page.keyboard.press("u")
    player.idle()
    assert 25 in player.positions()


HINT_PULSES = """() => [...document.querySelectorAll("[data-hint='true'] .face, [data-hint='true'] .back")]
    .flatMap((el) => el.getAnimations()).map((animation) => animation.effect.getTiming().iterations)"""
ENDLESS = "() => document.getAnimations().filter((a) => a.effect.getTiming().iterations === Infinity).length"


def test_a_hint_pulses_three_times_then_stays_lit_and_never_moves_with_animations_off(new_player: NewPlayer) -> None:
    """An endless pulse repainted the page sixty times a second for as long as the hint showed, and ignored the
    animation setting; the rule book's marked cards pulsed for as long as the page was open."""
    for animation, pulses in (("normal", 3), ("off", None)):
        player = new_player(viewport=PHONE, settings={"animation": animation})
        player.open(f"/play/{SEED_DEAL}")
        player.page.locator('.toolbar [data-action="hint"]').click()
        player.idle()
        assert player.page.locator("#table [data-hint='true']").count() >= 1, animation
        counts = player.page.evaluate(HINT_PULSES)
        assert (set(counts) == {pulses}) if pulses else (counts == []), (animation, counts)
    player.open("/rules")
    player.page.locator(".figure [data-hint='true']").first.wait_for()
    assert player.page.evaluate(ENDLESS) == 0


def test_hint_new_game_restart_and_codes(new_player: NewPlayer) -> None:
    player = new_player(viewport=PHONE)
    player.open(f"/play/{SEED_DEAL}")
    page = player.page
    page.locator('.toolbar [data-action="hint"]').click()
    player.idle()
    assert page.locator("#table [data-hint='true']").count() >= 1
    assert player.status_text().startswith("Hint")
    assert player.page.locator('[data-role="badge"]').inner_text() == "Hints used"  # the game is assisted

    page.locator('.toolbar [data-action="code"]').click()
    page.locator("#code-input").fill("HH1-X-123")
    page.locator('[data-action="open"]').click()
    error = page.locator("#code-error")
    error.wait_for()
    page.wait_for_function("() => document.querySelector('#code-error').textContent.length > 0")
    assert "HH1-X-123" in error.inner_text()
    player.shot("code-error")
    page.locator("#code-input").fill("  hh1-s-aaaaaab ")
    page.locator('[data-action="open"]').click()
    player.idle()
    assert player.field("code") == "HH1-S-AAAAAAB"
    assert page.url.endswith("/play/HH1-S-AAAAAAB")

    player.tap("stock")
    page.locator('.toolbar [data-action="restart"]').click()
    player.dialog().locator('[data-action="confirm"]').click()
    player.idle()
    assert player.field("moves") == "0"
    assert player.field("code") == "HH1-S-AAAAAAB"

    player.tap("stock")
    page.locator('.toolbar [data-action="new"]').click()
    player.dialog().locator('[data-action="confirm"]').click()
    player.idle()
    assert player.field("code") != "HH1-S-AAAAAAB"
    assert player.field("moves") == "0"


def test_the_heart_fits_a_360_pixel_phone(new_player: NewPlayer) -> None:
    player = new_player(viewport={"width": 360, "height": 740})
    player.open(f"/play/{SEED_DEAL}")
    boxes = [player.card(position).bounding_box() for position in range(1, 26)]
    boxes += [player.page.locator(f'[data-pile="{pile}"]').bounding_box() for pile in ("stock", "waste")]
    for box in boxes:
        assert box is not None
        assert box["x"] >= 0 and box["x"] + box["width"] <= 360
        assert box["y"] + box["height"] <= 740
    assert min(box["width"] for box in boxes if box) >= 54  # big enough to tap
    toolbar = player.page.locator(".toolbar").bounding_box()
    assert toolbar is not None and toolbar["y"] + toolbar["height"] <= 740
    player.shot("play-start")


def test_deal_mode_and_the_daily_deal(new_player: NewPlayer, server: LiveServer) -> None:
    with httpx.Client(base_url=server.url) as client:
        daily = client.get("api/h2h/daily").json()["code"]
    player = new_player()
    player.open(f"/play/{SEED_DEAL}")  # a deal that is not stuck from the start (a random one may be)
    page = player.page
    page.locator('.toolbar [data-action="settings"]').click()
    player.dialog().get_by_label("Winnable deals only").check()
    player.dialog().locator('[data-action="done"]').click()
    page.locator('.toolbar [data-action="new"]').click()
    player.idle()
    assert re.fullmatch(r"HH1-S-[A-Z]{7}", player.field("code"))
    page.locator('.toolbar [data-action="settings"]').click()
    player.dialog().locator('[data-action="daily"]').click()
    player.idle()
    assert player.field("code") == daily
    assert page.locator('[data-role="badge"]').inner_text() == "Daily deal"
    player.shot("play-daily")


GHOSTS = "#table .ghost, #table .waste-ghost"


def test_pairs_leave_with_a_short_animation_unless_motion_is_reduced(browser: object, server: LiveServer) -> None:
    for motion, expect_ghost in (("no-preference", True), ("reduce", False)):
        context = browser.new_context(  # type: ignore[attr-defined]
            viewport=PHONE, reduced_motion=motion, service_workers="block"
        )
        context.add_init_script(settings_script({"animation": "slow"}))
        try:
            player = Player(context.new_page(), server.url)
            player.open(f"/play/{SEED_DEAL}")
            player.play(["S"] * 9)
            player.watch(GHOSTS)
            player.tap(25)
            player.tap("waste")
            assert 25 not in player.positions()  # the test hook changes at once
            assert player.seen(GHOSTS) is expect_ghost, motion
            player.page.wait_for_function(f"() => !document.querySelector('{GHOSTS}')")
        finally:
            context.close()


def test_every_face_picture_is_made_before_a_card_first_shows_it(new_player: NewPlayer) -> None:
    # The browser makes a face's picture the first time a face needs it (a dozen at once when the first selection
    # darkens the heart); the page makes them all in idle moments instead, and keeps a hidden face of each.
    player = new_player(settings={"animation": "off"})
    player.open(f"/play/{SEED_DEAL}")
    page = player.page
    page.wait_for_function("() => document.querySelectorAll('#hc-faces-warm .face').length === 39")
    warm = page.eval_on_selector_all(
        "#hc-faces-warm .face",
        "faces => faces.map(f => [f.dataset.face, f.dataset.look, getComputedStyle(f).backgroundImage])",
    )
    pictures = {(rank, look): image for rank, look, image in warm}
    assert len(pictures) == 13 * 3
    assert all(image.startswith('url("data:image/svg+xml') for image in pictures.values())
    assert len(set(pictures.values())) == 39  # a picture of its own for each rank and look
    player.tap(25)  # the selection darkens the other cards: the pictures they show are the ones made ahead
    shown = page.eval_on_selector_all(
        "#table .face",
        "faces => faces.map(f => [f.dataset.face, f.dataset.look, getComputedStyle(f).backgroundImage])",
    )
    assert "dim" in {look for _, look, _ in shown}
    for rank, look, image in shown:
        assert pictures[(rank, look)] == image


def test_tapping_the_code_copies_a_link_to_the_deal(new_player: NewPlayer, server: LiveServer) -> None:
    player = new_player(viewport=DESKTOP)
    player.page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    player.open(f"/play/{SEED_DEAL}")
    player.page.locator('[data-field="code"]').click()
    player.page.wait_for_function("() => document.getElementById('status').textContent.length > 0")
    assert player.status_text() == f"Link to {SEED_DEAL} copied"
    link = player.page.evaluate("navigator.clipboard.readText()")
    assert link == server.url + f"play/{SEED_DEAL}"
