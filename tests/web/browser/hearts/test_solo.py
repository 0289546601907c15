"""Hearts against three computer players: a whole deal by taps on a phone, an illegal tap explained, the traffic free
of hidden cards, a refresh in the middle of a trick restoring the view, and a whole game in Italian (special rules,
to 50 points) ending with the winner and counted in the player's statistics, and a deal in Greek; one instruction
while passing, and "1 card" (singular) on the plates at the last trick, in each language."""

from __future__ import annotations

import re
import secrets
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

import pytest

from heartcards.hearts.engine import Game, Variant
from heartcards.hearts.table import token_hash
from heartcards.storage.database import open_engine
from heartcards.storage.hearts_repository import HeartsRepository, SeatRecord, TableRecord
from tests.web.browser.hearts.conftest import (
    DESKTOP,
    FAST,
    HeartsPlayer,
    assert_no_hidden_cards,
    play_until,
    random_game_until,
)
from tests.web.conftest import LiveServer

pytestmark = pytest.mark.browser
NewPlayer = Callable[..., HeartsPlayer]


def _illegal_card(now: dict[str, Any]) -> str | None:
    """A card of the player's hand that the rules forbid now (None when it is not their turn, or all are legal)."""
    if now["kind"] != "play":
        return None
    illegal = [card for card in now["cards"] if card not in now["legal"]]
    return illegal[0] if illegal else None


def hold_forbidden_turns(player: HeartsPlayer, until: Callable[[], bool]) -> None:
    """Until `until()`, the player's turns with a card the rules forbid are held (as well as what was held already,
    `LastCard`'s turn): the test's own look then taps that card, where `play_until`'s player could otherwise play a
    legal one between that look and its own, at every such turn of a deal on a loaded machine."""
    held_before = player.holding

    def holds(now: dict[str, Any]) -> bool:
        forbidden = not until() and _illegal_card(now) is not None
        return forbidden or (held_before is not None and held_before(now))

    player.holding = holds


RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]


# Each time a finished trick is held on the table (its winner marked), what the page shows at that instant: the
# hold is half a second at the fast speed, too short to catch by polling from a loaded machine.
_RECORD_HELD_TRICKS = """() => {
  window.heldTricks = [];
  new MutationObserver(() => {
    const marked = document.querySelector('.seat[data-wins="true"]');
    if (!marked) return;
    window.heldTricks.push({
      me: Number(document.querySelector('.seat[data-pos="bottom"]').dataset.seat),
      marked: Number(marked.dataset.seat),
      cards: [...document.querySelectorAll('[data-trick] [data-card]')].map((e) => ({
        card: e.dataset.card, rel: Number(e.dataset.rel), winner: e.dataset.winner,
      })),
    });
  }).observe(document.body, {subtree: true, attributes: true, attributeFilter: ["data-wins"]});
}"""


def _check_the_winner_is_marked(held: dict[str, Any]) -> None:
    """While a finished trick is held, the seat whose card won it (highest of the suit led) is the one marked."""
    cards = [entry["card"] for entry in held["cards"]]
    assert len(cards) == 4, held
    led = cards[0][-1]
    best = max((card for card in cards if card[-1] == led), key=lambda card: RANKS.index(card[:-1]))
    for entry in held["cards"]:
        assert entry["winner"] == ("true" if entry["card"] == best else "false"), held
    rel = next(entry["rel"] for entry in held["cards"] if entry["card"] == best)
    assert held["marked"] == (held["me"] + rel) % 4, held


CARDS_IN_HAND = {
    "en": ("1 card in hand", "0 cards in hand"),
    "it": ("1 carta in mano", "0 carte in mano"),
    "el": ("1 φύλλο στο χέρι", "0 φύλλα στο χέρι"),
}
"""Per language: what a plate's count says of one card left, and of none (the plural)."""


