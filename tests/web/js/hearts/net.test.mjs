// The table socket (static/js/hearts/net.js) on a fake WebSocket and timers: the first socket goes to the seating's
// route, a socket moved to another server's route connects again at once with `?route=`, and any other close forgets
// the route and waits its back-off.

import assert from "node:assert/strict";
import { afterEach, beforeEach, test } from "node:test";

import { TableSocket } from "../../../../src/heartcards/web/static/js/hearts/net.js";

/** A WebSocket that records what the page does with it; the test opens and closes it. */
class FakeSocket {
  static OPEN = 1;
  /** @type {FakeSocket[]} */
  static made = [];

  /** @param {string} url */
  constructor(url) {
    this.url = url;
    this.readyState = 0;
    /** @type {string[]} */
    this.sent = [];
    /** @type {Record<string, ((event: any) => void)[]>} */
    this.listeners = {};
    FakeSocket.made.push(this);
  }

  /** @param {string} type @param {(event: any) => void} listener */
  addEventListener(type, listener) {
    (this.listeners[type] ??= []).push(listener);
  }

  /** @param {string} type @param {any} event */
  fire(type, event = {}) {
    for (const listener of this.listeners[type] ?? []) listener(event);
  }

  /** @param {string} text */
  send(text) {
    this.sent.push(text);
  }

  open() {
    this.readyState = FakeSocket.OPEN;
    this.fire("open");
  }

  /** @param {number} code @param {string} reason */
  closeWith(code, reason = "") {
    this.readyState = 3;
    this.fire("close", { code, reason });
  }

  close() {
    this.readyState = 3;
  }
}

/** @type {{wait: number, run: () => void}[]} */
let timers = [];

beforeEach(() => {
  FakeSocket.made = [];
  timers = [];
  globalThis.WebSocket = /** @type {any} */ (FakeSocket);
  globalThis.window = /** @type {any} */ ({
    location: { protocol: "http:", host: "cards.test" },
    setTimeout: (/** @type {() => void} */ run, /** @type {number} */ wait) => timers.push({ wait, run }),
    setInterval: () => 0,
  });
});

afterEach(() => {
  delete globalThis.window;
  delete globalThis.WebSocket;
});

function opened() {
  const statuses = [];
  const socket = new TableSocket("t1", { token: "k", onMessage: () => {}, onStatus: (status) => statuses.push(status) });
  socket.connect();
  return { socket, statuses };
}

test("a socket moved to another server's route connects again at once with that route, and says hello", () => {
  const { statuses } = opened();
  const first = FakeSocket.made[0];
  assert.equal(first.url, "ws://cards.test/ws/hearts/t1");
  first.open();
  first.closeWith(4307, "s2");
  assert.equal(FakeSocket.made.length, 2);
  assert.equal(FakeSocket.made[1].url, "ws://cards.test/ws/hearts/t1?route=s2");
  assert.deepEqual(timers, []); // no back-off
  assert.deepEqual(statuses, ["open"]); // the page was not told of a drop
  FakeSocket.made[1].open();
  assert.deepEqual(JSON.parse(FakeSocket.made[1].sent[0]), { type: "hello", token: "k" });
});

test("the first socket goes to the route the seating answer gave; once dropped, to any server", () => {
  const socket = new TableSocket("t1", { token: "k", route: "s3", onMessage: () => {} });
  socket.connect();
  assert.equal(FakeSocket.made[0].url, "ws://cards.test/ws/hearts/t1?route=s3");
  FakeSocket.made[0].open();
  FakeSocket.made[0].closeWith(1006); // that server died: the table is wherever another server took it
  timers[0].run();
  assert.equal(FakeSocket.made[1].url, "ws://cards.test/ws/hearts/t1");
});

test("any other close forgets the route and waits the first back-off", () => {
  const { statuses } = opened();
  FakeSocket.made[0].open();
  FakeSocket.made[0].closeWith(4307, "s2");
  FakeSocket.made[1].open();
  FakeSocket.made[1].fire("message", { data: JSON.stringify({ type: "state" }) });
  FakeSocket.made[1].closeWith(1006);
  assert.deepEqual(statuses, ["open", "open", "closed"]);
  assert.equal(timers.length, 1);
  assert.equal(timers[0].wait, 300);
  timers[0].run();
  assert.equal(FakeSocket.made[2].url, "ws://cards.test/ws/hearts/t1");
});

test("moves in a row without a message between them stop being followed at once", () => {
  opened();
  for (let move = 0; move < 3; move += 1) {
    FakeSocket.made.at(-1)?.open();
    FakeSocket.made.at(-1)?.closeWith(4307, `s${move + 2}`);
  }
  assert.equal(FakeSocket.made.length, 4);
  assert.equal(FakeSocket.made[3].url, "ws://cards.test/ws/hearts/t1?route=s4");
  FakeSocket.made[3].open();
  FakeSocket.made[3].closeWith(4307, "s5");
  assert.equal(FakeSocket.made.length, 4); // the fourth waits the back-off instead
  assert.equal(timers.length, 1);
});
