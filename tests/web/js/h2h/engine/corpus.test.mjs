// The whole conformance corpus, replayed by the JavaScript engine: 100 % agreement with the Python engine.

import assert from "node:assert/strict";
import { test } from "node:test";

import { readCorpus, replayRecord } from "./corpus.mjs";

const records = readCorpus();

test("the corpus is big enough and covers every kind of case", () => {
  assert.ok(records.length >= 10_000, `${records.length} records`);
  const kinds = new Set(records.map((record) => record.kind));
  for (const kind of ["deal", "play", "end", "undo", "win", "replay"]) assert.ok(kinds.has(kind), kind);
  const outcomes = new Set();
  const errors = new Set();
  for (const record of records) {
    if (record.error) errors.add(record.error);
    for (const [, result] of record.steps ?? []) {
      if (result?.outcome) outcomes.add(result.outcome);
      if (result?.error) errors.add(result.error);
    }
  }
  assert.deepEqual(
    [...outcomes].sort(),
    ["deselected", "drew", "nothing", "pair_removed", "recycled", "reselected", "selected"],
  );
  for (const key of ["deal_code", "move_syntax", "illegal_move", "game_over", "nothing_to_undo", "record"]) {
    assert.ok(errors.has(`h2h.error.${key}`), key);
  }
  const statuses = new Set();
  for (const record of records) {
    if (record.start) statuses.add(record.start.status);
    for (const [, , changes] of record.steps ?? []) if (changes.status) statuses.add(changes.status);
  }
  assert.deepEqual([...statuses].sort(), ["playing", "stalled", "won"]);
});

test("every record replays exactly as the Python engine played it", () => {
  const failures = [];
  for (const [index, record] of records.entries()) {
    const replayed = replayRecord(record);
    try {
      assert.deepStrictEqual(replayed, record);
    } catch (error) {
      failures.push(`record ${index} (${record.kind} ${record.code}): ${error.message.slice(0, 2000)}`);
      if (failures.length >= 5) break;
    }
  }
  assert.deepEqual(failures, []);
});
