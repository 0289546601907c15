// @ts-check
// Moves as frozen values whose text round-trips (engine/moves.py): `S`, `a-b` (a < b) and `a-W`.

import { MoveSyntaxError } from "./errors.js";
import { HEART_SIZE } from "./layout.js";
import { DIGIT_PATTERN, cleaned, pyInt, pySplit } from "../../common/text-input.js";

const PAIR = new RegExp(`^(${DIGIT_PATTERN}{1,2})-(${DIGIT_PATTERN}{1,2}|W)$`, "u");

/** Tap the stock: draw its top card, or turn the waste over when the stock is empty. */
export class StockTap {
  constructor() {
    /** @type {"stock"} */
    this.kind = "stock";
    Object.freeze(this);
  }

  toString() {
    return "S";
  }
}

/** Remove the heart cards at positions `first` < `second`. */
export class PairMove {
  /**
   * @param {number} first
   * @param {number} second
   */
  constructor(first, second) {
    /** @type {"pair"} */
    this.kind = "pair";
    this.first = first;
    this.second = second;
    Object.freeze(this);
  }

  toString() {
    return `${this.first}-${this.second}`;
  }
}

/** Remove the heart card at `position` with the waste's top card. */
export class WasteMove {
  /** @param {number} position */
  constructor(position) {
    /** @type {"waste"} */
    this.kind = "waste";
    this.position = position;
    Object.freeze(this);
  }

  toString() {
    return `${this.position}-W`;
  }
}

/** @typedef {StockTap | PairMove | WasteMove} Move */

export const STOCK_TAP = new StockTap();

/**
 * `parseMove("3-W")` is `new WasteMove(3)`; accepts any letter case and surrounding spaces.
 * @param {string} text
 * @returns {Move}
 */
export function parseMove(text) {
  const clean = cleaned(text);
  if (clean === "S") return STOCK_TAP;
  const match = PAIR.exec(clean);
  if (match === null) throw new MoveSyntaxError(text);
  const first = pyInt(match[1]);
  if (!(first >= 1 && first <= HEART_SIZE)) throw new MoveSyntaxError(text);
  if (match[2] === "W") return new WasteMove(first);
  const second = pyInt(match[2]);
  if (!(first < second && second <= HEART_SIZE)) throw new MoveSyntaxError(text);
  return new PairMove(first, second);
}

/**
 * The moves of a text of words.
 * @param {string} text
 * @returns {Move[]}
 */
export function parseMoves(text) {
  return pySplit(text).map(parseMove);
}

/**
 * @param {readonly Move[]} moves
 * @returns {string}
 */
export function formatMoves(moves) {
  return moves.map(String).join(" ");
}

/**
 * True when two moves are the same move.
 * @param {Move} a
 * @param {Move} b
 * @returns {boolean}
 */
export function sameMove(a, b) {
  return String(a) === String(b);
}
