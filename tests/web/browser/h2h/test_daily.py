"""The daily deal as a shared event in the browser: the home page's mark until today's deal is played, the streak and
calendar on the home and statistics pages, today's ranking under the win, and sharing the result (the Web Share API,
else the clipboard) without a move of the solution in it; in three languages at three sizes."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import httpx
import pytest

from heartcards.heart_to_heart.engine import Game
from heartcards.heart_to_heart.solver import solve
from tests.web.browser.conftest import LOCALES, Player
from tests.web.browser.layout import SIZES, assert_fits, at_each_size
from tests.web.conftest import LiveServer

pytestmark = pytest.mark.browser

NewPlayer = Callable[..., Player]
MOVE = re.compile(r"^(S|[0-9]{1,2}-([0-9]{1,2}|W))$")
CAPTURE_SHARE = "window.__shared = []; navigator.share = async (data) => { window.__shared.push(data.text); };"
NO_SHARE = "delete Navigator.prototype.share;"


def todays_deal(server: LiveServer) -> tuple[str, list[str]]:
    """Today's code and a fewest-moves win of it, in the record's notation."""
    code: str = httpx.get(f"{server.url}api/h2h/daily").json()["code"]
    return code, [str(move) for move in solve(Game.from_code(code).position).moves]


def named_winner(server: LiveServer, name: str, code: str, moves: list[str]) -> None:
    """Another player, who chose `name` at a Hearts table, wins today's deal through the API."""
    with httpx.Client(base_url=server.url) as other:
        table = other.post("/api/hearts/tables", json={"mode": "online", "name": name, "strength": "easy"})
        assert table.status_code == 201, table.text
        game = other.post("/api/h2h/games", json={"daily": True}).json()
        stored = other.post(f"/api/h2h/games/{game['id']}/moves", json={"from": 0, "moves": moves})
        assert stored.json()["view"]["status"] == "won", stored.text


def almost_win(player: Player, code: str, moves: list[str]) -> None:
    """All but the last move of the win stored for `player`, who then opens the game: the last tap wins it."""
    game = player.page.request.post(f"{player.base_url}/api/h2h/games", data={"code": code}).json()
    stored = player.page.request.post(
        f"{player.base_url}/api/h2h/games/{game['id']}/moves", data={"from": 0, "moves": moves[:-1]}
    )
    assert stored.ok, stored.text()
    player.open(f"/play/{code}")
    player.play(moves[-1:])
    player.dialog().locator('[data-role="daily-ranking"]').wait_for()


def shared_lines(text: str) -> list[str]:
    return text.split("\n")


def assert_no_move_of(text: str, moves: list[str]) -> None:
    assert not [word for word in text.split() if MOVE.match(word)], text
    assert " ".join(moves[:3]) not in text


