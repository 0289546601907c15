// The game screen: each tap is applied on the device by the JavaScript engine and drawn in the same frame; the
// moves reach the server in the background (play/books.js, sync.js), which replays them and keeps the books. Wires
// the board renderer (state → DOM), the input (events → intents), the bar, the settings store and the dialogs. With
// no network the game goes on (a new game gets its id and deal here); hints and par need the server and say so.

import { ApiError, api } from "./api.js";
import { createBoard } from "./board.js";
import { startPage } from "./chrome.js";
import { copyText } from "./clipboard.js";
import { openCodeDialog } from "./code-dialog.js";
import { openDialog } from "./dialogs.js";
import { byId } from "./dom.js";
import { DealCodeError, Game, normalizeCode } from "./h2h/engine/index.js";
import { t } from "./i18n.js";
import { bindInput, neighbour } from "./input.js";
import { createBar } from "./play/bar.js";
import { createBooks, dailyCode, fetchDaily, isOffline, newDeviceId, randomCode, rememberDaily, today } from "./play/books.js";
import { openStalemateDialog, openWinDialog } from "./play/end-dialogs.js";
import { viewOf } from "./play/local-view.js";
import { createQueue } from "./play/queue.js";
import { openSettingsDialog } from "./play/settings-dialog.js";
import { duration, loadSettings, saveSettings } from "./settings.js";
import { announce } from "./status.js";
import { registerWorker } from "./sync-worker.js";
import { KEY_PREFIX, nextBatch, recordMoves } from "./sync.js";

/** @import { NewGameSpec } from "./api.js" */
/** @import { Board } from "./board.js" */
/** @import { OpenDialog } from "./dialogs.js" */
/** @import { Intent } from "./input.js" */
/** @import { GameMeta } from "./play/local-view.js" */
/** @import { SyncEntry } from "./sync.js" */
/** @import { GameView, Target } from "./types.js" */

const state = {
  /** @type {GameView | null} */
  view: null,
  /** @type {Game | null} the game on the device: every tap is applied here */
  game: null,
  /** @type {GameMeta | null} */
  meta: null,
  receivedAt: 0,
  settings: loadSettings(),
  /** @type {OpenDialog | null} */
  endDialog: null,
  /** @type {string | null} the game and position whose end dialog was shown */
  endShownFor: null,
  /** @type {string | null} the won game whose par was asked of the server */
  parAskedFor: null,
};
const queue = createQueue(reportError);
const bar = createBar();
const books = createBooks({
  onState: (syncState) => bar.sync(syncState),
  onStored: (id, answer) => {
    if (state.meta?.id !== id) return;
    state.meta.par = answer.view.par;
    state.meta.assisted = answer.view.assisted;
  },
  onRefused: (id, error) => {
    if (state.meta?.id === id) queue.run(() => reloadRefused(error));
  },
});
/** @type {Board} */
let board;

// ---------------------------------------------------------------------------------------------------------------
// Showing a view

function elapsedSeconds() {
  const view = state.view;
  if (!view) return 0;
  const running = view.status === "playing";
  return view.seconds + (running ? (performance.now() - state.receivedAt) / 1000 : 0);
}

/**
 * @param {GameView} view
 * @param {{fresh?: boolean}} [options] a new or restarted game: its end dialog may show again
 */
function show(view, { fresh = false } = {}) {
  state.view = view;
  state.receivedAt = performance.now();
  if (fresh) state.endShownFor = null;
  board.render(view, { showHelp: state.settings.heartToHeart.placementHelp });
  bar.render(view, elapsedSeconds());
  const path = `/play/${view.code}`;
  if (window.location.pathname !== path) history.replaceState(null, "", path + window.location.hash);
  if (view.status === "playing") {
    closeEndDialog();
    state.endShownFor = null;
  } else if (view.status === "won" && view.par === null && state.parAskedFor !== `${view.id}:${view.moves}`) {
    // A win on the device: its dialog waits for the server to store it and tell the deal's par (offline: not long).
    state.parAskedFor = `${view.id}:${view.moves}`;
    queue.run(async () => {
      const saved = await books.flush();
      if (state.view?.id !== view.id || state.view.status !== "won") return;
      show(localView());
      if (!saved) announce(t("ui.offline.par"), { ms: 5000 });
    });
  } else if (state.endShownFor !== `${view.id}:${view.status}:${view.moves}`) {
    state.endShownFor = `${view.id}:${view.status}:${view.moves}`;
    openEndDialog(view);
  }
}

