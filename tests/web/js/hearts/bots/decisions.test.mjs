// The decision corpus (tests/corpus/hearts-decisions.jsonl.gz, written by scripts/hearts_decisions.py from the
// Python bots): the browser's engine builds the same observation from each saved game, and the browser's bots give
// the same answer for the same observation and seed.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { gunzipSync } from "node:zlib";

import { decide } from "../../../../../src/heartcards/web/static/js/hearts/bots/decide.js";
import {
  CARD_TEXTS,
  Game,
  observationToDict,
  trickToDict,
} from "../../../../../src/heartcards/web/static/js/hearts/engine/index.js";

const records = gunzipSync(readFileSync(new URL("../../../../corpus/hearts-decisions.jsonl.gz", import.meta.url)))
  .toString("utf8")
  .split("\n")
  .filter((line) => line)
  .map((line) => JSON.parse(line));

const LEVELS = ["random", "rule", "fast", "normal"];

test("the corpus asks for passes and plays in every phase of a game", () => {
  assert.ok(records.length >= 3000, `${records.length} records`);
  const asked = new Set(records.map((record) => `${record.level} ${record.observation.phase} ${record.game.variant}`));
  for (const level of LEVELS) {
    for (const phase of ["pass", "play"]) {
      for (const variant of ["classic", "special"]) {
        assert.ok(asked.has(`${level} ${phase} ${variant}`), `${level} ${phase} ${variant}`);
      }
    }
  }
  const budgets = new Set(records.filter((record) => record.level === "normal").map((record) => record.budget));
  assert.deepEqual([...budgets].sort(), [0.25, 0.5, 1]);
  assert.ok(records.some((record) => record.observation.earlier_deals.length >= 2));
});

test("every observation is the one the Python engine gives and every answer the one the Python bot gives", () => {
  const failures = [];
  for (const [index, record] of records.entries()) {
    const observation = Game.fromDict(record.game).observation(record.seat);
    const choice = decide(observation, record.level, record.seed, record.budget);
    const replayed = {
      ...record,
      observation: {
        ...observationToDict(observation),
        earlier_deals: observation.earlierDeals.map((deal) => deal.map(trickToDict)),
      },
      choice: choice.map((card) => CARD_TEXTS[card]),
    };
    try {
      assert.deepStrictEqual(replayed, record);
    } catch (error) {
      failures.push(`record ${index} (${record.level}): ${error.message.slice(0, 2000)}`);
      if (failures.length >= 5) break;
    }
  }
  assert.deepEqual(failures, []);
});
