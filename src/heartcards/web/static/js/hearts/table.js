// The Hearts table page (/hearts/table/{id}): wires the live socket (the server is the only authority), or for a solo
// game played on the device (/hearts/solo/{id}) the local table that answers alike (./local-table.js), the table
// renderer (state → DOM), the taps (intents: choose a card to pass, pass, play, next deal), the dialogs (the deal's
// and the game's end in ./deal-end.js), the return of a person marked away (./away.js) and the waiting room.

import { startPage } from "../common/chrome.js";
import { copyText } from "../common/clipboard.js";
import { byId, find } from "../common/dom.js";
import { t } from "../common/i18n.js";
import { loadSettings } from "../common/settings.js";
import { errorText, reportFallback } from "../common/report.js";
import { announce } from "../common/status.js";
import { SeatReturn, isSeated } from "./away.js";
import { installSuits } from "./cards.js";
import { DealEnd } from "./deal-end.js";
import { keepDeviceGamesSynced, loadDeviceGame } from "./device-games.js";
import { LocalTable } from "./local-table.js";
import { TableSocket, heartsApi } from "./net.js";
import { TableView } from "./render.js";
import { showRuleLink } from "./rule-links.js";
import { forgetSeat, loadRoute, loadSeat, saveSeat } from "./store.js";
import { openLastTrick, openLeave, openScores, openSpeed } from "./table-dialogs.js";
import { botPauseMs } from "./timing.js";
import { WaitingRoom } from "./waiting.js";
import { hIcon, tableFacts } from "./widgets.js";

/** @import { LinkStatus } from "./net.js" */
/** @import { ServerMessage, StateMessage, TableInfo } from "./types.js" */

const tableId = decodeURIComponent(window.location.pathname.split("/").filter(Boolean).pop() || "");
const onDevice = window.location.pathname.startsWith("/hearts/solo/");
const deviceGame = onDevice ? loadDeviceGame(tableId) : null;
const root = byId("hearts");
const sections = {
  waiting: find(root, "[data-waiting]"),
  problem: find(root, "[data-problem]"),
  board: find(root, "[data-board]"),
};

const app = {
  seat: onDevice ? { token: "device", seat: 0 } : loadSeat(tableId),
  settings: loadSettings(),
  /** @type {TableInfo | null} */
  table: null,
  /** @type {StateMessage | null} the newest state message */
  latest: null,
  /** @type {StateMessage[]} states waiting to be shown, in order */
  queue: [],
  running: false,
  instantNext: true,
  pending: 0,
};

const socket = deviceGame
  ? new LocalTable(deviceGame, { onMessage, onStatus: onLink, botPauseMs: () => botPauseMs(app.settings.hearts) })
  : new TableSocket(tableId, { token: app.seat?.token || null, route: loadRoute(tableId), onMessage, onStatus: onLink });
const tableView = new TableView(sections.board, { settings: app.settings.hearts, onCard });
const waitingRoom = new WaitingRoom(sections.waiting, tableId, {
  seat: () => app.seat,
  onSeated: (seat, table) => {
    app.seat = seat;
    app.table = table;
    waitingRoom.render(table);
    socket.reconnectAs(seat.token);
  },
  onRefused: () => refreshTable(),
});
const dealEnd = new DealEnd(() => nextDeal());
const seatReturn = new SeatReturn(
  find(sections.board, '[data-action="back"]', HTMLButtonElement),
  () => socket.send({ type: "back" }) !== false,
);

// ------------------------------------------------------------------------------------------------------------
// Sections

/** @param {keyof typeof sections} name */
function showSection(name) {
  for (const [key, el] of Object.entries(sections)) el.hidden = key !== name;
  document.body.dataset.section = name;
}

/** @param {string} message */
function showProblem(message) {
  find(sections.problem, "[data-problem-text]").textContent = message;
  showSection("problem");
}

/** @param {TableInfo} table */
function showWaiting(table) {
  showSection("waiting");
  waitingRoom.render(table);
}

