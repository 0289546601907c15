// The books (sync.js) in the browser, for the play, home and statistics pages: localStorage as the store, the moves
// endpoint as the request; ids and deal codes for games started on the device (offline), and the daily deals already
// fetched.

import { ApiError, isRetryable } from "../../common/api.js";
import { api } from "../api.js";
import { MAX_NUMBER, formatCode } from "../engine/index.js";
import { afterNextFrame } from "../../common/frames.js";
import { reportFallback } from "../../common/report.js";
import { keysStartingWith, readItem, writeItem } from "../../common/storage.js";
import { createSync } from "../sync.js";

/** @import { SyncOptions } from "../sync.js" */
/** @import { Daily } from "../types.js" */

const DAILY_PREFIX = "heartcards.h2h.daily.";
/** The server's refusal of a device's game whose id another player's game holds (docs/h2h-web-api.md). */
const ID_TAKEN = "h2h.error.game_id_taken";

/** localStorage (or the page's memory where there is none) as the books' store. */
const browserStore = {
  keys: () => keysStartingWith(""),
  read: readItem,
  write: writeItem,
};

/**
 * The books of this browser: the page passes what to do with a refusal, an answer and a change of state. A move is
 * written to the store at once and sent after the frame that draws it; a game started here whose id another player
 * took is given a new one (`onRenamed`).
 * @param {Pick<SyncOptions, "onRefused" | "onStored" | "onState" | "onRenamed">} handlers
 */
export function createBooks(handlers) {
  return createSync({
    store: browserStore,
    send: (id, batch) => api.moves(id, batch),
    retryable: isRetryable,
    later: afterNextFrame,
    online: () => navigator.onLine !== false,
    idTaken: (error) => error instanceof ApiError && error.key === ID_TAKEN,
    newId: newDeviceId,
    onUnreadable: (key, error) => reportFallback(`Reading the stored game ${key} (it is dropped)`, error),
    ...handlers,
  });
}

/** @typedef {ReturnType<typeof createBooks>} Books */

/**
 * Send what waits as soon as it may reach the server: when the browser is online again or the page is shown again.
 * While the page is hidden the server's clock of the game `playing()` names is stopped (its next batch resumes it).
 * @param {Books} books
 * @param {() => string | null} playing the id of the shown game while it is being played
 */
export function keepSending(books, playing) {
  window.addEventListener("online", () => books.kick());
  document.addEventListener("visibilitychange", () => {
    const id = playing();
    if (!document.hidden) books.kick();
    else if (id) {
      fetch(`/api/h2h/games/${encodeURIComponent(id)}/pause`, { method: "POST", keepalive: true }).catch((error) =>
        reportFallback("Pausing the game's clock", error),
      );
    }
  });
}

/** A new game's id made on the device: 32 hex digits from the browser's random source, as the server's own ids. */
export function newDeviceId() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/**
 * A fresh deal code of `mode`, its number from the browser's random source (a next deal must not be predictable).
 * @param {"N" | "S"} mode
 */
export function randomCode(mode) {
  const [high, low] = crypto.getRandomValues(new Uint32Array(2));
  return formatCode(mode, Number((BigInt(high) * 2n ** 32n + BigInt(low)) % BigInt(MAX_NUMBER + 1)));
}

/** Today's date (UTC), as the server names daily deals. */
export function today() {
  return new Date().toISOString().slice(0, 10);
}

/**
 * Keep a day's deal code for playing it offline.
 * @param {string} date
 * @param {string} code
 */
export function rememberDaily(date, code) {
  writeItem(DAILY_PREFIX + date, code);
}

/**
 * The daily deal of `date` if it was fetched once, else an error saying it needs the server.
 * @param {string} date
 * @param {(key: string) => string} translate
 */
export function dailyCode(date, translate) {
  const code = readItem(DAILY_PREFIX + date);
  if (code === null) throw new ApiError(0, "h2h.ui.offline.daily", translate("h2h.ui.offline.daily"));
  return code;
}

/**
 * Fetch and keep today's deal code in the background (so it can be played offline later today); the whole answer, or
 * null without the server (at once when the device knows it is offline: the request could only fail).
 * @returns {Promise<Daily | null>}
 */
export function fetchDaily() {
  if (navigator.onLine === false) return Promise.resolve(null);
  return api
    .daily()
    .then((daily) => {
      rememberDaily(daily.date, daily.code);
      return daily;
    })
    .catch((error) => {
      reportFallback("Fetching today's deal for later", error);
      return null;
    });
}
