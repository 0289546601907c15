// @ts-check
// The strength words that pick a computer player (bots/registry.py): `easy` is the `rule` player; `normal`, `strong`
// and `expert` are `mc` with more playouts each (`STRENGTHS`). `player` makes the one `decide` asks: a budget scales
// the playouts down, with no time cap, so its choices depend on its arguments alone.

import { MonteCarloBot, STRENGTHS } from "./mc.js";
import { RuleBot } from "./rule.js";

/** @typedef {import("./mc.js").MonteCarloSettings} MonteCarloSettings */
/** @typedef {keyof typeof STRENGTHS} MonteCarloStrength */

/** The strength that is the `rule` player. */
export const EASY = "easy";

/** @type {readonly string[]} every strength, weakest first */
export const STRENGTH_NAMES = Object.freeze([EASY, ...Object.keys(STRENGTHS)]);

/** The fewest playouts a budgeted decision gets however small the budget (below this the samples say little). */
export const MIN_PLAYOUTS = 24;

/**
 * The `mc` settings of `strength` with its playouts scaled by `budget`, on one worker.
 * @param {MonteCarloStrength} strength
 * @param {number} budget
 * @returns {MonteCarloSettings}
 */
export function budgetedSettings(strength, budget) {
  const base = STRENGTHS[strength];
  return {
    ...base,
    playouts: Math.max(MIN_PLAYOUTS, Math.ceil(base.playouts * budget)),
    passPlayouts: Math.max(MIN_PLAYOUTS, Math.ceil(base.passPlayouts * budget)),
    exactSamples: Math.max(2, Math.ceil(base.exactSamples * budget)),
    workers: 1,
  };
}

/**
 * The computer player of `strength` (one of `STRENGTH_NAMES`) playing `budget` (0 < budget ≤ 1) of its playouts.
 * @param {string} strength
 * @param {bigint} seed
 * @param {number} [budget]
 * @returns {RuleBot | MonteCarloBot}
 */
export function player(strength, seed, budget = 1.0) {
  if (strength === EASY) return new RuleBot(seed);
  if (!Object.hasOwn(STRENGTHS, strength)) throw new RangeError(`'${strength}' is not a strength`);
  return new MonteCarloBot(seed, budgetedSettings(/** @type {MonteCarloStrength} */ (strength), budget));
}
