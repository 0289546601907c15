"""The Hearts rules page in the browser: "Rules" in the menu at a Hearts table opens it (and still the Heart to Heart
rules elsewhere), every section and picture is there in English, Italian and Greek without sideways scrolling on a
phone (held upright or sideways) and a desktop, and an illegal tap's message at the table links to the section of the
rule it quotes."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest

from heartcards.hearts.engine.errors import IllegalPlayError
from tests.support.live_server import LiveServer
from tests.web.browser.hearts.conftest import FAST, PHONE, HeartsPlayer, play_until

pytestmark = pytest.mark.browser
ROOT = Path(__file__).resolve().parents[4]
NewPlayer = Callable[..., HeartsPlayer]

DESKTOP_1366 = {"width": 1366, "height": 768}
PHONE_LANDSCAPE = {"width": 844, "height": 390}
SECTIONS = (
    "players-and-cards",
    "the-deal",
    "passing",
    "the-first-lead",
    "following-suit",
    "the-queen-of-spades-on-the-first-trick",
    "leading-hearts",
    "winning-a-trick",
    "points",
    "shooting-the-moon",
    "the-target-score",
    "the-classic-variant",
    "the-special-variant",
    "perfect-hand",
    "tie",
    "examples",
)
"""The page's anchors: those of docs/rules/hearts.md, plus the worked examples."""
RULE_OF_ERROR = {
    "hearts.error.lead_two_of_clubs": "the-first-lead",
    "hearts.error.follow_suit": "following-suit",
    "hearts.error.queen_first_trick": "the-queen-of-spades-on-the-first-trick",
    "hearts.error.hearts_not_broken": "leading-hearts",
}
TITLES = {
    "en": ("Hearts: the rules", "Passing", "Shooting the moon"),
    "it": ("Hearts: le regole", "Il passaggio delle carte", "Il cappotto"),
    "el": ("Κούπες: οι κανόνες", "Η ανταλλαγή φύλλων", "Τα μαζεύετε όλα"),
}
"""Per language: the page title, and the titles of the passing and moon sections."""

_LAYOUT = """() => ({
  overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
  sections: [...document.querySelectorAll("#hearts-rules > section")].map((s) => s.id),
  untitled: [...document.querySelectorAll("#hearts-rules > section")].filter((s) => !s.querySelector("h2, h3")).length,
  rawKeys: [...document.querySelectorAll("#hearts-rules *")]
    .filter((e) => e.children.length === 0 && /hearts\\.ui\\./.test(e.textContent)).length,
  passDiagrams: document.querySelectorAll("#passing .hr-pass svg").length,
  cardsBySection: Object.fromEntries([...document.querySelectorAll("#hearts-rules > section")].map(
    (s) => [s.id, s.querySelectorAll('.hcard[role="img"] svg.face').length])),
  barred: [...document.querySelectorAll('.hcard[data-allowed="false"]')].map((e) => e.dataset.card),
  wideFigures: [...document.querySelectorAll(".hr-figure, .hr-pass-cycle, table")]
    .filter((e) => e.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5).length,
  contents: document.querySelectorAll(".hr-contents a").length,
})"""


def _open_rules(player: HeartsPlayer, language: str) -> dict[str, object]:
    player.open(f"/hearts/rules?lang={language}")
    layout: dict[str, object] = player.page.evaluate(_LAYOUT)
    return layout


@pytest.mark.parametrize("language", ["en", "it", "el"])
@pytest.mark.parametrize(
    "viewport", [PHONE, PHONE_LANDSCAPE, DESKTOP_1366], ids=["phone", "phone-landscape", "desktop"]
)
def test_the_rules_page_shows_every_section_and_picture_without_sideways_scrolling(
    server: LiveServer, new_hearts_player: NewPlayer, language: str, viewport: dict[str, int]
) -> None:
    player = new_hearts_player(server.url, viewport=viewport)
    layout = _open_rules(player, language)
    assert layout["sections"] == list(SECTIONS)
    assert layout["untitled"] == 0 and layout["rawKeys"] == 0
    assert layout["contents"] == len(SECTIONS) - 2  # perfect hand and tie are parts of the special rules
    assert layout["passDiagrams"] == 4
    cards = layout["cardsBySection"]
    assert isinstance(cards, dict)
    assert cards["the-first-lead"] == 4 and cards["winning-a-trick"] == 4 and cards["points"] == 4
    assert cards["shooting-the-moon"] == 14 and cards["examples"] == 4
    assert layout["barred"] == ["QS", "5H", "JH"]  # the Q♠ on the first trick; hearts before they are broken
    assert layout["overflow"] == 0 and layout["wideFigures"] == 0
    title, passing, moon = TITLES[language]
    page = player.page
    assert page.inner_text("h1") == title
    assert page.inner_text("#passing h2") == passing and page.inner_text("#shooting-the-moon h2") == moon
    assert page.get_attribute("html", "lang") == language
    if language == "it":
        assert "Cuori" not in page.inner_text("h1")  # the game is "Hearts", as the rules it follows call it
    assert player.errors == []
    player.shot(f"rules-{language}")
    for section in ("passing", "the-queen-of-spades-on-the-first-trick", "examples"):
        page.evaluate("(id) => document.getElementById(id).scrollIntoView()", section)
        player.shot(f"rules-{language}-{section}")


