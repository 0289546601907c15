// The Hearts table page (/hearts/table/{id}): wires the live socket (the server is the only authority), the table
// renderer, the taps (intents: choose a card to pass, pass, play, next deal), the dialogs and the waiting room.

import { startPage } from "../chrome.js";
import { openDialog } from "../dialogs.js";
import { t } from "../i18n.js";
import { announce } from "../status.js";
import { installSuits } from "./cards.js";
import { TableView, seatName } from "./render.js";
import { heartsApi, TableSocket } from "./net.js";
import { forgetSeat, loadName, loadSeat, loadSettings, saveName, saveSeat, saveSettings, SPEEDS } from "./store.js";
import { extensionsOf, hIcon, scoreTable, tableFacts, trickFigure } from "./widgets.js";

const tableId = decodeURIComponent(window.location.pathname.split("/").filter(Boolean).pop() || "");
const root = document.getElementById("hearts");
const sections = {
  waiting: root.querySelector("[data-waiting]"),
  problem: root.querySelector("[data-problem]"),
  board: root.querySelector("[data-board]"),
};

const app = {
  seat: loadSeat(tableId), // {token, seat} or null
  settings: loadSettings(),
  table: null,
  latest: null, // the newest state message
  queue: [],
  running: false,
  instantNext: true,
  pending: 0,
  dealDialogFor: null,
  dealDialog: null,
  gameDialogFor: null,
  socket: null,
  poll: 0,
};

let tableView = null;

// ------------------------------------------------------------------------------------------------------------
// Sections

function showSection(name) {
  for (const [key, el] of Object.entries(sections)) el.hidden = key !== name;
  document.body.dataset.section = name;
}

function showProblem(message) {
  sections.problem.querySelector("[data-problem-text]").textContent = message;
  showSection("problem");
}

// ------------------------------------------------------------------------------------------------------------
// The waiting room of an online table

function renderWaiting(table) {
  showSection("waiting");
  const waiting = sections.waiting;
  waiting.querySelector("[data-facts]").textContent = tableFacts(table);
  const share = waiting.querySelector("[data-share]");
  share.value = new URL(table.url || `/hearts/table/${tableId}`, window.location.origin).toString();
  const mySeat = app.seat?.seat ?? null;
  const seated = mySeat !== null && app.seat?.token;
  const list = waiting.querySelector("[data-wait-seats]");
  list.replaceChildren(
    ...table.seats.map((info) => {
      const li = document.createElement("li");
      li.dataset.waitSeat = String(info.seat);
      li.dataset.kind = info.kind;
      const label = document.createElement("span");
      label.className = "who";
      const number = document.createElement("span");
      number.className = "seat-number";
      number.textContent = t("hearts.ui.seat.n", { n: info.seat + 1 });
      const name = document.createElement("strong");
      if (info.kind === "empty") name.textContent = t("hearts.ui.waiting.free");
      else if (info.kind === "bot") name.textContent = t("hearts.ui.seat.computer", { n: info.seat + 1 });
      else name.textContent = info.seat === mySeat ? t("hearts.ui.seat.you_named", { name: info.name }) : info.name;
      label.append(number, name);
      li.appendChild(label);
      if (info.kind === "empty" && !seated) {
        const button = document.createElement("button");
        button.type = "button";
        button.className = "button primary";
        button.dataset.action = "sit";
        button.dataset.sit = String(info.seat);
        button.textContent = t("hearts.ui.waiting.sit");
        button.addEventListener("click", () => sit(info.seat, button));
        li.appendChild(button);
      } else if (info.kind === "human" && info.connected === false) {
        const tag = document.createElement("span");
        tag.className = "tag";
        tag.textContent = t("hearts.ui.seat.offline_tag");
        li.appendChild(tag);
      }
      return li;
    }),
  );
  waiting.querySelector("[data-join-name]").hidden = Boolean(seated);
  const nameInput = waiting.querySelector("[data-name]");
  if (!nameInput.value) nameInput.value = loadName();
  waiting.querySelector("[data-start-row]").hidden = !(seated && mySeat === 0);
  waiting.querySelector("[data-wait-note]").textContent = seated
    ? mySeat === 0
      ? t("hearts.ui.waiting.note_creator")
      : t("hearts.ui.waiting.note_seated")
    : t("hearts.ui.waiting.note_choose");
}

