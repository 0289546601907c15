// @ts-check
// One error class per kind of bad input, as in engine/errors.py: the same translation `key` and the same `params`
// (the corpus holds the two engines to them); the message, for a developer, quotes the input.

import { KeyedError, quoted } from "../../common/keyed-error.js";

/** Any Heart to Heart rule, code or record error: a message key and the params that fill it in. */
export class HeartToHeartError extends KeyedError {
  /** @override */
  key = "h2h.error";
}

export class DealCodeError extends HeartToHeartError {
  /** @override */
  key = "h2h.error.deal_code";

  /** @param {string} text */
  constructor(text) {
    const expected = "expected HH1-N-LLLLLLL or HH1-S-LLLLLLL (L = a letter A-Z)";
    super(`${quoted(text)} is not a deal code: ${expected}`, { text });
    this.text = text;
  }
}

export class MoveSyntaxError extends HeartToHeartError {
  /** @override */
  key = "h2h.error.move_syntax";

  /** @param {string} text */
  constructor(text) {
    super(`${quoted(text)} is not a move: expected S, a-b (1 <= a < b <= 25) or a-W`, { text });
    this.text = text;
  }
}

export class IllegalMoveError extends HeartToHeartError {
  /** @override */
  key = "h2h.error.illegal_move";

  /**
   * @param {string} move
   * @param {string} reason
   */
  constructor(move, reason) {
    super(`illegal move ${quoted(move)}: ${reason}`, { move, reason });
    this.move = move;
    this.reason = reason;
  }
}

export class GameOverError extends HeartToHeartError {
  /** @override */
  key = "h2h.error.game_over";

  /**
   * @param {string} move
   * @param {string} status
   */
  constructor(move, status) {
    super(`move ${quoted(move)} after the end of the game (${status})`, { move, status });
    this.move = move;
  }
}

export class NothingToUndoError extends HeartToHeartError {
  /** @override */
  key = "h2h.error.nothing_to_undo";

  constructor() {
    super("there is no move to undo (at most the last 100 moves can be undone)");
  }
}

/**
 * A game record whose move at index `at` (1-based) is malformed or illegal; `params` name the move and the cause's
 * key.
 */
export class RecordError extends HeartToHeartError {
  /** @override */
  key = "h2h.error.record";

  /**
   * @param {string} record
   * @param {number} at
   * @param {HeartToHeartError} cause
   */
  constructor(record, at, cause) {
    super(`move ${at} of record ${quoted(record)}: ${cause.message}`, { at, cause: cause.key });
    this.at = at;
    this.cause = cause;
  }
}
