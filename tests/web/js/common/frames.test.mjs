// afterNextFrame (static/js/common/frames.js): a tap's deferred work runs once, after the next frame, or on a timer when the
// page draws no frames.

import assert from "node:assert/strict";
import { test } from "node:test";

import { HIDDEN_PAGE_MS, afterNextFrame } from "../../../../src/heartcards/web/static/js/common/frames.js";

/** @param {number} ms */
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

test("the work waits for the next frame, then runs once in a task after it", async () => {
  const frames = [];
  globalThis.requestAnimationFrame = (callback) => frames.push(callback);
  try {
    let runs = 0;
    afterNextFrame(() => (runs += 1));
    await sleep(5);
    assert.equal(runs, 0); // no frame yet
    frames.shift()();
    assert.equal(runs, 0); // not inside the frame's callback: after the frame is drawn
    await sleep(5);
    assert.equal(runs, 1);
    await sleep(HIDDEN_PAGE_MS + 20);
    assert.equal(runs, 1); // the hidden page's timer does not run it again
  } finally {
    delete globalThis.requestAnimationFrame;
  }
});

test("a page that draws no frames runs the work on a timer", async () => {
  globalThis.requestAnimationFrame = () => 0;
  try {
    let runs = 0;
    afterNextFrame(() => (runs += 1));
    await sleep(HIDDEN_PAGE_MS + 20);
    assert.equal(runs, 1);
  } finally {
    delete globalThis.requestAnimationFrame;
  }
});
