"""Hearts in headless Chromium: a player per browser context (own cookie, own seat token), taps on the visible part
of a card, a loop that plays whatever the table asks for, the WebSocket frames each page received, screenshots."""

from __future__ import annotations

import json
import random
import re
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from heartcards.hearts.engine import Game, Phase, Variant
from tests.web.browser.screenshots import save_screenshot
from tests.web.conftest import fast_hearts

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
FAST = {"speed": "fast", "variant": "classic", "target": 50, "strength": "easy"}
CARD = re.compile(r"^(10|[2-9JQKA])[CDSH]$")
HURRY_MS = 1000
"""How far a hurried player's clock jumps each time `play_until` finds nothing to do: past a finished trick's hold
and a computer player's pause at the fast speed, in one look."""

# The page's state, read through the stable test hooks only.
_SITUATION = """() => {
  if (document.body.dataset.busy) return {kind: "busy"};
  if (document.querySelector('dialog[open] [data-action="new-game"]')) return {kind: "game_over"};
  if (document.querySelector('dialog[open] [data-action="next"]')) return {kind: "deal_over"};
  const hand = document.querySelector("[data-hand]");
  if (!hand) return {kind: "wait"};
  const cards = [...hand.querySelectorAll("[data-card]")].map((e) => e.dataset.card);
  if (hand.dataset.mode === "pass") {
    const chosen = [...hand.querySelectorAll('[data-selected="true"]')].map((e) => e.dataset.card);
    return {kind: "pass", cards, chosen};
  }
  if (hand.dataset.mode === "play") {
    const legal = [...hand.querySelectorAll('[data-legal="true"]')].map((e) => e.dataset.card);
    return {kind: "play", cards, legal};
  }
  return {kind: "wait", cards};
}"""

# A point of a hand card that is really on top there (cards overlap in the fan), as a finger would tap it.
_VISIBLE_POINT = """(card) => {
  const el = document.querySelector(`[data-hand] [data-card="${card}"]`);
  if (!el) return null;
  const r = el.getBoundingClientRect();
  for (let fy = 0.2; fy < 0.9; fy += 0.06) {
    for (let fx = 0.08; fx < 0.95; fx += 0.08) {
      const x = r.left + r.width * fx;
      const y = r.top + r.height * fy;
      const on = (dy) => document.elementFromPoint(x, y + dy)?.closest("[data-hand] .hcard") === el;
      if (on(0) && on(-12) && on(12)) return {x, y};  // still on it if the card lifts a little under the finger
    }
  }
  return null;
}"""


def settings_script(settings: dict[str, Any]) -> str:
    """Run before each page: the given settings, unless the page has already stored its own."""
    value = json.dumps(json.dumps(settings))
    return f"if (!localStorage.getItem('hc_hearts_settings')) localStorage.setItem('hc_hearts_settings', {value});"


class HeartsPlayer:
    """One browser context and page at a Hearts table, with the WebSocket frames it received."""

    def __init__(self, context: Any, base_url: str, hurried: bool = False) -> None:
        self.context = context
        self.hurried = hurried
        """Whether the context's clock is Playwright's, which `play_until` moves on while the page only waits."""
        self.page = context.new_page()
        self.page.set_default_timeout(15_000)
        self.base_url = base_url.rstrip("/")
        self.frames: list[str] = []
        self.sockets = 0
        """How many WebSockets the page has opened."""
        self.errors: list[str] = []
        self.holding: Callable[[dict[str, Any]], bool] | None = None
        """While set, `act` does nothing in a situation it holds true for (a test stops the table there)."""
        self.page.on("websocket", self._watch)
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))

    def _watch(self, socket: Any) -> None:
        self.sockets += 1
        socket.on("framereceived", lambda payload: self.frames.append(payload if isinstance(payload, str) else ""))

    def open(self, path: str) -> None:
        self.page.goto(self.base_url + path)
        self.page.wait_for_selector("body[data-ready='true']")

    def idle(self) -> None:
        self.page.wait_for_function("() => !document.body.dataset.busy")

    def situation(self) -> dict[str, Any]:
        result: dict[str, Any] = self.page.evaluate(_SITUATION)
        return result

    def hand(self) -> list[str]:
        cards: list[str] = self.page.eval_on_selector_all(
            "[data-hand] [data-card]", "els => els.map(e => e.dataset.card)"
        )
        return cards

    def trick(self) -> list[str]:
        cards: list[str] = self.page.eval_on_selector_all(
            "[data-trick] [data-card]", "els => els.map(e => e.dataset.card)"
        )
        return cards

    def counts(self) -> list[int]:
        return [int(self.page.get_attribute(f'.seat[data-seat="{seat}"]', "data-count") or -1) for seat in range(4)]

    def scores(self) -> list[int]:
        return [int(self.page.inner_text(f'[data-score-seat="{seat}"]')) for seat in range(4)]

    def status_text(self) -> str:
        return str(self.page.inner_text('#status[role="status"]')).strip()

    def tap_card(self, card: str) -> None:
        point = None
        for _ in range(20):  # a card still sliding into place has no steady point yet
            point = self.page.evaluate(_VISIBLE_POINT, card)
            if point is not None:
                break
            self.page.wait_for_timeout(50)
        assert point is not None, f"{card} is not visible in the hand"
        self.page.mouse.click(point["x"], point["y"])

    def create_table(self, mode: str, name: str) -> str:
        """From /hearts: fill the name, press "Play against the computer" or "Create an online table"."""
        self.open("/hearts")
        self.page.fill("[data-name]", name)
        self.page.click(f'[data-action="{mode}"]')
        self.page.wait_for_url("**/hearts/table/**")
        self.page.wait_for_selector("body[data-ready='true']")
        return str(self.page.url).rstrip("/").rsplit("/", 1)[1]

    def act(self) -> str:
        """Do what the table asks for, if anything: choose and pass 3 cards, or play the first legal card; nothing
        (and "held") in a situation that `holding` holds."""
        now = self.situation()
        if self.holding is not None and self.holding(now):
            return "held"
        kind = now["kind"]
        if kind == "pass":
            for card in [c for c in now["cards"] if c not in now["chosen"]][: 3 - len(now["chosen"])]:
                self.tap_card(card)
                self.page.wait_for_selector(f'[data-hand] [data-card="{card}"][data-selected="true"]')
            self.page.click('[data-action="pass"]')
            self.page.wait_for_function("() => document.querySelector('[data-hand]').dataset.mode !== 'pass'")
        elif kind == "play" and now["legal"]:
            card = now["legal"][0]
            self.tap_card(card)
            self.page.wait_for_function(
                "(card) => !document.querySelector(`[data-hand] [data-card='${card}']`)", arg=card
            )
        return str(kind)

    def shot(self, name: str, full_page: bool = False) -> None:
        save_screenshot(self.page, f"hearts-{name}", full_page)

    def state_frames(self) -> list[dict[str, Any]]:
        out = []
        for raw in self.frames:
            try:
                message = json.loads(raw)
            except ValueError:
                continue
            if isinstance(message, dict) and message.get("type") == "state":
                out.append(message)
        return out