/** @param {GameView} view */
function openEndDialog(view) {
  closeEndDialog();
  const actions = {
    onUndo: () => undo(),
    onNewGame: () => queue.run(() => replaceGame(newGameSpec())),
    onWinnableGame: () => {
      state.settings.heartToHeart.dealMode = "S";
      saveSettings(state.settings);
      return queue.run(() => replaceGame(newGameSpec()));
    },
    onClose: () => {
      state.endDialog = null;
    },
  };
  if (view.status === "stalled") {
    const winnableOn = state.settings.heartToHeart.dealMode === "S";
    state.endDialog = openStalemateDialog(view, actions, { winnableOn });
  }
  else if (view.status === "won") state.endDialog = openWinDialog(view, actions);
}

function closeEndDialog() {
  state.endDialog?.close();
  state.endDialog = null;
}

// ---------------------------------------------------------------------------------------------------------------
// The game on the device and its books

/** The shown game's view as the device's engine has it, its clock at the time played so far. */
function localView() {
  return viewOf(/** @type {Game} */ (state.game), /** @type {GameMeta} */ (state.meta));
}

/** Write the device's moves of the shown game to the books (which send what the server lacks). */
function saveMoves() {
  const game = state.game;
  const meta = state.meta;
  if (!game || !meta) return;
  const held = books.get(meta.id);
  books.update({
    id: meta.id,
    code: meta.code,
    moves: game.played.map(String),
    confirmed: held ? held.confirmed : [],
    known: held ? held.known : false,
    daily: meta.daily,
    assisted: meta.assisted,
    seconds: meta.seconds,
  });
}

/**
 * Make the server's game the shown one (its record replayed by the device's engine); books of other games that the
 * server holds completely are dropped.
 * @param {GameView} view
 * @returns {GameView}
 */
function takeServerView(view) {
  state.game = Game.fromRecord(view.record);
  state.meta = { id: view.id, code: view.code, seconds: view.seconds, assisted: view.assisted, daily: view.daily, par: view.par };
  if (view.daily) rememberDaily(today(), view.code);
  for (const entry of books.entries()) if (entry.id !== view.id && nextBatch(entry) === null) books.forget(entry.id);
  const moves = recordMoves(view.record);
  books.update({ id: view.id, code: view.code, moves, confirmed: moves, known: true, daily: view.daily, assisted: view.assisted, seconds: view.seconds });
  return localView();
}

/**
 * Make a game of the books the shown one (moves the server may not hold yet).
 * @param {SyncEntry} entry
 * @returns {GameView}
 */
function takeEntry(entry) {
  state.game = Game.fromRecord([entry.code, ...entry.moves].join(" "));
  state.meta = { id: entry.id, code: entry.code, seconds: entry.seconds || 0, assisted: Boolean(entry.assisted), daily: Boolean(entry.daily), par: null };
  return localView();
}

/**
 * A new game started on the device (no server): its id made here, its deal from `spec`. The server creates it from
 * its first batch of moves.
 * @param {NewGameSpec} spec
 * @returns {GameView}
 */
function takeDeviceGame(spec) {
  let code;
  try {
    code = spec.code ? normalizeCode(spec.code) : spec.daily ? dailyCode(today(), t) : randomCode(spec.mode || "N");
  } catch (error) {
    if (error instanceof DealCodeError) throw new ApiError(400, error.key, t(error.key, stringParams(error.params)), error.params);
    throw error;
  }
  state.game = Game.fromCode(code);
  state.meta = { id: newDeviceId(), code, seconds: 0, assisted: false, daily: Boolean(spec.daily), par: null };
  saveMoves();
  return localView();
}

/**
 * @param {Record<string, unknown>} params
 * @returns {Record<string, string>}
 */
function stringParams(params) {
  return Object.fromEntries(Object.entries(params).map(([name, value]) => [name, String(value)]));
}

/**
 * The server refused the device's moves (a move that does not replay, or another tab played on): show the server's
 * game again and say why.
 * @param {unknown} error
 */
async function reloadRefused(error) {
  const id = state.meta?.id;
  if (!id) return;
  const reason = error instanceof ApiError ? error.message : t("ui.error.unexpected");
  let view;
  try {
    view = takeServerView(await api.getGame(id));
  } catch (problem) {
    if (!(problem instanceof ApiError) || problem.status !== 404) throw problem;
    view = takeServerView(await api.newGame(newGameSpec()));
  }
  closeEndDialog();
  show(view, { fresh: true });
  announce(t("ui.sync.refused", { reason }), { kind: "error", ms: 8000 });
}

/** Another tab of this browser played on the shown game: take its moves. */
/** @param {StorageEvent} event */
function onStorage(event) {
  const meta = state.meta;
  if (!meta || event.key !== KEY_PREFIX + meta.id || !event.newValue) return;
  const entry = /** @type {SyncEntry} */ (JSON.parse(event.newValue));
  if (entry.moves.join(" ") === state.game?.played.map(String).join(" ")) return;
  meta.seconds = elapsedSeconds();
  state.game = Game.fromRecord([entry.code, ...entry.moves].join(" "));
  show(localView());
}