/** @param {HTMLButtonElement} button */
async function startGame(button) {
  if (!app.seat) return;
  button.disabled = true;
  try {
    app.table = await heartsApi.start(tableId, app.seat.token);
    // the started table's state comes on the open socket; a new one would leave a moment in which a pass is refused
    if (!(socket instanceof TableSocket) || socket.token !== app.seat.token) socket.reconnectAs(app.seat.token);
  } catch (error) {
    announce(errorText(error, "The table's action"), { kind: "error", ms: 5000 });
  } finally {
    button.disabled = false;
  }
}

async function refreshTable() {
  try {
    const table = await heartsApi.table(tableId);
    const was = app.table?.status;
    app.table = table;
    if (table.status === "waiting") showWaiting(table);
    else if (was === "waiting" || !app.latest?.view) socket.reconnectAs(app.seat?.token || null);
  } catch (error) {
    reportFallback("Refreshing the table (the socket's reconnect shows its state)", error);
  }
}

// ------------------------------------------------------------------------------------------------------------
// Server messages, played one after another

/** @param {ServerMessage} message */
function onMessage(message) {
  if (message.type === "state") {
    showRuleLink(root.querySelector(".actions"), null); // the table moved on
    app.table = message.table;
    app.latest = message;
    if (message.seat !== null && message.seat !== undefined && app.seat && app.seat.seat !== message.seat) {
      app.seat.seat = message.seat;
      saveSeat(tableId, app.seat.token, message.seat);
    }
    if (message.table.status === "waiting") {
      app.queue.length = 0;
      showWaiting(message.table);
      return;
    }
    app.pending = 0;
    seatReturn.show(message);
    if (app.instantNext) app.queue.length = 0;
    app.queue.push(message);
    run();
  } else if (message.type === "error") {
    app.pending = 0;
    if (tableView.state) tableView.renderPassControls(); // a refused pass can be sent again
    announce(message.message || message.key, { kind: "error", ms: 4500 });
    showRuleLink(root.querySelector(".actions"), message.key); // a refused card or pass: the rule it breaks
    if (message.key === "hearts.error.table_not_found") showProblem(message.message || message.key);
    else if (message.key === "hearts.error.token") {
      forgetSeat(tableId);
      app.seat = null;
      socket.reconnectAs(null);
    }
  }
}

async function run() {
  if (app.running) return;
  app.running = true;
  document.body.dataset.busy = "true";
  try {
    for (let message = app.queue.shift(); message; message = app.queue.shift()) {
      const animated = !app.instantNext && app.queue.length < 8 && !document.hidden;
      app.instantNext = false;
      if (sections.board.hidden) showSection("board");
      await tableView.show(message, { animated });
      afterShow(message);
    }
  } catch (error) {
    console.error(error);
  } finally {
    app.running = false;
    delete document.body.dataset.busy;
  }
}

/** @param {LinkStatus} status */
function onLink(status) {
  const banner = find(sections.board, "[data-connection]");
  if (status === "open") {
    banner.hidden = true;
    app.instantNext = true;
  } else if (status === "gone") {
    banner.hidden = true;
  } else {
    banner.textContent = t("hearts.ui.reconnecting");
    banner.hidden = false;
  }
}

/**
 * After a state is on the table: the last trick's button, the deal line, and the deal's or the game's dialog.
 * @param {StateMessage} message
 */
function afterShow(message) {
  const v = message.view;
  if (!v) return;
  find(sections.board, '[data-action="last"]', HTMLButtonElement).disabled = !v.last_trick;
  const info = find(sections.board, "[data-deal-info]");
  info.textContent = `${t("hearts.ui.deal_over.title", { deal: v.deal })} · ${tableFacts(message.table)}`;
  info.hidden = false;
  dealEnd.show(message, v);
}

// ------------------------------------------------------------------------------------------------------------
// Intents

