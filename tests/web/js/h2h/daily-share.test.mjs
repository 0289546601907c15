// The daily deal's shared result (static/js/h2h/daily-share.js): the day, the moves against the fewest possible, the
// hints and a link, in English, Italian and Greek, and never a move of the game.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { shareText } from "../../../../src/heartcards/web/static/js/h2h/daily-share.js";
import { useMessages } from "../../../../src/heartcards/web/static/js/common/i18n.js";

const LOCALES = new URL("../../../../src/heartcards/web/locales/", import.meta.url);
const MOVE = /^(S|[0-9]{1,2}-([0-9]{1,2}|W))$/;
const RESULT = { date: "2026-03-09", code: "HH1-S-WGQJSBD", moves: 61, par: 58, hints: 2, streak: 4 };

function use(lang) {
  const text = readFileSync(new URL(`${lang}/LC_MESSAGES/h2h_ui.po`, LOCALES), "utf8");
  const messages = {};
  for (const [, id, str] of text.matchAll(/^msgid "(.+)"\nmsgstr "(.*)"$/gm)) messages[id] = JSON.parse(`"${str}"`);
  useMessages(lang, messages);
}

test("the result in three languages: day, moves against par, hints, streak, link", () => {
  const expected = {
    en: ["Heart to Heart · daily deal of March 9, 2026", "🟨 61 moves, fewest possible 58", "💡 2 hints", "🔥 4 days in a row"],
    it: ["Heart to Heart · smazzata del 9 marzo 2026", "🟨 61 mosse, minimo possibile 58", "💡 2 suggerimenti", "🔥 4 giorni di fila"],
    el: ["Heart to Heart · μοιρασιά της 9 Μαρτίου 2026", "🟨 61 κινήσεις, ελάχιστες δυνατές 58", "💡 2 υποδείξεις", "🔥 4 μέρες στη σειρά"],
  };
  for (const [lang, lines] of Object.entries(expected)) {
    use(lang);
    const text = shareText(RESULT, "https://cards.example", lang);
    assert.deepEqual(text.split("\n"), [...lines, "https://cards.example/play/HH1-S-WGQJSBD"], lang);
    assert.deepEqual(text.split(/\s+/).filter((word) => MOVE.test(word)), [], lang);
  }
});

test("at par, without hints, with no streak yet and with the par unknown", () => {
  use("en");
  const atPar = shareText({ ...RESULT, moves: 58, hints: 0, streak: 1 }, "https://cards.example", "en").split("\n");
  assert.deepEqual(atPar.slice(1, 3), ["🟩 58 moves, fewest possible 58", "💡 no hints"]);
  assert.equal(atPar.length, 4); // no streak line for a first day
  const unknown = shareText({ ...RESULT, par: null, hints: 1 }, "https://cards.example", "en").split("\n");
  assert.deepEqual(unknown.slice(1, 3), ["⬜ 61 moves", "💡 1 hint"]);
});
