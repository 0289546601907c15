// Plurals (static/js/common/i18n.js): tn("key", n) picks key.one or key.other by the language's plural rule, with the real
// catalogs of English, Italian and Greek ("1 card" / "2 cards", "1 carta" / "2 carte", "1 φύλλο" / "2 φύλλα").

import assert from "node:assert/strict";
import { test } from "node:test";

import { pluralCategory, tn } from "../../../../src/heartcards/web/static/js/common/i18n.js";
import { useCatalogs } from "../catalogs.mjs";

test("one and other in English, Italian and Greek", () => {
  for (const lang of ["en", "it", "el"]) {
    assert.equal(pluralCategory(1, lang), "one", lang);
    for (const count of [0, 2, 5, 13, 26]) assert.equal(pluralCategory(count, lang), "other", `${lang} ${count}`);
  }
  assert.equal(pluralCategory(1000000, "it"), "other"); // Italian's "many" reads as "other"
});

test("1 card, 2 cards in each language", () => {
  const expected = {
    en: ["1 card in hand", "2 cards in hand", "0 cards in hand"],
    it: ["1 carta in mano", "2 carte in mano", "0 carte in mano"],
    el: ["1 φύλλο στο χέρι", "2 φύλλα στο χέρι", "0 φύλλα στο χέρι"],
  };
  for (const [lang, [one, two, none]] of Object.entries(expected)) {
    useCatalogs(lang);
    assert.equal(tn("hearts.ui.seat.cards_left", 1), one);
    assert.equal(tn("hearts.ui.seat.cards_left", 2), two);
    assert.equal(tn("hearts.ui.seat.cards_left", 0), none);
  }
});

test("points, moves and the stock in each language", () => {
  useCatalogs("en");
  assert.equal(tn("hearts.ui.last_trick.caption", 1, { name: "Ada", points: 1 }), "Ada took it (1 point)");
  assert.equal(tn("hearts.ui.last_trick.caption", 14, { name: "Ada", points: 14 }), "Ada took it (14 points)");
  assert.equal(tn("h2h.ui.stock.label", 1), "Stock, 1 card: draw it");
  assert.equal(tn("h2h.ui.stock.label", 24), "Stock, 24 cards: draw one");
  assert.equal(tn("h2h.ui.stats.bar_lost", 1, { code: "HH1-N-AAAAAAM", moves: 1 }), "HH1-N-AAAAAAM: lost after 1 move");
  useCatalogs("it");
  assert.equal(tn("hearts.ui.seat.taken", 1, { points: 1 }), "1 punto preso in questa smazzata");
  assert.equal(tn("hearts.ui.seat.taken", 3, { points: 3 }), "3 punti presi in questa smazzata");
  assert.equal(tn("h2h.ui.waste.label", 1, { card: "Asso di cuori" }), "Scarti, Asso di cuori in cima, 1 carta");
  useCatalogs("el");
  assert.equal(tn("hearts.ui.seat.taken", 1, { points: 1 }), "1 πόντος σε αυτή τη μοιρασιά");
  assert.equal(tn("hearts.ui.seat.taken", 2, { points: 2 }), "2 πόντοι σε αυτή τη μοιρασιά");
  assert.equal(tn("h2h.ui.replay.summary_lost", 1, { moves: 1, time: "0:05" }), "Δεν κερδήθηκε: 1 κίνηση σε 0:05.");
});
