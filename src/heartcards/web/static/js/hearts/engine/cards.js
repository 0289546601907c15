// @ts-check
// Hearts cards as small integers (engine/cards.py): index = suit × 13 + order, suits ♣ ♦ ♠ ♥ (0..3), order 0 for the
// 2 up to 12 for the ace. A set of cards is a `Hand`: four 13-bit patterns, one a suit, so every rule is a few
// 32-bit operations (JavaScript's bitwise operators stop at 32 bits, where Python's masks are 52 bits wide).

import { cleaned } from "../../common/text-input.js";

/** @typedef {number[]} Hand four 13-bit patterns, clubs, diamonds, spades, hearts; bit o is the card of order o */

export const CLUBS = 0;
export const DIAMONDS = 1;
export const SPADES = 2;
export const HEARTS = 3;
export const SUIT_LETTERS = "CDSH";
export const SUIT_BITS = 0x1fff;
export const ORDER_TEXTS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"];
export const TWO_OF_CLUBS = 0;
export const QUEEN_OF_SPADES = SPADES * 13 + 10;
const QUEEN_BIT = 1 << 10;

/** @type {readonly string[]} the text of each card index: `CARD_TEXTS[0]` is "2C", `CARD_TEXTS[51]` "AH" */
export const CARD_TEXTS = Object.freeze(
  Array.from({ length: 52 }, (_, index) => ORDER_TEXTS[index % 13] + SUIT_LETTERS[Math.floor(index / 13)]),
);
const RANK_TEXTS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];

/**
 * @param {number} index
 * @returns {number} the card's suit, 0..3
 */
export function suitOf(index) {
  return Math.floor(index / 13);
}

/**
 * The card index of a text such as `2C`, `10h` or ` QS ` (any letter case, spaces around), as `Card.parse` reads
 * it; -1 when it is not a card.
 * @param {string} text
 * @returns {number}
 */
export function parseCard(text) {
  const card = cleaned(text);
  const suit = SUIT_LETTERS.indexOf(card.slice(-1));
  if (card.length < 2 || suit < 0) return -1;
  const rank = RANK_TEXTS.indexOf(cleaned(card.slice(0, -1)));
  if (rank < 0) return -1;
  return suit * 13 + (rank === 0 ? 12 : rank - 1);
}

/** @returns {Hand} no cards */
export function emptyHand() {
  return [0, 0, 0, 0];
}

/**
 * @param {Hand} hand
 * @param {number} index
 * @returns {boolean}
 */
export function holds(hand, index) {
  return ((hand[Math.floor(index / 13)] >> index % 13) & 1) === 1;
}

/**
 * @param {Hand} hand
 * @param {number} index
 */
export function addCard(hand, index) {
  hand[Math.floor(index / 13)] |= 1 << index % 13;
}

/**
 * @param {Hand} hand
 * @param {number} index
 */
export function removeCard(hand, index) {
  hand[Math.floor(index / 13)] &= ~(1 << index % 13);
}

/**
 * @param {Iterable<number>} indices
 * @returns {Hand}
 */
export function handOf(indices) {
  const hand = emptyHand();
  for (const index of indices) addCard(hand, index);
  return hand;
}

/**
 * The card indices of a hand, lowest first (2♣ … A♥).
 * @param {Hand} hand
 * @returns {number[]}
 */
export function cardsOf(hand) {
  /** @type {number[]} */
  const out = [];
  for (let suit = 0; suit < 4; suit += 1) {
    for (let order = 0; order < 13; order += 1) if ((hand[suit] >> order) & 1) out.push(suit * 13 + order);
  }
  return out;
}

/**
 * @param {number} bits
 * @returns {number} how many bits are set in a 13-bit pattern
 */
export function bitCount(bits) {
  let count = 0;
  for (let rest = bits; rest; rest &= rest - 1) count += 1;
  return count;
}

/**
 * @param {Hand} hand
 * @returns {number} how many cards the hand holds
 */
export function cardCount(hand) {
  return bitCount(hand[0]) + bitCount(hand[1]) + bitCount(hand[2]) + bitCount(hand[3]);
}

/**
 * The penalty points of a set of cards: 1 a heart, 13 the Q♠.
 * @param {Hand} hand
 * @returns {number}
 */
export function handPoints(hand) {
  return bitCount(hand[HEARTS]) + (hand[SPADES] & QUEEN_BIT ? 13 : 0);
}

/**
 * The cards as text, lowest first, separated by spaces (`2C 10H QS`): how records and the corpus write them.
 * @param {Hand} hand
 * @returns {string}
 */
export function handText(hand) {
  return cardsOf(hand)
    .map((index) => CARD_TEXTS[index])
    .join(" ");
}
