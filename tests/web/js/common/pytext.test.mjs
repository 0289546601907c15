import assert from "node:assert/strict";
import { test } from "node:test";

import { pyInt, pyRepr, pySplit, pyStrip } from "../../../../src/heartcards/web/static/js/common/pytext.js";

test("repr() quotes as Python does", () => {
  assert.equal(pyRepr("a"), "'a'");
  assert.equal(pyRepr("it's"), `"it's"`);
  assert.equal(pyRepr(`both'"`), `'both\\'"'`);
  assert.equal(pyRepr("tab\tnl\n"), "'tab\\tnl\\n'");
  assert.equal(pyRepr("\x7f\x00é\u200b😀\\"), "'\\x7f\\x00é\\u200b😀\\\\'");
  assert.equal(pyRepr("\xa0x"), "'\\xa0x'");
  assert.equal(pyRepr("\u{e0001}"), "'\\U000e0001'");
});

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
