// The Hearts home (/hearts): choose the rules, play against the computer or open an online table, and the lobby of
// open tables (refreshed every few seconds) with a join button each. Against the computer, a game is a server's
// solo table while the server answers, and is played on the device (./local-table.js) when it does not: with no
// network, or the server down or busy. Finished device games are sent to the server from here too.

import { ApiError, isOffline } from "../common/api.js";
import { startPage } from "../common/chrome.js";
import { element, find } from "../common/dom.js";
import { t } from "../common/i18n.js";
import { choice, loadSettings, saveSettings } from "../common/settings.js";
import { errorText, reportFallback } from "../common/report.js";
import { announce } from "../common/status.js";
import { registerWorker } from "../common/service-worker.js";
import { installSuits } from "./cards.js";
import { deviceGames, keepDeviceGamesSynced, newDeviceGame } from "./device-games.js";
import { LocalTable } from "./local-table.js";
import { heartsApi } from "./net.js";
import { loadName, loadSeat, saveName, saveSeat, seatTables } from "./store.js";
import { tableFacts } from "./widgets.js";

/** @import { HeartsSettings } from "../common/settings.js" */
/** @import { TableInfo } from "./types.js" */

const form = find(document, "[data-setup]", HTMLFormElement);
const nameInput = find(form, "[data-name]", HTMLInputElement);
const lobbyList = find(document, "[data-lobby]");
const lobbyEmpty = find(document, "[data-lobby-empty]");
const settings = loadSettings();

/**
 * The value of the checked radio button named `name`, if any.
 * @param {string} name
 * @returns {string | undefined}
 */
function checkedValue(name) {
  const input = form.querySelector(`input[name="${name}"]:checked`);
  return input instanceof HTMLInputElement ? input.value : undefined;
}

/**
 * The form's choices, remembered in the settings store.
 * @returns {HeartsSettings}
 */
function readForm() {
  const chosen = settings.hearts;
  chosen.variant = choice("hearts", "variant", checkedValue("variant"));
  chosen.target = choice("hearts", "target", Number(checkedValue("target")));
  chosen.strength = choice("hearts", "strength", checkedValue("strength"));
  chosen.idle = choice("hearts", "idle", Number(checkedValue("idle")));
  saveSettings(settings);
  return chosen;
}

/**
 * How many deals a game to each target takes on average: 200 games of four `rule` players each,
 * `heartcards hearts sim --players rule,rule,rule,rule --games 200 --target T` (5.0, 8.0 and 11.5 deals).
 * @type {Record<string, number>}
 */
const DEALS_TO_TARGET = { 50: 5, 75: 8, 100: 11.5 };
/** Minutes a deal takes a person at the normal trick speed: thirteen tricks and a pass, about a minute. */
const MINUTES_PER_DEAL = 1.1;

/** The rules' note, and how long a game to the chosen target lasts, so a short game is an informed choice. */
function showNotes() {
  find(form, "[data-variant-note]").textContent = t(`hearts.ui.variant.${checkedValue("variant")}_note`);
  const deals = DEALS_TO_TARGET[checkedValue("target") ?? ""];
  find(form, "[data-length-note]").textContent = deals
    ? t("hearts.ui.setup.length", { minutes: Math.round(deals * MINUTES_PER_DEAL), deals: Math.round(deals) })
    : "";
}

/** The name the others will see; asks for one when the field is empty. */
function displayName() {
  const name = nameInput.value.trim();
  if (!name) {
    announce(t("hearts.ui.setup.name_needed"), { kind: "error" });
    nameInput.focus();
    return null;
  }
  saveName(name);
  return name;
}

/**
 * Open a table: "solo" (you and three computer players) or "online" (others may sit down).
 * @param {"solo" | "online"} mode
 * @param {HTMLButtonElement} button
 */
async function create(mode, button) {
  const name = mode === "solo" ? nameInput.value.trim() || t("hearts.ui.seat.you") : displayName();
  if (!name) return;
  if (mode === "solo" && nameInput.value.trim()) saveName(name);
  const { variant, target, strength, idle } = readForm();
  if (mode === "solo" && navigator.onLine === false) {
    playOnDevice({ variant, target, strength, name });
    return;
  }
  button.disabled = true;
  try {
    const answer = await heartsApi.create({ variant, target, strength, mode, name, idle_seconds: idle });
    saveSeat(answer.table.id, answer.token, answer.seat, answer.route ?? null);
    window.location.assign(answer.table.url || `/hearts/table/${answer.table.id}`);
  } catch (error) {
    if (mode === "solo" && isOffline(error)) {
      playOnDevice({ variant, target, strength, name });
      return;
    }
    announce(errorText(error, "The lobby's action"), { kind: "error", ms: 5000 });
    button.disabled = false;
  }
}

/**
 * A solo game on the device, against the same computer players: the server checks and counts it once finished.
 * @param {{variant: "classic" | "special", target: number, strength: string, name: string}} rules
 */
function playOnDevice(rules) {
  const game = newDeviceGame(rules);
  window.location.assign(`/hearts/solo/${game.id}`);
}

/**
 * Sit at the first free seat of `table`.
 * @param {TableInfo} table
 * @param {HTMLButtonElement} button
 */
