// @ts-check
// The deal of a Hearts game (engine/deck.py): deal d's deck 0..51 is shuffled by SplitMix64 (Fisher–Yates) from a
// stream seed of its own, mixed from the game's seed and d, and dealt thirteen cards a seat in deck order.

import { SplitMix64 } from "../../common/prng.js";
import { handOf } from "./cards.js";

/** @typedef {import("./cards.js").Hand} Hand */

const DEAL_MIX = 0xd1b54a32d192ed03n;
const MASK64 = (1n << 64n) - 1n;

/**
 * The seed of deal `dealNumber`'s own stream, so a deal does not depend on how the earlier ones were played.
 * @param {bigint} seed
 * @param {number} dealNumber
 * @returns {bigint}
 */
export function streamSeed(seed, dealNumber) {
  return new SplitMix64((seed ^ (BigInt(dealNumber) * DEAL_MIX)) & MASK64).next64();
}

/**
 * The four hands of deal `dealNumber` of the game with this seed, before passing.
 * @param {bigint} seed
 * @param {number} dealNumber
 * @returns {Hand[]}
 */
export function dealHands(seed, dealNumber) {
  const deck = Array.from({ length: 52 }, (_, index) => index);
  new SplitMix64(streamSeed(seed, dealNumber)).shuffle(deck);
  return [0, 1, 2, 3].map((seat) => handOf(deck.slice(13 * seat, 13 * seat + 13)));
}
