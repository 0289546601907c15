import assert from "node:assert/strict";
import { test } from "node:test";

import { pyInt, pySplit, pyStrip } from "../../../../src/heartcards/web/static/js/common/text-input.js";

test("strip() and split() use Python's whitespace, which is not JavaScript's", () => {
  assert.deepEqual(pySplit(" a\x1cb\u3000c \ufeffd "), ["a", "b", "c", "\ufeffd"]);
  assert.deepEqual(pySplit(" \t\n"), []);
  assert.equal(pyStrip("\x85 S \x1f"), "S");
});

test("int() reads any Unicode decimal digits", () => {
  assert.equal(pyInt("12"), 12);
  assert.equal(pyInt("١٢"), 12);
  assert.equal(pyInt("２５"), 25);
  assert.equal(pyInt("𝟗"), 9);
});