def play_until(players: list[HeartsPlayer], done: Callable[[], bool], timeout: float = 90.0) -> None:
    """Let each player do what its table asks for, round after round, until `done()`."""
    deadline = time.monotonic() + timeout
    while not done():
        assert time.monotonic() < deadline, [p.situation() for p in players]
        acted = False
        for player in players:
            if player.act() in ("pass", "play"):
                acted = True
        if not acted:
            for player in players:
                if player.hurried:
                    player.page.clock.fast_forward(HURRY_MS)
            players[0].page.wait_for_timeout(20 if any(player.hurried for player in players) else 60)


def cards_in(value: Any) -> set[str]:
    """Every card text anywhere in a JSON value."""
    if isinstance(value, str):
        return {value} if CARD.match(value) else set()
    if isinstance(value, list):
        return set().union(*(cards_in(item) for item in value)) if value else set()
    if isinstance(value, dict):
        return set().union(*(cards_in(item) for item in value.values())) if value else set()
    return set()


def assert_no_hidden_cards(frames: list[str]) -> int:
    """Each state a page received names only cards its seat may know: its hand, its pass and what it received, and
    the cards on the table. A spectator's states name no card at all. Returns the number of states checked."""
    checked = 0
    for raw in frames:
        try:
            message = json.loads(raw)
        except ValueError:
            continue
        if not isinstance(message, dict) or message.get("type") != "state":
            continue
        checked += 1
        view = message.get("view")
        if view is None:
            assert cards_in(message) == set(), message
            continue
        allowed = set(view["hand"]) | set(view.get("passed") or []) | set(view.get("received") or [])
        for trick in (view.get("trick"), view.get("last_trick")):
            if trick:
                allowed |= set(trick["cards"])
        for taken in view.get("point_cards") or []:  # hearts and the Q♠ won in tricks, played face up
            allowed |= set(taken) & {"QS", *(card for card in taken if card.endswith("H"))}
        leaked = cards_in(message) - allowed
        assert not leaked, f"seat {message.get('seat')} was sent {sorted(leaked)}"
    return checked


@pytest.fixture(scope="package", autouse=True)
def computer_players_without_pause() -> Iterator[None]:
    """The servers these tests start let computer players act at once (the page's own pacing is what is tested),
    and keep the score table 30 s, as the other Hearts tests do, whatever else the session runs."""
    with fast_hearts():
        yield


@pytest.fixture
def new_hearts_player(browser: Any, service_workers: str) -> Iterator[Callable[..., HeartsPlayer]]:
    contexts: list[Any] = []

    def make(
        base_url: str,
        viewport: dict[str, int] = PHONE,
        settings: dict[str, Any] = FAST,
        reduced: bool = False,
        hurried: bool = False,
    ) -> HeartsPlayer:
        """A fresh context; `reduced` asks for prefers-reduced-motion (cards move without sliding: quicker tests);
        `hurried` gives its pages Playwright's clock, which `play_until` moves on whenever the player has nothing to
        do, so a finished trick's hold and the computer players' pause on the device pass at once (the same timers
        fire in the same order; a test that reads them as they pass, or times them, leaves it off)."""
        motion = "reduce" if reduced else "no-preference"
        context = browser.new_context(viewport=viewport, reduced_motion=motion, service_workers=service_workers)
        context.add_init_script(settings_script(settings))
        if hurried:
            context.clock.install()
        contexts.append(context)
        return HeartsPlayer(context, base_url, hurried)

    yield make
    for context in contexts:
        context.close()


def random_game_until(seed: int, variant: Variant, target: int, stop: Callable[[Game], bool]) -> Game | None:
    """The game of random legal play from `seed` at the first deal's end where `stop(game)` holds, or None when the
    game ends first: how a browser test seeds a stored table at a moment that takes many deals to reach."""
    game = Game(seed, variant, target)
    choose = random.Random(seed)
    while game.phase is not Phase.GAME_OVER:
        if game.phase is Phase.PASS:
            seat = next(seat for seat in range(4) if game.passes[seat] is None)
            game.apply_pass(seat, choose.sample(game.hand(seat), 3))
        elif game.phase is Phase.PLAY:
            assert game.turn is not None
            game.apply_play(game.turn, choose.choice(game.legal_plays(game.turn)))
        elif stop(game):
            return game
        else:
            game.apply_next_deal()
    return None
