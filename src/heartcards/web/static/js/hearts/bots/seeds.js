// @ts-check
// The seed of a computer player's decision at a table (hearts/tables/decisions.py `decision_seed`): mixed from the
// game's seed, the seat and how many actions the game has seen, so the device's bots decide what the server's would
// and the server, replaying a game played on the device, asks its bots with the very same seeds.

import { SplitMix64 } from "../../common/prng.js";

const MASK64 = (1n << 64n) - 1n;

/**
 * @param {bigint} gameSeed
 * @param {number} seat
 * @param {number} actions the number of actions played before this decision
 * @returns {bigint}
 */
export function decisionSeed(gameSeed, seat, actions) {
  return new SplitMix64(((gameSeed * 4n + BigInt(seat)) * 1000003n + BigInt(actions)) & MASK64).next64();
}
