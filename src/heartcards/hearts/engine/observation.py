"""What one seat may know: its own hand, its pass and what it received, the tricks, the scores.

Bots and clients get an `Observation`, never the game state; `to_dict()` gives the plain JSON-able form a server
sends to that seat.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import NamedTuple

from heartcards.cards import Card
from heartcards.hearts.engine.rules import PassDirection, Variant


class Phase(Enum):
    """The game's phase; each has its apply-function on `Game` (`apply_pass`, `apply_play`, `apply_next_deal`)."""

    PASS = "pass"
    PLAY = "play"
    DEAL_OVER = "deal_over"
    GAME_OVER = "game_over"


class Trick(NamedTuple):
    """A trick: its leader and the cards in play order; `winner` once it has four cards. (A named tuple: the
    engine makes thirteen a deal, and a frozen dataclass costs several times more to build.)"""

    leader: int
    cards: tuple[Card, ...]
    winner: int | None = None

    def to_dict(self) -> dict[str, object]:
        return {"leader": self.leader, "cards": [card.text for card in self.cards], "winner": self.winner}


@dataclass(frozen=True, slots=True)
class Observation:
    """One seat's view of the game at one moment.

    `passed` is the seat's own pass once chosen, `received` the cards it got once all four have passed (both empty on
    a no-pass deal); `deal_points` counts the points each seat has taken in the tricks of this deal so far (before any
    moon); `legal` lists the cards this seat may play now (empty unless it is this seat's turn to play).
    `earlier_deals` holds the tricks of each finished deal of this game before this one, in order: every seat saw
    them played, and a player reads the others from them (the client's view leaves them out of `to_dict`).
    """

    seat: int
    variant: Variant
    target: int
    deal_number: int
    phase: Phase
    pass_direction: PassDirection
    hand: tuple[Card, ...]
    passed: tuple[Card, ...]
    received: tuple[Card, ...]
    passes_chosen: tuple[bool, ...]
    tricks: tuple[Trick, ...]
    current_trick: Trick | None
    turn: int | None
    hearts_broken: bool
    deal_points: tuple[int, ...]
    totals: tuple[int, ...]
    score_history: tuple[tuple[int, ...], ...]
    legal: tuple[Card, ...]
    winners: tuple[int, ...]
    earlier_deals: tuple[tuple[Trick, ...], ...] = ()

    def to_dict(self) -> dict[str, object]:
        return {
            "seat": self.seat,
            "variant": self.variant.value,
            "target": self.target,
            "deal": self.deal_number,
            "phase": self.phase.value,
            "pass": self.pass_direction.value,
            "hand": [card.text for card in self.hand],
            "passed": [card.text for card in self.passed],
            "received": [card.text for card in self.received],
            "passes_chosen": list(self.passes_chosen),
            "tricks": [trick.to_dict() for trick in self.tricks],
            "current_trick": None if self.current_trick is None else self.current_trick.to_dict(),
            "turn": self.turn,
            "hearts_broken": self.hearts_broken,
            "deal_points": list(self.deal_points),
            "totals": list(self.totals),
            "score_history": [list(points) for points in self.score_history],
            "legal": [card.text for card in self.legal],
            "winners": list(self.winners),
        }
