"""The Hearts game state and its apply-functions, one per phase.

`Game(seed, variant, target)` deals deal 1 from the seed. Passing: `apply_pass(seat, cards)` for each seat (in any
order; the exchange happens once all four have chosen). Play: `apply_play(seat, card)`. After the 13th trick the
deal is scored and the phase is `DEAL_OVER` (call `apply_next_deal()`) or `GAME_OVER`.
A game is rebuilt from its seed and its actions: `Game.from_dict(game.to_dict())`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

from heartcards.cards import Card, CardTextError
from heartcards.hearts.engine import errors
from heartcards.hearts.engine.cards import (
    CARDS,
    HEARTS,
    INDEX_OF,
    QUEEN_OF_SPADES_BIT,
    SUIT_MASKS,
    SUITS,
    TWO_OF_CLUBS_BIT,
    cards_of,
    mask_points,
)
from heartcards.hearts.engine.deal_record import DealRecord
from heartcards.hearts.engine.deck import deal_hands
from heartcards.hearts.engine.observation import Observation, Phase, Trick
from heartcards.hearts.engine.rules import (
    DEFAULT_TARGET,
    HAND_SIZE,
    PASS_SIZE,
    SEATS,
    PassDirection,
    Variant,
    deal_points,
    game_winners,
    legal_mask,
    moon_shooter,
    trick_winner_offset,
)

RECORD_VERSION: Final = 1
_CARD_TEXT: Final[tuple[str, ...]] = tuple(card.text for card in CARDS)
_PLAY_ACTIONS: Final[tuple[str, ...]] = tuple(f"play {seat} {text}" for seat in range(SEATS) for text in _CARD_TEXT)
"""`play S C` for seat S and card index C at [S * 52 + C]: the record's text without formatting it per card."""
_PASS: Final = Phase.PASS
_PLAY: Final = Phase.PLAY
_DEAL_OVER: Final = Phase.DEAL_OVER
_GAME_OVER: Final = Phase.GAME_OVER
_NO_PASS: Final = PassDirection.NONE
"""Enum members as module constants: compiled, reading one is a load, where `Phase.PLAY` is an attribute lookup."""
_NEW_TUPLE: Final = tuple.__new__
"""Builds a named tuple (`Trick`) from its fields without the class's Python-level `__new__`, a frame per trick."""


def _identity_slots() -> list[int]:
    """A perfect hash of the 52 `CARDS` objects by identity, for `_card_index`: the cards the engine hands out come
    back as these. Slot `(id(card) >> 4) % len(slots)` holds the card's index (-1 in the free slots); the length is
    the smallest that gives each card its own slot (at most the span of the objects' addresses, which were allocated
    together). Compiled, this is a few machine-word operations where a dictionary keyed by `id` boxes the id and
    probes."""
    keys = [id(card) >> 4 for card in CARDS]
    size = len(keys)
    while len({key % size for key in keys}) < len(keys):
        size += 1
    slots = [-1] * size
    for index, key in enumerate(keys):
        slots[key % size] = index
    return slots


_IDENTITY_SLOTS: Final = _identity_slots()
_IDENTITY_SIZE: Final = len(_IDENTITY_SLOTS)


def _card_index(card: object) -> int:
    canonical = _IDENTITY_SLOTS[(id(card) >> 4) % _IDENTITY_SIZE]
    if canonical >= 0 and CARDS[canonical] is card:
        return canonical
    index = INDEX_OF.get(card) if isinstance(card, Card) else None
    if index is None:
        raise errors.BadCardError(card)
    return index


def _passed(mask: int | None) -> tuple[Card, ...]:
    return cards_of(mask) if mask is not None else ()


def _check_seat(seat: object) -> int:
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < SEATS:
        raise errors.BadSeatError(seat)
    return seat


