// The bots' SplitMix64 on 32-bit halves gives the outputs of the BigInt SplitMix64 (h2h/engine/prng.js), which the
// Python generator's golden tests pin.

import assert from "node:assert/strict";
import { test } from "node:test";

import { SplitMix64 } from "../../../../../src/heartcards/web/static/js/common/prng.js";
import { FastSplitMix64 } from "../../../../../src/heartcards/web/static/js/hearts/bots/fast-prng.js";

const SEEDS = [0n, 1n, 2026n, 2n ** 63n, 2n ** 64n - 1n, 2n ** 64n + 5n, 0x9e3779b97f4a7c15n, 123456789012345678n];

test("every output, draw below n and shuffle is the BigInt generator's", () => {
  for (const seed of SEEDS) {
    const fast = new FastSplitMix64(seed);
    const exact = new SplitMix64(seed);
    for (let draw = 0; draw < 500; draw += 1) assert.equal(fast.next64(), exact.next64(), `seed ${seed}`);
    for (let draw = 0; draw < 2000; draw += 1) {
      const n = 1 + ((draw * 7919) % (draw % 2 ? 60 : 200000));
      assert.equal(fast.below(n), exact.below(n), `seed ${seed}, below(${n})`);
    }
    const deck = Array.from({ length: 52 }, (_, card) => card);
    const copy = [...deck];
    fast.shuffle(deck);
    exact.shuffle(copy);
    assert.deepEqual(deck, copy);
  }
});
