// @ts-check
// One computer-player decision as a pure function (bots/decide.py): `decide(observation, strength, seed, budget)`.
// The strength is one of the registry's words (`easy`, `normal`, `strong`, `expert`); the budget scales its
// playouts down (1 = all of them), as the server does under load. The same arguments give the card or pass the
// server's player gives.

import { HeartsError } from "../engine/errors.js";
import { STRENGTH_NAMES, player } from "./registry.js";

/** @typedef {import("../engine/game.js").Observation} Observation */

/** A decision that cannot be made: an unknown strength, a budget outside (0, 1], or nothing for this seat to do. */
export class DecisionError extends HeartsError {
  /** @override */
  key = "hearts.error.decision";
}

/**
 * The seed as a BigInt, or null if it is not a whole number (decimal text is read exactly; a boolean is refused, as
 * Python refuses it).
 * @param {unknown} seed
 * @returns {bigint | null}
 */
function wholeSeed(seed) {
  if (typeof seed === "bigint") return seed;
  if (typeof seed === "number") return Number.isInteger(seed) ? BigInt(seed) : null;
  if (typeof seed === "string") return /^-?\d+$/.test(seed) ? BigInt(seed) : null;
  return null;
}

/**
 * The bot's answer for the observation's seat: three card indices to pass (lowest first) in the pass phase, or the
 * one card to play on its turn.
 * @param {Observation} observation
 * @param {string} strength `easy`, `normal`, `strong` or `expert`
 * @param {bigint | number | string} seed a whole number (decimal text is read exactly)
 * @param {number} [budget] the share of the strength's playouts, in (0, 1]
 * @returns {number[]}
 */
export function decide(observation, strength, seed, budget = 1.0) {
  if (!STRENGTH_NAMES.includes(strength)) {
    throw new DecisionError(`'${strength}' is not a strength: choose one of ${STRENGTH_NAMES.join(", ")}`, {
      strength,
    });
  }
  if (typeof budget !== "number" || !(budget > 0 && budget <= 1)) {
    throw new DecisionError(`the budget must be a number in (0, 1], not ${budget}`, { budget: String(budget) });
  }
  const whole = wholeSeed(seed);
  if (whole === null) {
    throw new DecisionError(`the seed must be a whole number, not ${seed}`, { seed: String(seed) });
  }
  const passing = observation.phase === "pass" && !observation.passed.length;
  if (!passing && !observation.legal.length) {
    throw new DecisionError(`seat ${observation.seat} has nothing to decide in phase '${observation.phase}'`, {
      seat: observation.seat,
      phase: observation.phase,
    });
  }
  const bot = player(strength, whole, budget);
  return passing ? bot.choosePass(observation) : [bot.choosePlay(observation)];
}
