// @ts-check
// Replays the Hearts conformance corpus (tests/corpus/hearts.jsonl.gz, written by scripts/hearts_corpus.py from the
// Python engine) through the JavaScript engine: each record's deal, every step's result and the state after it.

import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { gunzipSync } from "node:zlib";

import {
  CARD_TEXTS,
  Game,
  HeartsError,
  dealHands,
  handText,
} from "../../../../../src/heartcards/web/static/js/hearts/engine/index.js";

export const CORPUS_PATH = fileURLToPath(new URL("../../../../corpus/hearts.jsonl.gz", import.meta.url));

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
 * @param {readonly number[]} cards
 * @returns {string}
 */
function cardsText(cards) {
  return cards.map((index) => CARD_TEXTS[index]).join(" ");
}

/**
 * The corpus's state fields, written as scripts/hearts_corpus.py writes them.
 * @param {Game} game
 * @returns {Json}
 */
export function snapshot(game) {
  const last = game.tricks.at(-1);
  const record = game.records.at(-1);
  return {
    phase: game.phase,
    deal: game.dealNumber,
    pass: game.passDirection,
    turn: game.turn,
    hands: game.hands.map(handText),
    passed: game.passes.map((hand) => (hand === null ? null : handText(hand))),
    received: game.received.map(handText),
    trick: [game.trickLeader, cardsText(game.trickCards)],
    tricks: game.tricks.length,
    last: last === undefined ? null : [last.leader, cardsText(last.cards), last.winner],
    broken: game.heartsBroken,
    points: [...game.pointsSoFar],
    totals: [...game.totals],
    scores: game.scoreHistory.length ? [...game.scoreHistory[game.scoreHistory.length - 1]] : null,
    moon: record === undefined ? null : record.moonShooter,
    queen: record === undefined ? null : record.queenTaker,
    winners: [...game.winners],
    legal: game.turn === null ? "" : handText(game.legalHand(game.turn)),
  };
}

/**
 * @param {unknown} error
 * @returns {Json}
 */
function errorJson(error) {
  if (!(error instanceof HeartsError)) throw error;
  return { error: error.key, params: error.params };
}

/**
 * @param {Json} state
 * @param {Json} before
 * @returns {Json} the fields of `state` that differ from `before`
 */
function changes(state, before) {
  /** @type {Json} */
  const changed = {};
  for (const [key, value] of Object.entries(state)) {
    if (JSON.stringify(value) !== JSON.stringify(before[key])) changed[key] = value;
  }
  return changed;
}

/**
 * A record of a game played step by step: the prefix applied, then every step with its result and changes.
 * @param {Json} record
 * @returns {Json}
 */
function replaySteps(record) {
  const game = new Game(record.seed, record.variant, record.target, record.first_deal);
  for (const action of record.prefix) game.applyAction(action);
  let state = snapshot(game);
  const replayed = { ...record, start: state, steps: /** @type {unknown[]} */ ([]) };
  for (const [action] of record.steps) {
    /** @type {Json | null} */
    let result = null;
    try {
      game.applyAction(action);
    } catch (error) {
      result = errorJson(error);
    }
    const next = snapshot(game);
    replayed.steps.push([action, result, changes(next, state)]);
    state = next;
  }
  return replayed;
}

/**
 * @param {Json} record
 * @returns {Json}
 */
function replaySaved(record) {
  try {
    return { kind: record.kind, data: record.data, state: snapshot(Game.fromDict(record.data)) };
  } catch (error) {
    return { kind: record.kind, data: record.data, ...errorJson(error) };
  }
}

/**
 * The record as the JavaScript engine writes it; equal to the corpus's record when both engines agree.
 * @param {Json} record
 * @returns {Json}
 */
export function replayRecord(record) {
  if (record.kind === "deal") {
    return { ...record, hands: dealHands(BigInt(record.seed), record.deal).map(handText) };
  }
  if (record.kind === "replay") return replaySaved(record);
  return replaySteps(record);
}
