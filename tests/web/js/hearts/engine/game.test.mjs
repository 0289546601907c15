// What the corpus does not reach: the direct API's checks and the saved game's round trip through JSON.

import assert from "node:assert/strict";
import { test } from "node:test";

import {
  BadCardError,
  BadSeatError,
  Game,
  GameRecordError,
  handText,
} from "../../../../../src/heartcards/web/static/js/hearts/engine/index.js";

/** Plays `count` actions, each the first legal pass or play (or the next deal). */
function playSome(game, count) {
  for (let step = 0; step < count && game.phase !== "game_over"; step += 1) {
    if (game.phase === "pass") {
      const seat = game.passes.indexOf(null);
      game.applyAction(`pass ${seat} ${handText(game.hands[seat]).split(" ").slice(0, 3).join(" ")}`);
    } else if (game.phase === "play") {
      game.applyAction(`play ${game.turn} ${handText(game.legalHand(game.turn)).split(" ")[0]}`);
    } else {
      game.applyAction("next");
    }
  }
}

test("a saved game goes through JSON and back with a 64-bit seed kept exactly", () => {
  const seed = 18_446_744_073_709_551_557n;
  const game = new Game(seed, "special", 50);
  playSome(game, 130);
  const data = JSON.parse(JSON.stringify(game.toDict()));
  assert.equal(data.seed, "18446744073709551557");
  const restored = Game.fromDict(data);
  assert.equal(restored.seed, seed);
  assert.deepEqual(restored.toDict(), game.toDict());
  assert.deepEqual(restored.hands, game.hands);
  assert.deepEqual(restored.totals, game.totals);
});

test("the seed must be exact: a number past 2**53 or text that is not whole is refused", () => {
  assert.throws(() => new Game("12.5"), { key: "hearts.error" });
  assert.throws(() => Game.fromDict({ ...new Game(1).toDict(), seed: "x" }), GameRecordError);
  assert.equal(new Game(2 ** 40).seed, 2n ** 40n);
});

test("cards and seats given directly are checked as the Python engine checks them: the same keys and params", () => {
  const game = new Game(7n, "classic", 100, 4);
  const turn = /** @type {number} */ (game.turn);
  assert.throws(() => game.applyPlay(turn, 52), BadCardError);
  assert.throws(() => game.applyPlay(turn, "2C"), { key: "hearts.error.bad_card", params: { value: "2C" } });
  assert.throws(() => game.applyPlay(4, 0), { key: "hearts.error.bad_seat", params: { seat: "4" } });
  assert.throws(() => game.applyPlay(1.5, 0), BadSeatError);
  game.applyPlay(turn, 0);
  assert.deepEqual(game.actions, [`play ${turn} 2C`]);
});
