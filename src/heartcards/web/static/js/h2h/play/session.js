// The game the play page shows, held on the device: the JavaScript engine's Game and what the web adds to it (id,
// time, hints, daily deal, par), written to the books (sync.js) after every move. A game comes from the server's
// view, from the books (moves the server may not hold yet), or is started on the device when the server cannot be
// reached (startOnDevice): the home page starts one that way too, then opens the play page on it.

import { ApiError } from "../../common/api.js";
import { DealCodeError, Game, normalizeCode } from "../engine/index.js";
import { t } from "../../common/i18n.js";
import { KEY_PREFIX, nextBatch, recordMoves } from "../sync.js";
import { createBooks, dailyCode, newDeviceId, randomCode, rememberDaily, today } from "./books.js";
import { gameView } from "../game-view.js";

/** @import { NewGameSpec } from "../api.js" */
/** @import { SyncEntry, SyncOptions } from "../sync.js" */
/** @import { GameView } from "../types.js" */
/** @import { Books } from "./books.js" */
/** @import { GameMeta } from "../game-view.js" */

/** @typedef {{game: Game, meta: GameMeta}} HeldGame */

/**
 * The books' entry of `held`; what the server holds of it (`confirmed`, `known`) as `before` says.
 * @param {HeldGame} held
 * @param {SyncEntry | null} before
 * @returns {SyncEntry}
 */
function entryOf({ game, meta }, before) {
  return {
    id: meta.id,
    code: meta.code,
    moves: game.played.map(String),
    confirmed: before ? before.confirmed : [],
    known: before ? before.known : false,
    daily: meta.daily,
    assisted: meta.assisted,
    seconds: meta.seconds,
  };
}

/**
 * @param {Record<string, unknown>} params
 * @returns {Record<string, string>}
 */
function stringParams(params) {
  return Object.fromEntries(Object.entries(params).map(([name, value]) => [name, String(value)]));
}

/**
 * The deal `spec` asks for, chosen on the device: the typed code, today's daily deal when it was fetched once, else
 * a fresh code of the mode (N, or S for winnable deals only). A bad code, or a daily deal never fetched, throws an
 * ApiError with the translated reason, as the server's answer would.
 * @param {NewGameSpec} spec
 * @returns {string}
 */
export function deviceCode(spec) {
  try {
    if (spec.code) return normalizeCode(spec.code);
    return spec.daily ? dailyCode(today(), t) : randomCode(spec.mode || "N");
  } catch (error) {
    if (!(error instanceof DealCodeError)) throw error;
    throw new ApiError(400, error.key, t(error.key, stringParams(error.params)), error.params);
  }
}

/**
 * Start the game `spec` asks for on the device, with no server: its id made here and its record written to the
 * books, from which the server creates the game with the first batch of moves.
 * @param {Books} books
 * @param {NewGameSpec} spec
 * @returns {HeldGame}
 */
export function startOnDevice(books, spec) {
  const code = deviceCode(spec);
  const meta = { id: newDeviceId(), code, seconds: 0, assisted: false, daily: Boolean(spec.daily), par: null };
  const held = { game: Game.fromCode(code), meta };
  books.update(entryOf(held, null));
  return held;
}

/**
 * The game of a books' entry, its moves replayed by the device's engine.
 * @param {SyncEntry} entry
 */
function gameOf(entry) {
  return Game.fromRecord([entry.code, ...entry.moves].join(" "));
}

/**
 * A game of the books, its moves replayed by the device's engine.
 * @param {SyncEntry} entry
 * @returns {HeldGame}
 */
export function heldEntry(entry) {
  return {
    game: gameOf(entry),
    meta: {
      id: entry.id,
      code: entry.code,
      seconds: entry.seconds || 0,
      assisted: Boolean(entry.assisted),
      daily: Boolean(entry.daily),
      par: null,
    },
  };
}

/**
 * The game the play page shows and the books it is kept in; when the server stores the shown game, the game takes
 * its par and whether hints were used from the answer.
 * @param {Pick<SyncOptions, "onRefused" | "onState">} handlers
 */
export function createSession(handlers) {
  /** @type {HeldGame | null} */
  let held = null;
  const books = createBooks({
    ...handlers,
    onStored: (id, answer) => {
      if (held?.meta.id !== id) return;
      held.meta.par = answer.view.par;
      held.meta.assisted = answer.view.assisted;
    },
    onRenamed: (from, to) => {
      if (held?.meta.id === from) held.meta.id = to; // the shown game's next moves go to its books under the new id
    },
  });
  return {
    books,
    /** The shown game on the device: every tap is applied here. */
    get game() {
      return held ? held.game : null;
    },
    /** @returns {GameMeta | null} */
    get meta() {
      return held ? held.meta : null;
    },
    /**
     * The shown game's view as the device's engine has it, its clock at the time played so far.
     * @returns {GameView}
     */
    view() {
      const { game, meta } = /** @type {HeldGame} */ (held);
      return gameView(game, meta);
    },
    /**
     * Show `next` (a game of the books, or one just started on the device).
     * @param {HeldGame} next
     */
    take(next) {
      held = next;
      return this.view();
    },
    /**
     * Make the server's game the shown one (its record replayed by the device's engine); books of other games that
     * the server holds completely are dropped.
     * @param {GameView} view
     */
    takeServer(view) {
      const meta = { id: view.id, code: view.code, seconds: view.seconds, assisted: view.assisted, daily: view.daily, par: view.par };
      held = { game: Game.fromRecord(view.record), meta };
      if (view.daily) rememberDaily(today(), view.code);
      for (const entry of books.entries()) if (entry.id !== view.id && nextBatch(entry) === null) books.forget(entry.id);
      const moves = recordMoves(view.record);
      books.update({ ...entryOf(held, null), moves, confirmed: moves, known: true });
      return this.view();
    },
    /** Write the device's moves of the shown game to the books (which send what the server lacks). */
    save() {
      if (held) books.update(entryOf(held, books.get(held.meta.id)));
    },
    /**
     * Another tab of this browser wrote the shown game's books: take its moves. Whether the shown game changed.
     * @param {StorageEvent} event
     */
    takeStored(event) {
      if (!held || event.key !== KEY_PREFIX + held.meta.id || !event.newValue) return false;
      const entry = /** @type {SyncEntry} */ (JSON.parse(event.newValue));
      if (entry.moves.join(" ") === held.game.played.map(String).join(" ")) return false;
      held.game = gameOf(entry);
      return true;
    },
  };
}

/** @typedef {ReturnType<typeof createSession>} Session */
