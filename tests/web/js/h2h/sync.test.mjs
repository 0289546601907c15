// The play page's books (static/js/h2h/sync.js): batches in order, only what the server lacks, retries with backoff,
// refusals dropped and reported, every waiting move kept in the store.

import assert from "node:assert/strict";
import { test } from "node:test";

import { KEY_PREFIX, createSync, firstDifference, nextBatch, recordMoves } from "../../../../src/heartcards/web/static/js/h2h/sync.js";

const CODE = "HH1-N-AAAAAAM";

function memoryStore() {
  const data = new Map();
  return { keys: () => [...data.keys()], read: (key) => data.get(key) ?? null, write: (key, value) => (value === null ? data.delete(key) : data.set(key, value)), data };
}

/** A fake server holding records by id; `down` makes it unreachable. */
function fakeServer() {
  const server = { records: new Map(), sent: [], down: false };
  server.send = async (id, batch) => {
    server.sent.push({ id, ...batch });
    if (server.down) throw Object.assign(new Error("offline"), { status: 0 });
    if (!server.records.has(id)) {
      if (!batch.code) throw Object.assign(new Error("not found"), { status: 404 });
      server.records.set(id, []);
    }
    const held = server.records.get(id);
    if (batch.from > held.length) throw Object.assign(new Error("gap"), { status: 409 });
    if (batch.moves.includes("1-2")) throw Object.assign(new Error("refused"), { status: 422 });
    const next = [...held.slice(0, batch.from), ...batch.moves];
    server.records.set(id, next);
    return { stored: next.length, view: { record: [CODE, ...next].join(" ") } };
  };
  return server;
}

const retryable = (error) => error.status === 0 || error.status >= 500;

test("firstDifference and nextBatch send only what the server lacks", () => {
  assert.equal(firstDifference(["S", "S"], ["S", "S", "25-W"]), 2);
  assert.equal(firstDifference(["S", "25-W"], ["S", "S"]), 1);
  const entry = { id: "a", code: CODE, moves: ["S", "S", "25-W"], confirmed: ["S"], known: true };
  assert.deepEqual(nextBatch(entry), { from: 1, moves: ["S", "25-W"] });
  assert.deepEqual(nextBatch({ ...entry, confirmed: ["S", "S", "25-W", "S"] }), { from: 3, moves: [], replace: true });
  assert.deepEqual(nextBatch({ ...entry, known: false, confirmed: [] }), { from: 0, moves: entry.moves, code: CODE });
  assert.equal(nextBatch({ ...entry, confirmed: entry.moves }), null);
  assert.deepEqual(nextBatch({ ...entry, confirmed: [] }, 2), { from: 0, moves: ["S", "S"] });
  assert.deepEqual(recordMoves(`${CODE} S 25-W`), ["S", "25-W"]);
  assert.deepEqual(recordMoves(CODE), []);
});

test("moves reach the server in order and a game made on the device names its deal once", async () => {
  const server = fakeServer();
  const store = memoryStore();
  const states = [];
  const sync = createSync({ store, send: server.send, retryable, onRefused: assert.fail, onState: (s) => states.push(s) });
  sync.update({ id: "a", code: CODE, moves: ["S"], confirmed: [], known: false });
  assert.equal(await sync.flush(), true);
  sync.update({ ...sync.get("a"), moves: ["S", "S", "25-W"] });
  assert.equal(await sync.flush(), true);
  assert.deepEqual(server.records.get("a"), ["S", "S", "25-W"]);
  assert.deepEqual(server.sent.map((b) => [b.from, b.moves.length, b.code ?? null]), [[0, 1, CODE], [1, 2, null]]);
  assert.deepEqual(sync.get("a").confirmed, ["S", "S", "25-W"]);
  assert.equal(sync.state, "saved");
  assert.ok(states.includes("sending"));
});

test("an update is in the store at once and sent only when `later` runs the sending", async () => {
  const server = fakeServer();
  const queued = [];
  const sync = createSync({ store: memoryStore(), send: server.send, retryable, onRefused: assert.fail, later: (work) => queued.push(work) });
  sync.update({ id: "a", code: CODE, moves: ["S"], confirmed: [], known: false });
  assert.deepEqual(sync.get("a").moves, ["S"]);
  assert.equal(server.sent.length, 0);
  assert.equal(sync.state, "sending"); // never "saved" while a move waits, even before its request starts
  assert.equal(queued.length, 1);
  queued.shift()();
  assert.equal(server.sent.length, 1); // the request starts as the queued work runs, not at a later flush
  assert.equal(await sync.flush(), true);
  assert.deepEqual(server.records.get("a"), ["S"]);
});

