import assert from "node:assert/strict";
import { test } from "node:test";

import { SplitMix64 } from "../../../../src/heartcards/web/static/js/common/prng.js";

test("SplitMix64 gives the reference outputs of seed 0", () => {
  const rng = new SplitMix64(0);
  assert.deepEqual(
    [rng.next64(), rng.next64(), rng.next64()],
    [0xe220a8397b1dcdafn, 0x6e789e6aa1b965f4n, 0x06c45d188009454fn],
  );
});

test("seeds wrap at 64 bits and below() is Lemire's multiply-shift, as in heartcards.cards.SplitMix64", () => {
  const rng = new SplitMix64(2n ** 64n + 5n);
  assert.equal(rng.below(52), 20);
  assert.equal(rng.below(1_000_000_007), 752_307_021);
});

test("shuffle is a permutation and the same seed shuffles the same way", () => {
  const a = Array.from({ length: 52 }, (_, i) => i);
  const b = [...a];
  new SplitMix64(99).shuffle(a);
  new SplitMix64(99).shuffle(b);
  assert.deepEqual(a, b);
  assert.notDeepEqual(a, [...a].sort((x, y) => x - y));
  assert.deepEqual([...a].sort((x, y) => x - y), Array.from({ length: 52 }, (_, i) => i));
});
