// The Heart to Heart API (docs/h2h-web-api.md), one function a request.

import { request } from "../common/api.js";

/** @import { Daily, GameView, HintAnswer, MovesAnswer, TapAnswer, Target, UndoAnswer } from "./types.js" */
/** @import { Batch } from "./sync.js" */

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
  /** @type {(id: string) => Promise<UndoAnswer>} */
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