test("an update the server already holds leaves the state saved", async () => {
  const server = fakeServer();
  const queued = [];
  const sync = createSync({ store: memoryStore(), send: server.send, retryable, onRefused: assert.fail, later: (work) => queued.push(work) });
  sync.update({ id: "a", code: CODE, moves: ["S"], confirmed: ["S"], known: true });
  assert.equal(sync.state, "saved");
  queued.shift()();
  assert.equal(await sync.flush(), true);
  assert.equal(server.sent.length, 0);
});

test("an undo below the stored moves replaces them", async () => {
  const server = fakeServer();
  const sync = createSync({ store: memoryStore(), send: server.send, retryable, onRefused: assert.fail });
  sync.update({ id: "a", code: CODE, moves: ["S", "S", "S"], confirmed: [], known: false });
  await sync.flush();
  sync.update({ ...sync.get("a"), moves: ["S", "25-W"] });
  await sync.flush();
  assert.deepEqual(server.records.get("a"), ["S", "25-W"]);
  assert.equal(server.sent.at(-1).replace, true);
});

test("offline, the moves wait in the store; retries back off and a kick sends at once", async () => {
  const server = fakeServer();
  server.down = true;
  const store = memoryStore();
  const sleeps = [];
  let release = () => {};
  const sleep = (ms) => {
    sleeps.push(ms);
    return new Promise((resolve) => {
      release = resolve;
    });
  };
  const sync = createSync({ store, send: server.send, retryable, onRefused: assert.fail, sleep });
  sync.update({ id: "a", code: CODE, moves: ["S", "S"], confirmed: [], known: false });
  assert.equal(await sync.flush(), false);
  assert.equal(sync.state, "waiting");
  for (let round = 0; round < 3; round += 1) {
    release();
    await new Promise((resolve) => setImmediate(resolve));
  }
  assert.deepEqual(sleeps.slice(0, 3), [1000, 2000, 4000]);
  // A second page on the same store (a reload) finds the waiting moves.
  const reloaded = createSync({ store, send: server.send, retryable, onRefused: assert.fail, sleep });
  assert.deepEqual(reloaded.get("a").moves, ["S", "S"]);
  server.down = false;
  const saved = sync.flush();
  assert.equal(await saved, true);
  assert.deepEqual(server.records.get("a"), ["S", "S"]);
});

test("a move made while a retry waits does not bring the retry forward", async () => {
  const server = fakeServer();
  server.down = true;
  const sleeps = [];
  const sleep = (ms) => {
    sleeps.push(ms);
    return new Promise(() => {}); // the retry's time never comes in this test
  };
  const sync = createSync({ store: memoryStore(), send: server.send, retryable, onRefused: assert.fail, sleep });
  sync.update({ id: "a", code: CODE, moves: ["S"], confirmed: [], known: false });
  assert.equal(await sync.flush(), false);
  const tries = server.sent.length;
  for (const moves of [["S", "S"], ["S", "S", "S"], ["S", "S", "S", "S"]]) {
    sync.update({ ...sync.get("a"), moves });
    await new Promise((resolve) => setImmediate(resolve));
  }
  assert.equal(server.sent.length, tries); // one request a move, offline, was the page's every move failing
  assert.equal(sync.state, "waiting");
  assert.deepEqual(sync.get("a").moves, ["S", "S", "S", "S"]);
});

test("while the device says it is offline nothing is sent; back online, a kick sends what waits", async () => {
  const server = fakeServer();
  let online = false;
  const sleep = () => new Promise(() => {});
  const sync = createSync({ store: memoryStore(), send: server.send, retryable, onRefused: assert.fail, sleep, online: () => online });
  sync.update({ id: "a", code: CODE, moves: ["S", "S"], confirmed: [], known: false });
  assert.equal(await sync.flush(), false);
  sync.update({ ...sync.get("a"), moves: ["S", "S", "S"] });
  await new Promise((resolve) => setImmediate(resolve));
  assert.deepEqual(server.sent, []);
  assert.equal(sync.state, "waiting");
  online = true;
  sync.kick(); // the browser's "online" event
  assert.equal(await sync.flush(), true);
  assert.deepEqual(server.records.get("a"), ["S", "S", "S"]);
  assert.equal(server.sent.length, 1);
});

