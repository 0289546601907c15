#!/usr/bin/env node
// @ts-check
// `node scripts/h2h-replay.mjs [--json] [RECORD…]`: replay Heart to Heart records with the browser's engine and
// print exactly what `heartcards replay [--json]` prints for them (the Python engine), so anyone can diff the two
// engines on any records.
//
// RECORD is a code followed by moves (several arguments are joined into one record); without it, one record per
// non-blank line of standard input. Output, exit status and messages are the Python command's: the final position
// per record (a JSON line with --json), `{"error", "at", …}` for a bad move (exit 1), `error: …` on standard error
// for a bad code (exit 2, which outranks 1).

import { readFileSync } from "node:fs";

import {
  DealCodeError,
  Game,
  RecordError,
  SLOTS,
  rankText,
} from "../src/heartcards/web/static/js/h2h/engine/index.js";
import { pySplit, pyStrip } from "../src/heartcards/web/static/js/h2h/engine/pytext.js";

const EXIT_BAD_INPUT = 2;
const EXIT_BAD_MOVE = 1;
const USAGE =
  "Usage: node scripts/h2h-replay.mjs [--json] [RECORD…]\n\n" +
  "Play game records (CODE followed by moves; without RECORD, one record per line of standard input) and show\n" +
  "the final position, score, moves and status, exactly as `heartcards replay` does.\n";

/**
 * A value as Python's `json.dumps(value, ensure_ascii=False)` writes it: `", "` and `": "` between items.
 * @param {unknown} value
 * @returns {string}
 */
function pythonJson(value) {
  if (Array.isArray(value)) return `[${value.map(pythonJson).join(", ")}]`;
  if (value !== null && typeof value === "object") {
    return `{${Object.entries(value)
      .map(([key, item]) => `${JSON.stringify(key)}: ${pythonJson(item)}`)
      .join(", ")}}`;
  }
  return JSON.stringify(value);
}

/**
 * The JSON fields of a position, in the Python command's order.
 * @param {Game} game
 * @returns {Record<string, unknown>}
 */
function stateJson(game) {
  return {
    code: game.deal.code,
    moves: game.moves,
    score: game.score,
    status: game.status,
    heart: game.heart.map((rank) => (rank === null ? null : rankText(rank))),
    stock: game.stock.map(rankText),
    waste: game.waste.map(rankText),
  };
}

/**
 * The heart as rows of text: free cards in brackets, removed positions as dots.
 * @param {(number | null)[]} heart
 * @param {Set<number>} free
 * @returns {string}
 */
function heartPicture(heart, free) {
  const width = 3;
  /** @type {Map<number, string[]>} */
  const rows = new Map();
  for (const slot of SLOTS) {
    if (!rows.has(slot.row)) rows.set(slot.row, new Array(width * 12 + 4).fill(" "));
    const line = /** @type {string[]} */ (rows.get(slot.row));
    const rank = heart[slot.position - 1];
    const text = rank === null ? "·" : free.has(slot.position) ? `[${rankText(rank)}]` : ` ${rankText(rank)} `;
    const start = width * slot.x + 2 - Math.floor(text.length / 2);
    line.splice(start, text.length, ...text);
  }
  return [...rows.keys()]
    .sort((a, b) => a - b)
    .map((row) => /** @type {string[]} */ (rows.get(row)).join("").trimEnd())
    .join("\n");
}

/**
 * @param {Game} game
 * @returns {string}
 */
function describe(game) {
  const waste = game.waste.map(rankText).join(" ") || "(empty)";
  return [
    `${game.deal.code}   score ${game.score}   moves ${game.moves}   ${game.status}`,
    heartPicture(game.heart, new Set(game.freePositions())),
    `stock: ${game.stock.length} cards   waste (bottom to top): ${waste}`,
  ].join("\n");
}

/**
 * The records to replay: the argument, else each non-blank line of standard input (stripped).
 * @param {string | null} argument
 * @returns {string[]}
 */
function inputLines(argument) {
  if (argument !== null) return [argument];
  return readFileSync(0, "utf8")
    .split("\n")
    .map(pyStrip)
    .filter((line) => line);
}

/**
 * Replay each record and write what the Python command writes; returns the exit status.
 * @param {string[]} lines
 * @param {boolean} json
 * @param {(text: string) => void} out
 * @param {(text: string) => void} err
 * @returns {number}
 */
function replay(lines, json, out, err) {
  let status = 0;
  for (const line of lines) {
    const words = pySplit(line);
    /** @type {Game} */
    let game;
    try {
      game = Game.fromCode(words.length ? words[0] : line);
    } catch (error) {
      if (!(error instanceof DealCodeError)) throw error;
      err(`error: ${error.message}\n`);
      if (json) out(`${pythonJson({ error: error.message })}\n`);
      status = EXIT_BAD_INPUT;
      continue;
    }
    try {
      game.playRecordMoves(line);
    } catch (error) {
      if (!(error instanceof RecordError)) throw error;
      status = Math.max(status, EXIT_BAD_MOVE); // a bad code (2) outranks a bad move (1)
      if (json) out(`${pythonJson({ error: error.cause.message, at: error.at, ...stateJson(game) })}\n`);
      else out(`error at move ${error.at}: ${error.cause.message}\n${describe(game)}\n`);
      continue;
    }
    out(json ? `${pythonJson(stateJson(game))}\n` : `${describe(game)}\n`);
  }
  return status;
}

function main() {
  const args = process.argv.slice(2);
  let json = false;
  /** @type {string[]} */
  const words = [];
  let options = true;
  for (const arg of args) {
    if (options && arg === "--") options = false;
    else if (options && arg === "--json") json = true;
    else if (options && (arg === "--help" || arg === "-h")) {
      process.stdout.write(USAGE);
      return 0;
    } else if (options && arg.startsWith("--")) {
      process.stderr.write(`${USAGE}\nerror: no such option: ${arg}\n`);
      return EXIT_BAD_INPUT;
    } else words.push(arg);
  }
  /** @type {string[]} */
  const out = [];
  const status = replay(
    inputLines(words.length ? words.join(" ") : null),
    json,
    (text) => out.push(text),
    (text) => process.stderr.write(text),
  );
  process.stdout.write(out.join(""));
  return status;
}

process.exitCode = main();
