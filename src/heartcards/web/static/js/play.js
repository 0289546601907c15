// The game screen: wires the game's source (the server, which owns the rules), the board renderer (state → DOM),
// the input (events → intents), the bar, the settings store and the dialogs.

import { ApiError, api } from "./api.js";
import { createBoard } from "./board.js";
import { startPage } from "./chrome.js";
import { copyText } from "./clipboard.js";
import { openCodeDialog } from "./code-dialog.js";
import { openDialog } from "./dialogs.js";
import { byId } from "./dom.js";
import { t } from "./i18n.js";
import { bindInput, neighbour } from "./input.js";
import { createBar } from "./play/bar.js";
import { openStalemateDialog, openWinDialog } from "./play/end-dialogs.js";
import { createQueue } from "./play/queue.js";
import { openSettingsDialog } from "./play/settings-dialog.js";
import { duration, loadSettings, saveSettings } from "./settings.js";
import { announce } from "./status.js";

/** @import { NewGameSpec } from "./api.js" */
/** @import { Board } from "./board.js" */
/** @import { OpenDialog } from "./dialogs.js" */
/** @import { Intent } from "./input.js" */
/** @import { GameView, Target } from "./types.js" */

const state = {
  /** @type {GameView | null} */
  view: null,
  receivedAt: 0,
  settings: loadSettings(),
  /** @type {OpenDialog | null} */
  endDialog: null,
  /** @type {string | null} the game and position whose end dialog was shown */
  endShownFor: null,
};
const queue = createQueue(reportError);
const bar = createBar();
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

/** @param {unknown} error */
function reportError(error) {
  if (error instanceof ApiError && error.status === 0) announce(t("ui.error.network"), { kind: "error", ms: 5000 });
  else if (error instanceof ApiError) announce(error.message, { kind: "error", ms: 5000 });
  else announce(t("ui.error.unexpected"), { kind: "error", ms: 5000 });
  if (!(error instanceof ApiError)) console.error(error);
}

// ---------------------------------------------------------------------------------------------------------------
// The player's actions, each one request to the server in the order asked

/** @param {Target} target */
function tap(target) {
  return queue.run(async () => {
    const view = state.view;
    if (!view) return;
    if (view.status !== "playing") {
      // The game is over: a tap brings back its dialog (Undo / New game) rather than an error.
      if (!state.endDialog) openEndDialog(view);
      return;
    }
    const answer = await api.tap(view.id, target);
    show(answer.view);
    const result = answer.tap;
    if (result.outcome === "reselected" && state.settings.heartToHeart.moveErrors && result.message) {
      announce(result.message, { kind: "error" });
    }
  });
}

function undo() {
  return queue.run(async () => {
    if (!state.view?.can_undo) return;
    const answer = await api.undo(state.view.id);
    show(answer.view);
  });
}

function hint() {
  return queue.run(async () => {
    if (!state.view || state.view.status !== "playing") return;
    const answer = await api.hint(state.view.id);
    show(answer.view);
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
  const view = await api.newGame(spec);
  if (old && old.id !== view.id && old.status === "playing" && old.moves > 0) {
    await api.abandon(old.id).catch(() => null);
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
    const view = await api.restart(state.view.id);
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
 * The game to show: the one the address names, else the running one, else a new one.
 * @returns {Promise<GameView>}
 */
async function loadGame() {
  const match = window.location.pathname.match(/^\/play\/([^/]+)\/?$/);
  const wanted = match ? decodeURIComponent(match[1]).trim().toUpperCase() : null;
  let current = null;
  try {
    current = await api.currentGame();
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 404) throw error;
  }
  if (wanted && !(current && current.code === wanted)) {
    try {
      return await api.newGame({ code: wanted });
    } catch (error) {
      if (!(error instanceof ApiError) || error.status >= 500 || error.status === 0) throw error;
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
    queue.run(async () => show(await api.getGame(view.id)));
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
  try {
    show(await game, { fresh: true });
    document.body.dataset.ready = "true";
    performance.mark("heartcards-ready");
  } catch (error) {
    reportError(error);
  }
}

main();