/** @param {unknown} error */
function reportError(error) {
  if (error instanceof ApiError && error.status === 0) announce(t("ui.error.network"), { kind: "error", ms: 5000 });
  else if (error instanceof ApiError) announce(error.message, { kind: "error", ms: 5000 });
  else announce(t("ui.error.unexpected"), { kind: "error", ms: 5000 });
  if (!(error instanceof ApiError)) console.error(error);
}

// ---------------------------------------------------------------------------------------------------------------
// The player's actions, each one request to the server in the order asked

/**
 * Run `work` now when nothing is waiting (a tap is drawn in the frame it was made in), else after what is waiting.
 * @param {() => void} work
 */
function now(work) {
  if (queue.idle()) {
    try {
      work();
    } catch (error) {
      reportError(error);
    }
  } else queue.run(work);
}

/** @param {Target} target */
function tap(target) {
  now(() => {
    const view = state.view;
    const game = state.game;
    if (!view || !game || !state.meta) return;
    if (view.status !== "playing") {
      // The game is over: a tap brings back its dialog (Undo / New game) rather than an error.
      if (!state.endDialog) openEndDialog(view);
      return;
    }
    const result = game.tap(target);
    state.meta.seconds = elapsedSeconds();
    if (result.move) saveMoves();
    show(localView());
    if (result.outcome === "reselected" && state.settings.heartToHeart.moveErrors && result.message) {
      announce(t(result.message), { kind: "error" });
    }
  });
}

function undo() {
  now(() => {
    if (!state.view?.can_undo || !state.game || !state.meta) return;
    state.game.undo();
    state.meta.seconds = elapsedSeconds();
    saveMoves();
    show(localView());
  });
}

function hint() {
  return queue.run(async () => {
    if (!state.view || state.view.status !== "playing") return;
    let answer;
    try {
      if (!(await books.flush())) throw new ApiError(0, "network", "offline");
      answer = await api.hint(state.view.id);
    } catch (error) {
      if (!isOffline(error)) throw error;
      announce(t("ui.offline.hint"), { ms: 5000 });
      return;
    }
    show(takeServerView(answer.view));
    if (answer.hint) {
      board.showHint(answer.hint);
      announce(describeMove(answer.hint), { ms: 3000 });
    } else {
      announce(t(answer.view.can_undo ? "ui.hint.none" : "ui.hint.none_lost"), { ms: 5000 });
    }
  });
}

/**
 * A hint's move in words; the board shows which cards (positions are numbers the player never sees).
 * @param {string} move
 */
function describeMove(move) {
  if (move === "S") return t("ui.hint.stock");
  return t(move.endsWith("-W") ? "ui.hint.waste" : "ui.hint.pair");
}

/**
 * Start the game `spec` asks for in place of the shown one, which counts as lost when it was begun.
 * @param {NewGameSpec} spec
 */
async function replaceGame(spec) {
  const old = state.view;
  let view;
  try {
    await books.flush(); // the old game's moves first: starting a new game leaves it
    const answer = await api.newGame(spec);
    if (old && old.id !== answer.id && old.status === "playing" && old.moves > 0) {
      await api.abandon(old.id).catch(() => null);
    }
    view = takeServerView(answer);
  } catch (error) {
    if (!isOffline(error)) throw error;
    view = takeDeviceGame(spec);
  }
  closeEndDialog();
  show(view, { fresh: true });
  return view;
}

/** @returns {NewGameSpec} */
function newGameSpec() {
  return { mode: state.settings.heartToHeart.dealMode };
}

/**
 * Run `work` at once when nothing would be lost, else after the player confirms (a begun game counts as lost).
 * @param {string} titleKey
 * @param {string} bodyKey
 * @param {string} actionKey
 * @param {() => Promise<unknown>} work
 */
function confirmThen(titleKey, bodyKey, actionKey, work) {
  const view = state.view;
  if (!view || view.status !== "playing" || view.moves === 0) {
    queue.run(work);
    return;
  }
  openDialog({
    title: t(titleKey),
    body: t(bodyKey),
    actions: [
      { label: t("ui.action.cancel"), name: "cancel" },
      { label: t(actionKey), primary: true, name: "confirm", onClick: () => queue.run(work) },
    ],
  });
}

function newGame() {
  confirmThen("ui.confirm.new_title", "ui.confirm.counts_as_loss", "ui.action.new", () => replaceGame(newGameSpec()));
}

function restart() {
  confirmThen("ui.confirm.restart_title", "ui.confirm.counts_as_loss", "ui.action.restart", async () => {
    if (!state.view) return;
    const code = state.view.code;
    let view;
    try {
      await books.flush();
      view = takeServerView(await api.restart(state.view.id));
    } catch (error) {
      if (!isOffline(error)) throw error;
      view = takeDeviceGame({ code });
    }
    closeEndDialog();
    show(view, { fresh: true });
  });
}

