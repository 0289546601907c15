"""Solo games played on the device, checked card by card before they count (docs/hearts-web-api.md#solo-games).

The page plays a solo game with the JavaScript engine and bots, held to these by corpora, and sends the finished
game: its seed, rules, strength and every action. The server replays it with its own engine: each of the person's
actions (seat 0) must be legal, and each computer player's pass or card must be the one the server's bot of that
strength chooses from the same observation, with the seed a server table would give that decision
(`decision_seed`) and the full budget (the device never thinks less under load). A record that differs anywhere is
refused whole, so a forged one changes nothing.
"""

from __future__ import annotations

import hashlib
from collections.abc import Awaitable, Callable, Sequence
from typing import Final

from heartcards.cards import Card
from heartcards.hearts.engine import Game, HeartsError, Observation, Phase, Variant
from heartcards.hearts.tables.decisions import decision_seed
from heartcards.hearts.tables.errors import DeviceGameBotError, DeviceGameIllegalError, DeviceGameUnfinishedError

PERSON_SEAT: Final = 0
"""The seat of the person in a solo game played on the device, as at a solo table of the server."""
DEVICE_BUDGET: Final = 1.0
"""The share of its playouts a computer player gets on the device: all of them, always."""

Decide = Callable[[Observation, str, int], Awaitable[tuple[Card, ...]]]
"""A computer player's decision: observation, strength and seed to the cards it passes (three) or plays (one)."""


def device_table_id(player_id: str, seed: int) -> str:
    """The table id a game played on the device is stored under: one per player and seed, so a game sent twice is
    stored once."""
    return hashlib.sha256(f"device:{player_id}:{seed}".encode()).hexdigest()[:32]


def _bot_seat(action: str) -> int | None:
    """The computer player's seat that `action` is by (a pass or a card of seats 1 to 3), else None."""
    words = action.split()
    if len(words) in (3, 5) and words[0] in ("pass", "play") and words[1] in ("1", "2", "3"):
        return int(words[1])
    return None


def _claimed_cards(action: str) -> tuple[str, ...] | None:
    """The cards an action of a computer player names, in the engine's text (None when one is no card)."""
    try:
        return tuple(Card.parse(word).text for word in action.split()[2:])
    except ValueError:
        return None


async def replay_device_game(
    seed: int, variant: Variant, target: int, strength: str, actions: Sequence[str], decide: Decide
) -> Game:
    """The finished game the actions play from `seed`, each checked; raises `DeviceGameIllegalError` for an action
    the rules refuse, `DeviceGameBotError` for a computer player's choice that is not its own and
    `DeviceGameUnfinishedError` for a game that is not over."""
    game = Game(seed, variant, target)
    for number, action in enumerate(actions, start=1):
        seat = _bot_seat(action)
        if seat is not None:
            observation = game.observation(seat)
            claimed = _claimed_cards(action)
            owed = observation.phase is Phase.PASS and not observation.passes_chosen[seat]
            if claimed is not None and (owed or (observation.phase is Phase.PLAY and observation.turn == seat)):
                chosen = await decide(observation, strength, decision_seed(seed, seat, len(game.actions)))
                expected = tuple(card.text for card in chosen)
                if sorted(expected) != sorted(claimed):
                    raise DeviceGameBotError(
                        action=number, seat=seat, played=" ".join(claimed), expected=" ".join(expected)
                    )
        try:
            game.apply_action(action)
        except HeartsError as error:
            raise DeviceGameIllegalError(action=number, text=action[:40], rule=error.key) from error
    if game.phase is not Phase.GAME_OVER:
        raise DeviceGameUnfinishedError(actions=len(actions))
    return game
