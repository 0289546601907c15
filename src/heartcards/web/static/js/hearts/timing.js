// How long the Hearts table's animations take, from the trick speed setting and prefers-reduced-motion.

import { reducedMotion } from "../common/settings.js";

/** @import { HeartsSettings, TrickSpeed } from "../common/settings.js" */

/** @type {Record<TrickSpeed, number>} */
const HOLD_MS = { slow: 2600, normal: 1500, fast: 500 };
/** @type {Record<TrickSpeed, number>} */
const BOT_PAUSE_MS = { slow: 600, normal: 300, fast: 100 };
/** @type {Record<TrickSpeed, number>} */
const MOVE_MS = { slow: 520, normal: 340, fast: 160 };

/**
 * How long a finished trick stays on the table (it stays readable even with reduced motion).
 * @param {HeartsSettings} settings
 */
export function holdMs(settings) {
  return HOLD_MS[settings.speed] ?? HOLD_MS.normal;
}

/**
 * How long a card takes to slide; 0 when the person prefers reduced motion.
 * @param {HeartsSettings} settings
 */
export function moveMs(settings) {
  return reducedMotion() ? 0 : (MOVE_MS[settings.speed] ?? MOVE_MS.normal);
}

/**
 * How long a computer player on the device takes at least over a card, thinking included, so a person can follow
 * (a server table paces its bots the same way).
 * @param {HeartsSettings} settings
 */
export function botPauseMs(settings) {
  return BOT_PAUSE_MS[settings.speed] ?? BOT_PAUSE_MS.normal;
}
