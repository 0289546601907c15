// The game screen: wires the API (the server owns the rules), the board renderer, input, settings and dialogs.

import { ApiError, api } from "./api.js";
import { createBoard } from "./board.js";
import { startPage } from "./chrome.js";
import { openDialog } from "./dialogs.js";
import { formatTime } from "./format.js";
import { LANGUAGES, currentLanguage, switchLanguage, t } from "./i18n.js";
import { icon } from "./icons.js";
import { bindInput, neighbour } from "./input.js";
import { announce } from "./status.js";
import { ANIMATION_SPEEDS, duration, loadSettings, saveSettings } from "./settings.js";

const state = {
  view: null,
  receivedAt: 0,
  settings: loadSettings(),
  queue: Promise.resolve(),
  endDialog: null,
  endShownFor: null,
};

const bar = {
  time: document.querySelector('[data-field="time"]'),
  score: document.querySelector('[data-field="score"]'),
  moves: document.querySelector('[data-field="moves"]'),
  code: document.querySelector('[data-field="code"]'),
  badge: document.querySelector('[data-role="badge"]'),
};
const tools = Object.fromEntries(
  [...document.querySelectorAll(".toolbar [data-action]")].map((b) => [b.dataset.action, b]),
);
let board = null;

// ---------------------------------------------------------------------------------------------------------------
// Showing a view

function elapsedSeconds() {
  const view = state.view;
  if (!view) return 0;
  const running = view.status === "playing";
  return view.seconds + (running ? (performance.now() - state.receivedAt) / 1000 : 0);
}

function renderBar() {
  const view = state.view;
  bar.time.textContent = formatTime(elapsedSeconds());
  bar.score.textContent = String(view.score);
  bar.moves.textContent = String(view.moves);
  if (bar.code.dataset.code !== view.code) {
    bar.code.dataset.code = view.code;
    bar.code.innerHTML = `<span>${view.code}</span>${icon("link")}`;
    bar.code.setAttribute("aria-label", t("ui.bar.code_label", { code: view.code }));
  }
  const badges = [];
  if (view.daily) badges.push(t("ui.bar.daily"));
  if (view.assisted) badges.push(t("ui.bar.assisted"));
  bar.badge.textContent = badges.join(" · ");
  bar.badge.hidden = badges.length === 0;
  tools.undo.disabled = !view.can_undo;
  tools.hint.disabled = view.status !== "playing";
}

function show(view, { fresh = false } = {}) {
  state.view = view;
  state.receivedAt = performance.now();
  if (fresh) state.endShownFor = null;
  board.render(view, { showHelp: state.settings.placementHelp });
  renderBar();
  const path = `/play/${view.code}`;
  if (window.location.pathname !== path) history.replaceState(null, "", path + window.location.hash);
  if (view.status === "playing") {
    closeEndDialog();
    state.endShownFor = null;
  } else if (state.endShownFor !== `${view.id}:${view.status}:${view.moves}`) {
    state.endShownFor = `${view.id}:${view.status}:${view.moves}`;
    if (view.status === "stalled") openStalemateDialog();
    else if (view.status === "won") openWinDialog();
  }
}

function closeEndDialog() {
  state.endDialog?.close();
  state.endDialog = null;
}

// ---------------------------------------------------------------------------------------------------------------
// Talking to the server: one request at a time, in the order the player asked

let pending = 0;

/** Run `work` after every earlier request; <body data-busy> is set meanwhile (tests and benchmarks wait on it). */
function track(promise) {
  pending += 1;
  document.body.dataset.busy = "true";
  const done = () => {
    pending -= 1;
    if (pending === 0) delete document.body.dataset.busy;
  };
  promise.then(done, done);
  return promise;
}

function enqueue(work) {
  state.queue = track(state.queue.then(work).catch(reportError));
  return state.queue;
}

function reportError(error) {
  if (error instanceof ApiError && error.status === 0) announce(t("ui.error.network"), { kind: "error", ms: 5000 });
  else if (error instanceof ApiError) announce(error.message, { kind: "error", ms: 5000 });
  else announce(t("ui.error.unexpected"), { kind: "error", ms: 5000 });
  if (!(error instanceof ApiError)) console.error(error);
}

function tap(target) {
  return enqueue(async () => {
    if (!state.view) return;
    if (state.view.status !== "playing") {
      // The game is over: a tap brings back its dialog (Undo / New game) rather than an error.
      if (!state.endDialog && state.view.status === "stalled") openStalemateDialog();
      else if (!state.endDialog && state.view.status === "won") openWinDialog();
      return;
    }
    const answer = await api.tap(state.view.id, target);
    show(answer.view);
    const result = answer.tap;
    if (result.outcome === "reselected" && state.settings.moveErrors && result.message) {
      announce(result.message, { kind: "error" });
    }
  });
}

function undo() {
  return enqueue(async () => {
    if (!state.view?.can_undo) return;
    const answer = await api.undo(state.view.id);
    show(answer.view);
  });
}