async function join(table, button) {
  const name = displayName();
  if (!name) return;
  const free = table.seats.find((seat) => seat.kind === "empty");
  if (!free) {
    announce(t("hearts.ui.lobby.full"), { kind: "error" });
    return;
  }
  button.disabled = true;
  try {
    const answer = await heartsApi.join(table.id, free.seat, name);
    saveSeat(table.id, answer.token, answer.seat, answer.route ?? null);
    window.location.assign(answer.table.url || `/hearts/table/${table.id}`);
  } catch (error) {
    announce(errorText(error, "The lobby's action"), { kind: "error", ms: 5000 });
    button.disabled = false;
    refreshLobby();
  }
}

/**
 * A table's line in a list: who opened it, its rules, and a button (with `action`) or a link to it.
 * @param {TableInfo} table
 * @param {{label: string, action?: (button: HTMLButtonElement) => void}} options
 */
function tableItem(table, { action, label }) {
  const li = document.createElement("li");
  li.dataset.table = table.id;
  const info = element("div", "info");
  const title = document.createElement("strong");
  const host = table.seats.find((seat) => seat.kind === "human")?.name || t("hearts.ui.lobby.someone");
  title.textContent = t("hearts.ui.lobby.table_of", { name: host });
  const facts = document.createElement("span");
  const people = table.seats.filter((seat) => seat.kind !== "empty").length;
  facts.textContent = `${tableFacts(table)} · ${t("hearts.ui.lobby.seated", { count: people })}`;
  info.append(title, facts);
  li.appendChild(info);
  if (action) {
    const button = element("button", "button primary");
    button.textContent = label;
    button.type = "button";
    button.dataset.action = "join";
    button.addEventListener("click", () => action(button));
    li.appendChild(button);
  } else {
    const link = element("a", "button primary");
    link.textContent = label;
    link.href = table.url || `/hearts/table/${table.id}`;
    li.appendChild(link);
  }
  return li;
}

async function refreshLobby() {
  /** @type {TableInfo[]} */
  let tables;
  try {
    tables = (await heartsApi.lobby()).tables || [];
  } catch (error) {
    reportFallback("Refreshing the lobby", error);
    return;
  }
  const open = tables.filter((table) => table.status === "waiting" && !loadSeat(table.id));
  const running = tables.filter((table) => table.status === "playing" && table.mode === "online" && !loadSeat(table.id));
  lobbyList.replaceChildren(
    ...open.map((table) => tableItem(table, { action: (button) => join(table, button), label: t("hearts.ui.lobby.join") })),
    ...running.slice(0, 10).map((table) => {
      const item = tableItem(table, { label: t("hearts.ui.lobby.watch") });
      item.dataset.running = "true";
      find(item, ".info span").append(` · ${t("hearts.ui.lobby.playing")}`);
      find(item, ".button").classList.remove("primary");
      return item;
    }),
  );
  lobbyEmpty.hidden = open.length + running.length > 0;
}

async function showMine() {
  const ids = seatTables().slice(0, 8);
  /** @type {TableInfo[]} */
  const found = [];
  await Promise.all(
    ids.map(async (id) => {
      try {
        const table = await heartsApi.table(id);
        if (table.status !== "finished") found.push(table);
      } catch (error) {
        if (!(error instanceof ApiError && error.status === 404)) reportFallback("Looking up a table you sat at", error);
      }
    }),
  );
  found.sort((a, b) => String(b.created_at).localeCompare(String(a.created_at)));
  const onDevice = deviceGames()
    .filter((game) => game.sync === "playing")
    .slice(0, 8)
    .map((game) => {
      const item = tableItem(new LocalTable(game, { onMessage: () => {} }).table(), { label: t("hearts.ui.lobby.return") });
      item.dataset.device = "true";
      find(item, ".info span").append(` · ${t("hearts.ui.device.on_device")}`);
      return item;
    });
  const box = find(document, "[data-mine]");
  box.hidden = found.length + onDevice.length === 0;
  find(box, "[data-mine-list]").replaceChildren(
    ...onDevice,
    ...found.map((table) => tableItem(table, { label: t("hearts.ui.lobby.return") })),
  );
}

async function main() {
  await startPage("hearts", "hearts.ui.title.setup");
  installSuits();
  const chosen = settings.hearts;
  for (const [name, value] of Object.entries(chosen)) {
    const input = form.querySelector(`input[name="${name}"][value="${value}"]`);
    if (input instanceof HTMLInputElement) input.checked = true;
  }
  nameInput.value = loadName();
  showNotes();
  form.addEventListener("change", () => {
    readForm();
    showNotes();
  });
  form.addEventListener("submit", (event) => event.preventDefault());
  const solo = find(form, '[data-action="solo"]', HTMLButtonElement);
  solo.addEventListener("click", () => create("solo", solo));
  const online = find(form, '[data-action="online"]', HTMLButtonElement);
  online.addEventListener("click", () => create("online", online));
  await refreshLobby();
  await showMine();
  document.body.dataset.ready = "true";
  registerWorker(); // after one visit, the lobby and a game against the computer open with no network
  keepDeviceGamesSynced();
  setInterval(() => {
    if (!document.hidden) refreshLobby();
  }, 4000);
}

main();