async function sit(seat, button) {
  const input = sections.waiting.querySelector("[data-name]");
  const name = input.value.trim();
  if (!name) {
    announce(t("hearts.ui.setup.name_needed"), { kind: "error" });
    input.focus();
    return;
  }
  saveName(name);
  button.disabled = true;
  try {
    const answer = await heartsApi.join(tableId, seat, name);
    app.seat = { token: answer.token, seat: answer.seat };
    saveSeat(tableId, answer.token, answer.seat);
    app.table = answer.table;
    renderWaiting(answer.table);
    app.socket.reconnectAs(answer.token);
  } catch (error) {
    announce(error.message, { kind: "error", ms: 5000 });
    button.disabled = false;
    refreshTable();
  }
}

async function startGame(button) {
  button.disabled = true;
  try {
    const table = await heartsApi.start(tableId, app.seat.token);
    app.table = table;
    app.socket.reconnectAs(app.seat.token);
  } catch (error) {
    announce(error.message, { kind: "error", ms: 5000 });
  } finally {
    button.disabled = false;
  }
}

async function refreshTable() {
  try {
    const table = await heartsApi.table(tableId);
    const was = app.table?.status;
    app.table = table;
    if (table.status === "waiting") renderWaiting(table);
    else if (was === "waiting" || !app.latest?.view) app.socket.reconnectAs(app.seat?.token || null);
  } catch {
    /* the socket's reconnect shows the link's state */
  }
}

function keepPolling() {
  clearInterval(app.poll);
  app.poll = setInterval(() => {
    if (app.table?.status === "waiting" && !document.hidden) refreshTable();
  }, 3000);
}

// ------------------------------------------------------------------------------------------------------------
// Server messages, played one after another

function onMessage(message) {
  if (message.type === "state") {
    app.table = message.table;
    app.latest = message;
    if (message.seat !== null && message.seat !== undefined && app.seat && app.seat.seat !== message.seat) {
      app.seat.seat = message.seat;
      saveSeat(tableId, app.seat.token, message.seat);
    }
    if (message.table.status === "waiting") {
      app.queue.length = 0;
      renderWaiting(message.table);
      return;
    }
    app.pending = 0;
    if (app.instantNext) app.queue.length = 0;
    app.queue.push(message);
    run();
  } else if (message.type === "error") {
    app.pending = 0;
    if (tableView?.state) tableView.renderPassControls(); // a refused pass can be sent again
    announce(message.message || message.key, { kind: "error", ms: 4500 });
    if (message.key === "hearts.error.table_not_found") showProblem(message.message);
    else if (message.key === "hearts.error.token") {
      forgetSeat(tableId);
      app.seat = null;
      app.socket.reconnectAs(null);
    }
  }
}

