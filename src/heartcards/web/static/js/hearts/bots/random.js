// @ts-check
// `random` (bots/random_bot.py): any legal card and any three cards to pass, drawn from its own SplitMix64 stream,
// so the same observation and seed give the card the server's player would give.

import { SplitMix64 } from "../../common/prng.js";

/** @typedef {import("../engine/game.js").Observation} Observation */

export class RandomBot {
  name = "random";

  /** @param {bigint | number | string} seed a whole number (decimal text is read exactly) */
  constructor(seed) {
    this.rng = new SplitMix64(BigInt(seed));
  }

  /**
   * @param {Observation} observation
   * @returns {number[]} three card indices from the hand
   */
  choosePass(observation) {
    const hand = [...observation.hand];
    this.rng.shuffle(hand);
    return hand.slice(0, 3);
  }

  /**
   * @param {Observation} observation
   * @returns {number} a legal card index
   */
  choosePlay(observation) {
    return observation.legal[this.rng.below(observation.legal.length)];
  }
}
