// @ts-check
// `rule` (bots/rule.py): the sound heuristic of policy.js. It passes its three most dangerous cards and plays
// `chooseCard`; the seed is taken for the common interface, the heuristic itself is deterministic.

import { knowledgeOf, setOf } from "./knowledge.js";
import { atMostOne } from "./masks.js";
import { chooseCard, choosePassCards } from "./policy.js";

/** @typedef {import("../engine/game.js").Observation} Observation */

export class RuleBot {
  name = "rule";

  /** @param {bigint | number | string} _seed */
  // eslint-disable-next-line no-unused-vars
  constructor(_seed) {}

  /**
   * @param {Observation} observation
   * @returns {number[]} three card indices from the hand, lowest first
   */
  choosePass(observation) {
    return choosePassCards(setOf(observation.hand));
  }

  /**
   * @param {Observation} observation
   * @returns {number} a legal card index
   */
  choosePlay(observation) {
    const legal = setOf(observation.legal);
    if (atMostOne(legal)) return observation.legal[0];
    const known = knowledgeOf(observation);
    return chooseCard(known.seat, known.hand, legal, known.trick, known.played, known.taken);
  }
}
