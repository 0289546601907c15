// The Hearts home (/hearts): choose the rules, play against the computer or open an online table, and the lobby of
// open tables (refreshed every few seconds) with a join button each.

import { startPage } from "../chrome.js";
import { t } from "../i18n.js";
import { announce } from "../status.js";
import { installSuits } from "./cards.js";
import { heartsApi } from "./net.js";
import { loadName, loadSeat, loadSettings, saveName, saveSeat, saveSettings, seatTables } from "./store.js";
import { tableFacts } from "./widgets.js";

const form = document.querySelector("[data-setup]");
const nameInput = form.querySelector("[data-name]");
const lobbyList = document.querySelector("[data-lobby]");
const lobbyEmpty = document.querySelector("[data-lobby-empty]");
const settings = loadSettings();

function choice(name) {
  return form.querySelector(`input[name="${name}"]:checked`)?.value;
}

function readForm() {
  settings.variant = choice("variant") || "classic";
  settings.target = Number(choice("target") || 100);
  settings.strength = choice("strength") || "normal";
  settings.idle = Number(choice("idle") || 60);
  saveSettings(settings);
  return settings;
}

function showVariantNote() {
  form.querySelector("[data-variant-note]").textContent = t(`hearts.ui.variant.${choice("variant")}_note`);
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

async function create(mode, button) {
  const name = mode === "solo" ? nameInput.value.trim() || t("hearts.ui.seat.you") : displayName();
  if (!name) return;
  if (mode === "solo" && nameInput.value.trim()) saveName(name);
  const { variant, target, strength, idle } = readForm();
  button.disabled = true;
  try {
    const answer = await heartsApi.create({ variant, target, strength, mode, name, idle_seconds: idle });
    saveSeat(answer.table.id, answer.token, answer.seat);
    window.location.assign(answer.table.url || `/hearts/table/${answer.table.id}`);
  } catch (error) {
    announce(error.message, { kind: "error", ms: 5000 });
    button.disabled = false;
  }
}

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
    saveSeat(table.id, answer.token, answer.seat);
    window.location.assign(answer.table.url || `/hearts/table/${table.id}`);
  } catch (error) {
    announce(error.message, { kind: "error", ms: 5000 });
    button.disabled = false;
    refreshLobby();
  }
}

function tableItem(table, { action, label }) {
  const li = document.createElement("li");
  li.dataset.table = table.id;
  const info = document.createElement("div");
  info.className = "info";
  const title = document.createElement("strong");
  const host = table.seats.find((seat) => seat.kind === "human")?.name || t("hearts.ui.lobby.someone");
  title.textContent = t("hearts.ui.lobby.table_of", { name: host });
  const facts = document.createElement("span");
  const people = table.seats.filter((seat) => seat.kind !== "empty").length;
  facts.textContent = `${tableFacts(table)} · ${t("hearts.ui.lobby.seated", { count: people })}`;
  info.append(title, facts);
  li.appendChild(info);
  const button = document.createElement(action ? "button" : "a");
  button.className = "button primary";
  button.textContent = label;
  if (action) {
    button.type = "button";
    button.dataset.action = "join";
    button.addEventListener("click", () => action(button));
  } else button.href = table.url || `/hearts/table/${table.id}`;
  li.appendChild(button);
  return li;
}

async function refreshLobby() {
  let tables = [];
  try {
    tables = (await heartsApi.lobby()).tables || [];
  } catch {
    return;
  }
  const open = tables.filter((table) => table.status === "waiting" && !loadSeat(table.id));
  const running = tables.filter((table) => table.status === "playing" && table.mode === "online" && !loadSeat(table.id));
  lobbyList.replaceChildren(
    ...open.map((table) => tableItem(table, { action: (button) => join(table, button), label: t("hearts.ui.lobby.join") })),
    ...running.slice(0, 10).map((table) => {
      const item = tableItem(table, { label: t("hearts.ui.lobby.watch") });
      item.dataset.running = "true";
      item.querySelector(".info span").append(` · ${t("hearts.ui.lobby.playing")}`);
      item.querySelector(".button").classList.remove("primary");
      return item;
    }),
  );
  lobbyEmpty.hidden = open.length + running.length > 0;
}

async function showMine() {
  const ids = seatTables().slice(0, 8);
  const found = [];
  await Promise.all(
    ids.map(async (id) => {
      try {
        const table = await heartsApi.table(id);
        if (table.status !== "finished") found.push(table);
      } catch {
        /* gone */
      }
    }),
  );
  found.sort((a, b) => String(b.created_at).localeCompare(String(a.created_at)));
  const box = document.querySelector("[data-mine]");
  box.hidden = found.length === 0;
  box.querySelector("[data-mine-list]").replaceChildren(
    ...found.map((table) => tableItem(table, { label: t("hearts.ui.lobby.return") })),
  );
}

async function main() {
  await startPage("hearts", "hearts.ui.title.setup");
  installSuits();
  for (const [name, value] of [["variant", settings.variant], ["target", settings.target], ["strength", settings.strength], ["idle", settings.idle]]) {
    const input = form.querySelector(`input[name="${name}"][value="${value}"]`);
    if (input) input.checked = true;
  }
  nameInput.value = loadName();
  showVariantNote();
  form.addEventListener("change", () => {
    readForm();
    showVariantNote();
  });
  form.addEventListener("submit", (event) => event.preventDefault());
  form.querySelector('[data-action="solo"]').addEventListener("click", (e) => create("solo", e.currentTarget));
  form.querySelector('[data-action="online"]').addEventListener("click", (e) => create("online", e.currentTarget));
  await refreshLobby();
  await showMine();
  document.body.dataset.ready = "true";
  setInterval(() => {
    if (!document.hidden) refreshLobby();
  }, 4000);
}

main();
