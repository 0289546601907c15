// The books of the games played on the device: every game's moves wait here (in localStorage, one key per game)
// until the server has replayed and stored them. Batches go in order, one request at a time, each one the moves
// the server does not hold yet; a network failure or a busy server is retried with backoff (1 s doubling to 30 s,
// or at once when the browser says it is online again: a new move waits for the retry, it does not bring it
// forward), and nothing is sent while the browser says it is offline; a refusal (a move that does not replay, a stale tab) drops
// the game's waiting moves and hands the error to the page, which reloads the server's game. A game started on the
// device whose id the server says another player holds already is given a new id with all of its moves, and sent
// again from its first move under that id: nothing of it is lost.
// No DOM here: the storage, the request and the clock are passed in, so Node's test runner drives it.

export const KEY_PREFIX = "heartcards.h2h.sync.";
export const BATCH_LIMIT = 500;
export const FIRST_DELAY_MS = 1000;
export const MAX_DELAY_MS = 30_000;

/**
 * One game's books. `moves` is the record the device holds, `confirmed` the one the server answered last; `known`
 * says the server has the game (a game started on the device is created by its first batch, which names `code`).
 * @typedef {object} SyncEntry
 * @property {string} id
 * @property {string} code
 * @property {string[]} moves
 * @property {string[]} confirmed
 * @property {boolean} known
 * @property {boolean} [daily]
 * @property {boolean} [assisted]
 * @property {number} [seconds]
 * @property {number} [changedAt] Date.now() of the last change (the newest entry is the device's current game)
 */

/** @typedef {{from: number, moves: string[], replace?: boolean, code?: string}} Batch */
/** @typedef {"saved" | "sending" | "waiting"} SyncState */

/**
 * Where two move lists first differ (the shorter one's length when one is the other's beginning).
 * @param {readonly string[]} a
 * @param {readonly string[]} b
 */
export function firstDifference(a, b) {
  const length = Math.min(a.length, b.length);
  for (let index = 0; index < length; index += 1) if (a[index] !== b[index]) return index;
  return length;
}

/**
 * The next request for `entry`, or null when the server holds all of it.
 * @param {SyncEntry} entry
 * @param {number} [limit]
 * @returns {Batch | null}
 */
export function nextBatch(entry, limit = BATCH_LIMIT) {
  const from = firstDifference(entry.confirmed, entry.moves);
  if (entry.known && from === entry.moves.length && from === entry.confirmed.length) return null;
  /** @type {Batch} */
  const batch = { from, moves: entry.moves.slice(from, from + limit) };
  if (from < entry.confirmed.length) batch.replace = true;
  if (!entry.known) batch.code = entry.code;
  return batch;
}

/**
 * The moves of a record `CODE m m …`.
 * @param {string} record
 */
export function recordMoves(record) {
  return record.trim().split(/\s+/).slice(1);
}

/**
 * @typedef {object} SyncStore
 * @property {() => string[]} keys every stored key
 * @property {(key: string) => string | null} read
 * @property {(key: string, value: string | null) => void} write null removes
 */

/**
 * @typedef {object} SyncOptions
 * @property {SyncStore} store
 * @property {(id: string, batch: Batch) => Promise<{stored: number, view: {record: string}}>} send
 * @property {(error: unknown) => boolean} retryable a network failure or a busy server (try again later)
 * @property {(id: string, error: unknown) => void} onRefused the server refused the game's moves
 * @property {(id: string, answer: {stored: number, view: any}) => void} [onStored]
 * @property {(state: SyncState) => void} [onState]
 * @property {(ms: number) => Promise<void>} [sleep]
 * @property {(work: () => void) => void} [later] when an update starts sending: at once unless given (the play page
 *   sends after the next frame, so the frame that draws a tap does not wait for the request)
 * @property {() => boolean} [online] false while the device knows it has no network (the browser's
 *   `navigator.onLine`): then nothing is sent (each request would only fail) until a kick says it is back
 * @property {(error: unknown) => boolean} [idTaken] the server refused a game the device started because another
 *   player's game holds its id (never, unless given)
 * @property {() => string} [newId] a fresh id for such a game (required with `idTaken`)
 * @property {(from: string, to: string) => void} [onRenamed] a game the device started has a new id, its moves kept
 * @property {(key: string, error: unknown) => void} [onUnreadable] a stored entry did not parse (it is dropped)
 */

