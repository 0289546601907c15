// @ts-check
// The computer players' Web Worker (a module worker): a bot thinks here, so the page draws every tap in the next
// frame while it does. Each message `{id, observation, strength, seed, budget}` gets `{id, cards, ms}` back (the card
// indices `decide` gives: three to pass, one to play, and the thinking time), or `{id, error: {key, params,
// message}}` for a decision that cannot be made. The page talks to it through `BotWorker` (bot-worker.js).

import { decide } from "./decide.js";

/** @typedef {{id: number, observation: import("../engine/game.js").Observation, strength: string, seed: string,
 *   budget: number}} DecisionRequest */

/** @param {MessageEvent<DecisionRequest>} event */
globalThis.onmessage = (event) => {
  const { id, observation, strength, seed, budget } = event.data;
  const started = performance.now();
  try {
    const cards = decide(observation, strength, seed, budget);
    globalThis.postMessage({ id, cards, ms: performance.now() - started });
  } catch (error) {
    const failure = /** @type {{key?: string, params?: Record<string, unknown>, message?: string}} */ (error);
    globalThis.postMessage({
      id,
      error: { key: failure.key ?? "hearts.error", params: failure.params ?? {}, message: String(failure.message) },
    });
  }
};
