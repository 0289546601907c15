// The heart's geometry: 25 slots in 7 rows (4, 6, 5, 4, 3, 2, 1), x in half-card widths, as in
// docs/rules/heart-to-heart.md#the-heart.
// Used to place cards on screen and, for replays of known records, to know which cards are covered.

export const ROW_XS = [[1, 3, 7, 9], [0, 2, 4, 6, 8, 10], [1, 3, 5, 7, 9], [2, 4, 6, 8], [3, 5, 7], [4, 6], [5]];
export const HEART_SIZE = 25;

/** Slots indexed by position - 1: {pos, row (1-based), x, coveredBy: [positions]}. */
export const SLOTS = (() => {
  /** @type {{pos: number, row: number, x: number}[]} */
  const placed = [];
  ROW_XS.forEach((xs, rowIndex) => xs.forEach((x) => placed.push({ pos: placed.length + 1, row: rowIndex + 1, x })));
  return placed.map((slot) => ({
    ...slot,
    coveredBy: placed.filter((o) => o.row === slot.row + 1 && Math.abs(o.x - slot.x) === 1).map((o) => o.pos),
  }));
})();

/** Placement as fractions of the heart box: the heart is 6 card widths wide and 4 card heights tall
 * (7 rows, each covering the lower half of the row above).
 * @param {number} pos
 */
export function slotBox(pos) {
  const slot = SLOTS[pos - 1];
  return { left: slot.x / 12, top: (slot.row - 1) / 8, width: 1 / 6, height: 1 / 4 };
}

/**
 * Free positions given the ranks still present (array of 25, null where removed).
 * @param {(string | null)[]} heart
 * @returns {number[]}
 */
export function freePositions(heart) {
  return SLOTS.filter((s) => heart[s.pos - 1] !== null && s.coveredBy.every((c) => heart[c - 1] === null)).map(
    (s) => s.pos,
  );
}
