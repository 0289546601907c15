"""The JSON a client gets (docs/hearts-web-api.md): the public `Table`, and a seat's `View` made from its observation.

A `View` is built only from `game.observation(seat)` plus public counts, so it can never carry another seat's hand or
pass: the observation does not have them.
"""

from __future__ import annotations

import json
from typing import Any, Final

from heartcards.cards import Card
from heartcards.hearts.engine import CARDS, Observation, Phase, Variant, card_points
from heartcards.hearts.table import SEAT_COUNT, Table
from heartcards.runtime.clock import iso_utc

HAND_SIZE = 13
_TEXT_BY_ID: dict[int, str] = {id(card): card.text for card in CARDS}
"""Card texts computed once, keyed by identity: the engine hands out the 52 `CARDS` objects themselves, and hashing
a `Card` (a dataclass of two enums) costs more than the rest of a view. Any other `Card` falls back to `.text`."""


_JSON_BY_ID: dict[int, str] = {id(card): f'"{card.text}"' for card in CARDS}
"""Each card's text as a JSON string (`"QS"`), to encode a seat's own cards without the JSON encoder."""


_ENCODER: Final = json.JSONEncoder(separators=(",", ":"))
"""One encoder for every message and record: `json.dumps` with any option builds a new encoder per call, which
costs as much as encoding a small message."""


def json_text(value: object) -> str:
    """Compact JSON text, as every socket message is sent and every game record stored."""
    return _ENCODER.encode(value)


def _texts(cards: tuple[Card, ...]) -> list[str]:
    texts = _TEXT_BY_ID
    return [texts.get(id(card)) or card.text for card in cards]


def _cards_text(cards: tuple[Card, ...]) -> str:
    """`cards` as a JSON array of card texts, as `json.dumps(_texts(cards))` would write it (a card's text needs
    no escaping)."""
    strings = _JSON_BY_ID
    return "[" + ",".join([strings.get(id(card)) or f'"{card.text}"' for card in cards]) + "]"


def table_json(table: Table) -> dict[str, Any]:
    """The public facts of a table: anyone with its link may read them."""
    return {
        "id": table.id,
        "url": f"/hearts/table/{table.id}",
        "variant": table.variant.value,
        "target": table.target,
        "strength": table.strength,
        "mode": table.mode,
        "status": table.status,
        "idle_seconds": table.idle_seconds,
        "created_at": iso_utc(table.created_at),
        "deal": table.game.deal_number if table.status != "waiting" else None,
        "seats": [
            {
                "seat": seat.number,
                "name": seat.name,
                "kind": seat.kind,
                "connected": seat.connected,
                "away": seat.away,
            }
            for seat in table.seats
        ],
    }


def _moon(table: Table) -> int | None:
    """The seat that shot the moon in the last finished deal (the engine's `DealRecord.moon_shooter`), if any."""
    records = table.game.records
    return records[-1].moon_shooter if records else None


def _counts(observation: Observation) -> list[int]:
    """Cards left in each hand: 13 less the cards each seat has played in this deal."""
    if observation.phase in (Phase.DEAL_OVER, Phase.GAME_OVER):
        return [0] * SEAT_COUNT
    played = [0] * SEAT_COUNT
    tricks = list(observation.tricks)
    if observation.current_trick is not None:
        tricks.append(observation.current_trick)
    for trick in tricks:
        for offset in range(len(trick.cards)):
            played[(trick.leader + offset) % SEAT_COUNT] += 1
    return [HAND_SIZE - count for count in played]


def _extension(table: Table, observation: Observation) -> str | None:
    """Why the special variant plays another deal although a total reached the target."""
    if table.variant is not Variant.SPECIAL or observation.phase is not Phase.DEAL_OVER:
        return None
    totals = observation.totals
    if max(totals) < observation.target:
        return None
    return "tie" if totals.count(min(totals)) > 1 else "perfect_hand"


def _point_cards(observation: Observation) -> list[list[str]]:
    """The hearts and the Q♠ each seat has taken in this deal's tricks, in the order they were taken: what the deal's
    end shows beside the points (every trick is played face up, so every seat may know them)."""
    taken: list[list[str]] = [[] for _ in range(SEAT_COUNT)]
    for trick in observation.tricks:
        if trick.winner is not None:
            taken[trick.winner].extend(card.text for card in trick.cards if card_points(card))
    return taken


def view_json(table: Table, seat: int) -> dict[str, Any]:
    """Everything `seat` may know now, in the contract's `View` shape."""
    observation = table.game.observation(seat)
    return {**shared_view_json(table, observation), **own_view_json(observation)}


def _own_cards(
    observation: Observation,
) -> tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...] | None, tuple[Card, ...] | None]:
    """What only the observing seat may see: its hand, its legal cards, the cards it passed (once chosen) and those
    it received (once the pass is made); None where nothing is shown."""
    passing = observation.phase is Phase.PASS
    chose = observation.passes_chosen[observation.seat]
    exchanged = observation.pass_direction.value != "none" and not passing
    passed = observation.passed if chose and observation.passed else None
    received = observation.received if exchanged else None
    return observation.hand, observation.legal, passed, received


def own_view_json(observation: Observation) -> dict[str, Any]:
    """The part of a `View` that only the observing seat may see: its hand, legal cards and pass."""
    hand, legal, passed, received = _own_cards(observation)
    return {
        "hand": _texts(hand),
        "legal": _texts(legal),
        "passed": None if passed is None else _texts(passed),
        "received": None if received is None else _texts(received),
    }


def own_view_text(observation: Observation) -> str:
    """`own_view_json(observation)` as compact JSON text, written directly: it is encoded for every seat after every
    change, and the general encoder cost more than the rest of a state (`test_views` holds both to the same text)."""
    hand, legal, passed, received = _own_cards(observation)
    passed_text = "null" if passed is None else _cards_text(passed)
    received_text = "null" if received is None else _cards_text(received)
    return (
        f'{{"hand":{_cards_text(hand)},"legal":{_cards_text(legal)},"passed":{passed_text},"received":{received_text}}}'
    )


def shared_view_json(table: Table, observation: Observation) -> dict[str, Any]:
    """The part of a `View` that is the same for every seat: public facts only (any seat's observation gives it)."""
    phase = observation.phase
    last = observation.tricks[-1] if observation.tricks else None
    current = observation.current_trick
    return {
        "phase": phase.value,
        "deal": observation.deal_number,
        "pass_direction": observation.pass_direction.value,
        "waiting_for_pass": [number for number in range(SEAT_COUNT) if not observation.passes_chosen[number]]
        if phase is Phase.PASS
        else [],
        "turn": observation.turn,
        "trick": None if current is None else {"leader": current.leader, "cards": _texts(current.cards)},
        "last_trick": None
        if last is None
        else {"leader": last.leader, "cards": _texts(last.cards), "winner": last.winner},
        "tricks_played": len(observation.tricks),
        "hearts_broken": observation.hearts_broken,
        "counts": _counts(observation),
        "taken_points": list(observation.deal_points),
        "point_cards": _point_cards(observation),
        "scores": [list(points) for points in observation.score_history],
        "totals": list(observation.totals),
        "moon": _moon(table),
        "game_over": phase is Phase.GAME_OVER,
        "winners": list(observation.winners),
        "extension": _extension(table, observation),
        "ready": [number.number for number in table.seats if number.ready] if phase is Phase.DEAL_OVER else [],
    }
