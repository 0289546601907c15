// The JSON API client. Errors come back as {"error": {"key", "message", "params"}} with a 4xx status; they become
// ApiError with the server's translated message.

/** @import { Daily, GameView, HintAnswer, MovesAnswer, TapAnswer, Target, ViewAnswer } from "./types.js" */
/** @import { Batch } from "./sync.js" */

export class ApiError extends Error {
  /**
   * @param {number} status the HTTP status, 0 when the server could not be reached
   * @param {string} key the message key
   * @param {string} message the server's translated message
   * @param {Record<string, unknown>} [params]
   */
  constructor(status, key, message, params) {
    super(message);
    this.status = status;
    this.key = key;
    this.params = params || {};
  }
}

/**
 * A failure worth trying again later: the server could not be reached, was busy, or asked to slow down.
 * @param {unknown} error
 */
export function isRetryable(error) {
  return error instanceof ApiError && (error.status === 0 || error.status === 429 || error.status >= 500);
}

/**
 * The server could not be reached (or is down or busy): the device carries on alone, and what needs the server (hints,
 * par, statistics) says so.
 * @param {unknown} error
 */
export function isOffline(error) {
  return isRetryable(error);
}

/**
 * Send a request; the answer's JSON, or an ApiError.
 * @param {string} method
 * @param {string} path
 * @param {unknown} [body] sent as JSON
 * @param {Record<string, string>} [headers]
 * @returns {Promise<any>}
 */
export async function request(method, path, body, headers = {}) {
  /** @type {Record<string, string>} */
  const sent = { Accept: "application/json", ...headers };
  /** @type {RequestInit} */
  const init = { method, headers: sent, credentials: "same-origin" };
  if (body !== undefined) {
    sent["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(path, init);
  } catch (error) {
    throw new ApiError(0, "network", error instanceof Error ? error.message : String(error), {});
  }
  const data = await response.json().catch(() => null);
  if (!response.ok) {
    const error = (data && data.error) || {};
    throw new ApiError(response.status, error.key || "http", error.message || `HTTP ${response.status}`, error.params);
  }
  return data;
}

/** @param {string} id */
const game = (id) => `/api/h2h/games/${encodeURIComponent(id)}`;

/** @typedef {{mode?: "N" | "S", code?: string, daily?: boolean}} NewGameSpec */

/** The Heart to Heart API (docs/h2h-web-api.md). */
export const api = {
  /** @type {(spec: NewGameSpec) => Promise<GameView>} */
  newGame: (spec) => request("POST", "/api/h2h/games", spec),
  /** The player's running game, or null when there is none (204, no body). @type {() => Promise<GameView | null>} */
  currentGame: () => request("GET", "/api/h2h/games/current"),
  /** @type {(id: string) => Promise<GameView>} */
  getGame: (id) => request("GET", game(id)),
  /** @type {(id: string, target: Target) => Promise<TapAnswer>} */
  tap: (id, target) => request("POST", `${game(id)}/tap`, { target }),
  /** @type {(id: string, batch: Batch) => Promise<MovesAnswer>} */
  moves: (id, batch) => request("POST", `${game(id)}/moves`, batch),
  /** @type {() => Promise<Daily>} */
  daily: () => request("GET", "/api/h2h/daily"),
  /** @type {(id: string) => Promise<ViewAnswer>} */
  undo: (id) => request("POST", `${game(id)}/undo`),
  /** @type {(id: string) => Promise<GameView>} */
  restart: (id) => request("POST", `${game(id)}/restart`),
  /** @type {(id: string) => Promise<HintAnswer>} */
  hint: (id) => request("POST", `${game(id)}/hint`),
  /** @type {(id: string) => Promise<unknown>} */
  abandon: (id) => request("POST", `${game(id)}/abandon`),
  /** @type {() => Promise<any>} */
  stats: () => request("GET", "/api/h2h/stats"),
  /** @type {(id: string) => Promise<any>} */
  replay: (id) => request("GET", `${game(id)}/replay`),
  /** @type {(code: string) => Promise<any>} */
  solution: (code) => request("GET", `/api/h2h/solution/${encodeURIComponent(code)}`),
  /** @type {(code: string) => Promise<any>} */
  deal: (code) => request("GET", `/api/h2h/deals/${encodeURIComponent(code)}`),
};
