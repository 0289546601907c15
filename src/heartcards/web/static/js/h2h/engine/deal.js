// @ts-check
// Deals and their codes (engine/deal.py): `Deal.fromCode("HH1-N-AAAAAAM")`, `deal.code`.
//
// A code is `HH1-M-LLLLLLL`: `M` the mode and the seven letters the deal number in base 26 (A = 0, most significant
// first). Mode N, deal n: SplitMix64(N_SEED + n) shuffles the deck A A A A 2 2 2 2 … K K K K once (Fisher–Yates,
// last index first). Mode S: SplitMix64(S_SEED + n) shuffles a fresh deck again and again, continuing the same
// stream, until the result is winnable. Cards 1–25 go to heart positions 1–25, 26–51 form the stock (26 on top),
// card 52 starts the waste.

import { DealCodeError } from "./errors.js";
import { HEART_SIZE } from "./layout.js";
import { SplitMix64 } from "../../common/prng.js";
import { cleaned } from "../../common/text-input.js";
import { orderWinnable } from "./reach.js";

/** @typedef {"N" | "S"} Mode N: any shuffle; S: a winnable one. */

export const CODE_LETTERS = 7;
export const MAX_NUMBER = 26 ** CODE_LETTERS - 1;
export const N_SEED = 245_889n;
export const S_SEED = N_SEED + 2n ** 32n;
/** @type {readonly number[]} */
export const UNSHUFFLED = Object.freeze(Array.from({ length: 52 }, (_, index) => Math.floor(index / 4) + 1));
const CODE_PATTERN = /^HH1-([A-Z])-([A-Z]{7})$/;

/**
 * @param {number} number
 * @returns {string}
 */
function numberToLetters(number) {
  let letters = "";
  for (let i = 0; i < CODE_LETTERS; i += 1) {
    letters = String.fromCharCode(65 + (number % 26)) + letters;
    number = Math.floor(number / 26);
  }
  return letters;
}

/**
 * @param {string} letters
 * @returns {number}
 */
function lettersToNumber(letters) {
  let number = 0;
  for (const letter of letters) number = number * 26 + letter.charCodeAt(0) - 65;
  return number;
}

/**
 * @param {SplitMix64} rng
 * @returns {number[]}
 */
function shuffledDeck(rng) {
  const deck = [...UNSHUFFLED];
  rng.shuffle(deck);
  return deck;
}

/**
 * The 52 ranks of a deal in deal order.
 * @param {Mode} mode
 * @param {number} number
 * @returns {number[]}
 */
export function dealOrder(mode, number) {
  if (mode === "N") return shuffledDeck(new SplitMix64(N_SEED + BigInt(number)));
  const rng = new SplitMix64(S_SEED + BigInt(number));
  for (;;) {
    const deck = shuffledDeck(rng);
    if (orderWinnable(deck)) return deck;
  }
}

/**
 * The mode and number of a code; any letter case and surrounding spaces are accepted.
 * @param {string} text
 * @returns {[Mode, number]}
 */
export function parseCode(text) {
  const match = CODE_PATTERN.exec(cleaned(text));
  if (match === null || (match[1] !== "N" && match[1] !== "S")) throw new DealCodeError(text);
  return [match[1], lettersToNumber(match[2])];
}

/**
 * @param {Mode} mode
 * @param {number} number
 * @returns {string}
 */
export function formatCode(mode, number) {
  return `HH1-${mode}-${numberToLetters(number)}`;
}

/**
 * The printed form of a code (upper case, no spaces); throws DealCodeError for anything else.
 * @param {string} text
 * @returns {string}
 */
export function normalizeCode(text) {
  return formatCode(...parseCode(text));
}

/** A deal: its mode and number, and the 52 ranks in deal order. */
export class Deal {
  /**
   * @param {Mode} mode
   * @param {number} number
   * @param {readonly number[]} order
   */
  constructor(mode, number, order) {
    this.mode = mode;
    this.number = number;
    /** @type {readonly number[]} */
    this.order = Object.freeze([...order]);
    Object.freeze(this);
  }

  /**
   * @param {number} number
   * @param {Mode} [mode]
   * @returns {Deal}
   */
  static fromNumber(number, mode = "N") {
    if (!(Number.isInteger(number) && number >= 0 && number <= MAX_NUMBER)) {
      throw new DealCodeError(`${mode}#${number}`);
    }
    return new Deal(mode, number, dealOrder(mode, number));
  }

  /**
   * @param {string} text
   * @returns {Deal}
   */
  static fromCode(text) {
    const [mode, number] = parseCode(text);
    return Deal.fromNumber(number, mode);
  }

  get code() {
    return formatCode(this.mode, this.number);
  }

  /** @returns {readonly number[]} the ranks at positions 1..25 */
  get heart() {
    return this.order.slice(0, HEART_SIZE);
  }

  /** @returns {readonly number[]} the stock, top (first drawn) first */
  get stock() {
    return this.order.slice(HEART_SIZE, 51);
  }

  /** @returns {readonly number[]} the waste, bottom first: one card at the start */
  get waste() {
    return this.order.slice(51);
  }
}
