// The game screen: each tap is applied on the device by the JavaScript engine and drawn in the same frame; the
// moves reach the server in the background (play/books.js, sync.js), which replays them and keeps the books. Wires
// the board renderer (state → DOM), the input (events → intents), the bar, the settings store and the dialogs; the
// shown game is play/session.js, where it comes from play/games.js. With no network the game goes on (a new game
// gets its id and deal on the device); hints and par need the server and say so.

import { ApiError } from "../common/api.js";
import { createBoard } from "./board.js";
import { startPage } from "../common/chrome.js";
import { openCodeDialog } from "./code-dialog.js";
import { byId } from "../common/dom.js";
import { t } from "../common/i18n.js";
import { bindInput, neighbour } from "./input.js";
import { createBar } from "./play/bar.js";
import { fetchDaily, keepSending } from "./play/books.js";
import { confirmLeaving } from "./play/confirm.js";
import { createEndDialog, openLostDialog } from "./play/end-dialogs.js";
import { newGame, openGame, restartGame, serverCopy } from "./play/games.js";
import { showHint } from "./play/hint.js";
import { describeMove } from "./player.js";
import { createQueue } from "./play/queue.js";
import { createSession } from "./play/session.js";
import { openSettingsDialog } from "./play/settings-dialog.js";
import { duration, loadSettings, saveSettings } from "../common/settings.js";
import { errorText } from "../common/report.js";
import { announce, tell } from "../common/status.js";
import { registerWorker } from "../common/service-worker.js";

/** @import { NewGameSpec } from "./api.js" */
/** @import { Board } from "./board.js" */
/** @import { Intent } from "./input.js" */
/** @import { GameView, Target } from "./types.js" */

const state = {
  /** @type {GameView | null} */
  view: null,
  receivedAt: 0,
  settings: loadSettings(),
  /** @type {string | null} the won game whose par was asked of the server */
  parAskedFor: null,
};
const queue = createQueue(reportError);
const bar = createBar();
const session = createSession({ onState: (syncState) => bar.sync(syncState), onRefused });
const books = session.books;
const endDialog = createEndDialog(
  {
    onUndo: () => undo(),
    onNewGame: () => queue.run(() => replaceGame(newGameSpec())),
    onWinnableGame: () => playWinnable(),
  },
  () => state.settings.heartToHeart.dealMode === "S",
);
/** @type {Board} */
let board;

/** Turn on "Winnable deals only" and deal one in place of the shown game. */
function playWinnable() {
  state.settings.heartToHeart.dealMode = "S";
  saveSettings(state.settings);
  return queue.run(() => replaceGame(newGameSpec()));
}

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
  if (fresh) endDialog.forget();
  board.render(view, { showHelp: state.settings.heartToHeart.placementHelp });
  bar.render(view, elapsedSeconds());
  const path = `/play/${view.code}`;
  if (window.location.pathname !== path) history.replaceState(null, "", path + window.location.hash);
  if (view.status === "won" && view.par === null && state.parAskedFor !== `${view.id}:${view.moves}`) {
    // A win on the device: its dialog waits for the server to store it and tell the deal's par (offline: not long).
    state.parAskedFor = `${view.id}:${view.moves}`;
    queue.run(async () => {
      const saved = await books.flush();
      if (state.view?.id !== view.id || state.view.status !== "won") return;
      show(session.view());
      if (!saved) announce(t("h2h.ui.offline.par"), { ms: 5000 });
    });
  } else endDialog.follow(view);
}

// ---------------------------------------------------------------------------------------------------------------
// The books: a refusal, another tab

/**
 * The server refused the device's moves of game `id` (a move that does not replay, or another tab played on): show
 * the server's game again and say why.
 * @param {string} id
 * @param {unknown} error
 */
function onRefused(id, error) {
  if (session.meta?.id !== id) return;
  const reason = errorText(error, "Reading the server's refusal of the moves");
  queue.run(async () => {
    const view = await serverCopy(session, id, newGameSpec());
    endDialog.close();
    show(view, { fresh: true });
    announce(t("h2h.ui.sync.refused", { reason }), { kind: "error", ms: 8000 });
  });
}

/**
 * Another tab of this browser played on the shown game: take its moves.
 * @param {StorageEvent} event
 */
function onStorage(event) {
  const seconds = elapsedSeconds();
  if (!session.takeStored(event) || !session.meta) return;
  session.meta.seconds = seconds;
  show(session.view());
}

