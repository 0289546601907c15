// Where the play page's game comes from: the one to open, a new deal, a restart, the server's copy after a refusal.
// Each asks the server first and, when it cannot be reached, carries on with the device's books or starts the game
// on the device (session.js).

import { ApiError, isOffline } from "../../common/api.js";
import { api } from "../api.js";
import { reportFallback } from "../../common/report.js";
import { nextBatch } from "../sync.js";
import { announce } from "../../common/status.js";
import { heldEntry, startOnDevice } from "./session.js";

/** @import { NewGameSpec } from "../api.js" */
/** @import { GameView } from "../types.js" */
/** @import { Books } from "./books.js" */
/** @import { Session } from "./session.js" */

/**
 * The game to open: moves of this device the server does not hold yet first, else the game the address names,
 * else the running one, else a new one of `spec`; with no server, the device's last game (of the address's deal)
 * or one started on the device.
 * @param {Session} session
 * @param {Books} books
 * @param {NewGameSpec} spec
 * @returns {Promise<GameView>}
 */
export async function openGame(session, books, spec) {
  const match = window.location.pathname.match(/^\/play\/([^/]+)\/?$/);
  const wanted = match ? decodeURIComponent(match[1]).trim().toUpperCase() : null;
  const mine = books.entries().filter((entry) => !wanted || entry.code === wanted);
  const waiting = mine.filter((entry) => nextBatch(entry) !== null).pop();
  if (waiting) {
    books.kick();
    return session.take(heldEntry(waiting));
  }
  try {
    return session.takeServer(await serverGame(wanted, spec));
  } catch (error) {
    if (!isOffline(error)) throw error;
    const last = mine.pop();
    return session.take(last ? heldEntry(last) : startOnDevice(books, wanted ? { code: wanted } : spec));
  }
}

/**
 * The server's game for the address's deal `wanted` (or the running one, or a new one of `spec`).
 * @param {string | null} wanted
 * @param {NewGameSpec} spec
 * @returns {Promise<GameView>}
 */
async function serverGame(wanted, spec) {
  const current = await api.currentGame();
  if (wanted && !(current && current.code === wanted)) {
    try {
      return await api.newGame({ code: wanted });
    } catch (error) {
      if (!(error instanceof ApiError) || isOffline(error)) throw error;
      announce(error.message, { kind: "error", ms: 8000 });
      return current || api.newGame(spec);
    }
  }
  return current || api.newGame(spec);
}

/**
 * Start the game `spec` asks for in place of `old`, which the server counts as lost when it was begun.
 * @param {Session} session
 * @param {Books} books
 * @param {NewGameSpec} spec
 * @param {GameView | null} old
 * @returns {Promise<GameView>}
 */
export async function newGame(session, books, spec, old) {
  try {
    await books.flush(); // the old game's moves first: starting a new game leaves it
    const answer = await api.newGame(spec);
    if (old && old.id !== answer.id && old.status === "playing" && old.moves > 0) {
      await api.abandon(old.id).catch((error) => reportFallback("Counting the game left as lost", error));
    }
    return session.takeServer(answer);
  } catch (error) {
    if (!isOffline(error)) throw error;
    return session.take(startOnDevice(books, spec));
  }
}

/**
 * A new game of the deal of `old`.
 * @param {Session} session
 * @param {Books} books
 * @param {GameView} old
 * @returns {Promise<GameView>}
 */
export async function restartGame(session, books, old) {
  try {
    await books.flush();
    return session.takeServer(await api.restart(old.id));
  } catch (error) {
    if (!isOffline(error)) throw error;
    return session.take(startOnDevice(books, { code: old.code }));
  }
}

/**
 * The server's copy of game `id` made the shown one (the device's moves were refused); a new game of `spec` when
 * the server has none.
 * @param {Session} session
 * @param {string} id
 * @param {NewGameSpec} spec
 * @returns {Promise<GameView>}
 */
export async function serverCopy(session, id, spec) {
  try {
    return session.takeServer(await api.getGame(id));
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 404) throw error;
    return session.takeServer(await api.newGame(spec));
  }
}
