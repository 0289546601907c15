"""The server restarted in the middle of a deal: the open page reconnects by itself, the game resumes where it was
(same hand, same scores) and the deal can be played to its end."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.web.browser.hearts.conftest import HeartsPlayer, play_until
from tests.web.conftest import LiveServer

pytestmark = pytest.mark.browser
NewPlayer = Callable[..., HeartsPlayer]


def test_a_server_restart_mid_deal_resumes_it(live_server: LiveServer, new_hearts_player: NewPlayer) -> None:
    player = new_hearts_player(live_server.url, reduced=True, hurried=True)
    player.create_table("solo", "Cleo")
    play_until([player], lambda: player.situation()["kind"] == "play" and len(player.hand()) <= 10)
    hand, trick, counts = player.hand(), player.trick(), player.counts()

    # Stopped and started in two steps: while the server is down the page must say so. (Waiting for the banner
    # after a one-step restart raced the page's own quick reconnect.)
    live_server.stop()
    player.page.wait_for_selector("[data-connection]:not([hidden])")
    live_server.start()
    player.page.wait_for_selector("[data-connection]", state="hidden", timeout=30_000)
    player.page.wait_for_selector('[data-hand][data-mode="play"]')
    player.idle()
    assert player.hand() == hand
    assert player.trick() == trick
    assert player.counts() == counts

    play_until([player], lambda: player.situation()["kind"] == "deal_over")
    assert sum(player.scores()) in (26, 39)
    assert player.errors == []
