"""The Hearts rules (pure, no I/O): four seats, classic and special variants, as `docs/rules/hearts.md` states them.

Public API
----------
- `Game(seed, variant=Variant.CLASSIC, target=100, first_deal=1)`: a whole game; deal d's hands come from
  `deal_hands(seed, d)` and it passes `PassDirection.for_deal(d)` (left = next seat clockwise, right, across, none).
  Phases (`game.phase`, a `Phase`) each have one apply-function:
  `Phase.PASS` → `apply_pass(seat, [c1, c2, c3])` (simultaneous: cards change hands once all four chose);
  `Phase.PLAY` → `apply_play(seat, card)` (`game.turn` says whose turn it is);
  `Phase.DEAL_OVER` → `apply_next_deal()`; `Phase.GAME_OVER` → nothing (`game.winners`).
  `apply_action("pass 0 2C 3C 4C" | "play 2 QS" | "next")` takes the same actions as text.
- `game.observation(seat)` → `Observation`: all that seat may know (own hand, own pass and received cards, which
  seats have chosen their pass, tricks with winners, the trick in play, whose turn, hearts broken, points taken this
  deal, totals, the score table, its legal cards, winners). Frozen, with `to_dict()`. Bots and clients get only this.
  Server-side helpers on `Game`: `phase`, `turn`, `deal_number`, `pass_direction`, `passes` (None until chosen),
  `totals`, `winners`, `hand(seat)`, `legal_plays(seat)`.
- Saving: `game.to_dict()` is `{"version", "seed", "variant", "target", "actions"}` (plain JSON);
  `Game.from_dict(data)` replays and checks it. `game.records` holds a `DealRecord` per finished deal (`to_dict()`
  gives the simulator's log line without the game number, variant and target).
- Errors: `HeartsError(ValueError)` with `.key` (message key, e.g. `hearts.error.follow_suit`) and `.params`;
  subclasses `FollowSuitError`, `QueenOnFirstTrickError`, `HeartsNotBrokenError`, `MustLeadTwoOfClubsError`,
  `NotYourTurnError`, `CardNotInHandError`, `BadCardError`, `PassError`, `NoPassThisDealError`, `WrongPhaseError`,
  `BadSeatError`, `GameRecordError` (every `IllegalPlayError` names the card in `.params["card"]`).
- Rules as pure functions over 52-bit card masks (`rules.py`, `cards.py`): `legal_mask`, `trick_winner_offset`,
  `deal_points` (with the moon: 0 to the shooter, 13 to each opponent), `game_winners`, `PassDirection.for_deal`.
  Card index = suit × 13 + order (suits ♣ ♦ ♠ ♥, order 0 for the 2 … 12 for the ace); `CARDS[i]` is the `Card`.
"""

from heartcards.hearts.engine.cards import (
    CARDS,
    INDEX_OF,
    QUEEN_OF_SPADES,
    TWO_OF_CLUBS,
    card_points,
    cards_of,
    hearts_order,
    mask_of,
)
from heartcards.hearts.engine.deal_record import DealRecord
from heartcards.hearts.engine.deck import deal_hands
from heartcards.hearts.engine.errors import (
    BadCardError,
    BadSeatError,
    CardNotInHandError,
    FollowSuitError,
    GameRecordError,
    HeartsError,
    HeartsNotBrokenError,
    IllegalPlayError,
    MustLeadTwoOfClubsError,
    NoPassThisDealError,
    NotYourTurnError,
    PassError,
    QueenOnFirstTrickError,
    WrongPhaseError,
)
from heartcards.hearts.engine.game import Game
from heartcards.hearts.engine.observation import Observation, Phase, Trick
from heartcards.hearts.engine.rules import (
    DEFAULT_TARGET,
    MOON_POINTS,
    SEATS,
    TARGETS,
    PassDirection,
    Variant,
    deal_points,
    game_winners,
    legal_mask,
    moon_shooter,
    trick_winner_offset,
)

__all__ = [
    "CARDS",
    "DEFAULT_TARGET",
    "INDEX_OF",
    "MOON_POINTS",
    "QUEEN_OF_SPADES",
    "SEATS",
    "TARGETS",
    "TWO_OF_CLUBS",
    "BadCardError",
    "BadSeatError",
    "CardNotInHandError",
    "DealRecord",
    "FollowSuitError",
    "Game",
    "GameRecordError",
    "HeartsError",
    "HeartsNotBrokenError",
    "IllegalPlayError",
    "MustLeadTwoOfClubsError",
    "NoPassThisDealError",
    "NotYourTurnError",
    "Observation",
    "PassDirection",
    "PassError",
    "Phase",
    "QueenOnFirstTrickError",
    "Trick",
    "Variant",
    "WrongPhaseError",
    "card_points",
    "cards_of",
    "deal_hands",
    "deal_points",
    "game_winners",
    "hearts_order",
    "legal_mask",
    "mask_of",
    "moon_shooter",
    "trick_winner_offset",
]
