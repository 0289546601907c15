"""Languages and errors in the browser: the fixed labels in Italian and Greek
(docs/rules/heart-to-heart.md#labels), the language following the browser
and the switch, and bad codes or forged API calls answered with clear 4xx errors in the player's language."""

from __future__ import annotations

from collections.abc import Callable

import httpx
import pytest

from tests.web.browser.conftest import PHONE, Player
from tests.web.browser.h2h.deals import stalled_at_start
from tests.web.conftest import LiveServer

pytestmark = pytest.mark.browser
NewPlayer = Callable[..., Player]
SEED_DEAL = "HH1-N-AAAAAAM"

LABELS = {
    "it": {
        "move_errors": "Errori di mossa",
        "same_rank": "Deve essere dello stesso valore",
        "placement_help": "Aiuto al posizionamento",
        "no_moves": "Nessuna mossa possibile",
        "examples": "Esempi",
        "card_1": "10 di cuori, posizione 1, coperta",
    },
    "el": {
        "move_errors": "Σφάλματα κίνησης",
        "same_rank": "Πρέπει να έχει την ίδια αξία",
        "placement_help": "Βοήθεια τοποθέτησης",
        "no_moves": "Δεν υπάρχουν άλλες δυνατές κινήσεις",
        "examples": "Παραδείγματα",
        "card_1": "10 κούπα, θέση 1, καλυμμένο",
    },
}


@pytest.mark.parametrize("lang", ["it", "el"])
def test_the_spec_labels_in_italian_and_greek(new_player: NewPlayer, lang: str) -> None:
    labels = LABELS[lang]
    player = new_player(viewport=PHONE)
    player.open(f"/play/{SEED_DEAL}?lang={lang}")
    page = player.page
    assert page.get_attribute("html", "lang") == lang
    assert player.card(1).get_attribute("aria-label") == labels["card_1"]
    assert page.locator("#site-nav a[href='/examples']").inner_text() == labels["examples"]
    page.locator('.toolbar [data-action="settings"]').click()
    dialog = player.dialog()
    assert labels["placement_help"] in dialog.inner_text()
    dialog.get_by_label(labels["move_errors"]).check()
    player.shot(f"settings-{lang}")
    dialog.locator('[data-action="done"]').click()
    player.tap(25)
    player.tap("waste")
    assert player.status_text() == labels["same_rank"]
    player.shot(f"play-{lang}")
    player.open(f"/play/{stalled_at_start()}")  # the language is remembered without ?lang=
    player.dialog().wait_for()
    assert player.dialog().locator("h2").inner_text() == labels["no_moves"]
    player.shot(f"play-stalled-{lang}")


def test_the_language_follows_the_browser_and_can_be_switched(new_player: NewPlayer) -> None:
    player = new_player(locale="el-GR")
    player.open("/rules")
    page = player.page
    assert page.get_attribute("html", "lang") == "el"
    assert page.locator("h1").inner_text() == "Οι κανόνες του Heart to Heart"
    page.locator(".menu-toggle").click()
    with page.expect_navigation():
        page.locator('[data-role="language"]').select_option("it")
    page.wait_for_selector("body[data-ready='true']")
    assert page.get_attribute("html", "lang") == "it"
    assert "lang=" not in page.url
    player.open("/examples")
    assert page.locator("h1").inner_text() == "Esempi"


def test_bad_codes_get_a_clear_error_in_the_players_language(new_player: NewPlayer, server: LiveServer) -> None:
    with httpx.Client(base_url=server.url) as client:
        italian = client.post("api/h2h/games?lang=it", json={"code": "HH1-Q-12"}).json()["error"]["message"]
        english = client.post("api/h2h/games?lang=en", json={"code": "HH1-Q-12"}).json()["error"]["message"]
    assert italian != english and "HH1-Q-12" in italian
    player = new_player()
    player.open(f"/play/{SEED_DEAL}?lang=it")
    player.tap("stock")
    page = player.page
    page.locator('.toolbar [data-action="code"]').click()
    page.locator("#code-input").fill("HH1-Q-12")
    page.locator('[data-action="open"]').click()
    page.wait_for_function("() => document.querySelector('#code-error').textContent.length > 0")
    assert page.locator("#code-error").inner_text() == italian
    player.shot("code-error-it")
    page.keyboard.press("Escape")
    assert player.field("code") == SEED_DEAL
    assert player.field("moves") == "1"

    # A bad code in the address: the not-found page, in Italian, with a way home (no other game under that address).
    response = page.goto(server.url.rstrip("/") + "/play/HH1-Q-12")
    assert response is not None and response.status == 404
    assert "HH1-Q-12" in page.locator('[data-role="message"]').inner_text()
    assert page.locator('[data-role="home"]').inner_text() == "Torna alla pagina iniziale"


def test_forged_api_calls_get_4xx_in_the_players_language_and_change_nothing(
    new_player: NewPlayer, server: LiveServer
) -> None:
    player = new_player()
    player.open(f"/play/{SEED_DEAL}?lang=el")
    player.play(["S", "S"])
    before = (player.positions(), player.field("moves"), player.field("score"))
    request = player.page.request
    game = request.get(server.url + "api/h2h/games/current").json()
    forged = [
        ("tap", {"target": 26}),
        ("tap", {"target": "heart"}),
        ("tap", {"target": [1, 2]}),
        ("tap", {}),
    ]
    for action, body in forged:
        answer = request.post(server.url + f"api/h2h/games/{game['id']}/{action}", data=body)
        assert 400 <= answer.status < 500, (body, answer.status)
        error = answer.json()["error"]
        assert error["message"] and error["key"]
    answer = request.post(
        server.url + f"api/h2h/games/{game['id']}/tap", data="{not json", headers={"Content-Type": "application/json"}
    )
    assert 400 <= answer.status < 500
    # Someone else's game: another browser's id is unknown to this player.
    with httpx.Client(base_url=server.url) as stranger:
        theirs = stranger.post("api/h2h/games", json={"code": SEED_DEAL}).json()
    answer = request.post(server.url + f"api/h2h/games/{theirs['id']}/tap", data={"target": 25})
    assert answer.status == 404
    greek = answer.json()["error"]["message"]
    assert any("\u0370" <= char <= "\u03ff" for char in greek), greek
    player.open("/play")
    assert (player.positions(), player.field("moves"), player.field("score")) == before
