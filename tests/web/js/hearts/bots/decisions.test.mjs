// The decision corpus (tests/corpus/hearts-decisions.jsonl.gz, written by scripts/hearts_decisions.py from the
// Python bots): the browser's engine builds the same observation from each saved game, and the browser's bots give
// the same answer for the same observation and seed. A record names its player as the script does: a `strength`
// that `decide` plays, or `bot: "random"`, the random bot, which has no strength.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { gunzipSync } from "node:zlib";

import { decide } from "../../../../../src/heartcards/web/static/js/hearts/bots/decide.js";
import { RandomBot } from "../../../../../src/heartcards/web/static/js/hearts/bots/random.js";
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

/** The players of the corpus: the random bot, and the strengths the web's tables play. */
const PLAYERS = ["bot random", "strength easy", "strength normal", "strength strong"];

/**
 * @param {{bot?: string, strength?: string}} record
 * @returns {string} the record's player, as in `PLAYERS`
 */
function playerOf(record) {
  return record.bot === undefined ? `strength ${record.strength}` : `bot ${record.bot}`;
}

/**
 * The record's answer for the observation: the random bot's, or `decide`'s at the record's strength and budget.
 * @param {any} record
 * @param {import("../../../../../src/heartcards/web/static/js/hearts/engine/game.js").Observation} observation
 * @returns {number[]}
 */
function answer(record, observation) {
  if (record.bot !== "random") return decide(observation, record.strength, record.seed, record.budget);
  const bot = new RandomBot(record.seed);
  const passing = observation.phase === "pass" && !observation.passed.length;
  return passing ? bot.choosePass(observation) : [bot.choosePlay(observation)];
}

test("the corpus asks for passes and plays in every phase of a game", () => {
  assert.ok(records.length >= 3000, `${records.length} records`);
  const asked = new Set(
    records.map((record) => `${playerOf(record)} ${record.observation.phase} ${record.game.variant}`),
  );
  for (const player of PLAYERS) {
    for (const phase of ["pass", "play"]) {
      for (const variant of ["classic", "special"]) {
        assert.ok(asked.has(`${player} ${phase} ${variant}`), `${player} ${phase} ${variant}`);
      }
    }
  }
  assert.deepEqual(new Set(records.map(playerOf)), new Set(PLAYERS));
  const budgets = new Set(records.filter((record) => record.strength === "strong").map((record) => record.budget));
  assert.deepEqual([...budgets].sort(), [0.25, 0.5, 1]);
  assert.ok(records.some((record) => record.observation.earlier_deals.length >= 2));
});

test("every observation is the one the Python engine gives and every answer the one the Python bot gives", () => {
  const failures = [];
  for (const [index, record] of records.entries()) {
    const observation = Game.fromDict(record.game).observation(record.seat);
    const choice = answer(record, observation);
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
      failures.push(`record ${index} (${playerOf(record)}): ${error.message.slice(0, 2000)}`);
      if (failures.length >= 5) break;
    }
  }
  assert.deepEqual(failures, []);
});