def test_todays_deal_from_the_mark_to_the_shared_result(new_player: NewPlayer, server: LiveServer) -> None:
    code, moves = todays_deal(server)
    named_winner(server, "Zoë", code, moves)
    player = new_player()
    player.page.add_init_script(CAPTURE_SHARE)
    player.open("/")
    home = player.page.locator("#home")
    calendar = home.locator('[data-role="daily-calendar"]')
    assert calendar.locator("li.day").count() == 28
    assert calendar.locator('li[aria-current="date"]').count() == 1
    assert calendar.locator('[data-role="streak"]').inner_text() == "Win today's deal to start a streak."
    assert calendar.locator('[data-role="today"]').inner_text() == "Today's deal is waiting for you."
    assert "marked" in (home.locator('[data-role="daily"]').get_attribute("class") or "")
    player.shot("daily-home-waiting")
    player.page.emulate_media(forced_colors="active")  # a contrast theme: the mark is still there to see
    mark, page = home.locator('[data-role="daily"]').evaluate(
        "el => [getComputedStyle(el, '::after').backgroundColor, getComputedStyle(document.body).backgroundColor]"
    )
    assert mark != page
    player.page.emulate_media(forced_colors="none")

    almost_win(player, code, moves)
    dialog = player.dialog()
    rows = dialog.locator('[data-role="daily-ranking"] tbody tr')
    lines = [rows.nth(index).locator("td").all_inner_texts() for index in range(rows.count())]
    names = [line[1] for line in lines]
    assert "Zoë" in names and names.count("You") == 1
    zoe, me = lines[names.index("Zoë")], lines[names.index("You")]
    assert int(zoe[0]) < int(me[0])  # the same moves, Zoë faster
    assert zoe[2] == me[2] == str(len(moves))
    assert dialog.locator("tr.me").count() == 1
    assert dialog.locator('[data-fact="par"]').inner_text() == str(len(moves))  # beside the ranking
    player.shot("daily-won-ranking")

    dialog.locator('[data-action="share"]').click()
    shared: list[str] = player.page.evaluate("window.__shared")
    assert len(shared) == 1
    text = shared_lines(shared[0])
    assert text[0].startswith("Heart to Heart · daily deal of ")
    assert text[1] == f"🟩 {len(moves)} moves, fewest possible {len(moves)}"
    assert text[2] == "💡 no hints"
    assert text[-1] == f"{player.base_url}/play/{code}"
    assert_no_move_of(shared[0], moves)
    assert dialog.is_visible()  # sharing keeps the dialog open

    player.open("/")
    assert "marked" not in (home.locator('[data-role="daily"]').get_attribute("class") or "")
    assert calendar.locator('[data-role="streak"]').inner_text() == "1 day in a row"
    assert calendar.locator('li[aria-current="date"]').get_attribute("class") == "day won today"
    assert calendar.locator('[data-role="today"]').inner_text() == "You have played today's deal."
    player.open("/stats")
    stats_calendar = player.page.locator('#stats [data-role="daily-calendar"]')
    assert stats_calendar.locator("li.day.won").count() == 1
    assert stats_calendar.locator('[data-role="streak"]').inner_text() == "1 day in a row"
    player.page.emulate_media(forced_colors="active")  # a contrast theme: the won day is still painted apart
    won, page = stats_calendar.locator("li.day.won").evaluate(
        "el => [getComputedStyle(el).backgroundColor, getComputedStyle(document.body).backgroundColor]"
    )
    assert won != page


def test_without_the_share_sheet_the_result_is_copied(new_player: NewPlayer, server: LiveServer) -> None:
    code, moves = todays_deal(server)
    player = new_player(viewport=SIZES["desktop"])
    player.page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=player.base_url)
    player.page.add_init_script(NO_SHARE)
    almost_win(player, code, moves)
    player.dialog().locator('[data-action="share"]').click()
    player.page.wait_for_function("() => document.querySelector('#status').textContent.includes('copied')")
    copied: str = player.page.evaluate("navigator.clipboard.readText()")
    assert shared_lines(copied)[1] == f"🟩 {len(moves)} moves, fewest possible {len(moves)}"
    assert shared_lines(copied)[-1] == f"{player.base_url}/play/{code}"
    assert_no_move_of(copied, moves)


@pytest.mark.parametrize("language", LOCALES)
def test_the_daily_deal_fits_in_every_language_and_size(
    new_player: NewPlayer, server: LiveServer, language: str
) -> None:
    code, moves = todays_deal(server)
    player = new_player(viewport=SIZES["phone"], locale=LOCALES[language])
    player.page.add_init_script(CAPTURE_SHARE)
    player.open("/")
    assert player.page.locator('#home [data-role="daily-calendar"] li.day').count() == 28
    for size in at_each_size(player.page):
        assert_fits(player.page, f"home {language} {size}")
        player.shot(f"daily-home-{language}")
    almost_win(player, code, moves)
    ranking = player.dialog().locator('[data-role="daily-ranking"]')
    assert ranking.locator("tr.me").count() == 1
    assert ranking.locator("tbody tr").count() <= 6  # the best five, then the player's own line
    for size in at_each_size(player.page):
        assert_fits(player.page, f"won daily {language} {size}")
        player.shot(f"daily-won-{language}")
    player.dialog().locator('[data-action="share"]').click()
    shared: list[str] = player.page.evaluate("window.__shared")
    assert_no_move_of(shared[0], moves)
    assert "ui.daily" not in shared[0]  # every line translated
    player.open("/stats")
    assert player.page.locator('#stats [data-role="daily-calendar"] li.day.won').count() == 1
    for size in at_each_size(player.page):
        assert_fits(player.page, f"stats {language} {size}")
        player.shot(f"daily-stats-{language}")


def test_a_new_player_gets_winnable_deals(new_player: NewPlayer) -> None:
    player = new_player()
    player.open("/play")
    assert player.field("code").startswith("HH1-S-")
    stored: Any = player.page.evaluate("localStorage.getItem('heartcards.settings')")
    assert stored is None or '"dealMode":"N"' not in stored
