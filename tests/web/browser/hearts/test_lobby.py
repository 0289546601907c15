"""The lobby in the browser: a running online table is there to watch while its people play, and leaves the list a
visitor sees once they have all left it (it is paused: nothing to watch), while a table whose person stays is still
listed. The server of this file lets a table its people left stay in the lobby 1 s instead of 2 minutes."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from heartcards.runtime.settings import RUNNING_ABSENCE_VARIABLE
from tests.support.live_server import LiveServer
from tests.web.browser.hearts.conftest import DESKTOP, PHONE, HeartsPlayer
from tests.web.browser.layout import assert_fits, at_each_size

pytestmark = pytest.mark.browser
NewPlayer = Callable[..., HeartsPlayer]
ABSENCE_SECONDS = 1
LOBBY_REFRESH_MS = 4000
"""How often an open lobby asks for the tables again (`js/hearts/setup.js`)."""


@pytest.fixture(scope="module")
def quick_absence_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    folder: Path = tmp_path_factory.mktemp("lobby")
    server = LiveServer(
        f"sqlite:///{folder / 'db.sqlite3'}", environment={RUNNING_ABSENCE_VARIABLE: str(ABSENCE_SECONDS)}
    )
    server.start()
    try:
        yield server
    finally:
        server.stop()


def started_online_table(player: HeartsPlayer, name: str) -> str:
    """An online table created and started by `player` (computers in the empty seats), at its first pass."""
    table = player.create_table("online", name)
    player.page.click('[data-action="start"]')
    player.page.wait_for_selector('[data-hand][data-mode="pass"]')
    return table


def row(table: str) -> str:
    """The lobby's line of `table`."""
    return f'[data-lobby] li[data-table="{table}"]'


def test_a_table_its_people_left_leaves_the_lobby(
    quick_absence_server: LiveServer, new_hearts_player: NewPlayer
) -> None:
    url = quick_absence_server.url
    leaving = new_hearts_player(url, viewport=DESKTOP, reduced=True)
    abandoned = started_online_table(leaving, "Lena")
    staying = new_hearts_player(url, viewport=DESKTOP, reduced=True)
    kept = started_online_table(staying, "Sami")

    visitor = new_hearts_player(url, viewport=PHONE, reduced=True, hurried=True)
    visitor.open("/hearts")
    for table in (abandoned, kept):  # both are being played: there to watch
        assert visitor.page.locator(row(table)).is_visible()
        assert visitor.page.get_attribute(row(table), "data-running") == "true"

    leaving.page.close()  # the only person of that table leaves it
    # The lobby the visitor has open refreshes itself: the table leaves it after the absence. The visitor's clock is
    # moved on to its next refresh at each look, so the test waits for the server's absence only.
    deadline = time.monotonic() + ABSENCE_SECONDS + 15
    while visitor.page.locator(row(abandoned)).count():
        assert time.monotonic() < deadline, "the abandoned table stays in the lobby"
        visitor.page.clock.fast_forward(LOBBY_REFRESH_MS)
        visitor.page.wait_for_timeout(200)
    assert visitor.page.locator(row(kept)).is_visible()  # its person is still there
    visitor.shot("lobby-abandoned-gone")

    newcomer = new_hearts_player(url, viewport=PHONE, reduced=True)
    newcomer.open("/hearts")  # and a new visitor never sees it
    assert newcomer.page.locator(row(kept)).is_visible()
    assert newcomer.page.locator(row(abandoned)).count() == 0
    status = newcomer.page.evaluate(
        "async (id) => (await (await fetch(`/api/hearts/tables/${id}`)).json()).status", abandoned
    )
    assert status == "playing"  # paused, not over: its link still opens it
    assert visitor.errors == [] and newcomer.errors == [] and staying.errors == []


def test_a_running_tables_row_fits_a_phone_beside_an_open_one(server: LiveServer, new_hearts_player: NewPlayer) -> None:
    """A running table's row carries a longer button ("Παρακολούθηση" in Greek) and one more fact: on a phone it
    takes a line of its own under the facts rather than pushing the lobby past the screen's edge."""
    host = new_hearts_player(server.url, viewport=DESKTOP, reduced=True)
    running = started_online_table(host, "Zoë")
    waiting = new_hearts_player(server.url, viewport=DESKTOP, reduced=True).create_table("online", "Zoë")
    visitor = new_hearts_player(server.url, viewport=PHONE, reduced=True)
    for language in ("en", "it", "el"):
        visitor.page.set_viewport_size(PHONE)
        visitor.open(f"/hearts?lang={language}")
        for table in (running, waiting):
            visitor.page.locator(row(table)).wait_for()
        for size in at_each_size(visitor.page):
            assert_fits(visitor.page, f"the lobby with a running table in {language} ({size})")
            visitor.shot(f"lobby-running-{language}")