class LastCard:
    """A stop for `play_until`, once: the player's turn with one card left (the table waits for them there). The
    player holds that card until the stop is seen, so `play_until` cannot play it between two looks."""

    def __init__(self, player: HeartsPlayer) -> None:
        self.player = player
        self.reached = False
        self.stopped = False
        player.holding = self._holds

    def _holds(self, now: dict[str, Any]) -> bool:
        self.reached = self.reached or (now["kind"] == "play" and len(now["cards"]) == 1)
        return self.reached

    def __call__(self) -> bool:
        if self.stopped:
            return False
        if self.reached or self._holds(self.player.situation()):
            self.stopped = True
            self.player.holding = None  # the stop is seen: the player may play the card after the caller's checks
            return True
        return False


def check_the_last_cards_counted(player: HeartsPlayer, language: str) -> None:
    """At the last trick, each plate's count says "1 card" (singular) or "0 cards" in the page's language."""
    one, none = CARDS_IN_HAND[language]
    shown = player.page.eval_on_selector_all(
        ".seat .count", "els => els.map(e => [e.closest('.seat').dataset.count, e.getAttribute('aria-label'), e.title])"
    )
    assert ["1", one, one] in shown, shown  # the player's own plate at least
    assert all(label == title == (one if count == "1" else none) for count, label, title in shown), shown
    assert {count for count, _, _ in shown} <= {"0", "1"}, shown


def test_a_whole_deal_against_the_computer_by_taps(server: LiveServer, new_hearts_player: NewPlayer) -> None:
    # Hurried: the held tricks are caught by _RECORD_HELD_TRICKS's observer as they pass, not by looking.
    player = new_hearts_player(server.url, hurried=True)
    player.create_table("solo", "Anna")
    player.page.wait_for_selector('[data-hand][data-mode="pass"]')
    assert len(player.hand()) == 13
    assert player.counts() == [13, 13, 13, 13]
    assert player.page.inner_text('[data-action="pass"]') == "Pass to the left"
    assert player.page.is_disabled('[data-action="pass"]')
    player.shot("pass")

    hand = player.hand()
    for card in hand[:3]:
        player.tap_card(card)
    assert player.page.is_enabled('[data-action="pass"]')
    player.tap_card(hand[3])  # a fourth card is refused with a word, the three stay chosen
    assert "Three cards" in player.status_text()
    assert player.page.eval_on_selector_all('[data-selected="true"]', "els => els.length") == 3
    player.shot("pass-chosen")
    player.page.click('[data-action="pass"]')
    player.page.wait_for_function("() => document.querySelector('[data-hand]').dataset.mode !== 'pass'")
    player.page.evaluate(_RECORD_HELD_TRICKS)
    # "Waiting for the others to pass" shows first; the exchange has come once the first trick asks for a card.
    player.page.wait_for_selector('[data-hand][data-mode="play"]', timeout=60_000)
    player.idle()
    after = player.hand()
    assert len(after) == 13
    assert not set(hand[:3]) & set(after)
    received = player.page.eval_on_selector_all(
        '[data-hand] [data-received="true"]', "els => els.map(e => e.dataset.card)"
    )
    assert len(received) == 3 and set(received) <= set(after)

    explained = False
    tricks = 0

    def deal_over() -> bool:
        nonlocal explained, tricks
        card = None if explained else _illegal_card(player.situation())
        if card is not None:
            before = player.hand()
            shown = player.status_text()  # an earlier message may still be up: wait for the new one
            player.tap_card(card)
            player.page.wait_for_function(
                "(old) => { const t = document.getElementById('status').textContent.trim(); return t && t !== old; }",
                arg=shown,
            )
            message = player.status_text()
            assert any(
                text in message
                for text in ("follow suit", "queen of spades", "Hearts have not been broken", "2 of clubs")
            ), message
            assert player.hand() == before
            player.shot("illegal-tap")
            explained = True
        if tricks == 0 and player.page.evaluate("() => window.heldTricks.length"):
            tricks += 1
            _check_the_winner_is_marked(player.page.evaluate("() => window.heldTricks[0]"))
            if player.page.locator('.seat[data-wins="true"]').count():
                player.shot("trick-finished")
        if tricks == 1 and player.situation()["kind"] == "play" and player.page.is_enabled('[data-action="last"]'):
            tricks += 1
            player.page.click('[data-action="last"]')
            assert player.page.locator('[role="dialog"] .mini-trick [role="img"]').count() == 4
            player.shot("last-trick")
            player.page.keyboard.press("Escape")
            player.page.wait_for_selector('[role="dialog"]', state="detached")
        return bool(player.situation()["kind"] == "deal_over")

    last_card = LastCard(player)
    hold_forbidden_turns(player, until=lambda: explained)
    play_until([player], lambda: deal_over() or last_card(), timeout=120)
    check_the_last_cards_counted(player, "en")
    play_until([player], deal_over, timeout=60)
    dialog = player.page.locator('[role="dialog"]')
    assert dialog.is_visible()
    player.shot("deal-over")
    totals = [int(player.page.inner_text(f'[role="dialog"] [data-total-seat="{seat}"]')) for seat in range(4)]
    assert sum(totals) in (26, 39)  # 26 points in a deal, or 3 × 13 when someone shot the moon
    assert player.scores() == totals
    assert dialog.locator("tbody tr").count() == 1
    assert player.counts() == [0, 0, 0, 0]
    assert player.page.is_enabled('[data-action="last"]')
    assert tricks == 2 and explained
    player.page.click('[role="dialog"] [data-action="next"]')
    player.page.wait_for_selector('[role="dialog"]', state="detached")
    # The next deal passes to the right.
    player.page.wait_for_function("() => document.querySelector('[data-hand]').dataset.mode === 'pass'")
    assert player.page.inner_text('[data-action="pass"]') == "Pass to the right"
    assert assert_no_hidden_cards(player.frames) > 20
    assert player.errors == []


