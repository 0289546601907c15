// Hearts statistics (/hearts/stats): games, wins, average place, moons and queens of spades taken, from the
// finished games this browser's player sat in, and the recent games.

import { startPage } from "../common/chrome.js";
import { find } from "../common/dom.js";
import { formatDate } from "../common/format.js";
import { currentLanguage, t } from "../common/i18n.js";
import { announce } from "../common/status.js";
import { heartsApi } from "./net.js";

/**
 * @typedef {{finished_at: string, variant: string, target: number, place: number, won: boolean, total: number,
 *   moons: number, queens: number}} RecentGame
 */

/**
 * One figure: its label and value.
 * @param {string} label
 * @param {string} value
 * @param {string} name its data-stat
 */
function number(label, value, name) {
  const box = document.createElement("div");
  box.className = "number";
  box.dataset.stat = name;
  box.innerHTML = `<div class="label"></div><div class="value"></div>`;
  find(box, ".label").textContent = label;
  find(box, ".value").textContent = value;
  return box;
}

/**
 * The recent games, newest first.
 * @param {RecentGame[]} games
 */
function recentTable(games) {
  if (!games.length) {
    const p = document.createElement("p");
    p.className = "empty";
    p.textContent = t("hearts.ui.stats.none");
    return p;
  }
  const table = document.createElement("table");
  table.className = "deals";
  const head = ["date", "rules", "place", "points", "moons", "queens"].map((k) => `<th scope="col">${t(`hearts.ui.stats.col.${k}`)}</th>`);
  table.innerHTML = `<thead><tr>${head.join("")}</tr></thead><tbody></tbody>`;
  const body = find(table, "tbody");
  for (const game of games) {
    const tr = document.createElement("tr");
    const cells = [
      formatDate(game.finished_at, currentLanguage()),
      `${t(`hearts.ui.variant.${game.variant}`)} · ${game.target}`,
      game.won ? t("hearts.ui.stats.won_place", { place: game.place }) : String(game.place),
      String(game.total),
      String(game.moons),
      String(game.queens),
    ];
    for (const text of cells) {
      const td = document.createElement("td");
      td.textContent = text;
      tr.appendChild(td);
    }
    if (game.won) tr.className = "won";
    body.appendChild(tr);
  }
  return table;
}

async function main() {
  await startPage("hearts", "hearts.ui.stats.title");
  let stats;
  try {
    stats = await heartsApi.stats();
  } catch (error) {
    announce(error instanceof Error ? error.message : String(error), { kind: "error", ms: 6000 });
    return;
  }
  const average = stats.average_place === null || stats.average_place === undefined ? "–" : stats.average_place.toFixed(2);
  const rate = stats.games ? `${Math.round((100 * stats.wins) / stats.games)}%` : "–";
  find(document, "[data-numbers]").replaceChildren(
    number(t("hearts.ui.stats.games"), String(stats.games), "games"),
    number(t("hearts.ui.stats.wins"), `${stats.wins} (${rate})`, "wins"),
    number(t("hearts.ui.stats.average_place"), average, "average_place"),
    number(t("hearts.ui.stats.moons"), String(stats.moons), "moons"),
    number(t("hearts.ui.stats.queens"), String(stats.queens_taken), "queens_taken"),
  );
  find(document, "[data-recent]").replaceChildren(recentTable(stats.recent || []));
}

main();
