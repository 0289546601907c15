// The whole Hearts conformance corpus, replayed by the JavaScript engine: 100 % agreement with the Python engine.

import assert from "node:assert/strict";
import { test } from "node:test";

import { readCorpus, replayRecord } from "./corpus.mjs";

const records = readCorpus();

test("the corpus is big enough and covers every rule and every refusal", () => {
  assert.ok(records.length >= 10_000, `${records.length} records`);
  const kinds = new Set(records.map((record) => record.kind));
  assert.deepEqual([...kinds].sort(), ["deal", "game", "moon", "play", "queen", "replay"]);
  const errors = new Set();
  const seen = { moon: 0, perfectHandPlaysOn: 0, tiePlaysOn: 0, gameOver: 0 };
  for (const record of records) {
    if (record.error) errors.add(record.error);
    if (!record.steps) continue;
    const state = { ...record.start };
    for (const [, result, changed] of record.steps) {
      if (result?.error) errors.add(result.error);
      Object.assign(state, changed);
      if (!("scores" in changed)) continue;
      if (changed.moon !== undefined && changed.moon !== null) seen.moon += 1;
      if (state.phase === "game_over") seen.gameOver += 1;
      if (state.phase === "deal_over" && Math.max(...state.totals) >= record.target) {
        const lowest = Math.min(...state.totals);
        if (state.totals.filter((total) => total === lowest).length > 1) seen.tiePlaysOn += 1;
        else seen.perfectHandPlaysOn += 1;
      }
    }
  }
  for (const [what, count] of Object.entries(seen)) assert.ok(count >= 20, `${what}: ${count}`);
  for (const key of [
    "wrong_phase",
    "not_your_turn",
    "bad_seat",
    "card_not_in_hand",
    "follow_suit",
    "queen_first_trick",
    "hearts_not_broken",
    "lead_two_of_clubs",
    "pass_count",
    "already_passed",
    "no_pass_this_deal",
    "record",
  ]) {
    assert.ok(errors.has(`hearts.error.${key}`), key);
  }
});

test("every record replays exactly as the Python engine played it", () => {
  const failures = [];
  for (const [index, record] of records.entries()) {
    try {
      assert.deepStrictEqual(replayRecord(record), record);
    } catch (error) {
      failures.push(`record ${index} (${record.kind} ${record.seed ?? ""}): ${error.message.slice(0, 2000)}`);
      if (failures.length >= 5) break;
    }
  }
  assert.deepEqual(failures, []);
});