# Every piece of text a person sees on the page (not the cards' faces), with the element that shows it: its action,
# "prompt", or its tag and class.
_VISIBLE_TEXTS = """() => {
  const out = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    const text = node.textContent.trim();
    if (!text || !el || el.closest(".hcard, svg, script, style") || !el.checkVisibility()) continue;
    const owner = el.closest("[data-action], [data-prompt]") || el;
    const name = owner.dataset.action || (owner.hasAttribute("data-prompt") ? "prompt" : `${owner.localName}.${owner.className}`);
    out.push([name, text]);
  }
  return out;
}"""
PASS_WORDS = {
    "en": ("Pass to the left", "left", "{chosen} of 3"),
    "it": ("Passa a sinistra", "sinistra", "{chosen} su 3"),
    "el": ("Δώστε αριστερά", "αριστερά", "{chosen} από 3"),
}
"""Per language: the pass button of the first deal, the word of its direction, how the prompt counts the chosen."""


@pytest.mark.parametrize("language", ["en", "it", "el"])
def test_one_instruction_while_passing(language: str, server: LiveServer, new_hearts_player: NewPlayer) -> None:
    """While cards are chosen, one line says how many (and counts them) and the pass button alone names the
    direction: nothing else on the page repeats the three cards or where they go."""
    button, direction, count = PASS_WORDS[language]
    player = new_hearts_player(server.url, reduced=True)
    player.open(f"/hearts?lang={language}")
    player.create_table("solo", "Pia")
    player.page.wait_for_selector('[data-hand][data-mode="pass"]')
    hand = player.hand()
    chosen: list[str] = []
    for card in [None, *hand[:3], hand[1]]:  # three cards chosen one by one, then one of them put back
        if card is not None:
            player.tap_card(card)
            chosen = [c for c in chosen if c != card] if card in chosen else [*chosen, card]
            player.page.wait_for_function(
                "(n) => document.querySelectorAll('[data-hand] [data-selected=\"true\"]').length === n",
                arg=len(chosen),
            )
        texts = player.page.evaluate(_VISIBLE_TEXTS)
        with_count = [(name, text) for name, text in texts if re.search(r"(?<!\d)3(?!\d)", text)]
        assert with_count == [("prompt", with_count[0][1])], texts  # "3" once: the line that counts them
        assert count.format(chosen=len(chosen)) in with_count[0][1]
        naming = [(name, text) for name, text in texts if direction in text]
        assert naming == [("pass", button)], texts  # the direction once: on the button
        assert player.page.is_enabled('[data-action="pass"]') == (len(chosen) == 3)
    player.shot(f"pass-instruction-{language}")
    assert player.errors == []


