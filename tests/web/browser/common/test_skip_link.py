"""A skip link is the first Tab on every page: it shows, says where it goes in the page's language, and moves the
focus past the header to the content (on the play page the next Tab is a game control); in three languages at
390x844, 844x390 and 1366x768, through the layout check."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.web.browser.conftest import LOCALES, Player
from tests.web.browser.layout import SIZES, assert_fits

pytestmark = pytest.mark.browser

NewPlayer = Callable[..., Player]
SKIP = {"en": "Skip to the content", "it": "Vai al contenuto", "el": "Μετάβαση στο περιεχόμενο"}
FOCUSED = "() => ({role: document.activeElement.dataset.role || null, tag: document.activeElement.tagName})"


@pytest.mark.parametrize("language", LOCALES)
def test_the_first_tab_skips_to_the_content(new_player: NewPlayer, language: str) -> None:
    player = new_player(viewport=SIZES["phone"], locale=LOCALES[language])
    for size, viewport in SIZES.items():  # each page loaded at each size: the first Tab of a fresh page
        player.page.set_viewport_size(viewport)
        for path in ("/", "/play", "/hearts"):
            player.open(path)
            player.page.keyboard.press("Tab")
            skip = player.page.locator('[data-role="skip"]')
            assert player.page.evaluate(FOCUSED)["role"] == "skip", (path, size)
            assert skip.is_visible() and skip.inner_text() == SKIP[language]
            box = skip.bounding_box()
            assert box is not None and box["y"] >= 0
            assert_fits(player.page, f"skip link {path} {language} {size}")
            player.page.keyboard.press("Enter")
            assert player.page.evaluate(FOCUSED)["tag"] == "MAIN", (path, size)
            if path == "/play":
                player.page.keyboard.press("Tab")
                inside = player.page.evaluate("() => Boolean(document.activeElement.closest('main'))")
                assert inside, "the Tab after the skip link is a game control"
        player.shot(f"skip-{language}")
