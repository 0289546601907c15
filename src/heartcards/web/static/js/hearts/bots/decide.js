// @ts-check
// One computer-player decision as a pure function (bots/decide.py): `decide(observation, level, seed, budget)`.
// Levels `random`, `rule` and the `mc` strengths; the budget scales the strength's playouts down (1 = its own),
// as the server does under load. The same arguments give the card or pass the server's player gives.

import { HeartsError } from "../engine/errors.js";
import { MonteCarloBot, STRENGTHS } from "./mc.js";
import { RandomBot } from "./random.js";
import { RuleBot } from "./rule.js";

/** @typedef {import("../engine/game.js").Observation} Observation */
/** @typedef {import("./mc.js").MonteCarloSettings} MonteCarloSettings */

/** The fewest playouts a decision gets however small the budget. */
export const MIN_PLAYOUTS = 24;

/** @type {readonly string[]} the levels `decide` takes */
export const LEVELS = Object.freeze(["random", "rule", ...Object.keys(STRENGTHS)]);

/** A decision that cannot be made: an unknown level, a budget outside (0, 1], or nothing for the seat to do. */
export class DecisionError extends HeartsError {
  /** @override */
  get key() {
    return "hearts.error.decision";
  }
}

/**
 * The `mc` settings of a strength with its playouts scaled by `budget`, on one worker.
 * @param {"fast" | "normal" | "strong"} level
 * @param {number} budget
 * @returns {MonteCarloSettings}
 */
export function settingsFor(level, budget) {
  const base = STRENGTHS[level];
  return {
    ...base,
    playouts: Math.max(MIN_PLAYOUTS, Math.ceil(base.playouts * budget)),
    passPlayouts: Math.max(MIN_PLAYOUTS, Math.ceil(base.passPlayouts * budget)),
    exactSamples: Math.max(2, Math.ceil(base.exactSamples * budget)),
    workers: 1,
  };
}

/**
 * The bot's answer for the observation's seat: three card indices to pass (lowest first) in the pass phase, or the
 * one card to play on its turn.
 * @param {Observation} observation
 * @param {string} level
 * @param {bigint | number | string} seed a whole number (decimal text is read exactly)
 * @param {number} [budget]
 * @returns {number[]}
 */
export function decide(observation, level, seed, budget = 1.0) {
  if (!LEVELS.includes(level)) {
    throw new DecisionError(`'${level}' is not a level: choose one of ${LEVELS.join(", ")}`, { level });
  }
  if (typeof budget !== "number" || !(budget > 0 && budget <= 1)) {
    throw new DecisionError(`the budget must be a number in (0, 1], not ${budget}`, { budget: String(budget) });
  }
  let wholeSeed;
  try {
    wholeSeed = BigInt(seed);
  } catch {
    throw new DecisionError(`the seed must be a whole number, not ${seed}`, { seed: String(seed) });
  }
  const passing = observation.phase === "pass" && !observation.passed.length;
  if (!passing && !observation.legal.length) {
    throw new DecisionError(`seat ${observation.seat} has nothing to decide in phase '${observation.phase}'`, {
      seat: observation.seat,
      phase: observation.phase,
    });
  }
  const bot =
    level === "random"
      ? new RandomBot(wholeSeed)
      : level === "rule"
        ? new RuleBot(wholeSeed)
        : new MonteCarloBot(wholeSeed, settingsFor(/** @type {"fast" | "normal" | "strong"} */ (level), budget));
  return passing ? bot.choosePass(observation) : [bot.choosePlay(observation)];
}
