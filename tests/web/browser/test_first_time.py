"""What a first-time player stumbles on in Heart to Heart, in headless Chromium: a deal stuck from the start explains
itself, starting another game from home asks first, hints show on the board, a mistyped address gets a page with a
way home, and the pages fit phone (both orientations) and desktop screens in every language."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import httpx
import pytest

from heartcards.heart_to_heart.engine.deal import Mode, format_code
from heartcards.heart_to_heart.engine.game import Game, Status
from heartcards.heart_to_heart.solver.solve import is_winnable
from tests.web.browser.conftest import Player, settings_script
from tests.web.browser.deals import stalled_at_start, stalls_after_moves
from tests.web.conftest import LiveServer

pytestmark = pytest.mark.browser
NewPlayer = Callable[..., Player]
SEED_DEAL = "HH1-N-AAAAAAM"
PORTRAIT = {"width": 390, "height": 844}
LANDSCAPE = {"width": 844, "height": 390}
WIDE = {"width": 1366, "height": 768}
SIZES = [PORTRAIT, LANDSCAPE, WIDE]
SIZE_IDS = ["portrait", "landscape", "desktop"]
LOCALES = {"en": "en-US", "it": "it-IT", "el": "el-GR"}
MIN_TARGET_PX = 44


def test_a_deal_stuck_from_the_start_says_it_cannot_be_played(new_player: NewPlayer) -> None:
    player = new_player()
    player.open(f"/play/{stalled_at_start()}")
    dialog = player.dialog()
    dialog.wait_for()
    text = dialog.inner_text()
    assert dialog.locator("h2").inner_text() == "No moves possible"  # the rules' label
    assert dialog.locator('[data-role="stuck-lead"]').inner_text() == "This deal cannot be played"
    assert "Undo" not in text  # nothing to undo: no Undo button, no advice to undo
    assert dialog.locator('[data-action="undo"]').count() == 0
    assert dialog.locator('[data-action="winnable"]').count() == 1
    player.shot("first-stuck-dialog")
    player.page.keyboard.press("Escape")
    assert player.dialog().count() == 0
    note = player.page.locator('[data-role="stuck"]')
    assert note.is_visible()  # the "no moves" state stays once the dialog is closed
    assert note.inner_text() == "No moves possible"
    player.shot("first-stuck-closed")
    player.tap("stock")  # a tap brings the dialog back
    player.dialog().locator('[data-action="winnable"]').click()
    player.idle()
    assert player.field("code").startswith("HH1-S-")
    assert not player.page.locator('[data-role="stuck"]').is_visible()
    stored = player.page.evaluate("JSON.parse(localStorage.getItem('heartcards.settings')).heartToHeart.dealMode")
    assert stored == "S"


def test_a_later_stalemate_offers_undo_only_while_there_is_a_move_to_undo(new_player: NewPlayer) -> None:
    code, moves = stalls_after_moves()
    player = new_player()
    player.open(f"/play/{code}")
    player.play(moves)
    dialog = player.dialog()
    dialog.wait_for()
    assert dialog.locator('[data-action="undo"]').count() == 1
    assert dialog.locator('[data-action="winnable"]').count() == 0
    dialog.locator('[data-action="new"]').click()
    player.idle()
    assert player.field("code") != code


def test_hints_are_shown_on_the_board_not_as_position_numbers(new_player: NewPlayer) -> None:
    player = new_player()
    player.open(f"/play/{SEED_DEAL}")
    bar = player.page.locator(".bar").bounding_box()
    player.page.locator('.toolbar [data-action="hint"]').click()
    player.idle()
    status = player.status_text()
    assert status.startswith("Hint")
    assert not any(ch.isdigit() for ch in status)
    hinted = player.page.eval_on_selector_all("[data-hint]", "els => els.map(e => e.dataset.pos || e.dataset.pile)")
    assert hinted  # the move's cards (or the stock) are marked on the board
    # The toast covers neither the stock nor the waste, and the "Hints used" badge leaves the bar's height alone.
    toast = player.page.locator("#status").bounding_box()
    for pile in ("stock", "waste"):
        box = player.page.locator(f'[data-pile="{pile}"]').bounding_box()
        assert toast is not None and box is not None
        overlaps = not (
            toast["x"] + toast["width"] <= box["x"]
            or box["x"] + box["width"] <= toast["x"]
            or toast["y"] + toast["height"] <= box["y"]
            or box["y"] + box["height"] <= toast["y"]
        )
        assert not overlaps, pile
    assert player.page.locator('[data-role="badge"]').is_visible()
    assert player.page.locator(".bar").bounding_box() == bar


def test_hint_on_an_unwinnable_first_position_never_says_undo(new_player: NewPlayer, server: LiveServer) -> None:
    code = unwinnable_playing_deal()
    player = new_player()
    player.open(f"/play/{code}")
    player.page.locator('.toolbar [data-action="hint"]').click()
    player.idle()
    assert "Undo" not in player.status_text()
    assert "cannot be won" in player.status_text()


def unwinnable_playing_deal() -> str:
    """A normal deal that can be played at first but never won (so a hint at move 0 has no winning move)."""
    for number in range(2_000):
        game = Game.from_code(format_code(Mode.NORMAL, number))
        if game.status is Status.PLAYING and not is_winnable(game.position):
            return game.record.split()[0]
    raise LookupError("no unwinnable deal that can be played")


@pytest.mark.parametrize("button", ["new", "daily"])
def test_home_asks_before_discarding_a_begun_game(new_player: NewPlayer, button: str) -> None:
    player = new_player()
    player.open(f"/play/{SEED_DEAL}")
    player.tap("stock")
    player.open("/")
    player.page.locator(f'#home [data-role="{button}"]').click()
    dialog = player.dialog()
    dialog.wait_for()
    dialog.locator('[data-action="cancel"]').click()
    assert player.page.url.endswith("/")
    player.page.locator('#home [data-role="continue"]').click()
    player.page.wait_for_selector("body[data-ready='true']")
    assert player.field("code") == SEED_DEAL
    assert player.field("moves") == "1"


def test_a_mistyped_address_gets_a_page_with_a_way_home(new_player: NewPlayer, server: LiveServer) -> None:
    player = new_player(locale="it-IT")
    for path, words in (("/no-such-page", "/no-such-page"), ("/play/XYZ", "XYZ")):
        response = player.page.goto(server.url.rstrip("/") + path)
        assert response is not None and response.status == 404
        assert "text/html" in response.headers["content-type"]
        assert player.page.locator("h1").inner_text() == "Pagina non trovata"
        assert words in player.page.locator('[data-role="message"]').inner_text()
        assert player.page.locator("#table").count() == 0  # no other game shown under that address
        player.page.locator('[data-role="home"]').click()
        player.page.wait_for_selector("body[data-ready='true']")
    with httpx.Client(base_url=server.url) as client:
        answer = client.get("/api/h2h/nothing-here", headers={"Accept": "text/html"})
    assert answer.status_code == 404
    assert answer.json()["error"]["key"] == "error.not_found"


@pytest.mark.parametrize("viewport", SIZES, ids=SIZE_IDS)
def test_heart_cards_stay_at_least_44_pixels_wide(new_player: NewPlayer, viewport: dict[str, int]) -> None:
    player = new_player(viewport=viewport)
    player.open(f"/play/{SEED_DEAL}")
    widths = player.page.eval_on_selector_all(
        "#table [data-pos]", "els => els.map(e => e.getBoundingClientRect().width)"
    )
    assert len(widths) == 25
    assert min(widths) >= MIN_TARGET_PX
    chip = player.page.locator('[data-field="code"]').bounding_box()
    assert chip is not None and chip["height"] >= MIN_TARGET_PX
    assert player.page.evaluate("getComputedStyle(document.querySelector('[data-field=\"code\"]')).whiteSpace") == (
        "nowrap"
    )
    player.shot("first-play")
    player.open("/examples")  # the examples' heart too
    widths = player.page.eval_on_selector_all(
        ".viewer [data-pos]", "els => els.map(e => e.getBoundingClientRect().width)"
    )
    assert min(widths) >= MIN_TARGET_PX


@pytest.mark.parametrize("lang", list(LOCALES))
@pytest.mark.parametrize("viewport", SIZES, ids=SIZE_IDS)
def test_no_page_overflows_sideways(new_player: NewPlayer, viewport: dict[str, int], lang: str) -> None:
    player = new_player(viewport=viewport, locale=LOCALES[lang])
    for path, name in (("/", "home"), (f"/play/{SEED_DEAL}", "play"), ("/stats", "stats"), ("/examples", "examples")):
        player.open(path)
        overflow = player.page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
        assert overflow <= 0, f"{path} overflows by {overflow}px"
        player.shot(f"first-{name}-{lang}")
    player.open(f"/play/{stalled_at_start()}")
    player.dialog().wait_for()
    player.shot(f"first-play-stuck-{lang}")


def relative_luminance(rgb: tuple[int, int, int]) -> float:
    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(v) for v in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(first: tuple[int, int, int], second: tuple[int, int, int]) -> float:
    lighter, darker = sorted((relative_luminance(first), relative_luminance(second)), reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


def test_statistics_on_a_phone_show_the_replay_link_and_a_readable_hints_mark(new_player: NewPlayer) -> None:
    code, moves = stalls_after_moves()
    player = new_player(viewport=PORTRAIT)
    player.open(f"/play/{code}")
    player.play(moves)
    player.dialog().wait_for()
    player.open("/stats")
    replay = player.page.locator('[data-role="recent"] a[href^="/replay/"]').first
    box = replay.bounding_box()
    assert box is not None and box["x"] + box["width"] <= PORTRAIT["width"]
    assert box["height"] >= MIN_TARGET_PX
    # The "(hints)" mark a game with hints gets in its result cell (this stalled deal has no hint to take).
    color = player.page.evaluate(
        """() => { const mark = document.createElement("span"); mark.className = "hints-note";
        document.querySelector('[data-role="recent"] td').append(mark); return getComputedStyle(mark).color; }"""
    )
    rgb = tuple(int(part) for part in color[color.index("(") + 1 : color.index(")")].split(",")[:3])
    felt_light = (0x2F, 0x7A, 0x59)  # the lightest green of the page's background
    assert contrast((rgb[0], rgb[1], rgb[2]), felt_light) >= 4.5
    player.shot("first-stats-played")


def test_quick_stock_taps_during_the_draw_animation_all_draw(new_player: NewPlayer) -> None:
    player = new_player(viewport=LANDSCAPE, settings={"animation": "slow"})
    player.open(f"/play/{SEED_DEAL}")
    box = player.page.locator('[data-pile="stock"]').bounding_box()
    assert box is not None
    taps = 14
    for _ in range(taps):  # each tap lands while the previous card still flies from the stock to the waste
        player.page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        player.page.wait_for_timeout(50)
    player.page.wait_for_function(f"() => document.querySelector('[data-field=\"moves\"]').textContent === '{taps}'")
    player.idle()
    assert player.field("moves") == str(taps)
    assert player.pressed() == []  # the waste was never selected by a tap meant for the stock


def test_every_setting_has_a_one_line_explanation(new_player: NewPlayer) -> None:
    player = new_player()
    player.open(f"/play/{SEED_DEAL}")
    player.page.locator('.toolbar [data-action="settings"]').click()
    dialog = player.dialog()
    dialog.wait_for()
    notes = dialog.locator(".note").all_inner_texts()
    # placement help, move errors, animation, deal mode, daily deal (the language names itself)
    assert len([note for note in notes if note.strip()]) == 5
    player.shot("first-settings")


@pytest.mark.parametrize("viewport", [PORTRAIT, WIDE], ids=["portrait", "desktop"])
def test_links_that_stand_alone_are_44_pixel_targets(new_player: NewPlayer, viewport: dict[str, int]) -> None:
    player = new_player(viewport=viewport)
    for path in ("/", "/examples"):
        player.open(path)
        heights = player.page.eval_on_selector_all(
            "main a, .site nav a",
            """els => els.filter(e => e.offsetParent !== null && !e.closest('li, .prose p'))
                        .map(e => [e.textContent.trim(), e.getBoundingClientRect().height])""",
        )
        assert heights
        short = [(text, height) for text, height in heights if height < MIN_TARGET_PX]
        assert short == [], path


def paper_colour(page: Any, position: int) -> tuple[int, int, int]:
    """The paper colour of the face drawn at `position` (the first rectangle's fill in its SVG picture)."""
    source = page.eval_on_selector(f'#table [data-pos="{position}"] img', "img => decodeURIComponent(img.src)")
    fill = re.search(r'<rect[^>]*fill="#([0-9a-fA-F]{6})"', source)
    assert fill is not None, source[:200]
    value = fill.group(1)
    return int(value[0:2], 16), int(value[2:4], 16), int(value[4:6], 16)


def test_free_and_covered_cards_are_clearly_distinct(new_player: NewPlayer) -> None:
    player = new_player(settings={"animation": "off", "placementHelp": False})
    player.open(f"/play/{SEED_DEAL}")
    assert player.card(1).get_attribute("data-free") == "false"
    assert player.card(25).get_attribute("data-free") == "true"
    # A luminance ratio of 1.4 between the two papers: white against a visibly darker cream.
    assert contrast(paper_colour(player.page, 25), paper_colour(player.page, 1)) >= 1.4


def test_a_tapped_toolbar_button_does_not_stay_highlighted_on_touch(browser: Any, server: LiveServer) -> None:
    context = browser.new_context(viewport=PORTRAIT, has_touch=True, is_mobile=True)
    try:
        context.add_init_script(settings_script({"animation": "off"}))
        player = Player(context.new_page(), server.url)
        player.open(f"/play/{SEED_DEAL}")
        assert player.page.evaluate("matchMedia('(hover: hover)').matches") is False
        button = player.page.locator('.toolbar [data-action="restart"]')
        button.tap()
        player.idle()
        background = button.evaluate("e => getComputedStyle(e).backgroundColor")
        assert background == "rgba(0, 0, 0, 0)"
    finally:
        context.close()


def test_a_first_visit_has_no_console_error_and_no_failed_request(new_player: NewPlayer) -> None:
    """A new player has no running game: the home page and the play page ask for it and get a normal answer."""
    player = new_player()
    errors: list[str] = []
    player.page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    player.page.on("requestfailed", lambda request: errors.append(f"failed {request.url}"))
    player.page.on(
        "response", lambda answer: errors.append(f"{answer.status} {answer.url}") if answer.status >= 400 else None
    )
    player.open("/")
    assert player.page.locator('#home [data-role="continue"]').is_hidden()
    player.open("/play")
    assert player.field("code").startswith("HH1-")
    assert errors == []
