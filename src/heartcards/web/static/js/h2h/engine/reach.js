// @ts-check
// Can a deal's heart be cleared? The exact answer of engine/reach.py, ported step for step (mode S deals need it).
//
// Recycling is unlimited, so any stock or waste card can be brought to the waste top without touching the heart:
// for winnability the reserve (stock and waste) is just a count per rank, here packed as base-8 digits of one
// number (13 ranks, 39 bits: exact in a double, so plain arithmetic replaces Python's shifts). A rank with no more
// heart cards left than reserve copies can only gain from removing a free card, so such cards go greedily; so do
// whole groups of a rank that are all free at once. Only the other ranks branch, and lost states are memoised.

import { ALL_REMOVED, COVER_MASKS, HEART_SIZE, REMOVED_SETS, freeMask, popcount } from "./layout.js";

const RANK_COUNT = 13;
/** @type {readonly number[]} DIGIT[rank index]: the place value of that rank's reserve count. */
const DIGIT = Object.freeze(Array.from({ length: RANK_COUNT }, (_, rank) => 8 ** rank));
/** @type {Map<number, number>} A removed set's index in REMOVED_SETS. */
const INDEX_OF = new Map(REMOVED_SETS.map((mask, index) => [mask, index]));
const WON_INDEX = /** @type {number} */ (INDEX_OF.get(ALL_REMOVED));
/** @type {readonly number[]} FREE[index]: the free positions of removed set `index`. */
const FREE = Object.freeze(REMOVED_SETS.map(freeMask));

/** @type {readonly number[]} CHAINED[p]: positions never free at the same time as p (one lies under the other). */
const CHAINED = (() => {
  /** @type {number[]} */
  const above = new Array(HEART_SIZE).fill(0);
  for (let p = HEART_SIZE - 1; p >= 0; p -= 1) {
    for (let q = 0; q < HEART_SIZE; q += 1) if ((COVER_MASKS[p] >>> q) & 1) above[p] |= (1 << q) | above[q];
  }
  /** @type {number[]} */
  const below = new Array(HEART_SIZE).fill(0);
  for (let p = 0; p < HEART_SIZE; p += 1) {
    for (let q = 0; q < HEART_SIZE; q += 1) if ((above[p] >>> q) & 1) below[q] |= 1 << p;
  }
  /** @type {number[]} */
  const chained = new Array(HEART_SIZE).fill(0);
  for (let p = 0; p < HEART_SIZE; p += 1) {
    for (let q = 0; q < HEART_SIZE; q += 1) {
      if ((below[p] >>> q) & 1) {
        chained[p] |= 1 << q;
        chained[q] |= 1 << p;
      }
    }
  }
  return Object.freeze(chained);
})();

/**
 * The reserve count of `rank` (index 0 = ace) in packed counts.
 * @param {number} counts
 * @param {number} rank
 * @returns {number}
 */
function countOf(counts, rank) {
  return Math.floor(counts / DIGIT[rank]) % 8;
}

/**
 * The most disjoint pairs among `cards` (a position mask) whose two cards are never one on top of the other.
 * @param {number} cards
 * @returns {number}
 */
function pairable(cards) {
  /** @type {number[]} */
  const positions = [];
  for (let p = 0; p < HEART_SIZE; p += 1) if ((cards >>> p) & 1) positions.push(p);
  let best = 0;
  for (let i = 0; i < positions.length; i += 1) {
    for (let j = i + 1; j < positions.length; j += 1) {
      if (!((CHAINED[positions[i]] >>> positions[j]) & 1)) {
        const found = 1 + pairable(cards & ~(1 << positions[i]) & ~(1 << positions[j]));
        if (found > best) best = found;
      }
    }
  }
  return best;
}

/**
 * A quick proof of loss: some rank needs more reserve cards than it has, even pairing all it can.
 * @param {readonly number[]} rankMasks
 * @param {number} removed
 * @param {number} counts
 * @returns {boolean}
 */
