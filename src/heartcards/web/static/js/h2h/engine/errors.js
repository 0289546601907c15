// @ts-check
// One error class per kind of bad input, as in engine/errors.py: the same message (quoting the input as Python's
// repr() does), the same translation `key` and the same `params`.

import { pyRepr } from "../../common/pytext.js";

export class HeartToHeartError extends Error {
  /** @returns {string} the message key for translation */
  get key() {
    return "h2h.error";
  }

  /**
   * @param {string} message
   * @param {Record<string, unknown>} [params]
   */
  constructor(message, params = {}) {
    super(message);
    this.name = new.target.name;
    /** @type {Record<string, unknown>} */
    this.params = params;
  }
}

export class DealCodeError extends HeartToHeartError {
  /** @override */
  get key() {
    return "h2h.error.deal_code";
  }

  /** @param {string} text */
  constructor(text) {
    super(`${pyRepr(text)} is not a deal code: expected HH1-N-LLLLLLL or HH1-S-LLLLLLL (L = a letter A-Z)`, { text });
    this.text = text;
  }
}

export class MoveSyntaxError extends HeartToHeartError {
  /** @override */
  get key() {
    return "h2h.error.move_syntax";
  }

  /** @param {string} text */
  constructor(text) {
    super(`${pyRepr(text)} is not a move: expected S, a-b (1 <= a < b <= 25) or a-W`, { text });
    this.text = text;
  }
}

export class IllegalMoveError extends HeartToHeartError {
  /** @override */
  get key() {
    return "h2h.error.illegal_move";
  }

  /**
   * @param {string} move
   * @param {string} reason
   */
  constructor(move, reason) {
    super(`illegal move ${pyRepr(move)}: ${reason}`, { move, reason });
    this.move = move;
    this.reason = reason;
  }
}

export class GameOverError extends HeartToHeartError {
  /** @override */
  get key() {
    return "h2h.error.game_over";
  }

  /**
   * @param {string} move
   * @param {string} status
   */
  constructor(move, status) {
    super(`move ${pyRepr(move)} after the end of the game (${status})`, { move, status });
    this.move = move;
  }
}

export class NothingToUndoError extends HeartToHeartError {
  /** @override */
  get key() {
    return "h2h.error.nothing_to_undo";
  }

  constructor() {
    super("there is no move to undo (at most the last 100 moves can be undone)");
  }
}

/** A game record whose move at index `at` (1-based) is malformed or illegal. */
export class RecordError extends HeartToHeartError {
  /** @override */
  get key() {
    return "h2h.error.record";
  }

  /**
   * @param {string} record
   * @param {number} at
   * @param {HeartToHeartError} cause
   */
  constructor(record, at, cause) {
    super(`move ${at} of record ${pyRepr(record)}: ${cause.message}`, { at, cause: cause.message });
    this.at = at;
    this.cause = cause;
  }
}
