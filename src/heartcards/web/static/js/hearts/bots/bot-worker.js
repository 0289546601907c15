// @ts-check
// The page's side of the computer players' Web Worker (worker.js): `new BotWorker()` starts it, and
// `decide(observation, strength, seed, budget)` resolves to the cards the bot chose (three to pass, one to play) and
// how long it thought, or rejects with a `BotDecisionError` carrying the translation key and params. Requests are
// answered in the order they are sent.

/** @typedef {import("../engine/game.js").Observation} Observation */
/** @typedef {{cards: number[], ms: number}} Decision */

/** A decision the worker could not make (an unknown strength, a bad budget, nothing for the seat to do). */
export class BotDecisionError extends Error {
  /**
   * @param {string} key
   * @param {Record<string, unknown>} params
   * @param {string} message
   */
  constructor(key, params, message) {
    super(message);
    this.name = "BotDecisionError";
    this.key = key;
    this.params = params;
  }
}

export class BotWorker {
  /** @param {URL | string} [url] the worker module (this directory's worker.js unless told) */
  constructor(url = new URL("./worker.js", import.meta.url)) {
    this.worker = new Worker(url, { type: "module" });
    this.nextId = 0;
    /** @type {Map<number, {resolve: (decision: Decision) => void, reject: (error: Error) => void}>} */
    this.waiting = new Map();
    this.worker.onmessage = (event) => this.answer(event.data);
    this.worker.onerror = (event) => this.failAll(new Error(event.message || "the bots' worker failed"));
  }

  /**
   * @param {Observation} observation the deciding seat's observation
   * @param {string} strength `easy`, `normal`, `strong` or `expert`
   * @param {bigint | number | string} seed a whole number
   * @param {number} [budget] the share of the strength's playouts, in (0, 1]
   * @returns {Promise<Decision>}
   */
  decide(observation, strength, seed, budget = 1.0) {
    const id = this.nextId;
    this.nextId += 1;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.worker.postMessage({ id, observation, strength, seed: String(seed), budget });
    });
  }

  /** Stops the worker; decisions still waiting reject. */
  close() {
    this.worker.terminate();
    this.failAll(new Error("the bots' worker was closed"));
  }

  /**
   * @param {{id: number, cards?: number[], ms?: number,
   *   error?: {key: string, params: Record<string, unknown>, message: string}}} data
   */
  answer(data) {
    const request = this.waiting.get(data.id);
    if (!request) return;
    this.waiting.delete(data.id);
    if (data.error) request.reject(new BotDecisionError(data.error.key, data.error.params, data.error.message));
    else request.resolve({ cards: data.cards ?? [], ms: data.ms ?? 0 });
  }

  /** @param {Error} error */
  failAll(error) {
    for (const request of this.waiting.values()) request.reject(error);
    this.waiting.clear();
  }
}