async function run() {
  if (app.running) return;
  app.running = true;
  document.body.dataset.busy = "true";
  try {
    while (app.queue.length) {
      const message = app.queue.shift();
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

function onLink(status) {
  const banner = sections.board.querySelector("[data-connection]");
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

// ------------------------------------------------------------------------------------------------------------
// Intents

function onCard(card) {
  const state = tableView.state;
  const v = state?.view;
  if (!v || state.seat === null || state.seat === undefined) return;
  if (v.phase === "pass" && !v.passed && v.pass_direction !== "none") {
    if (!tableView.toggleSelected(card)) announce(t("hearts.ui.pass.three_only"));
    return;
  }
  if (v.phase !== "play") {
    if (v.phase === "pass") announce(tableView.promptEl.textContent || t("hearts.ui.prompt.no_pass"));
    return;
  }
  if (app.pending && performance.now() - app.pending < 2500) return;
  if (app.socket.send({ type: "play", card }) === false) announce(t("hearts.ui.offline"), { kind: "error" });
  else app.pending = performance.now();
}

function pass() {
  const cards = tableView.chosenForPass();
  if (cards.length !== 3) return;
  if (app.socket.send({ type: "pass", cards }) === false) announce(t("hearts.ui.offline"), { kind: "error" });
  else tableView.passButton.disabled = true;
}

function nextDeal() {
  const v = app.latest?.view;
  if (v && v.phase === "deal_over") app.socket.send({ type: "next" });
}

// ------------------------------------------------------------------------------------------------------------
// Dialogs: the deal's scores, the end, the last trick, the speed

function namesOf(state) {
  return [0, 1, 2, 3].map((seat) => seatName(state.table, seat, state.seat));
}

function afterShow(message) {
  const v = message.view;
  if (!v) return;
  sections.board.querySelector('[data-action="last"]').disabled = !v.last_trick;
  const info = sections.board.querySelector("[data-deal-info]");
  info.textContent = `${t("hearts.ui.deal_over.title", { deal: v.deal })} · ${tableFacts(message.table)}`;
  info.hidden = false;
  if (app.dealDialog && (v.phase === "pass" || v.phase === "play") && v.deal > app.dealDialogFor) {
    app.dealDialog.close(); // the next deal has begun (everyone was ready, or the pause ran out)
  }
  if (v.phase === "game_over" && app.gameDialogFor !== tableId) {
    app.gameDialogFor = tableId;
    app.dealDialog?.close();
    openGameOver(message);
  } else if (v.phase === "deal_over" && app.dealDialogFor !== v.deal) {
    app.dealDialogFor = v.deal;
    openDealOver(message);
  }
  if (v.phase === "deal_over" && app.dealDialog) showReady(message);
}

function dealOverBody(message) {
  const v = message.view;
  const names = namesOf(message);
  const body = document.createElement("div");
  if (v.moon !== null && v.moon !== undefined) {
    const p = document.createElement("p");
    p.className = "moon-line";
    p.innerHTML = hIcon("moon");
    p.append(
      v.moon === message.seat ? t("hearts.ui.moon.you") : t("hearts.ui.moon.other", { name: names[v.moon] }),
    );
    body.appendChild(p);
  }
  if (v.extension) {
    const p = document.createElement("p");
    p.className = "extension";
    p.textContent = t(`hearts.ui.extension.${v.extension}`);
    body.appendChild(p);
  }
  body.appendChild(scoreTable(v, names, message.seat));
  const ready = document.createElement("p");
  ready.className = "note ready-line";
  ready.dataset.readyLine = "";
  body.appendChild(ready);
  return body;
}

/** At a table of several people, who has already asked for the next deal. */
function showReady(message) {
  const line = app.dealDialog.element.querySelector("[data-ready-line]");
  const people = message.table.seats.filter((seat) => seat.kind === "human" && !seat.away).map((seat) => seat.seat);
  const ready = (message.view.ready || []).filter((seat) => people.includes(seat));
  if (!line || people.length < 2) return;
  const names = namesOf(message);
  const waiting = people.filter((seat) => !ready.includes(seat) && seat !== message.seat);
  line.textContent = waiting.length ? t("hearts.ui.deal_over.waiting", { names: waiting.map((s) => names[s]).join(", ") }) : "";
}

function openDealOver(message) {
  const v = message.view;
  app.dealDialog = openDialog({
    title: t("hearts.ui.deal_over.title", { deal: v.deal }),
    body: dealOverBody(message),
    className: "hearts-dialog",
    actions: [
      { label: t("hearts.ui.action.next_deal"), name: "next", primary: true, onClick: () => nextDeal() },
    ],
    onClose: () => {
      app.dealDialog = null;
      nextDeal();
    },
  });
}

function openGameOver(message) {
  const v = message.view;
  const names = namesOf(message);
  const winners = v.winners || [];
  let title;
  if (winners.length === 1) {
    title = winners[0] === message.seat ? t("hearts.ui.game_over.you_win") : t("hearts.ui.game_over.wins", { name: names[winners[0]] });
  } else {
    title = t("hearts.ui.game_over.shared", { names: winners.map((s) => names[s]).join(", ") });
  }
  const body = dealOverBody(message);
  for (const ext of extensionsOf(v.scores || [], message.table.target).reverse()) {
    const note = document.createElement("p");
    note.className = "extension";
    note.textContent = t(`hearts.ui.extension.after_${ext.reason}`, { deal: ext.deal });
    body.prepend(note);
  }
  const lead = document.createElement("p");
  lead.textContent = t("hearts.ui.game_over.lead", { target: message.table.target });
  body.prepend(lead);
  openDialog({
    title,
    body,
    className: "hearts-dialog game-over",
    actions: [
      { label: t("hearts.ui.action.stats"), onClick: () => window.location.assign("/hearts/stats") },
      { label: t("hearts.ui.action.new_game"), primary: true, name: "new-game", onClick: () => window.location.assign("/hearts") },
    ],
  });
}

function openScores() {
  const message = app.latest;
  if (!message?.view) return;
  const body = document.createElement("div");
  body.appendChild(scoreTable(message.view, namesOf(message), message.seat));
  const facts = document.createElement("p");
  facts.className = "note";
  facts.textContent = tableFacts(message.table);
  body.appendChild(facts);
  openDialog({
    title: t("hearts.ui.scores.title"),
    body,
    className: "hearts-dialog",
    actions: [{ label: t("hearts.ui.action.close"), primary: true }],
  });
}

function openLastTrick() {
  const message = app.latest;
  const last = message?.view?.last_trick;
  if (!last) return;
  const names = namesOf(message);
  const body = trickFigure(last, names, message.seat);
  openDialog({
    title: t("hearts.ui.last_trick.title"),
    body,
    className: "hearts-dialog",
    actions: [{ label: t("hearts.ui.action.close"), primary: true }],
  });
}

function openSpeed() {
  const form = document.createElement("div");
  form.className = "settings";
  const fieldset = document.createElement("fieldset");
  fieldset.innerHTML = `<legend>${t("hearts.ui.speed.legend")}</legend><div class="choices"></div>`;
  const choices = fieldset.querySelector(".choices");
  for (const speed of SPEEDS) {
    const label = document.createElement("label");
    label.innerHTML = `<input type="radio" name="speed" value="${speed}"${app.settings.speed === speed ? " checked" : ""}> `;
    label.append(t(`hearts.ui.speed.${speed}`));
    choices.appendChild(label);
  }
  const note = document.createElement("p");
  note.className = "note";
  note.textContent = t("hearts.ui.speed.note");
  form.append(fieldset, note);
  fieldset.addEventListener("change", (event) => {
    app.settings.speed = event.target.value;
    saveSettings(app.settings);
  });
  openDialog({
    title: t("hearts.ui.speed.title"),
    body: form,
    className: "hearts-dialog",
    actions: [{ label: t("hearts.ui.action.close"), primary: true, name: "close" }],
  });
}

// ------------------------------------------------------------------------------------------------------------
// Start

function buildSeats() {
  for (const el of sections.board.querySelectorAll(".seat")) {
    el.innerHTML =
      `<div class="backs" aria-hidden="true"></div>` +
      `<div class="plate"><span class="id"><span class="avatar" aria-hidden="true"></span>` +
      `<span class="who"><span class="name"></span><span class="tag"></span></span></span>` +
      `<span class="stats"><span class="count"></span>` +
      `<span class="taken">${hIcon("heart")}<span>0</span></span>` +
      `<span class="total"></span></span></div>`;
  }
}

function placeOwnIcons() {
  for (const el of document.querySelectorAll("[data-hicon]")) el.insertAdjacentHTML("afterbegin", hIcon(el.dataset.hicon));
}

async function main() {
  await startPage("hearts", "hearts.ui.title.table");
  installSuits();
  placeOwnIcons();
  buildSeats();
  tableView = new TableView(sections.board, { settings: app.settings, onCard });
  sections.board.querySelector('[data-action="pass"]').addEventListener("click", pass);
  sections.board.querySelector('[data-action="scores"]').addEventListener("click", openScores);
  sections.board.querySelector('[data-action="last"]').addEventListener("click", openLastTrick);
  sections.board.querySelector('[data-action="settings"]').addEventListener("click", openSpeed);
  sections.waiting.querySelector('[data-action="start"]').addEventListener("click", (e) => startGame(e.currentTarget));
  sections.waiting.querySelector('[data-action="copy"]').addEventListener("click", async () => {
    const input = sections.waiting.querySelector("[data-share]");
    try {
      await navigator.clipboard.writeText(input.value);
    } catch {
      input.select();
      document.execCommand?.("copy");
    }
    announce(t("hearts.ui.waiting.copied"));
  });

  try {
    app.table = await heartsApi.table(tableId);
  } catch (error) {
    showProblem(error.message);
    document.body.dataset.ready = "true";
    return;
  }
  if (app.table.status === "waiting") renderWaiting(app.table);
  app.socket = new TableSocket(tableId, { token: app.seat?.token || null, onMessage, onStatus: onLink });
  app.socket.connect();
  keepPolling();
  document.body.dataset.ready = "true";
  window.addEventListener("pagehide", () => app.socket.close());
}

main();