/** @param {unknown} error */
function reportError(error) {
  if (error instanceof ApiError && error.status === 0) announce(t("h2h.ui.error.network"), { kind: "error", ms: 5000 });
  else announce(errorText(error, "The play page's action"), { kind: "error", ms: 5000 });
}

// ---------------------------------------------------------------------------------------------------------------
// The player's actions: taps and undo on the device at once, the others in the order asked

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
    const { game, meta } = session;
    if (!view || !game || !meta) return;
    if (view.status !== "playing") {
      // The game is over: a tap brings back its dialog (Undo / New game) rather than an error.
      if (!endDialog.isOpen) endDialog.show(view);
      return;
    }
    const result = game.tap(target);
    meta.seconds = elapsedSeconds();
    if (result.move) session.save();
    show(session.view());
    // a screen reader hears the move in the replay's own sentence ("Move 3: positions 12 and 18 (7♥) paired")
    if (result.move) tell(byId("moves-told"), describeMove(String(result.move), view, view.moves + 1));
    if (result.outcome === "reselected" && state.settings.heartToHeart.moveErrors && result.message) {
      announce(t(result.message), { kind: "error" });
    }
    if (result.outcome === "nothing" && typeof target === "number" && board.elementFor(target)?.dataset.free === "false") {
      board.refuse(target);
      if (state.settings.heartToHeart.moveErrors) announce(t("h2h.ui.tap.covered"), { kind: "error" });
    }
  });
}

function undo() {
  now(() => {
    const { game, meta } = session;
    if (!state.view?.can_undo || !game || !meta) return;
    game.undo();
    meta.seconds = elapsedSeconds();
    session.save();
    show(session.view());
  });
}

function hint() {
  return queue.run(async () => {
    if (!state.view || state.view.status !== "playing") return;
    await showHint(state.view.id, {
      books,
      board,
      onView: (view) => show(session.takeServer(view)),
      onLost: (view) => openLostDialog(view, { onWinnableGame: playWinnable }),
    });
  });
}

/**
 * Start the game `spec` asks for in place of the shown one, which counts as lost when it was begun.
 * @param {NewGameSpec} spec
 */
async function replaceGame(spec) {
  const view = await newGame(session, books, spec, state.view);
  endDialog.close();
  show(view, { fresh: true });
  return view;
}

/** @returns {NewGameSpec} */
function newGameSpec() {
  return { mode: state.settings.heartToHeart.dealMode };
}

/**
 * Run `work` in order, after the player confirms when a begun game would count as lost.
 * @param {string} title
 * @param {string} action
 * @param {() => Promise<unknown>} work
 */
function confirmThen(title, action, work) {
  confirmLeaving(state.view, { title, action }, () => queue.run(work));
}

function restart() {
  confirmThen("h2h.ui.confirm.restart_title", "h2h.ui.action.restart", async () => {
    if (!state.view) return;
    const view = await restartGame(session, books, state.view);
    endDialog.close();
    show(view, { fresh: true });
  });
}

function openSettings() {
  openSettingsDialog(state.settings, {
    onChange: () => {
      applyAnimationSpeed();
      if (state.view) board.render(state.view, { showHelp: state.settings.heartToHeart.placementHelp });
    },
    onDaily: () => confirmThen("ui.confirm.new_title", "ui.settings.play_daily", () => replaceGame({ daily: true })),
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Starting

function applyAnimationSpeed() {
  document.documentElement.style.setProperty("--t-fast", `${duration(state.settings, 120)}ms`);
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

async function main() {
  // The game and the catalog load at the same time; the table is drawn once both are here.
  const game = openGame(session, books, newGameSpec());
  game.catch(() => null); // reported below, once the messages are in
  await startPage("play", "h2h.ui.title.play");
  applyAnimationSpeed();
  board = createBoard(byId("table"), {
    interactive: true,
    animationMs: (ms) => duration(state.settings, ms),
  });
  bindInput(board, onIntent);
  const { tools } = bar;
  tools.undo.addEventListener("click", () => undo());
  tools.hint.addEventListener("click", () => hint());
  tools.new.addEventListener("click", () =>
    confirmThen("ui.confirm.new_title", "ui.action.new", () => replaceGame(newGameSpec())),
  );
  tools.restart.addEventListener("click", () => restart());
  tools.code.addEventListener("click", () => openCodeDialog((code) => queue.runStrict(() => replaceGame({ code }))));
  tools.settings.addEventListener("click", () => openSettings());
  setInterval(() => {
    if (state.view && !document.hidden) bar.tick(elapsedSeconds());
  }, 500);
  keepSending(books, () => (state.view?.status === "playing" ? state.view.id : null));
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
