"""An away person's plate reads whole at the others' table: "away" as its tag (not "away · the computer …" cut off),
a robot on the avatar, and the sentence in the plate's title; in English, Italian and Greek at 390×844, 844×390 and
1366×768, through the layout check (which fails on a cut-off tag)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.web.browser.hearts.conftest import DESKTOP, PHONE, HeartsPlayer
from tests.web.browser.hearts.test_seat_return import _CREATE, _MY_SEAT_AWAY
from tests.web.browser.layout import assert_fits, at_each_size
from tests.web.conftest import LiveServer

pytestmark = pytest.mark.browser
NewPlayer = Callable[..., HeartsPlayer]

AWAY = {
    "en": ("away", "Away: the computer plays for now"),
    "it": ("assente", "Assente: per ora gioca il computer"),
    "el": ("λείπει", "Λείπει: προς το παρόν παίζει ο υπολογιστής"),
}
_BADGE = "(el) => getComputedStyle(el, '::after').backgroundImage"


def test_an_away_persons_plate_reads_whole_at_every_size(server: LiveServer, new_hearts_player: NewPlayer) -> None:
    host = new_hearts_player(server.url, viewport=DESKTOP, reduced=True)
    host.open("/hearts")
    table = host.page.evaluate(_CREATE)
    guest = new_hearts_player(server.url, viewport=PHONE, reduced=True)
    guest.open(f"/hearts/table/{table}")
    guest.page.fill("[data-name]", "Bea")
    guest.page.click('[data-action="sit"] >> nth=0')
    guest.page.wait_for_selector('[data-wait-seats] [data-action="sit"]', state="detached")
    host.open(f"/hearts/table/{table}")
    host.page.click('[data-action="start"]')
    host.page.wait_for_selector('[data-hand][data-mode="pass"]')
    host.act()  # the host passes and waits: the guest, idle, is marked away after the table's 10 s
    guest.page.wait_for_function(_MY_SEAT_AWAY, timeout=25_000)
    for language, (tag, title) in AWAY.items():
        host.open(f"/hearts/table/{table}?lang={language}")
        away = host.page.locator('.seat[data-away="true"]')
        away.wait_for()
        for size in at_each_size(host.page):
            label = f"{language} {size}"
            assert away.locator(".tag").inner_text().strip() == tag, label
            assert away.locator(".plate").get_attribute("title") == title, label
            assert "url(" in away.locator(".avatar").evaluate(_BADGE), label
            assert_fits(host.page, f"away plate {label}")
            host.shot(f"away-plate-{language}")
        host.act()  # the host keeps playing, so that only the guest is away