function hint() {
  return enqueue(async () => {
    if (!state.view || state.view.status !== "playing") return;
    const answer = await api.hint(state.view.id);
    show(answer.view);
    if (answer.hint) {
      board.showHint(answer.hint);
      announce(describeMove(answer.hint));
    } else {
      announce(t("ui.hint.none"), { ms: 5000 });
    }
  });
}

function describeMove(move) {
  if (move === "S") return t("ui.hint.stock");
  const [first, second] = move.split("-");
  if (second === "W") return t("ui.hint.waste", { pos: first });
  return t("ui.hint.pair", { first, second });
}

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

function newGameSpec() {
  return { mode: state.settings.dealMode };
}

function confirmThen(titleKey, bodyKey, actionKey, work) {
  const view = state.view;
  if (!view || view.status !== "playing" || view.moves === 0) {
    enqueue(work);
    return;
  }
  openDialog({
    title: t(titleKey),
    body: t(bodyKey),
    actions: [
      { label: t("ui.action.cancel"), name: "cancel" },
      { label: t(actionKey), primary: true, name: "confirm", onClick: () => enqueue(work) },
    ],
  });
}

function newGame() {
  confirmThen("ui.confirm.new_title", "ui.confirm.counts_as_loss", "ui.action.new", () => replaceGame(newGameSpec()));
}

