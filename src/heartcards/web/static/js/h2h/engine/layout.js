// @ts-check
// The heart's 25 positions as data (engine/layout.py): rows of 4, 6, 5, 4, 3, 2, 1 cards, x in half-card widths. A
// card is covered by the cards of the next row whose x is its x ± 1 and is free when all of those are removed.
// Removed sets are bitmasks with bit (position - 1) set for each removed position. The one layout of the browser:
// the engine's rules and the board's drawing (`slotBox`) both read it.

export const ROW_XS = Object.freeze([
  [1, 3, 7, 9],
  [0, 2, 4, 6, 8, 10],
  [1, 3, 5, 7, 9],
  [2, 4, 6, 8],
  [3, 5, 7],
  [4, 6],
  [5],
]);
export const HEART_SIZE = 25;
export const ALL_REMOVED = 2 ** HEART_SIZE - 1;

/** @typedef {{position: number, row: number, x: number, coveredBy: readonly number[]}} Slot */

/** @type {readonly Slot[]} Slots by position - 1. */
export const SLOTS = (() => {
  /** @type {{position: number, row: number, x: number}[]} */
  const placed = [];
  ROW_XS.forEach((xs, rowIndex) => {
    for (const x of xs) placed.push({ position: placed.length + 1, row: rowIndex + 1, x });
  });
  return Object.freeze(
    placed.map((slot) =>
      Object.freeze({
        ...slot,
        coveredBy: Object.freeze(
          placed.filter((o) => o.row === slot.row + 1 && Math.abs(o.x - slot.x) === 1).map((o) => o.position),
        ),
      }),
    ),
  );
})();

/**
 * Where a position's card sits, as fractions of the heart's box: the heart is 6 card widths wide and 4 card heights
 * tall (7 rows, each covering the lower half of the row above).
 * @param {number} position
 */
export function slotBox(position) {
  const slot = SLOTS[position - 1];
  return { left: slot.x / 12, top: (slot.row - 1) / 8, width: 1 / 6, height: 1 / 4 };
}

/** @type {readonly number[]} COVER_MASKS[position - 1]: the positions covering it, as a mask. */
export const COVER_MASKS = Object.freeze(
  SLOTS.map((slot) => slot.coveredBy.reduce((mask, p) => mask | (1 << (p - 1)), 0)),
);

/**
 * The bitmask of free positions for a removed set.
 * @param {number} removed
 * @returns {number}
 */
export function freeMask(removed) {
  let mask = 0;
  for (let index = 0; index < HEART_SIZE; index += 1) {
    if (!((removed >>> index) & 1) && !(COVER_MASKS[index] & ~removed)) mask |= 1 << index;
  }
  return mask;
}

/**
 * The free positions of a removed set, in increasing order.
 * @param {number} removed
 * @returns {number[]}
 */
export function freePositions(removed) {
  const mask = freeMask(removed);
  /** @type {number[]} */
  const positions = [];
  for (let index = 0; index < HEART_SIZE; index += 1) if ((mask >>> index) & 1) positions.push(index + 1);
  return positions;
}

/**
 * The number of set bits of a 32-bit mask.
 * @param {number} mask
 * @returns {number}
 */
export function popcount(mask) {
  let m = mask - ((mask >>> 1) & 0x55555555);
  m = (m & 0x33333333) + ((m >>> 2) & 0x33333333);
  return (Math.imul((m + (m >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) & 0xff;
}

/** @type {readonly number[]} Every removed set play can produce (623 of them), fewest removed first. */
export const REMOVED_SETS = (() => {
  const seen = new Set([0]);
  const frontier = [0];
  while (frontier.length) {
    const removed = /** @type {number} */ (frontier.pop());
    const free = freeMask(removed);
    for (let index = 0; index < HEART_SIZE; index += 1) {
      if ((free >>> index) & 1) {
        const following = removed | (1 << index);
        if (!seen.has(following)) {
          seen.add(following);
          frontier.push(following);
        }
      }
    }
  }
  return Object.freeze([...seen].sort((a, b) => popcount(a) - popcount(b) || a - b));
})();