class Game:
    """A whole game of Hearts for four seats (0..3, clockwise). Pure: no I/O, randomness only from `seed`.

    `first_deal` starts the game at a later deal number (its pass direction and hands), for tests and duplicate
    benchmarks; games normally start at deal 1.
    """

    def __init__(
        self, seed: object, variant: object = Variant.CLASSIC, target: object = DEFAULT_TARGET, first_deal: object = 1
    ) -> None:
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise errors.HeartsError(f"the seed must be a whole number, not {seed!r}", seed=str(seed))
        try:
            # A member already is one: the enum's call would look it up again, Python-level, on every deal.
            chosen_variant = variant if isinstance(variant, Variant) else Variant(variant)
        except ValueError as error:
            raise errors.HeartsError(
                f"{variant!r} is not a variant: classic or special", variant=str(variant)
            ) from error
        if not isinstance(target, int) or isinstance(target, bool) or target < 1:
            raise errors.HeartsError(f"the target score must be a positive whole number, not {target!r}", target=target)
        if not isinstance(first_deal, int) or isinstance(first_deal, bool) or first_deal < 1:
            raise errors.HeartsError(f"deal numbers start at 1, not {first_deal!r}", first_deal=first_deal)
        self.first_deal: int = first_deal
        self.seed: int = seed
        self.variant: Variant = chosen_variant
        self.target: int = target
        self.totals: list[int] = [0, 0, 0, 0]
        self.score_history: list[tuple[int, ...]] = []
        self.winners: tuple[int, ...] = ()
        self.actions: list[str] = []
        self.records: list[DealRecord] = []
        self.deal_number = 0
        self._start_deal(first_deal)

    # -- the deal ---------------------------------------------------------------------------------------------------

    def _start_deal(self, number: int) -> None:
        self.deal_number = number
        self.pass_direction = PassDirection.for_deal(number)
        self.dealt: tuple[int, ...] = deal_hands(self.seed, number)
        self.hands: list[int] = list(self.dealt)
        self.passes: list[int | None] = [None, None, None, None]
        self.received: list[int] = [0, 0, 0, 0]
        self.taken: list[int] = [0, 0, 0, 0]
        self.tricks: list[Trick] = []
        self._tricks_view: tuple[Trick, ...] | None = ()
        self.trick_leader = 0
        self.trick_cards: list[int] = []
        self.hearts_broken = False
        self.points_so_far: list[int] = [0, 0, 0, 0]
        if self.pass_direction is _NO_PASS:
            self._start_play()
        else:
            self.phase = _PASS
            self.turn: int | None = None

    def _start_play(self) -> None:
        self.phase = _PLAY
        leader = next(seat for seat in range(SEATS) if self.hands[seat] & TWO_OF_CLUBS_BIT)
        self.trick_leader = leader
        self.turn = leader

    # -- passing ----------------------------------------------------------------------------------------------------

    def apply_pass(self, seat: object, cards: Iterable[object]) -> None:
        """Seat `seat` gives three cards; once all four have chosen, the cards change hands at once."""
        number = _check_seat(seat)
        indices = [_card_index(card) for card in cards]
        text = " ".join(_CARD_TEXT[index] for index in indices) or "nothing"
        if self.phase is not _PASS:
            if self.pass_direction is _NO_PASS and self.phase is _PLAY:
                raise errors.NoPassThisDealError(self.deal_number)
            raise errors.WrongPhaseError("pass", self.phase.value)
        if self.passes[number] is not None:
            raise errors.PassError(number, text, "this seat has already passed", key="hearts.error.already_passed")
        if len(indices) != PASS_SIZE or len(set(indices)) != PASS_SIZE:
            raise errors.PassError(
                number, text, "a pass is exactly three different cards", key="hearts.error.pass_count"
            )
        mask = 0
        for index in indices:
            bit = 1 << index
            if not self.hands[number] & bit:
                raise errors.CardNotInHandError(number, _CARD_TEXT[index])
            mask |= bit
        self.passes[number] = mask
        self.actions.append(f"pass {number} {text}")
        if all(given is not None for given in self.passes):
            self._exchange()

    def _exchange(self) -> None:
        given = [mask or 0 for mask in self.passes]
        hands = self.hands
        for seat in range(SEATS):
            hands[seat] = hands[seat] & ~given[seat]
        offset = self.pass_direction.offset
        for seat in range(SEATS):
            receiver = (seat + offset) % SEATS
            hands[receiver] = hands[receiver] | given[seat]
            self.received[receiver] = given[seat]
        self._start_play()

    # -- play -------------------------------------------------------------------------------------------------------

    def led_suit(self) -> int:
        return self.trick_cards[0] // 13 if self.trick_cards else -1

    def legal_mask(self, seat: int) -> int:
        """The cards `seat` may play now as a mask (0 unless it is that seat's turn)."""
        turn = self.turn
        if self.phase is not _PLAY or turn is None or turn != seat:
            return 0
        return legal_mask(self.hands[seat], self.led_suit(), not self.tricks, self.hearts_broken)

    def legal_plays(self, seat: object) -> tuple[Card, ...]:
        return cards_of(self.legal_mask(_check_seat(seat)))

    def apply_play(self, seat: object, card: object) -> None:
        """Seat `seat` plays `card`; raises a specific `IllegalPlayError` naming the card and the rule."""
        number = _check_seat(seat)
        index = _card_index(card)
        if self.phase is not _PLAY:
            raise errors.WrongPhaseError("play", self.phase.value)
        turn = self.turn
        if turn is None or number != turn:
            raise errors.NotYourTurnError(number, turn if turn is not None else -1, _CARD_TEXT[index])
        bit = 1 << index
        hand = self.hands[number]
        if not hand & bit:
            raise errors.CardNotInHandError(number, _CARD_TEXT[index])
        if not legal_mask(hand, self.led_suit(), not self.tricks, self.hearts_broken) & bit:
            raise self._why_illegal(number, _CARD_TEXT[index], hand)
        self._play(number, index)

    def _why_illegal(self, seat: int, text: str, hand: int) -> errors.HeartsError:
        led = self.led_suit()
        if led < 0 and not self.tricks:
            return errors.MustLeadTwoOfClubsError(seat, text)
        if led < 0:
            return errors.HeartsNotBrokenError(seat, text)
        if hand & SUIT_MASKS[led]:
            return errors.FollowSuitError(seat, text, SUITS[led].value)
        return errors.QueenOnFirstTrickError(seat, text)

    def _play(self, seat: int, index: int) -> None:
        """Plays a card already known to be legal (the fast path used by `apply_play` and by replays)."""
        # Compiled, `list[i] op= x` is a generic in-place operation on objects; `list[i] = list[i] op x` stays on
        # machine integers. Likewise the lists are read once into locals.
        hands = self.hands
        hands[seat] = hands[seat] & ~(1 << index)
        cards = self.trick_cards
        cards.append(index)
        self.actions.append(_PLAY_ACTIONS[seat * 52 + index])
        if index // 13 == HEARTS:
            self.hearts_broken = True
        if len(cards) < SEATS:
            self.turn = (seat + 1) % SEATS
            return
        leader = self.trick_leader
        winner = (leader + trick_winner_offset(cards)) % SEATS
        mask = (1 << cards[0]) | (1 << cards[1]) | (1 << cards[2]) | (1 << index)
        taken = self.taken
        taken[winner] = taken[winner] | mask
        points = self.points_so_far
        points[winner] = points[winner] + mask_points(mask)
        in_play = (CARDS[cards[0]], CARDS[cards[1]], CARDS[cards[2]], CARDS[index])
        self.tricks.append(_NEW_TUPLE(Trick, (leader, in_play, winner)))
        self._tricks_view = None
        self.trick_cards = []
        self.trick_leader = winner
        self.turn = winner
        if len(self.tricks) == HAND_SIZE:
            self._score_deal()

    def _score_deal(self) -> None:
        taken = self.taken
        points = deal_points(taken)
        totals = self.totals
        for seat in range(SEATS):
            totals[seat] = totals[seat] + points[seat]
        self.score_history.append(points)
        self.winners = game_winners(totals, points, self.variant, self.target)
        self.phase = _GAME_OVER if self.winners else _DEAL_OVER
        self.turn = None
        dealt = self.dealt
        passes = self.passes
        queen_taker: int | None = None
        for seat in range(SEATS):
            if taken[seat] & QUEEN_OF_SPADES_BIT:
                queen_taker = seat
                break
        self.records.append(
            DealRecord(
                deal_number=self.deal_number,
                pass_direction=self.pass_direction,
                hands=(cards_of(dealt[0]), cards_of(dealt[1]), cards_of(dealt[2]), cards_of(dealt[3])),
                passes=(_passed(passes[0]), _passed(passes[1]), _passed(passes[2]), _passed(passes[3])),
                tricks=self._tricks_tuple(),
                points=points,
                totals=tuple(totals),
                game_over=bool(self.winners),
                winners=self.winners,
                moon_shooter=moon_shooter(taken),
                queen_taker=queen_taker,
            )
        )

    def apply_next_deal(self) -> None:
        """After a deal is scored and the game goes on: deal the next one."""
        if self.phase is not _DEAL_OVER:
            raise errors.WrongPhaseError("start the next deal", self.phase.value)
        self.actions.append("next")
        self._start_deal(self.deal_number + 1)

    # -- generic actions (for records and servers) ------------------------------------------------------------------

    def apply_action(self, action: str) -> None:
        """Applies one action in text form: `pass 0 2C 3C 4C`, `play 2 QS` or `next`."""
        words = action.split()
        try:
            if words == ["next"]:
                self.apply_next_deal()
            elif len(words) == 5 and words[0] == "pass":
                self.apply_pass(int(words[1]), [Card.parse(word) for word in words[2:]])
            elif len(words) == 3 and words[0] == "play":
                self.apply_play(int(words[1]), Card.parse(words[2]))
            else:
                raise errors.GameRecordError(
                    f"{action!r} is not an action (pass S C C C, play S C, next)", action=action
                )
        except (CardTextError, ValueError) as error:
            if isinstance(error, errors.HeartsError):
                raise
            raise errors.GameRecordError(f"{action!r}: {error}", action=action) from error

    # -- views ------------------------------------------------------------------------------------------------------

    def _tricks_tuple(self) -> tuple[Trick, ...]:
        """The deal's finished tricks as a tuple, shared by the observations until the next trick ends (built on
        demand: a deal played without looking copies the list once, not once a trick)."""
        view = self._tricks_view
        if view is None:
            view = tuple(self.tricks)
            self._tricks_view = view
        return view

    def observation(self, seat: object) -> Observation:
        """What `seat` may know now."""
        number = _check_seat(seat)
        own_pass = self.passes[number]
        current = None
        if self.phase is _PLAY:
            current = Trick(self.trick_leader, tuple(CARDS[i] for i in self.trick_cards))
        return Observation(
            seat=number,
            variant=self.variant,
            target=self.target,
            deal_number=self.deal_number,
            phase=self.phase,
            pass_direction=self.pass_direction,
            hand=cards_of(self.hands[number]),
            passed=cards_of(own_pass) if own_pass is not None else (),
            received=cards_of(self.received[number]),
            passes_chosen=tuple(mask is not None for mask in self.passes),
            tricks=self._tricks_tuple(),
            current_trick=current,
            turn=self.turn,
            hearts_broken=self.hearts_broken,
            deal_points=tuple(self.points_so_far),
            totals=tuple(self.totals),
            score_history=tuple(self.score_history),
            legal=cards_of(self.legal_mask(number)),
            winners=self.winners,
            earlier_deals=tuple([record.tricks for record in self.records if record.deal_number < self.deal_number]),
        )

    def hand(self, seat: object) -> tuple[Card, ...]:
        return cards_of(self.hands[_check_seat(seat)])

    # -- saving -----------------------------------------------------------------------------------------------------

    def to_dict(self) -> dict[str, object]:
        """A plain JSON-able record: the seed, the rules and every action so far (`from_dict` replays it)."""
        return {
            "version": RECORD_VERSION,
            "seed": self.seed,
            "variant": self.variant.value,
            "target": self.target,
            "first_deal": self.first_deal,
            "actions": list(self.actions),
        }

    @classmethod
    def from_dict(cls, data: dict[str, object]) -> Game:
        """Rebuilds a game from `to_dict()`'s record, checking every action; raises `errors.GameRecordError`."""

        def field(name: str) -> object:
            if name not in data:
                raise errors.GameRecordError(f"missing or bad field: {name!r}", field=name)
            return data[name]

        seed = field("seed")
        try:
            variant = Variant(field("variant"))
        except (ValueError, TypeError) as error:
            raise errors.GameRecordError(f"missing or bad field: {error}", field="variant") from error
        target = field("target")
        actions = field("actions")
        first_deal = data.get("first_deal", 1)
        if data.get("version") != RECORD_VERSION:
            raise errors.GameRecordError(f"unknown version {data.get('version')!r}", version=data.get("version"))
        if (
            not isinstance(seed, int)
            or not isinstance(target, int)
            or not isinstance(first_deal, int)
            or not isinstance(actions, Sequence)
            or isinstance(actions, str)
        ):
            numbers = {"seed": seed, "target": target, "first_deal": first_deal}
            wrong = next((name for name, value in numbers.items() if not isinstance(value, int)), "actions")
            raise errors.GameRecordError("seed, target and first_deal must be integers and actions a list", field=wrong)
        try:
            game = cls(seed, variant, target, first_deal)
        except errors.HeartsError as error:
            raise errors.GameRecordError(str(error), cause=error.key) from error
        for number, action in enumerate(actions, start=1):
            if not isinstance(action, str):
                raise errors.GameRecordError(f"action {number} is not text: {action!r}", at=number)
            try:
                game.apply_action(action)
            except errors.HeartsError as error:
                if isinstance(error, errors.GameRecordError):
                    raise
                raise errors.GameRecordError(
                    f"action {number} {action!r}: {error}", at=number, cause=error.key
                ) from error
        return game
