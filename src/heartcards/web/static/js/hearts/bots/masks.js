// @ts-check
// Card sets for the bots' arithmetic (hearts/engine/cards.py's 52-bit masks): the engine's `Hand`, four 13-bit
// patterns clubs, diamonds, spades, hearts, since JavaScript's bitwise operators stop at 32 bits. "Highest" and
// "lowest" follow card indices, as Python's `bit_length` does: hearts above spades above diamonds above clubs.

/** @typedef {import("../engine/cards.js").Hand} Hand */

export const SPADES = 2;
export const HEARTS = 3;
export const SUIT_BITS = 0x1fff;
export const QUEEN_ORDER = 10;
export const QUEEN_BIT = 1 << QUEEN_ORDER;
export const QUEEN_OF_SPADES = SPADES * 13 + QUEEN_ORDER;
/** K♠ and A♠, within the spades pattern */
export const HIGH_SPADES = (1 << 11) | (1 << 12);
/** the spades below the Q♠, within the spades pattern */
export const LOW_SPADES = QUEEN_BIT - 1;

/**
 * @param {number} bits a 13-bit pattern, not 0
 * @returns {number} the order of its highest card
 */
export function topOrder(bits) {
  return 31 - Math.clz32(bits);
}

/**
 * @param {number} bits a 13-bit pattern, not 0
 * @returns {number} the order of its lowest card
 */
export function bottomOrder(bits) {
  return 31 - Math.clz32(bits & -bits);
}

/**
 * @param {number} bits
 * @returns {number} how many cards a 13-bit pattern holds
 */
export function popcount(bits) {
  let count = bits - ((bits >> 1) & 0x5555);
  count = (count & 0x3333) + ((count >> 2) & 0x3333);
  count = (count + (count >> 4)) & 0x0f0f;
  return (count + (count >> 8)) & 0x1f;
}

/**
 * @param {Hand} cards
 * @returns {number} how many cards the set holds
 */
export function countOf(cards) {
  return popcount(cards[0]) + popcount(cards[1]) + popcount(cards[2]) + popcount(cards[3]);
}

/**
 * @param {Hand} cards
 * @returns {number} the highest card index of the set, -1 when empty
 */
export function highest(cards) {
  for (let suit = 3; suit >= 0; suit -= 1) if (cards[suit]) return suit * 13 + topOrder(cards[suit]);
  return -1;
}

/**
 * @param {Hand} cards
 * @returns {number} the lowest card index of the set, -1 when empty
 */
export function lowest(cards) {
  for (let suit = 0; suit < 4; suit += 1) if (cards[suit]) return suit * 13 + bottomOrder(cards[suit]);
  return -1;
}

/**
 * @param {Hand} cards
 * @returns {boolean} the set holds at most one card (Python's `mask & (mask - 1) == 0`)
 */
export function atMostOne(cards) {
  let seen = 0;
  for (let suit = 0; suit < 4; suit += 1) {
    const bits = cards[suit];
    if (bits) {
      if (seen || bits & (bits - 1)) return false;
      seen = 1;
    }
  }
  return true;
}

/**
 * @param {Hand} cards
 * @returns {boolean} the set holds a heart or the Q♠
 */
export function hasPoints(cards) {
  return cards[HEARTS] !== 0 || (cards[SPADES] & QUEEN_BIT) !== 0;
}

/**
 * @param {Hand} cards
 * @returns {boolean}
 */
export function isEmpty(cards) {
  return !(cards[0] || cards[1] || cards[2] || cards[3]);
}

/**
 * @param {Hand} first
 * @param {Hand} second
 * @returns {boolean}
 */
export function sameCards(first, second) {
  return first[0] === second[0] && first[1] === second[1] && first[2] === second[2] && first[3] === second[3];
}

/**
 * @param {Hand} played
 * @param {Hand} hand
 * @returns {Hand} the cards neither played nor in `hand`: the other seats' hands
 */
export function unseenOf(played, hand) {
  return [
    SUIT_BITS & ~played[0] & ~hand[0],
    SUIT_BITS & ~played[1] & ~hand[1],
    SUIT_BITS & ~played[2] & ~hand[2],
    SUIT_BITS & ~played[3] & ~hand[3],
  ];
}

/**
 * @param {number} order
 * @returns {number} the pattern of the orders below `order` in its suit
 */
export function belowOrder(order) {
  return (1 << order) - 1;
}

/**
 * @param {number} order
 * @returns {number} the pattern of the orders above `order` in its suit
 */
export function aboveOrder(order) {
  return SUIT_BITS & ~((1 << (order + 1)) - 1);
}

/**
 * @param {Hand} cards
 * @returns {number[]} the card indices of the set, lowest first
 */
export function indicesOf(cards) {
  /** @type {number[]} */
  const out = [];
  for (let suit = 0; suit < 4; suit += 1) {
    for (let bits = cards[suit]; bits; bits &= bits - 1) out.push(suit * 13 + bottomOrder(bits));
  }
  return out;
}