/** @param {SyncOptions} options */
export function createSync({
  store,
  send,
  retryable,
  onRefused,
  onStored = () => {},
  onState = () => {},
  sleep,
  later = (work) => work(),
  online = () => true,
  idTaken = () => false,
  newId,
  onRenamed = () => {},
  onUnreadable = () => {},
}) {
  /** @type {SyncState} */
  let state = "saved";
  let running = false;
  let delay = FIRST_DELAY_MS;
  /** @type {(() => void) | null} */
  let wake = null;
  /** @type {((saved: boolean) => void)[]} */
  let waiters = [];

  /** @param {SyncState} next */
  function setState(next) {
    if (next !== state) {
      state = next;
      onState(next);
    }
    if (next !== "sending") {
      const done = waiters;
      waiters = [];
      for (const resolve of done) resolve(next === "saved");
    }
  }

  /** @returns {SyncEntry[]} every stored entry, oldest change first */
  function entries() {
    /** @type {SyncEntry[]} */
    const found = [];
    for (const key of store.keys()) {
      if (!key.startsWith(KEY_PREFIX)) continue;
      try {
        const entry = JSON.parse(store.read(key) || "null");
        if (entry && typeof entry.id === "string" && Array.isArray(entry.moves)) found.push(entry);
      } catch (error) {
        onUnreadable(key, error);
        store.write(key, null);
      }
    }
    return found.sort((a, b) => (a.changedAt || 0) - (b.changedAt || 0));
  }

  /** @param {string} id */
  function get(id) {
    try {
      const entry = JSON.parse(store.read(KEY_PREFIX + id) || "null");
      return entry && Array.isArray(entry.moves) ? /** @type {SyncEntry} */ (entry) : null;
    } catch (error) {
      onUnreadable(KEY_PREFIX + id, error);
      return null;
    }
  }

  /** @param {SyncEntry} entry */
  function put(entry) {
    store.write(KEY_PREFIX + entry.id, JSON.stringify(entry));
  }

  /** @param {number} ms */
  function pause(ms) {
    return new Promise((resolve) => {
      wake = () => resolve(undefined);
      const timer = sleep
        ? sleep(ms)
        : new Promise((done) => {
            setTimeout(done, ms);
          });
      timer.then(() => resolve(undefined));
    });
  }

  /**
   * Move the books of a game the server never held for this player to a new id: its latest moves (a tap may have
   * been written meanwhile), to be sent from the first one with its deal, as a game the server has never seen.
   * @param {SyncEntry} pending
   * @param {string} id
   */
  function renamed(pending, id) {
    const latest = get(pending.id) || pending;
    store.write(KEY_PREFIX + pending.id, null);
    put({ ...latest, id, confirmed: [], known: false });
    onRenamed(pending.id, id);
  }

  async function loop() {
    running = true;
    try {
      for (;;) {
        const pending = entries().find((entry) => nextBatch(entry) !== null);
        if (!pending) {
          setState("saved");
          return;
        }
        if (!online()) {
          setState("waiting");
          await pause(MAX_DELAY_MS); // the browser's "online" event kicks at once
          wake = null;
          continue;
        }
        const batch = /** @type {Batch} */ (nextBatch(pending));
        setState("sending");
        try {
          const answer = await send(pending.id, batch);
          const latest = get(pending.id) || pending;
          latest.confirmed = recordMoves(answer.view.record);
          latest.known = true;
          put(latest);
          delay = FIRST_DELAY_MS;
          onStored(pending.id, answer);
        } catch (error) {
          if (!pending.known && newId && idTaken(error)) {
            renamed(pending, newId());
          } else if (retryable(error)) {
            setState("waiting");
            await pause(delay);
            wake = null;
            delay = Math.min(delay * 2, MAX_DELAY_MS);
          } else {
            store.write(KEY_PREFIX + pending.id, null);
            onRefused(pending.id, error);
          }
        }
      }
    } finally {
      running = false;
    }
  }

  return {
    get state() {
      return state;
    },
    entries,
    get,
    /**
     * Record the device's moves of a game (and what the page shows with them) at once, and send what the server
     * lacks when `later` says.
     * @param {SyncEntry} entry
     */
    update(entry) {
      put({ ...entry, changedAt: Date.now() });
      // The state says at once that a move waits (never "saved" while the server lacks one), though its request
      // starts only when `later` runs.
      if (state === "saved" && nextBatch(entry) !== null) setState("sending");
      // Only starts an idle loop: a retry that waits keeps its time (once a move, offline, was a request a move).
      later(() => {
        if (!running) loop();
      });
    },
    /**
     * Forget a game's books (the server's copy is the game now).
     * @param {string} id
     */
    forget(id) {
      store.write(KEY_PREFIX + id, null);
    },
    /** Send now: at once if waiting for a retry (the browser is back online), else start if idle. */
    kick() {
      if (wake) {
        delay = FIRST_DELAY_MS;
        wake();
      } else if (!running) loop();
    },
    /**
     * Resolves true once everything is stored, false as soon as a request fails (offline: do not wait).
     * @returns {Promise<boolean>}
     */
    flush() {
      this.kick();
      if (!running && state === "saved") return Promise.resolve(true);
      if (state === "waiting" && !online()) return Promise.resolve(false); // the kick found the device offline
      return new Promise((resolve) => {
        waiters.push(resolve);
      });
    },
  };
}
