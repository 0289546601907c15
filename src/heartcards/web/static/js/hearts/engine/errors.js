// @ts-check
// One error class per kind of bad input, as in engine/errors.py: the same translation `key` and the same `params`
// (the corpus holds the two engines to them); the message, for a developer, quotes the input.

import { KeyedError, quoted } from "../../common/keyed-error.js";

/** Any Hearts rule or record error: a message key and the params that fill it in. */
export class HeartsError extends KeyedError {
  /** @override */
  key = "hearts.error";
}

/** An action that the game's phase does not take now (a play while passing, a pass after the game). */
export class WrongPhaseError extends HeartsError {
  /** @override */
  key = "hearts.error.wrong_phase";

  /**
   * @param {string} action
   * @param {string} phase
   */
  constructor(action, phase) {
    super(`cannot ${action} now: the game is in phase ${quoted(phase)}`, { action, phase });
  }
}

export class NotYourTurnError extends HeartsError {
  /** @override */
  key = "hearts.error.not_your_turn";

  /**
   * @param {number} seat
   * @param {number} turn
   * @param {string} card
   */
  constructor(seat, turn, card) {
    super(`seat ${seat} cannot play ${card}: it is seat ${turn}'s turn`, { seat, turn, card });
  }
}

export class BadSeatError extends HeartsError {
  /** @override */
  key = "hearts.error.bad_seat";

  /** @param {unknown} seat */
  constructor(seat) {
    super(`${quoted(seat)} is not a seat: seats are 0, 1, 2 and 3`, { seat: String(seat) });
  }
}

/** Something that is not a card where a card was expected. */
export class BadCardError extends HeartsError {
  /** @override */
  key = "hearts.error.bad_card";

  /** @param {unknown} value */
  constructor(value) {
    super(`${quoted(value)} is not a card such as 2C, 10H or QS`, { value: String(value) });
  }
}

export class CardNotInHandError extends HeartsError {
  /** @override */
  key = "hearts.error.card_not_in_hand";

  /**
   * @param {number} seat
   * @param {string} card
   */
  constructor(seat, card) {
    super(`seat ${seat} does not hold ${card}`, { seat, card });
  }
}

/** A card the rules forbid now; subclasses name the rule. */
export class IllegalPlayError extends HeartsError {
  /** @override */
  key = "hearts.error.illegal_play";

  /**
   * @param {number} seat
   * @param {string} card
   * @param {string} detail
   * @param {Record<string, unknown>} [params]
   */
  constructor(seat, card, detail, params = {}) {
    super(`seat ${seat} cannot play ${card}: ${detail}`, { seat, card, ...params });
  }
}

export class FollowSuitError extends IllegalPlayError {
  /** @override */
  key = "hearts.error.follow_suit";

  /**
   * @param {number} seat
   * @param {string} card
   * @param {string} suit the led suit's letter
   */
  constructor(seat, card, suit) {
    super(seat, card, `must follow suit (${suit} was led)`, { suit });
  }
}

export class QueenOnFirstTrickError extends IllegalPlayError {
  /** @override */
  key = "hearts.error.queen_first_trick";

  /**
   * @param {number} seat
   * @param {string} card
   */
  constructor(seat, card) {
    super(seat, card, "the Q♠ may not be played on the first trick while another card is legal");
  }
}

export class HeartsNotBrokenError extends IllegalPlayError {
  /** @override */
  key = "hearts.error.hearts_not_broken";

  /**
   * @param {number} seat
   * @param {string} card
   */
  constructor(seat, card) {
    super(seat, card, "hearts are not broken and the hand holds other suits");
  }
}

export class MustLeadTwoOfClubsError extends IllegalPlayError {
  /** @override */
  key = "hearts.error.lead_two_of_clubs";

  /**
   * @param {number} seat
   * @param {string} card
   */
  constructor(seat, card) {
    super(seat, card, "the first trick is led with the 2♣");
  }
}

/** A pass that is not three distinct cards from the seat's own hand, or a second pass. */
export class PassError extends HeartsError {
  /**
   * @param {number} seat
   * @param {string} cards
   * @param {string} detail
   * @param {string} [key]
   */
  constructor(seat, cards, detail, key = "hearts.error.pass") {
    super(`seat ${seat} cannot pass ${cards}: ${detail}`, { seat, cards, detail });
    this.key = key;
  }
}

export class NoPassThisDealError extends HeartsError {
  /** @override */
  key = "hearts.error.no_pass_this_deal";

  /** @param {number} deal */
  constructor(deal) {
    super(`deal ${deal} has no passing`, { deal });
  }
}

/** A saved game that is malformed or whose actions do not replay. */
export class GameRecordError extends HeartsError {
  /** @override */
  key = "hearts.error.record";

  /**
   * @param {string} detail
   * @param {Record<string, unknown>} [params] where: the `field`, the `version`, the action's number (`at`) or text
   *   (`action`), and the `cause`'s key
   */
  constructor(detail, params = {}) {
    super(`bad saved game: ${detail}`, params);
  }
}
