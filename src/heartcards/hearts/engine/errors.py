"""One `ValueError` subclass per kind of bad input; each message names the card or seat and the reason.

`key` names the message for translation at the edges (`hearts.error.follow_suit`); `params` fills it in with
plain JSON-able values.
"""

from __future__ import annotations

from heartcards.errors import KeyedError


class HeartsError(KeyedError):
    """Any Hearts rule or record error (`KeyedError`: a key and params for the edges to translate)."""

    key = "hearts.error"


class WrongPhaseError(HeartsError):
    """An action that the game's phase does not take now (a play while passing, a pass after the game)."""

    key = "hearts.error.wrong_phase"

    def __init__(self, action: str, phase: str) -> None:
        super().__init__(f"cannot {action} now: the game is in phase {phase!r}", action=action, phase=phase)


class NotYourTurnError(HeartsError):
    key = "hearts.error.not_your_turn"

    def __init__(self, seat: int, turn: int, card: str) -> None:
        super().__init__(f"seat {seat} cannot play {card}: it is seat {turn}'s turn", seat=seat, turn=turn, card=card)


class BadSeatError(HeartsError):
    key = "hearts.error.bad_seat"

    def __init__(self, seat: object) -> None:
        super().__init__(f"{seat!r} is not a seat: seats are 0, 1, 2 and 3", seat=str(seat))


class BadCardError(HeartsError):
    """Something that is not a card where a card was expected."""

    key = "hearts.error.bad_card"

    def __init__(self, value: object) -> None:
        super().__init__(f"{value!r} is not a card such as 2C, 10H or QS", value=str(value))


class CardNotInHandError(HeartsError):
    key = "hearts.error.card_not_in_hand"

    def __init__(self, seat: int, card: str) -> None:
        super().__init__(f"seat {seat} does not hold {card}", seat=seat, card=card)


class IllegalPlayError(HeartsError):
    """A card the rules forbid now; subclasses name the rule."""

    key = "hearts.error.illegal_play"
    reason = "illegal"

    def __init__(self, seat: int, card: str, detail: str, **params: object) -> None:
        super().__init__(f"seat {seat} cannot play {card}: {detail}", seat=seat, card=card, **params)


class FollowSuitError(IllegalPlayError):
    key = "hearts.error.follow_suit"

    def __init__(self, seat: int, card: str, suit: str) -> None:
        super().__init__(seat, card, f"must follow suit ({suit} was led)", suit=suit)


class QueenOnFirstTrickError(IllegalPlayError):
    key = "hearts.error.queen_first_trick"

    def __init__(self, seat: int, card: str) -> None:
        super().__init__(seat, card, "the Q♠ may not be played on the first trick while another card is legal")


class HeartsNotBrokenError(IllegalPlayError):
    key = "hearts.error.hearts_not_broken"

    def __init__(self, seat: int, card: str) -> None:
        super().__init__(seat, card, "hearts are not broken and the hand holds other suits")


class MustLeadTwoOfClubsError(IllegalPlayError):
    key = "hearts.error.lead_two_of_clubs"

    def __init__(self, seat: int, card: str) -> None:
        super().__init__(seat, card, "the first trick is led with the 2♣")


class PassError(HeartsError):
    """A pass that is not three distinct cards from the seat's own hand, or a second pass."""

    key = "hearts.error.pass"

    def __init__(self, seat: int, cards: str, detail: str, key: str = "hearts.error.pass") -> None:
        super().__init__(f"seat {seat} cannot pass {cards}: {detail}", seat=seat, cards=cards, detail=detail)
        self.key = key


class NoPassThisDealError(HeartsError):
    key = "hearts.error.no_pass_this_deal"

    def __init__(self, deal_number: int) -> None:
        super().__init__(f"deal {deal_number} has no passing", deal=deal_number)


class GameRecordError(HeartsError):
    """A saved game (dict) that is malformed or whose actions do not replay. `params` say where, in plain values: the
    `field` that is missing or bad, the `version` that is unknown, the action's number (`at`, from 1) or text
    (`action`), and the `cause`'s key when an engine error refused it."""

    key = "hearts.error.record"

    def __init__(self, detail: str, **params: object) -> None:
        super().__init__(f"bad saved game: {detail}", **params)
