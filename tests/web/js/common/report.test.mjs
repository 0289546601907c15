// reportFallback (static/js/common/report.js): a failure the page carries on without is a console warning when the network
// failed (offline is expected) and a console error otherwise.

import assert from "node:assert/strict";
import { test } from "node:test";

import { ApiError } from "../../../../src/heartcards/web/static/js/common/api.js";
import { reportFallback } from "../../../../src/heartcards/web/static/js/common/report.js";

/**
 * What `reportFallback` wrote, as [kind, text] pairs, with the browser on line or not.
 * @param {boolean} onLine
 * @param {unknown} error
 */
function reported(onLine, error) {
  const written = [];
  const { warn, error: logError } = console;
  globalThis.navigator = /** @type {Navigator} */ ({ onLine });
  console.warn = (text) => written.push(["warning", text]);
  console.error = (text) => written.push(["error", text]);
  try {
    reportFallback("Fetching X", error);
  } finally {
    console.warn = warn;
    console.error = logError;
    delete globalThis.navigator;
  }
  return written;
}

const message = "Fetching X failed; the page carries on without it:";

test("a network failure is a warning, anything else an error", () => {
  assert.deepEqual(reported(true, new ApiError(0, "network", "down")), [["warning", message]]);
  assert.deepEqual(reported(false, new TypeError("Failed to fetch")), [["warning", message]]);
  assert.deepEqual(reported(true, new ApiError(500, "h2h.error.internal", "boom")), [["error", message]]);
  assert.deepEqual(reported(true, new TypeError("x is undefined")), [["error", message]]);
});
