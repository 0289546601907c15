"""The special variant in the browser: a deal ends with a total past the target, yet the game goes on (a tie for the
lowest total, or a perfect hand). The score table says why, in the page's language, and the next deal is dealt.

The table is a stored game replayed to that moment (random legal play from a fixed seed until a deal ends that way),
put in the database before the server starts: the server resumes it like any table after a restart."""

from __future__ import annotations

import secrets
from collections.abc import Callable
from datetime import UTC, datetime

import pytest

from heartcards.hearts.engine import Game, Variant
from heartcards.hearts.table import token_hash
from heartcards.storage.database import open_engine, upgrade_database
from heartcards.storage.hearts_repository import HeartsRepository, SeatRecord, TableRecord
from heartcards.web.i18n import shipped_catalogs
from tests.web.browser.hearts.conftest import HeartsPlayer, random_game_until
from tests.web.conftest import LiveServer

pytestmark = pytest.mark.browser
NewPlayer = Callable[..., HeartsPlayer]
TARGET = 50


def extended_game() -> tuple[Game, str]:
    """A special-variant game at the score table of a deal after which it goes on although a total reached the
    target, and the reason ("tie" or "perfect_hand")."""
    for seed in range(1, 500):
        game = random_game_until(seed, Variant.SPECIAL, TARGET, lambda game: max(game.totals) >= TARGET)
        if game is not None:
            return game, "tie" if game.totals.count(min(game.totals)) > 1 else "perfect_hand"
    raise AssertionError("no extended special game among the seeds tried")


def test_the_score_table_explains_why_a_special_game_goes_on(
    live_server: LiveServer, new_hearts_player: NewPlayer
) -> None:
    game, reason = extended_game()
    token = secrets.token_urlsafe(24)
    table_id = secrets.token_hex(16)
    now = datetime.now(UTC)
    seats = [SeatRecord(0, "human", "Ada", None, token_hash(token))]
    seats += [SeatRecord(seat, "bot", f"Bot {seat}") for seat in (1, 2, 3)]
    record = TableRecord(table_id, "solo", "special", TARGET, "easy", 60, "playing", game.to_dict(), now, seats)
    engine = open_engine(live_server.database_url)
    upgrade_database(engine)
    HeartsRepository(engine).create_table(record, now)
    engine.dispose()
    live_server.restart()  # the server loads the stored table, as after any restart

    player = new_hearts_player(live_server.url, reduced=True)
    player.context.add_init_script(
        f"localStorage.setItem('hc_hearts_token_{table_id}', '{token}');"
        f"localStorage.setItem('hc_hearts_seat_{table_id}', '0');"
    )
    player.open(f"/hearts/table/{table_id}?lang=it")
    player.page.wait_for_selector('dialog[open] [data-action="next"]')
    expected = shipped_catalogs().translate("it", f"hearts.ui.extension.{reason}", {})
    assert player.page.locator("dialog[open] .extension").first.inner_text().strip() == expected
    assert player.scores() == game.totals and max(game.totals) >= TARGET
    player.shot("special-extension")

    player.page.click('dialog[open] [data-action="next"]')  # the one person at the table: the next deal starts
    player.page.wait_for_function(
        "() => document.querySelectorAll('[data-hand] [data-card]').length === 13"
        " && !document.querySelector('dialog[open]')"
    )
    assert player.situation()["kind"] in ("pass", "play")  # the game went on
    assert player.errors == []
