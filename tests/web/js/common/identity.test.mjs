// The identity check (static/js/common/identity.js): the cookie read, what counts as a change of player, and which
// stored keys are a player's rather than the device's.

import assert from "node:assert/strict";
import { test } from "node:test";

import { KNOWN_KEY, identityChanged, namedIdentity, personalKeys } from "../../../../src/heartcards/web/static/js/common/identity.js";

test("namedIdentity reads hc_identity among the cookies, or says none", () => {
  assert.equal(namedIdentity("hc_lang=it; hc_identity=0123abcd; other=x"), "0123abcd");
  assert.equal(namedIdentity("hc_identity=ff00"), "ff00");
  assert.equal(namedIdentity("hc_lang=it; not_hc_identity=1"), "");
  assert.equal(namedIdentity(""), "");
});

test("identityChanged: another identity or none after a known one; never after nothing or nobody known", () => {
  assert.equal(identityChanged("aaaa", "bbbb"), true);
  assert.equal(identityChanged("aaaa", ""), true); // the cookie was cleared
  assert.equal(identityChanged("aaaa", "aaaa"), false);
  assert.equal(identityChanged(null, "aaaa"), false); // a first visit
  assert.equal(identityChanged("", "aaaa"), false); // made while nobody was named: the new player's
});

test("personalKeys: everything but the settings, the daily deals' codes and the known identity", () => {
  const keys = [
    KNOWN_KEY,
    "heartcards.settings",
    "hc_hearts_settings",
    "heartcards.h2h.daily.2026-12-05",
    "heartcards.h2h.sync.0123",
    "hc_hearts_token_abc",
    "hc_hearts_seat_abc",
    "hc_hearts_name",
    "hc_hearts_device_def",
    "something.new",
  ];
  const storage = { length: keys.length, key: (/** @type {number} */ index) => keys[index] ?? null };
  assert.deepEqual(personalKeys(storage), [
    "heartcards.h2h.sync.0123",
    "hc_hearts_token_abc",
    "hc_hearts_seat_abc",
    "hc_hearts_name",
    "hc_hearts_device_def",
    "something.new",
  ]);
});