def test_a_refresh_mid_trick_restores_the_view(server: LiveServer, new_hearts_player: NewPlayer) -> None:
    player = new_hearts_player(server.url, viewport=DESKTOP)
    table = player.create_table("solo", "Ben")
    play_until([player], lambda: player.situation()["kind"] == "play" and 0 < len(player.trick()) < 4)
    hand, trick, counts = player.hand(), player.trick(), player.counts()
    player.shot("mid-trick")
    player.page.click('[data-action="settings"]')  # the speed setting: chosen here, remembered by the browser
    player.page.check('[role="dialog"] input[value="slow"]')
    player.page.click('[role="dialog"] [data-action="close"]')
    player.page.reload()
    player.page.wait_for_selector("body[data-ready='true']")
    player.page.wait_for_selector('[data-hand][data-mode="play"]')
    player.idle()
    assert player.page.url.endswith(f"/hearts/table/{table}")
    assert player.hand() == hand
    assert player.trick() == trick
    assert player.counts() == counts
    stored = "() => JSON.parse(localStorage.getItem('heartcards.settings')).hearts.speed"  # the one settings store
    assert player.page.evaluate(stored) == "slow"
    legal = player.situation()["legal"]
    assert legal
    player.tap_card(legal[0])
    player.page.wait_for_function(
        "(card) => !document.querySelector(`[data-hand] [data-card='${card}']`)", arg=legal[0]
    )
    assert player.errors == []


def a_game_near_its_end(target: int) -> Game:
    """A special-variant game of random legal play at the start of a deal with every total under `target` and the
    highest within a deal's worth of it: the game likely ends with the deal played next."""
    for seed in range(1, 500):
        game = random_game_until(seed, Variant.SPECIAL, target, lambda game: target - 13 <= max(game.totals) < target)
        if game is not None:
            game.apply_next_deal()
            return game
    raise AssertionError("no special game near its end among the seeds tried")


def test_a_whole_game_in_italian_ends_with_the_winner_and_counts_in_the_stats(
    live_server: LiveServer, new_hearts_player: NewPlayer
) -> None:
    """The game's end in Italian, reached from a stored game one deal or so from it (the whole deal by taps is
    played once, in the test above): the last deals by taps, the winner, the game in the statistics."""
    player = new_hearts_player(
        live_server.url,
        viewport=DESKTOP,
        settings={**FAST, "variant": "special", "target": 50},
        reduced=True,
        hurried=True,
    )
    player.open("/hearts?lang=it")
    assert player.page.get_attribute("html", "lang") == "it"
    assert player.page.inner_text('[data-action="solo"]') == "Gioca contro il computer"
    player_id = next(cookie["value"] for cookie in player.context.cookies() if cookie["name"] == "hc_player")
    game = a_game_near_its_end(50)
    table_id = store_solo_table(live_server, game, player_id, "Lia")
    live_server.restart()  # the server loads the stored table, as after any restart
    player.context.add_init_script(
        f"localStorage.setItem('hc_hearts_token_{table_id}', '{SEEDED_TOKEN}');"
        f"localStorage.setItem('hc_hearts_seat_{table_id}', '0');"
    )
    player.open(f"/hearts/table/{table_id}?lang=it")
    play_until([player], LastCard(player), timeout=120)
    check_the_last_cards_counted(player, "it")
    deals = len(game.records)
    while True:
        play_until([player], lambda: player.situation()["kind"] in ("deal_over", "game_over"), timeout=150)
        deals += 1
        dialog = player.page.locator('[role="dialog"]')
        assert dialog.locator("tbody tr").count() == deals
        if player.situation()["kind"] == "game_over":
            break
        assert deals < 12
        player.page.click('[role="dialog"] [data-action="next"]')
        player.page.wait_for_selector('[role="dialog"]', state="detached")

    totals = [int(player.page.inner_text(f'[role="dialog"] [data-total-seat="{seat}"]')) for seat in range(4)]
    assert max(totals) >= 50
    assert sum(1 for total in totals if total == min(totals)) == 1  # special rules: one winner alone
    title = player.page.inner_text('[role="dialog"] h2')
    assert title == "Hai vinto!" if totals[0] == min(totals) else title.startswith("Vince ")
    assert "vince il totale più basso" in player.page.inner_text('[role="dialog"]')
    player.shot("game-over-it")

    player.page.click('[role="dialog"] button:has-text("Statistiche")')
    player.page.wait_for_url("**/hearts/stats")
    player.page.wait_for_selector('[data-stat="games"]')
    assert player.page.inner_text('[data-stat="games"] .value') == "1"
    won = totals[0] == min(totals)
    assert player.page.inner_text('[data-stat="wins"] .value').startswith("1" if won else "0")
    assert player.page.locator("[data-recent] tbody tr").count() == 1
    player.shot("stats-it")
    assert player.errors == []