/** @param {string} card */
function onCard(card) {
  const state = tableView.state;
  const v = state?.view;
  if (!v || state?.seat === null || state?.seat === undefined) return;
  if (v.phase === "pass" && !v.passed && v.pass_direction !== "none") {
    if (!tableView.toggleSelected(card)) announce(t("hearts.ui.pass.three_only"));
    return;
  }
  if (v.phase !== "play") {
    if (v.phase === "pass") announce(tableView.promptEl.textContent || t("hearts.ui.prompt.no_pass"));
    return;
  }
  if (app.pending && performance.now() - app.pending < 2500) return;
  if (v.turn !== state?.seat) {
    announce(tableView.promptEl.textContent || t("hearts.ui.prompt.your_turn")); // whose turn it is, no refusal
    return;
  }
  if (socket.send({ type: "play", card }) === false) announce(t("hearts.ui.offline"), { kind: "error" });
  else app.pending = performance.now();
}

function pass() {
  const cards = tableView.chosenForPass();
  if (cards.length !== 3) return;
  if (socket.send({ type: "pass", cards }) === false) announce(t("hearts.ui.offline"), { kind: "error" });
  else tableView.passButton.disabled = true;
}

function nextDeal() {
  const v = app.latest?.view;
  if (v && v.phase === "deal_over" && isSeated(app.latest)) socket.send({ type: "next" });
}

// ------------------------------------------------------------------------------------------------------------
// Start

function placeOwnIcons() {
  for (const el of document.querySelectorAll("[data-hicon]")) {
    el.insertAdjacentHTML("afterbegin", hIcon(el.getAttribute("data-hicon") ?? ""));
  }
}

function bindControls() {
  const board = sections.board;
  find(board, '[data-action="pass"]').addEventListener("click", pass);
  find(board, '[data-action="scores"]').addEventListener("click", () => {
    if (app.latest?.view) openScores(app.latest, app.latest.view);
  });
  find(board, '[data-action="last"]').addEventListener("click", () => {
    const last = app.latest?.view?.last_trick;
    if (app.latest && last) openLastTrick(app.latest, last);
  });
  find(board, '[data-action="settings"]').addEventListener("click", () => openSpeed(app.settings));
  const leave = find(board, '[data-action="leave"]', HTMLAnchorElement);
  leave.addEventListener("click", (event) => {
    // A solo game leaves no one behind to notice: ask first, unless the game is over.
    // One played on the device stays there, to go on with from the lobby.
    const solo = (app.latest?.table ?? app.table)?.mode === "solo" && !onDevice;
    if (!solo || app.latest?.view?.phase === "game_over" || !isSeated(app.latest)) return;
    event.preventDefault();
    openLeave(() => window.location.assign(leave.href));
  });
  const start = find(sections.waiting, '[data-action="start"]', HTMLButtonElement);
  start.addEventListener("click", () => startGame(start));
  find(sections.waiting, '[data-action="copy"]').addEventListener("click", async () => {
    const input = find(sections.waiting, "[data-share]", HTMLInputElement);
    if (!(await copyText(input.value))) input.select();
    announce(t("hearts.ui.waiting.copied"));
  });
}

async function main() {
  await startPage("hearts", "hearts.ui.title.table");
  installSuits();
  placeOwnIcons();
  tableView.seats.build();
  bindControls();
  if (onDevice) {
    startOnDevice();
    return;
  }
  try {
    app.table = await heartsApi.table(tableId);
  } catch (error) {
    showProblem(errorText(error, "Opening the table"));
    document.body.dataset.ready = "true";
    return;
  }
  if (app.table.status === "waiting") showWaiting(app.table);
  socket.connect();
  setInterval(() => {
    if (app.table?.status === "waiting" && !document.hidden) refreshTable();
  }, 3000);
  document.body.dataset.ready = "true";
  window.addEventListener("pagehide", () => socket.close());
}

/** A solo game played on the device: no server to ask, the stored game is the table. */
function startOnDevice() {
  if (!(socket instanceof LocalTable)) {
    showProblem(t("hearts.ui.device.missing"));
  } else {
    app.table = socket.table();
    socket.connect();
    window.addEventListener("pagehide", () => socket.close());
    keepDeviceGamesSynced();
  }
  document.body.dataset.ready = "true";
}

main();
