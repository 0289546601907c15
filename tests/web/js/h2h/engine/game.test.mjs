import assert from "node:assert/strict";
import { test } from "node:test";

import {
  Deal,
  DealCodeError,
  Game,
  GameOverError,
  IllegalMoveError,
  MoveSyntaxError,
  NothingToUndoError,
  PairMove,
  RecordError,
  STOCK_TAP,
  WasteMove,
  normalizeCode,
  parseMove,
  orderWinnable,
  rankText,
} from "../../../../../src/heartcards/web/static/js/h2h/engine/index.js";

/** The deal of the rules' worked example (docs/rules/heart-to-heart.md#a-worked-example). */
const WORKED_EXAMPLE = "HH1-N-AAAAAAM";

test("the worked example's deal: a 10 at 1, a 4 at the point, an ace on the waste, the stock's first 4 drawn 9th", () => {
  const deal = Deal.fromCode(" hh1-n-aaaaaam ");
  assert.equal(deal.code, WORKED_EXAMPLE);
  assert.equal(rankText(deal.heart[0]), "10");
  assert.equal(rankText(deal.heart[24]), "4");
  assert.deepEqual(deal.waste.map(rankText), ["A"]);
  assert.equal(deal.stock.findIndex((rank) => rankText(rank) === "4"), 8);
  assert.equal(deal.stock.length, 26);
});

test("codes round-trip and bad codes name themselves", () => {
  assert.equal(normalizeCode("hh1-s-zzzzzzz"), "HH1-S-ZZZZZZZ");
  assert.equal(Deal.fromNumber(12, "S").code, "HH1-S-AAAAAAM");
  for (const text of ["", "HH1-X-AAAAAAA", "HH1-N-AAAA", "HH1-N-AAAAAA1"]) {
    assert.throws(() => Deal.fromCode(text), (error) => {
      assert.ok(error instanceof DealCodeError);
      assert.equal(error.key, "h2h.error.deal_code");
      assert.deepEqual(error.params, { text });
      return true;
    });
  }
});

test("S deals are winnable; a deal stuck at move 0 is not", () => {
  for (let number = 0; number < 20; number += 1) assert.ok(orderWinnable(Deal.fromNumber(number, "S").order));
  let number = 0;
  while (Game.fromCode(`HH1-N-AAAAAA${String.fromCharCode(65 + number)}`).status !== "stalled") number += 1;
  assert.equal(orderWinnable(Deal.fromNumber(number).order), false);
});

test("moves round-trip through their text; anything else is a MoveSyntaxError", () => {
  assert.equal(parseMove(" s "), STOCK_TAP);
  assert.deepEqual(parseMove("3-w"), new WasteMove(3));
  assert.deepEqual(parseMove("24-25"), new PairMove(24, 25));
  for (let first = 1; first <= 25; first += 1) {
    assert.equal(String(parseMove(`${first}-W`)), `${first}-W`);
    for (let second = first + 1; second <= 25; second += 1) {
      assert.equal(String(parseMove(`${first}-${second}`)), `${first}-${second}`);
    }
  }
  for (const text of ["", "2-1", "1-1", "0-W", "26-W", "1-26", "W-1", "1-2-3", "001-2"]) {
    assert.throws(() => parseMove(text), MoveSyntaxError, text);
  }
});

test("illegal moves change nothing and say why", () => {
  const game = Game.fromCode(WORKED_EXAMPLE);
  assert.throws(() => game.play(new WasteMove(1)), (error) => {
    assert.ok(error instanceof IllegalMoveError);
    assert.deepEqual(error.params, { move: "1-W", reason: "position 1 is covered" });
    return true;
  });
  assert.throws(() => game.play(new WasteMove(25)), /4 and the waste's A are not the same rank/);
  assert.equal(game.moves, 0);
  assert.deepEqual(game.legalMoves().map(String), ["S"]);
});

test("the worked example: nine draws, then move 10 pairs the point with the 4 on the waste and frees 23 and 24", () => {
  const game = Game.fromCode(WORKED_EXAMPLE);
  for (let i = 0; i < 9; i += 1) assert.equal(game.tap("stock").outcome, "drew");
  assert.equal(rankText(/** @type {number} */ (game.wasteTop)), "4");
  assert.ok(game.placementHelp().outlined.has(25));
  assert.equal(game.tap("waste").outcome, "selected");
  assert.deepEqual([...game.placementHelp().dimmed].sort(), [...Array.from({ length: 24 }, (_, i) => i + 1)].sort());
  const result = game.tap(25);
  assert.equal(result.outcome, "pair_removed");
  assert.equal(String(result.move), "25-W");
  assert.equal(game.score, 10);
  assert.equal(game.moves, 10);
  assert.equal(game.record, `${WORKED_EXAMPLE} S S S S S S S S S 25-W`);
  assert.deepEqual(game.freePositions(), [23, 24]);
});

test("taps: select, deselect, reselect with the same-rank message, and nothing for what cannot be tapped", () => {
  const game = Game.fromCode(WORKED_EXAMPLE);
  assert.equal(game.tap(1).outcome, "nothing"); // covered
  assert.equal(game.tap(25).outcome, "selected");
  assert.equal(game.tap(25).outcome, "deselected");
  assert.equal(game.tap(25).outcome, "selected");
  const result = game.tap("waste"); // an ace under a 4
  assert.deepEqual([result.outcome, result.message], ["reselected", "h2h.must_be_same_rank"]);
  assert.equal(game.selection, "waste");
  assert.equal(game.tap("stock").outcome, "drew");
  assert.equal(game.selection, null);
});

test("undo takes back the last 100 moves and no more", () => {
  const game = Game.fromCode(WORKED_EXAMPLE);
  for (let i = 0; i < 120; i += 1) game.play(STOCK_TAP);
  const stock = game.stock;
  for (let i = 0; i < 100; i += 1) assert.equal(game.undo(), STOCK_TAP);
  assert.equal(game.moves, 20);
  assert.throws(() => game.undo(), NothingToUndoError);
  assert.equal(game.canUndo(), false);
  for (let i = 0; i < 100; i += 1) game.play(STOCK_TAP);
  assert.deepEqual(game.stock, stock);
});

test("a record replays; a bad move names its index and the moves before it stay played", () => {
  const game = Game.fromRecord(`${WORKED_EXAMPLE} S S S S S S S S S 25-W`);
  assert.equal(game.score, 10);
  const broken = Game.fromCode(WORKED_EXAMPLE);
  assert.throws(() => broken.playRecordMoves(`${WORKED_EXAMPLE} S S 3-W`), (error) => {
    assert.ok(error instanceof RecordError);
    assert.equal(error.at, 3);
    assert.ok(error.cause instanceof IllegalMoveError);
    assert.deepEqual(error.params, { at: 3, cause: "h2h.error.illegal_move" });
    assert.deepEqual(error.cause.params, { move: "3-W", reason: "position 3 is covered" });
    return true;
  });
  assert.equal(broken.moves, 2);
});

test("a stuck deal is over before its first move, and moves after the end are refused", () => {
  let number = 0;
  while (Game.fromCode(`HH1-N-${"AAAAAA"}${String.fromCharCode(65 + number)}`).status !== "stalled") number += 1;
  const game = Game.fromCode(`HH1-N-AAAAAA${String.fromCharCode(65 + number)}`);
  assert.deepEqual(game.legalMoves(), []);
  assert.equal(game.tap("stock").outcome, "nothing");
  assert.throws(() => game.play(STOCK_TAP), GameOverError);
});