SEEDED_TOKEN = "seeded-solo-table-token-of-the-test"


def store_solo_table(server: LiveServer, game: Game, player_id: str, name: str) -> str:
    """Stores `game` as a running solo table of `player_id` (seat 0, `SEEDED_TOKEN`) against three computer players
    in the server's database; its id."""
    table_id = secrets.token_hex(16)
    now = datetime.now(UTC)
    seats = [SeatRecord(0, "human", name, player_id, token_hash(SEEDED_TOKEN))]
    seats += [SeatRecord(seat, "bot", bot) for seat, bot in ((1, "Ada"), (2, "Alan"), (3, "Grace"))]
    variant = game.variant.value
    record = TableRecord(table_id, "solo", variant, game.target, "easy", 60, "playing", game.to_dict(), now, seats)
    engine = open_engine(server.database_url)
    try:
        HeartsRepository(engine).create_table(record, now)
    finally:
        engine.dispose()
    return table_id


GREEK_ILLEGAL = (
    "Πρέπει να ακολουθήσετε το χρώμα.",
    "Η ντάμα μπαστούνι δεν μπορεί να παιχτεί στην πρώτη μπάζα.",
    "Οι κούπες δεν έχουν ανοίξει ακόμη: ξεκινήστε με άλλο χρώμα.",
    "Η πρώτη μπάζα ξεκινά με το δύο σπαθί.",
)


def test_a_deal_in_greek(server: LiveServer, new_hearts_player: NewPlayer) -> None:
    """The same deal in Greek: the pass button, an illegal tap's reason from the server and the score table."""
    player = new_hearts_player(server.url, reduced=True, hurried=True)
    player.open("/hearts?lang=el")
    assert player.page.get_attribute("html", "lang") == "el"
    player.create_table("solo", "Ελένη")
    player.page.wait_for_selector('[data-hand][data-mode="pass"]')
    assert player.page.inner_text('[data-action="pass"]') == "Δώστε αριστερά"
    reasons: list[str] = []

    def deal_over() -> bool:
        card = None if reasons else _illegal_card(player.situation())
        if card is not None:
            shown = player.status_text()
            player.tap_card(card)
            player.page.wait_for_function(
                "(old) => { const t = document.getElementById('status').textContent.trim(); return t && t !== old; }",
                arg=shown,
            )
            reasons.append(player.status_text())
        return bool(player.situation()["kind"] == "deal_over")

    last_card = LastCard(player)
    hold_forbidden_turns(player, until=lambda: bool(reasons))
    play_until([player], lambda: deal_over() or last_card(), timeout=120)
    check_the_last_cards_counted(player, "el")
    play_until([player], deal_over, timeout=60)
    assert reasons and any(reason in reasons[0] for reason in GREEK_ILLEGAL), reasons
    dialog = player.page.locator('[role="dialog"]')
    assert dialog.locator("h2").inner_text() == "Μοιρασιά 1"
    assert dialog.locator('[data-action="next"]').inner_text() == "Επόμενη μοιρασιά"
    assert "Ελένη" in dialog.inner_text()
    fits = "() => { const w = document.querySelector('.score-wrap'); return w.scrollWidth <= w.clientWidth; }"
    assert player.page.evaluate(fits)  # Greek's long words and all five columns fit on the phone, no scrolling
    player.shot("deal-over-el")
    player.page.set_viewport_size({"width": 360, "height": 740})
    assert player.page.evaluate(fits)
    player.shot("deal-over-el")
    assert player.errors == []
