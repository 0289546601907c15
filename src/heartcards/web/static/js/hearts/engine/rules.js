// @ts-check
// The rules as pure functions over hands (engine/rules.py): passing cycle, legal plays, trick winner, scoring, game
// end. docs/rules/hearts.md is the one statement of them.

import { CLUBS, HEARTS, SPADES, handPoints, suitOf } from "./cards.js";

/** @typedef {import("./cards.js").Hand} Hand */
/** @typedef {"left" | "right" | "across" | "none"} PassDirection */
/** @typedef {"classic" | "special"} Variant */

export const SEATS = 4;
export const HAND_SIZE = 13;
export const PASS_SIZE = 3;
export const POINTS_PER_DEAL = 26;
/** What each opponent of a moon shooter scores (13: docs/rules/hearts.md#shooting-the-moon). */
export const MOON_POINTS = 13;
export const VARIANTS = Object.freeze(["classic", "special"]);
/** @type {readonly PassDirection[]} */
const CYCLE = Object.freeze(["left", "right", "across", "none"]);
/** @type {Readonly<Record<PassDirection, number>>} seats clockwise from giver to receiver */
export const PASS_OFFSETS = Object.freeze({ left: 1, right: 3, across: 2, none: 0 });
const QUEEN_BIT = 1 << 10;

/**
 * Deal 1 passes left, 2 right, 3 across, 4 keeps; then the cycle repeats.
 * @param {number} dealNumber
 * @returns {PassDirection}
 */
export function passDirectionFor(dealNumber) {
  return CYCLE[(dealNumber - 1) % 4];
}

/**
 * The cards of `hand` that may be played; `ledSuit` is -1 when leading. First trick: the 2♣ leads and the Q♠ may
 * not be discarded while another card may; a heart leads only once hearts are broken or when nothing else is held.
 * @param {Hand} hand
 * @param {number} ledSuit
 * @param {boolean} firstTrick
 * @param {boolean} heartsBroken
 * @returns {Hand}
 */
export function legalHand(hand, ledSuit, firstTrick, heartsBroken) {
  if (ledSuit < 0) {
    if (firstTrick) return [hand[CLUBS] & 1, 0, 0, 0];
    if (!heartsBroken && (hand[0] || hand[1] || hand[2])) return [hand[0], hand[1], hand[2], 0];
    return [...hand];
  }
  if (hand[ledSuit]) {
    const follow = [0, 0, 0, 0];
    follow[ledSuit] = hand[ledSuit];
    return follow;
  }
  if (firstTrick) {
    const withoutQueen = [hand[0], hand[1], hand[SPADES] & ~QUEEN_BIT, hand[3]];
    if (withoutQueen[0] || withoutQueen[1] || withoutQueen[2] || withoutQueen[3]) return withoutQueen;
  }
  return [...hand];
}

/**
 * The position (0 = the leader) of the highest card of the led suit among card indices in play order.
 * @param {readonly number[]} cards
 * @returns {number}
 */
export function trickWinnerOffset(cards) {
  const led = suitOf(cards[0]);
  let best = 0;
  for (let position = 1; position < cards.length; position += 1) {
    if (suitOf(cards[position]) === led && cards[position] > cards[best]) best = position;
  }
  return best;
}

/**
 * Points per seat from the cards each took: 1 a heart, 13 the Q♠; a moon gives 0 to the shooter and 13 to each
 * opponent.
 * @param {readonly Hand[]} taken
 * @returns {number[]}
 */
export function dealPoints(taken) {
  const raw = taken.map(handPoints);
  const shooter = raw.indexOf(POINTS_PER_DEAL);
  if (shooter >= 0) return raw.map((_, seat) => (seat === shooter ? 0 : MOON_POINTS));
  return raw;
}

/**
 * @param {readonly Hand[]} taken
 * @returns {number | null} the seat that took every heart and the Q♠, if any
 */
export function moonShooter(taken) {
  const seat = taken.findIndex((hand) => hand[HEARTS] === 0x1fff && (hand[SPADES] & QUEEN_BIT) !== 0);
  return seat >= 0 ? seat : null;
}

/**
 * The winning seats if the game ends after a deal that scored `points` and left `totals`; [] if it goes on.
 * Classic: once a total reaches the target, the lowest totals win (ties share). Special: another deal is played
 * while the lowest total is shared, or while a seat other than the leader took 0 in the deal and the leader more.
 * @param {readonly number[]} totals
 * @param {readonly number[]} points
 * @param {Variant} variant
 * @param {number} target
 * @returns {number[]}
 */
export function gameWinners(totals, points, variant, target) {
  if (Math.max(...totals) < target) return [];
  const lowest = Math.min(...totals);
  const leaders = [];
  for (let seat = 0; seat < totals.length; seat += 1) if (totals[seat] === lowest) leaders.push(seat);
  if (variant === "classic") return leaders;
  if (leaders.length > 1) return [];
  const leader = leaders[0];
  if (points[leader] > 0 && points.some((taken, seat) => seat !== leader && taken === 0)) return [];
  return leaders;
}