test("a page's first flush while the device is offline answers at once, the moves kept", { timeout: 5000 }, async () => {
  const store = memoryStore();
  const server = fakeServer();
  const sleep = () => new Promise(() => {}); // the offline wait never ends in this test
  const before = createSync({ store, send: server.send, retryable, onRefused: assert.fail, sleep, online: () => false });
  before.update({ id: "a", code: CODE, moves: ["S"], confirmed: [], known: false });
  const next = createSync({ store, send: server.send, retryable, onRefused: assert.fail, sleep, online: () => false });
  assert.equal(await next.flush(), false); // the home page asks which game runs, and then shows the device's
  assert.deepEqual(next.get("a").moves, ["S"]);
  assert.deepEqual(server.sent, []);
});

test("a refused batch drops the game's books and is reported; other games still go", async () => {
  const server = fakeServer();
  const store = memoryStore();
  const refused = [];
  const sync = createSync({ store, send: server.send, retryable, onRefused: (id, error) => refused.push([id, error.status]) });
  store.write("heartcards.h2h.sync.a", JSON.stringify({ id: "a", code: CODE, moves: ["S", "1-2"], confirmed: [], known: false, changedAt: 1 }));
  store.write("heartcards.h2h.sync.b", JSON.stringify({ id: "b", code: CODE, moves: ["S"], confirmed: [], known: false, changedAt: 2 }));
  store.write("heartcards.h2h.sync.c", "{not json");
  assert.equal(await sync.flush(), true);
  assert.deepEqual(refused, [["a", 422]]);
  assert.equal(sync.get("a"), null);
  assert.deepEqual(server.records.get("b"), ["S"]);
  assert.equal(store.read("heartcards.h2h.sync.c"), null);
});

test("a game started on the device whose id another player took gets a new id and keeps every move", async () => {
  const server = fakeServer();
  server.records.set("taken", ["S", "S", "S"]); // another player's game, under the id this device chose too
  const store = memoryStore();
  const idTaken = Object.assign(new Error("taken"), { status: 409, key: "h2h.error.game_id_taken" });
  const renames = [];
  let sync;
  const send = async (id, batch) => {
    if (id !== "taken") return server.send(id, batch);
    server.sent.push({ id, ...batch });
    sync.update({ ...sync.get("taken"), moves: ["S", "25-W", "S"] }); // a tap while the request was on its way
    throw idTaken;
  };
  sync = createSync({
    store,
    send,
    retryable,
    onRefused: assert.fail,
    idTaken: (error) => error.key === "h2h.error.game_id_taken",
    newId: () => "fresh",
    onRenamed: (from, to) => renames.push([from, to]),
  });
  sync.update({ id: "taken", code: CODE, moves: ["S", "25-W"], confirmed: [], known: false });
  assert.equal(await sync.flush(), true);
  assert.deepEqual(renames, [["taken", "fresh"]]);
  assert.deepEqual(server.records.get("fresh"), ["S", "25-W", "S"]);
  assert.deepEqual(server.sent.at(-1), { id: "fresh", from: 0, moves: ["S", "25-W", "S"], code: CODE });
  assert.deepEqual(server.records.get("taken"), ["S", "S", "S"]); // the other player's game is left as it was
  assert.equal(sync.get("taken"), null);
  assert.equal(sync.get("fresh").known, true);

  const refused = [];
  const known = createSync({ store, send: async () => Promise.reject(idTaken), retryable, onRefused: (id) => refused.push(id), idTaken: () => true, newId: () => "other", onRenamed: assert.fail });
  known.update({ id: "held", code: CODE, moves: ["S"], confirmed: [], known: true });
  assert.equal(await known.flush(), true);
  assert.deepEqual(refused, ["held"]); // a game the server held for this player is never moved: a refusal as any
});

test("a stored game that does not parse is dropped and said, the others kept", () => {
  const store = memoryStore();
  const unreadable = [];
  const sync = createSync({ store, send: async () => assert.fail(), retryable, onRefused: assert.fail, onUnreadable: (key) => unreadable.push(key) });
  store.write(`${KEY_PREFIX}a`, JSON.stringify({ id: "a", code: CODE, moves: ["S"], confirmed: [], known: false }));
  store.write(`${KEY_PREFIX}b`, "{not json");
  assert.deepEqual(sync.entries().map((entry) => entry.id), ["a"]);
  assert.deepEqual(unreadable, [`${KEY_PREFIX}b`]);
  assert.equal(store.read(`${KEY_PREFIX}b`), null);
  store.write(`${KEY_PREFIX}c`, "[");
  assert.equal(sync.get("c"), null);
  assert.deepEqual(unreadable, [`${KEY_PREFIX}b`, `${KEY_PREFIX}c`]);
});
