// decisionSeed gives the seeds hearts/tables/decisions.py's decision_seed gives (values printed by the Python function),
// so a game played on the device asks its bots what a server table would ask, and the server's check agrees.

import assert from "node:assert/strict";
import { test } from "node:test";

import { decisionSeed } from "../../../../../src/heartcards/web/static/js/hearts/bots/seeds.js";

test("the decision seeds are the server's", () => {
  assert.equal(decisionSeed(0n, 1, 0), 6485274418266381604n);
  assert.equal(decisionSeed(1234567890123456789n, 2, 17), 107681160282003148n);
  assert.equal(decisionSeed((1n << 64n) - 1n, 3, 611), 8370940486255385714n);
});
