// @ts-check
// Solo games played on the device: each kept in localStorage under hc_hearts_device_<id> (its seed, rules, strength,
// the person's name and every action, so a reload or a closed tab replays the deal from them), and sent to the
// server once finished (`POST /api/hearts/device-games`), which replays every card before the game counts.

import { ApiError, isRetryable, request } from "../common/api.js";
import { reportFallback } from "../common/report.js";
import { keysStartingWith, readJson, writeItem } from "../common/storage.js";
import { Game } from "./engine/index.js";

const PREFIX = "hc_hearts_device_";

/**
 * A game on the device. `sync` is "playing" until the end, then "waiting" until the server answers: "counted" (its
 * table id in `table`) or "refused" (the error key in `refusal`).
 * @typedef {{id: string, seed: string, variant: "classic" | "special", target: number, strength: string,
 *   name: string, actions: string[], createdAt: string, sync: "playing" | "waiting" | "counted" | "refused",
 *   table?: string, refusal?: string}} DeviceGame
 */

/**
 * @param {number} bytes
 * @returns {Uint8Array}
 */
function randomBytes(bytes) {
  return crypto.getRandomValues(new Uint8Array(bytes));
}

/**
 * A new game, stored: a fresh 64-bit seed, as the server's tables have.
 * @param {{variant: "classic" | "special", target: number, strength: string, name: string}} rules
 * @returns {DeviceGame}
 */
export function newDeviceGame({ variant, target, strength, name }) {
  const hex = (/** @type {Uint8Array} */ bytes) => [...bytes].map((byte) => byte.toString(16).padStart(2, "0")).join("");
  /** @type {DeviceGame} */
  const game = {
    id: hex(randomBytes(16)),
    seed: BigInt(`0x${hex(randomBytes(8))}`).toString(),
    variant,
    target,
    strength,
    name,
    actions: [],
    createdAt: new Date().toISOString(),
    sync: "playing",
  };
  saveDeviceGame(game);
  return game;
}

/**
 * The stored game, or null when there is none or its actions do not replay (storage edited by hand, or written by
 * an engine whose rules have changed since): such a game cannot be shown, nor counted.
 * @param {string} id
 * @returns {DeviceGame | null}
 */
export function loadDeviceGame(id) {
  const stored = readJson(PREFIX + id);
  if (!stored || typeof stored !== "object") return null;
  const game = /** @type {DeviceGame} */ (stored);
  try {
    Game.fromDict({ version: 1, first_deal: 1, ...game });
  } catch (error) {
    reportFallback(`Replaying the game ${id} kept on this device`, error);
    return null;
  }
  return game;
}

/** @param {DeviceGame} game */
export function saveDeviceGame(game) {
  writeItem(PREFIX + game.id, JSON.stringify(game));
}

/** @returns {DeviceGame[]} every game kept on the device, newest first */
export function deviceGames() {
  return keysStartingWith(PREFIX)
    .map((key) => loadDeviceGame(key.slice(PREFIX.length)))
    .filter((game) => game !== null)
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

/**
 * Send one finished game; resolves to whether it is settled (counted or refused), false when it should be sent later.
 * @param {DeviceGame} game
 */
async function send(game) {
  const { seed, variant, target, strength, name, actions } = game;
  try {
    const answer = await request("POST", "/api/hearts/device-games", { seed, variant, target, strength, name, actions });
    game.sync = "counted";
    game.table = answer.table.id;
  } catch (error) {
    if (isRetryable(error) || !(error instanceof ApiError)) {
      reportFallback("Sending a game played on the device", error);
      return false;
    }
    game.sync = "refused";
    game.refusal = error.key;
    console.error("The server refused a game played on the device:", error.key, error.params);
  }
  saveDeviceGame(game);
  return true;
}

let sending = false;

/** Send every finished game the server has not answered yet, one at a time; the others wait for the next call. */
export async function syncDeviceGames() {
  if (sending || navigator.onLine === false) return;
  sending = true;
  try {
    for (const game of deviceGames()) {
      if (game.sync === "waiting" && !(await send(game))) break; // unreachable now: try again later
    }
  } finally {
    sending = false;
  }
}

/** Sync now and whenever the network comes back. */
export function keepDeviceGamesSynced() {
  window.addEventListener("online", () => syncDeviceGames());
  return syncDeviceGames();
}