function hopeless(rankMasks, removed, counts) {
  for (let rank = 0; rank < RANK_COUNT; rank += 1) {
    const remaining = rankMasks[rank] & ~removed;
    if (!remaining) continue;
    const left = popcount(remaining);
    const reserve = countOf(counts, rank);
    if (left % 2 > reserve) return true;
    if (left - 2 * pairable(remaining) > reserve) return true;
  }
  return false;
}

/** One deal's question: which (removed set, reserve counts) states can still clear the heart. */
class WinnabilitySearch {
  /** @param {readonly number[]} rankMasks */
  constructor(rankMasks) {
    this.rankMasks = rankMasks;
    /** @type {Set<number>} */
    this.lost = new Set();
  }

  /**
   * Remove what can only help: free cards of ranks with enough reserve copies, and whole free groups.
   * @param {number} index
   * @param {number} counts
   * @returns {[number, number]}
   */
  settle(index, counts) {
    let changed = true;
    while (changed) {
      changed = false;
      const removed = REMOVED_SETS[index];
      const free = FREE[index];
      let taken = 0;
      for (let rank = 0; rank < RANK_COUNT; rank += 1) {
        const remaining = this.rankMasks[rank] & ~removed;
        const freeOfRank = remaining & free;
        if (!freeOfRank) continue;
        const reserve = countOf(counts, rank);
        const left = popcount(remaining);
        if (left <= reserve) {
          taken |= freeOfRank;
          counts -= popcount(freeOfRank) * DIGIT[rank];
        } else if (freeOfRank === remaining && (left % 2 === 0 || reserve >= 1)) {
          taken |= freeOfRank;
          counts -= (left % 2) * DIGIT[rank];
        }
      }
      if (taken) {
        index = /** @type {number} */ (INDEX_OF.get(removed | taken));
        changed = true;
      }
    }
    return [index, counts];
  }

  /**
   * @param {number} start
   * @param {number} startCounts
   * @returns {boolean}
   */
  winnable(start, startCounts) {
    const [index, counts] = this.settle(start, startCounts);
    if (index === WON_INDEX) return true;
    const key = counts * 1024 + index;
    if (this.lost.has(key)) return false;
    const removed = REMOVED_SETS[index];
    const free = FREE[index];
    for (let rank = 0; rank < RANK_COUNT; rank += 1) {
      const freeOfRank = this.rankMasks[rank] & free;
      if (!freeOfRank) continue;
      /** @type {number[]} */
      const bits = [];
      for (let p = 0; p < HEART_SIZE; p += 1) if ((freeOfRank >>> p) & 1) bits.push(1 << p);
      if (countOf(counts, rank)) {
        for (const bit of bits) {
          if (this.winnable(/** @type {number} */ (INDEX_OF.get(removed | bit)), counts - DIGIT[rank])) return true;
        }
      }
      for (let i = 0; i < bits.length; i += 1) {
        for (let j = i + 1; j < bits.length; j += 1) {
          if (this.winnable(/** @type {number} */ (INDEX_OF.get(removed | bits[i] | bits[j])), counts)) return true;
        }
      }
    }
    this.lost.add(key);
    return false;
  }
}

/**
 * Can the heart be cleared from removed set `removed` with reserve `counts` (packed)?
 * @param {readonly number[]} rankMasks
 * @param {number} removed
 * @param {number} counts
 * @returns {boolean}
 */
function winnablePacked(rankMasks, removed, counts) {
  if (hopeless(rankMasks, removed, counts)) return false;
  return new WinnabilitySearch(rankMasks).winnable(/** @type {number} */ (INDEX_OF.get(removed)), counts);
}

/**
 * Winnability of a fresh deal given as its 52 ranks in deal order.
 * @param {readonly number[]} order
 * @returns {boolean}
 */
export function orderWinnable(order) {
  /** @type {number[]} */
  const rankMasks = new Array(RANK_COUNT).fill(0);
  for (let position = 0; position < HEART_SIZE; position += 1) rankMasks[order[position] - 1] |= 1 << position;
  let counts = 0;
  for (let position = HEART_SIZE; position < order.length; position += 1) counts += DIGIT[order[position] - 1];
  return winnablePacked(rankMasks, 0, counts);
}
