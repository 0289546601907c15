// `decide` refuses what bots/decide.py refuses, with the same key and params: an unknown level, a budget outside
// (0, 1], a seed that is not a whole number, a seat with nothing to decide.

import assert from "node:assert/strict";
import { test } from "node:test";

import { DecisionError, decide } from "../../../../../src/heartcards/web/static/js/hearts/bots/decide.js";
import { Game } from "../../../../../src/heartcards/web/static/js/hearts/engine/index.js";

const passing = new Game(11n, "classic", 100, 1).observation(2);

test("a bad level, budget or seed is refused with the decision key", () => {
  for (const [level, seed, budget, params] of [
    ["grandmaster", 1, 1, { level: "grandmaster" }],
    ["fast", 1, 0, { budget: "0" }],
    ["fast", 1, 1.5, { budget: "1.5" }],
    ["rule", "1.5", 1, { seed: "1.5" }],
  ]) {
    assert.throws(
      () => decide(passing, String(level), /** @type {string | number} */ (seed), Number(budget)),
      (error) => error instanceof DecisionError && error.key === "hearts.error.decision" &&
        JSON.stringify(error.params) === JSON.stringify(params),
    );
  }
});

test("a seat that has passed, or whose turn it is not, has nothing to decide", () => {
  const game = new Game(11n, "classic", 100, 1);
  const pass = decide(game.observation(2), "rule", 1);
  game.applyPass(2, pass);
  assert.throws(() => decide(game.observation(2), "rule", 1), { params: { seat: 2, phase: "pass" } });
  assert.equal(pass.length, 3);
});
