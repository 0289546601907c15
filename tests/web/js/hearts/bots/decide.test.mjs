// `decide` refuses what bots/decide.py refuses, with the same key and params: a word that is not a strength (the
// `random` and `rule` bots included, which are kinds, not strengths), a budget outside (0, 1], a seed that is not a
// whole number, a seat with nothing to decide. It takes the registry's strength words, each `mc` one with mc.py's
// settings.

import assert from "node:assert/strict";
import { test } from "node:test";

import { DecisionError, decide } from "../../../../../src/heartcards/web/static/js/hearts/bots/decide.js";
import { STRENGTHS } from "../../../../../src/heartcards/web/static/js/hearts/bots/mc.js";
import { STRENGTH_NAMES } from "../../../../../src/heartcards/web/static/js/hearts/bots/registry.js";
import { Game } from "../../../../../src/heartcards/web/static/js/hearts/engine/index.js";

const passing = new Game(11n, "classic", 100, 1).observation(2);

test("the strengths are the registry's words, mc's with mc.py's playouts", () => {
  assert.deepEqual(STRENGTH_NAMES, ["easy", "normal", "strong", "expert"]);
  const settings = Object.entries(STRENGTHS).map(([strength, { playouts, passPlayouts, exactSamples, workers }]) => [
    strength,
    playouts,
    passPlayouts,
    exactSamples,
    workers,
  ]);
  assert.deepEqual(settings, [
    ["normal", 400, 600, 12, 1],
    ["strong", 1500, 2000, 40, 1],
    ["expert", 5000, 6000, 80, 2],
  ]);
});

test("every strength decides", () => {
  for (const strength of STRENGTH_NAMES) {
    assert.equal(decide(passing, strength, 1, 0.1).length, 3, strength);
  }
});

test("a bad strength, budget or seed is refused with the decision key", () => {
  for (const [strength, seed, budget, params] of [
    ["grandmaster", 1, 1, { strength: "grandmaster" }],
    ["random", 1, 1, { strength: "random" }],
    ["rule", 1, 1, { strength: "rule" }],
    ["fast", 1, 1, { strength: "fast" }],
    ["normal", 1, 0, { budget: "0" }],
    ["normal", 1, 1.5, { budget: "1.5" }],
    ["easy", "1.5", 1, { seed: "1.5" }],
    ["easy", true, 1, { seed: "true" }],
  ]) {
    assert.throws(
      () => decide(passing, String(strength), /** @type {any} */ (seed), Number(budget)),
      (error) => error instanceof DecisionError && error.key === "hearts.error.decision" &&
        JSON.stringify(error.params) === JSON.stringify(params),
    );
  }
});

test("a seat that has passed, or whose turn it is not, has nothing to decide", () => {
  const game = new Game(11n, "classic", 100, 1);
  const pass = decide(game.observation(2), "easy", 1);
  game.applyPass(2, pass);
  assert.throws(() => decide(game.observation(2), "easy", 1), { params: { seat: 2, phase: "pass" } });
  assert.equal(pass.length, 3);
});