function openSettings() {
  openSettingsDialog(state.settings, {
    onChange: () => {
      applyAnimationSpeed();
      if (state.view) board.render(state.view, { showHelp: state.settings.heartToHeart.placementHelp });
    },
    onDaily: () =>
      confirmThen("ui.confirm.new_title", "ui.confirm.counts_as_loss", "ui.settings.play_daily", () =>
        replaceGame({ daily: true }),
      ),
  });
}

async function copyLink() {
  const view = state.view;
  if (!view) return;
  const link = `${window.location.origin}/play/${view.code}`;
  announce((await copyText(link)) ? t("ui.bar.link_copied", { code: view.code }) : link);
}

// ---------------------------------------------------------------------------------------------------------------
// Starting

function applyAnimationSpeed() {
  document.documentElement.style.setProperty("--t-fast", `${duration(state.settings, 120)}ms`);
}

/**
 * The game to show: moves of this device the server does not hold yet first, else the game the address names, else
 * the running one, else a new one; with no server, the device's last game (of the address's deal) or a new one.
 * @returns {Promise<GameView>}
 */
async function loadGame() {
  const match = window.location.pathname.match(/^\/play\/([^/]+)\/?$/);
  const wanted = match ? decodeURIComponent(match[1]).trim().toUpperCase() : null;
  const mine = books.entries().filter((entry) => !wanted || entry.code === wanted);
  const waiting = mine.filter((entry) => nextBatch(entry) !== null).pop();
  if (waiting) {
    books.kick();
    return takeEntry(waiting);
  }
  try {
    return takeServerView(await serverGame(wanted));
  } catch (error) {
    if (!isOffline(error)) throw error;
    const last = mine.pop();
    return last ? takeEntry(last) : takeDeviceGame(wanted ? { code: wanted } : newGameSpec());
  }
}

/**
 * The server's game for the address's deal `wanted` (or the running one, or a new one).
 * @param {string | null} wanted
 * @returns {Promise<GameView>}
 */
async function serverGame(wanted) {
  const current = await api.currentGame();
  if (wanted && !(current && current.code === wanted)) {
    try {
      return await api.newGame({ code: wanted });
    } catch (error) {
      if (!(error instanceof ApiError) || isOffline(error)) throw error;
      announce(error.message, { kind: "error", ms: 8000 });
      return current || api.newGame(newGameSpec());
    }
  }
  return current || api.newGame(newGameSpec());
}

/** @param {Intent} intent */
function onIntent(intent) {
  if (intent.type === "tap") {
    board.setFocusTarget(intent.target);
    tap(intent.target);
  } else if (intent.type === "draw") tap("stock");
  else if (intent.type === "undo") undo();
  else if (intent.type === "hint") hint();
  else if (intent.type === "focus") {
    const next = neighbour(board.targets(), board.focusTarget, intent.direction);
    if (next !== null) board.setFocusTarget(next);
  }
}

/** Stop the server's clock while the page is hidden; the next action, or coming back, resumes it. */
function onVisibilityChange() {
  const view = state.view;
  if (!view || view.status !== "playing") return;
  if (document.hidden) {
    fetch(`/api/h2h/games/${encodeURIComponent(view.id)}/pause`, { method: "POST", keepalive: true }).catch(() => null);
  } else {
    books.kick();
  }
}

async function main() {
  // The game and the catalog load at the same time; the table is drawn once both are here.
  const game = loadGame();
  game.catch(() => null); // reported below, once the messages are in
  await startPage("play", "ui.title.play");
  applyAnimationSpeed();
  board = createBoard(byId("table"), {
    interactive: true,
    animationMs: (ms) => duration(state.settings, ms),
  });
  bindInput(board, onIntent);
  bar.tools.undo.addEventListener("click", () => undo());
  bar.tools.hint.addEventListener("click", () => hint());
  bar.tools.new.addEventListener("click", () => newGame());
  bar.tools.restart.addEventListener("click", () => restart());
  bar.tools.code.addEventListener("click", () =>
    openCodeDialog((code) => queue.runStrict(() => replaceGame({ code }))),
  );
  bar.tools.settings.addEventListener("click", () => openSettings());
  bar.codeButton.addEventListener("click", () => copyLink());
  setInterval(() => {
    if (state.view && !document.hidden) bar.tick(elapsedSeconds());
  }, 500);
  document.addEventListener("visibilitychange", onVisibilityChange);
  window.addEventListener("online", () => books.kick());
  window.addEventListener("storage", onStorage);
  bar.sync(books.state);
  fetchDaily();
  try {
    show(await game, { fresh: true });
    document.body.dataset.ready = "true";
    performance.mark("heartcards-ready");
    registerWorker();
  } catch (error) {
    reportError(error);
  }
}

main();
