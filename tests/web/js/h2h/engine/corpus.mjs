// @ts-check
// Replays the conformance corpus (tests/corpus/h2h.jsonl.gz, written by scripts/h2h_corpus.py from the Python
// engine) through the JavaScript engine: each record's deal, every step's result and the state after it.

import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { gunzipSync } from "node:zlib";

import {
  Game,
  HeartToHeartError,
  RecordError,
  parseMove,
} from "../../../../../src/heartcards/web/static/js/h2h/engine/index.js";

export const CORPUS_PATH = fileURLToPath(new URL("../../../../corpus/h2h.jsonl.gz", import.meta.url));
const RANK_LETTERS = "A23456789TJQK";

/** @typedef {Record<string, any>} Json */

/** @returns {Json[]} every record of the corpus */
export function readCorpus() {
  return gunzipSync(readFileSync(CORPUS_PATH))
    .toString("utf8")
    .split("\n")
    .filter((line) => line)
    .map((line) => JSON.parse(line));
}

/**
 * @param {readonly number[]} ranks
 * @returns {string}
 */
function ranksText(ranks) {
  return ranks.map((rank) => RANK_LETTERS[rank - 1]).join("");
}

/**
 * The corpus's state fields, written as scripts/h2h_corpus.py writes them.
 * @param {Game} game
 * @returns {Json}
 */
export function snapshot(game) {
  const help = game.placementHelp();
  /** @type {(number | string)[]} */
  const dimmed = [...help.dimmed].filter((target) => typeof target === "number").sort((a, b) => Number(a) - Number(b));
  if (help.dimmed.has("waste")) dimmed.push("waste");
  return {
    removed: game.removed,
    stock: ranksText(game.stock),
    waste: ranksText(game.waste),
    moves: game.moves,
    score: game.score,
    status: game.status,
    selection: game.selection,
    outlined: [...help.outlined].sort((a, b) => a - b),
    dimmed,
    legal: game.legalMoves().map(String).join(" "),
    can_undo: game.canUndo(),
  };
}

/**
 * @param {unknown} error
 * @returns {Json}
 */
function errorJson(error) {
  if (!(error instanceof HeartToHeartError)) throw error;
  return { error: error.key, params: error.params };
}

/**
 * Run one action on the game as the corpus names it and return its result in the corpus's form.
 * @param {Game} game
 * @param {any[]} action
 * @returns {Json | null}
 */
function perform(game, action) {
  const [name, argument] = action;
  try {
    if (name === "play") {
      game.play(parseMove(argument));
      return null;
    }
    if (name === "undo") return { undone: String(game.undo()) };
    if (name === "tap") {
      const result = game.tap(argument);
      const move = result.move === null ? null : String(result.move);
      return { outcome: result.outcome, move, message: result.message };
    }
  } catch (error) {
    return errorJson(error);
  }
  throw new Error(`unknown action ${JSON.stringify(action)}`);
}

/**
 * What the JavaScript engine makes of a record: the same shape as the record itself.
 * @param {Json} record
 * @returns {Json}
 */
export function replayRecord(record) {
  if (record.kind === "replay") {
    try {
      const game = Game.fromRecord(record.code);
      return { kind: "replay", code: record.code, state: snapshot(game), record: game.record };
    } catch (error) {
      const json = errorJson(error);
      return { kind: "replay", code: record.code, ...json, at: error instanceof RecordError ? error.at : null };
    }
  }
  /** @type {Game} */
  let game;
  try {
    game = Game.fromCode(record.code);
  } catch (error) {
    return { kind: record.kind, code: record.code, ...errorJson(error) };
  }
  const start = snapshot(game);
  let state = start;
  const steps = (record.steps ?? []).map((/** @type {any[]} */ step) => {
    const result = perform(game, step[0]);
    const next = snapshot(game);
    /** @type {Json} */
    const changes = {};
    for (const [key, value] of Object.entries(next)) {
      if (JSON.stringify(state[key]) !== JSON.stringify(value)) changes[key] = value;
    }
    state = next;
    return [step[0], result, changes];
  });
  return {
    kind: record.kind,
    code: record.code,
    deal: ranksText(game.deal.order),
    start,
    steps,
    record: game.record,
  };
}

