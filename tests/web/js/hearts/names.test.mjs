// Who a seat is (static/js/hearts/names.js): the player's own plate says "(you)" after the name they chose, and only
// "You" when they chose none (a solo game started without a name is named "You" by the lobby).

import assert from "node:assert/strict";
import { test } from "node:test";

import { seatName } from "../../../../src/heartcards/web/static/js/hearts/names.js";
import { useCatalogs } from "../catalogs.mjs";

/** A table of four seats: `names[i]` at seat i, a computer player where the name is null. */
function table(...names) {
  return {
    seats: names.map((name, seat) => ({ seat, name: name ?? "", kind: name === null ? "bot" : "human" })),
  };
}

test("your own seat reads as your name and (you), in each language", () => {
  const expected = { en: "Adele (you)", it: "Adele (tu)", el: "Adele (εσείς)" };
  for (const [lang, own] of Object.entries(expected)) {
    useCatalogs(lang);
    assert.equal(seatName(table("Adele", "Ada", "Alan", "Grace"), 0, 0), own);
    assert.equal(seatName(table("Adele", "Ada", "Alan", "Grace"), 2, 0), "Alan");
  }
});

test("a seat named You, as a solo game started with no name is, reads You, not You (you)", () => {
  for (const [lang, you] of Object.entries({ en: "You", it: "Tu", el: "Εσείς" })) {
    useCatalogs(lang);
    assert.equal(seatName(table(you, "Ada", "Alan", "Grace"), 0, 0), you);
    assert.equal(seatName(table("", "Ada", "Alan", "Grace"), 0, 0), you);
  }
});

test("a seat with no name is a computer player or a seat by its number", () => {
  useCatalogs("en");
  const seats = table("Adele", null, "", "Grace");
  assert.match(seatName(seats, 1, 0), /2/);
  assert.match(seatName(seats, 2, 0), /3/);
  assert.notEqual(seatName(seats, 1, 0), seatName(seats, 2, 0));
});
