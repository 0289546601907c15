// @ts-check
// Ranks as the engine holds them: numbers from ace = 1 to king = 13, written A, 2–10, J, Q, K.

/** @typedef {number} Rank A rank value, 1 (ace) to 13 (king). */

export const RANK_TEXTS = Object.freeze(["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]);

/**
 * The text of a rank: `rankText(12) === "Q"`.
 * @param {Rank} rank
 * @returns {string}
 */
export function rankText(rank) {
  return RANK_TEXTS[rank - 1];
}

/**
 * The rank of a text written as `rankText` writes it (the server's deals use these texts).
 * @param {string} text
 * @returns {Rank}
 */
export function rankOf(text) {
  const index = RANK_TEXTS.indexOf(text);
  if (index < 0) throw new RangeError(`${JSON.stringify(text)} is not a rank (A, 2-10, J, Q, K)`);
  return index + 1;
}
