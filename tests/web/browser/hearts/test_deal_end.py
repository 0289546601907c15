"""A deal's end shows what each player took, not only a table of numbers: a line naming who took the Q♠ and, for
each seat, its hearts counted and shown as small cards (the Q♠ beside its taker's), adding up to the points its plate
shows; in English, Italian and Greek at 390×844, 844×390 and 1366×768, through the layout check (the page is opened
again in each language and size while the deal's scores wait); in Greek the dialog passes the accessibility
audit."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest

from tests.web.browser.accessibility import assert_accessible
from tests.web.browser.hearts.conftest import HeartsPlayer, play_until
from tests.web.browser.layout import SIZES, assert_fits
from tests.web.conftest import LiveServer

pytestmark = pytest.mark.browser
NewPlayer = Callable[..., HeartsPlayer]

YOU_TOOK = {"en": "You took the Q♠", "it": "Hai preso tu la donna di picche (Q♠)", "el": "Πήρατε εσείς τη ντάμα μπαστούνι (Q♠)"}  # fmt: skip
HEARTS = {"en": r"^(\d+) hearts?$", "it": r"^(\d+) cuor[ei]$", "el": r"^(\d+) κούπ[αε]ς?$"}


def test_the_deal_end_shows_each_players_hearts_and_who_took_the_queen(
    server: LiveServer, new_hearts_player: NewPlayer
) -> None:
    player = new_hearts_player(server.url, reduced=True, hurried=True)
    table = player.create_table("solo", "Adele")
    play_until([player], lambda: player.situation()["kind"] == "deal_over", timeout=120)
    for language in YOU_TOOK:
        for name, size in SIZES.items():
            label = f"{language}-{name}"
            player.page.set_viewport_size(size)
            player.open(f"/hearts/table/{table}?lang={language}")
            dialog = player.page.locator("dialog[open]")
            dialog.locator("[data-deal-taken] li").nth(3).wait_for()
            rows = dialog.locator("[data-deal-taken] li")
            hearts_total = 0
            queen_takers = []
            for seat in range(4):
                row = rows.nth(seat)
                assert row.get_attribute("data-seat") == str(seat)
                chips = row.locator(".chip").evaluate_all("els => els.map((e) => e.dataset.card)")
                hearts = [card for card in chips if card.endswith("H")]
                count = re.match(HEARTS[language], row.locator(".hearts-count").inner_text().strip())
                assert count and int(count.group(1)) == len(hearts), (label, chips)
                points = int(player.page.inner_text(f'.seat[data-seat="{seat}"] .taken span'))
                assert len(hearts) + (13 if "QS" in chips else 0) == points, (label, seat, chips, points)
                hearts_total += len(hearts)
                if "QS" in chips:
                    queen_takers.append((seat, row.locator(".who").inner_text()))
            assert hearts_total == 13 and len(queen_takers) == 1, (label, hearts_total, queen_takers)
            line = dialog.locator("[data-queen-line]").inner_text()
            (taker, name), you = (
                queen_takers[0],
                player.page.locator('.seat[data-pos="bottom"]').get_attribute("data-seat"),
            )
            if str(taker) == you:
                assert line == YOU_TOOK[language], (label, line)
            else:  # "Hedy took the Q♠"
                assert name in line and "Q♠" in line and line != YOU_TOOK[language], (label, line, name)
            assert_fits(player.page, f"deal end {label}")
            if name == "phone" and language == "el":
                assert_accessible(player.page, f"deal end {language}")
            player.shot(f"deal-end-{language}")