def _anchors_of(markdown: Path) -> set[str]:
    """The anchors a Markdown renderer gives the headings of `markdown` (lower case, spaces to hyphens, no marks)."""
    anchors = set()
    for line in markdown.read_text(encoding="utf-8").splitlines():
        if line.startswith("#"):
            title = line.lstrip("#").strip().lower()
            anchors.add(re.sub(r"[^\w\- ]", "", title).replace(" ", "-"))
    return anchors


def test_every_rule_the_engine_refuses_with_links_to_a_section_that_the_rules_document_has_too(
    server: LiveServer, new_hearts_player: NewPlayer
) -> None:
    player = new_hearts_player(server.url, viewport=DESKTOP_1366)
    layout = _open_rules(player, "en")
    mapping = player.page.evaluate("async () => ({...(await import('/static/js/hearts/rule-links.js')).RULE_OF_ERROR})")
    refusals = {error.key for error in IllegalPlayError.__subclasses__()}
    assert refusals == set(RULE_OF_ERROR) and refusals <= set(mapping)
    assert {key: mapping[key] for key in RULE_OF_ERROR} == RULE_OF_ERROR
    assert set(mapping.values()) <= set(SECTIONS)
    # The page's anchors are the document's, so code and tests can cite either.
    documented = _anchors_of(ROOT / "docs/rules/hearts.md")
    assert set(SECTIONS) - {"examples"} <= documented
    assert layout["sections"] == list(SECTIONS)


def test_the_menu_at_a_hearts_table_opens_the_hearts_rules(server: LiveServer, new_hearts_player: NewPlayer) -> None:
    player = new_hearts_player(server.url, viewport=PHONE)
    player.create_table("solo", "Anna")
    page = player.page
    page.click(".menu-toggle")
    rules = page.locator('#site-nav a[href$="rules"]')
    assert rules.count() == 1
    assert rules.get_attribute("href") == "/hearts/rules"
    rules.click()
    page.wait_for_url("**/hearts/rules")
    page.wait_for_selector("body[data-ready='true']")
    assert page.inner_text("h1") == "Hearts: the rules"
    assert page.get_attribute('#site-nav a[href="/hearts/rules"]', "aria-current") == "page"
    for path, rules_of_its_game in (
        ("/hearts", "/hearts/rules"),
        ("/hearts/stats", "/hearts/rules"),
        ("/play", "/rules"),
    ):
        page.goto(player.base_url + path)
        assert page.get_attribute('#site-nav a[href$="rules"]', "href") == rules_of_its_game, path


def _last_error_key(player: HeartsPlayer) -> str | None:
    for raw in reversed(player.frames):
        try:
            message = json.loads(raw)
        except ValueError:
            continue
        if isinstance(message, dict) and message.get("type") == "error":
            key = message.get("key")
            return key if isinstance(key, str) else None
    return None


def test_an_illegal_tap_links_to_the_rule_it_quotes(server: LiveServer, new_hearts_player: NewPlayer) -> None:
    player = new_hearts_player(server.url, viewport=PHONE, settings=FAST)
    player.create_table("solo", "Anna")
    page = player.page
    page.wait_for_selector('[data-hand][data-mode="pass"]')
    linked: dict[str, str] = {}

    def refused_once() -> bool:
        now = player.situation()
        if now["kind"] == "deal_over":
            raise AssertionError("a whole deal without a card the rules refuse")
        illegal = [card for card in now.get("cards", []) if now["kind"] == "play" and card not in now["legal"]]
        if not illegal:
            return False
        player.tap_card(illegal[0])
        page.wait_for_selector(".actions [data-rule-link]")
        key = _last_error_key(player)
        assert key in RULE_OF_ERROR, key
        link = page.locator(".actions [data-rule-link]")
        linked["key"] = key
        linked["href"] = str(link.get_attribute("href"))
        linked["text"] = link.inner_text()
        player.shot("illegal-tap-rule-link")
        player.act()  # a legal card: the table moves on and the link goes
        page.wait_for_selector(".actions [data-rule-link]", state="detached")
        return True

    play_until([player], refused_once, timeout=120)
    section = RULE_OF_ERROR[linked["key"]]
    assert linked["href"] == f"/hearts/rules#{section}"
    assert linked["text"].startswith("Read the rule: ")
    # The link's target: the section is there, titled as the link says, and scrolled into view.
    player.open(linked["href"])
    heading = page.locator(f"#{section} > h2")
    assert heading.inner_text() == linked["text"].removeprefix("Read the rule: ")
    box = heading.bounding_box()
    assert box is not None and 0 <= box["y"] < PHONE["height"]
    assert player.errors == []