function restart() {
  confirmThen("ui.confirm.restart_title", "ui.confirm.counts_as_loss", "ui.action.restart", async () => {
    const view = await api.restart(state.view.id);
    closeEndDialog();
    show(view, { fresh: true });
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Dialogs

function openStalemateDialog() {
  closeEndDialog();
  state.endDialog = openDialog({
    title: t("ui.stalled.title"),
    body: t("ui.stalled.body"),
    className: "stalled",
    actions: [
      { label: t("ui.action.undo"), name: "undo", onClick: () => undo() },
      { label: t("ui.action.new"), primary: true, name: "new", onClick: () => enqueue(() => replaceGame(newGameSpec())) },
    ],
    onClose: () => {
      state.endDialog = null;
    },
  });
}

function openWinDialog() {
  closeEndDialog();
  const view = state.view;
  const facts = document.createElement("div");
  const dl = document.createElement("dl");
  dl.className = "facts";
  const rows = [
    ["ui.won.time", formatTime(view.seconds), "time"],
    ["ui.won.moves", String(view.moves), "moves"],
    ["ui.won.par", view.par === null || view.par === undefined ? "–" : String(view.par), "par"],
  ];
  for (const [key, value, name] of rows) {
    const dt = document.createElement("dt");
    dt.textContent = t(key);
    const dd = document.createElement("dd");
    dd.textContent = value;
    dd.dataset.fact = name;
    dl.append(dt, dd);
  }
  const intro = document.createElement("p");
  intro.textContent = view.assisted ? t("ui.won.assisted") : t("ui.won.body");
  facts.append(intro, dl);
  state.endDialog = openDialog({
    title: t("ui.won.title"),
    body: facts,
    className: "won",
    actions: [
      {
        label: t("ui.won.watch"),
        name: "watch",
        onClick: () => window.location.assign(`/replay/${encodeURIComponent(view.id)}?solution=1`),
      },
      { label: t("ui.action.new"), primary: true, name: "new", onClick: () => enqueue(() => replaceGame(newGameSpec())) },
    ],
    onClose: () => {
      state.endDialog = null;
    },
  });
}

function openCodeDialog() {
  const form = document.createElement("form");
  form.className = "field";
  form.noValidate = true;
  form.innerHTML =
    `<label for="code-input">${t("ui.code.label")}</label>` +
    `<input id="code-input" type="text" name="code" autocomplete="off" autocapitalize="characters" spellcheck="false" ` +
    `placeholder="HH1-N-AAAAAAM" maxlength="40" autofocus aria-describedby="code-error">` +
    `<div class="error" id="code-error" role="status"></div>`;
  const input = form.querySelector("input");
  const error = form.querySelector(".error");
  let dialog = null;
  const submit = async () => {
    error.textContent = "";
    const code = input.value.trim();
    if (!code) {
      error.textContent = t("ui.code.empty");
      return false;
    }
    try {
      await enqueueStrict(() => replaceGame({ code }));
      return true;
    } catch (problem) {
      error.textContent = problem instanceof ApiError ? problem.message : t("ui.error.unexpected");
      input.focus();
      return false;
    }
  };
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (await submit()) dialog.close();
  });
  dialog = openDialog({
    title: t("ui.code.title"),
    body: form,
    actions: [
      { label: t("ui.action.cancel"), name: "cancel" },
      { label: t("ui.code.open"), primary: true, name: "open", onClick: submit },
    ],
  });
  input.focus();
}

/** Like enqueue, but the caller sees the error (the code dialog shows it in place). */
function enqueueStrict(work) {
  const run = state.queue.then(work);
  state.queue = track(run.catch(() => null));
  return run;
}

function openSettingsDialog() {
  const s = state.settings;
  const body = document.createElement("div");
  body.className = "settings";
  const speedChoices = ANIMATION_SPEEDS.map(
    (speed) =>
      `<label><input type="radio" name="animation" value="${speed}"${s.animation === speed ? " checked" : ""}>` +
      `${t(`ui.settings.speed.${speed}`)}</label>`,
  ).join("");
  const languageOptions = LANGUAGES.map(
    (l) => `<option value="${l.code}"${l.code === currentLanguage() ? " selected" : ""}>${l.name}</option>`,
  ).join("");
  body.innerHTML =
    `<label class="row"><span>${t("ui.settings.placement_help")}</span>` +
    `<input class="switch" type="checkbox" name="placementHelp"${s.placementHelp ? " checked" : ""}></label>` +
    `<label class="row"><span>${t("ui.settings.move_errors")}</span>` +
    `<input class="switch" type="checkbox" name="moveErrors"${s.moveErrors ? " checked" : ""}></label>` +
    `<label class="row"><span>${t("ui.settings.language")}</span><select name="language">${languageOptions}</select></label>` +
    `<fieldset><legend>${t("ui.settings.animation")}</legend><div class="choices">${speedChoices}</div></fieldset>` +
    `<fieldset><legend>${t("ui.settings.deal_mode")}</legend><div class="choices">` +
    `<label><input type="radio" name="dealMode" value="N"${s.dealMode === "N" ? " checked" : ""}>${t("ui.settings.mode_any")}</label>` +
    `<label><input type="radio" name="dealMode" value="S"${s.dealMode === "S" ? " checked" : ""}>${t("ui.settings.mode_winnable")}</label>` +
    `</div><p class="note">${t("ui.settings.mode_note").replace("HH1-S-…", '<span class="nowrap">HH1-S-…</span>')}</p></fieldset>` +
    `<div class="row daily"><span>${t("ui.settings.daily")}</span>` +
    `<button type="button" class="button" data-action="daily">${t("ui.settings.play_daily")}</button></div>`;
  body.addEventListener("change", (event) => {
    const el = event.target;
    if (el.name === "language") {
      switchLanguage(el.value);
      return;
    }
    if (el.type === "checkbox") s[el.name] = el.checked;
    else if (el.type === "radio") s[el.name] = el.value;
    saveSettings(s);
    applyAnimationSpeed();
    if (state.view) board.render(state.view, { showHelp: s.placementHelp });
  });
  let dialog = null;
  body.querySelector('[data-action="daily"]').addEventListener("click", () => {
    dialog.close();
    confirmThen("ui.confirm.new_title", "ui.confirm.counts_as_loss", "ui.settings.play_daily", () =>
      replaceGame({ daily: true }),
    );
  });
  dialog = openDialog({
    title: t("ui.settings.title"),
    body,
    actions: [{ label: t("ui.action.done"), primary: true, name: "done" }],
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Copying the deal's link

async function copyLink() {
  const view = state.view;
  if (!view) return;
  const link = `${window.location.origin}/play/${view.code}`;
  try {
    await navigator.clipboard.writeText(link);
    announce(t("ui.bar.link_copied", { code: view.code }));
  } catch {
    const field = document.createElement("textarea");
    field.value = link;
    field.setAttribute("readonly", "");
    field.style.position = "fixed";
    field.style.opacity = "0";
    document.body.appendChild(field);
    field.select();
    const copied = document.execCommand && document.execCommand("copy");
    field.remove();
    announce(copied ? t("ui.bar.link_copied", { code: view.code }) : link);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Starting

function applyAnimationSpeed() {
  document.documentElement.style.setProperty("--t-fast", `${duration(state.settings, 120)}ms`);
}

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

async function main() {
  // The game and the catalog load at the same time; the table is drawn once both are here.
  const game = loadGame();
  game.catch(() => null); // reported below, once the messages are in
  await startPage("play", "ui.title.play");
  applyAnimationSpeed();
  board = createBoard(document.getElementById("table"), {
    interactive: true,
    animationMs: (ms) => duration(state.settings, ms),
  });
  bindInput(board, (intent) => {
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
  });
  tools.undo.addEventListener("click", () => undo());
  tools.hint.addEventListener("click", () => hint());
  tools.new.addEventListener("click", () => newGame());
  tools.restart.addEventListener("click", () => restart());
  tools.code.addEventListener("click", () => openCodeDialog());
  tools.settings.addEventListener("click", () => openSettingsDialog());
  bar.code.addEventListener("click", () => copyLink());
  setInterval(() => {
    if (state.view && !document.hidden) bar.time.textContent = formatTime(elapsedSeconds());
  }, 500);
  document.addEventListener("visibilitychange", () => {
    const view = state.view;
    if (!view || view.status !== "playing") return;
    if (document.hidden) {
      // Stop the server's clock while the page is hidden; the next action resumes it.
      fetch(`/api/h2h/games/${encodeURIComponent(view.id)}/pause`, { method: "POST", keepalive: true }).catch(() => null);
    } else {
      enqueue(async () => show(await api.getGame(view.id)));
    }
  });
  try {
    show(await game, { fresh: true });
    document.body.dataset.ready = "true";
    performance.mark("heartcards-ready");
  } catch (error) {
    reportError(error);
  }
}

main();
