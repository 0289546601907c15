// The Statistics page: totals, streaks, bests, a chart of recent results and per-deal bests, from the database.
// They need the server: with none, the page says so. The moves still waiting on the device (a game ended just before
// coming here, its last batch cut off by the page change) are sent first, so every game this device played counts.

import { isOffline } from "../common/api.js";
import { api } from "./api.js";
import { startPage } from "../common/chrome.js";
import { calendarSection } from "./daily.js";
import { createBooks } from "./play/books.js";
import { byId, find } from "../common/dom.js";
import { formatDate, formatNumber, formatTime } from "../common/format.js";
import { t, tn } from "../common/i18n.js";
import { numberBox } from "../common/numbers.js";
import { errorText } from "../common/report.js";

/** @import { Daily } from "./types.js" */

/**
 * @typedef {{id: string, code: string, status: string, moves: number, seconds: number, assisted: boolean,
 *   finished_at: string}} RecentGame
 * @typedef {{code: string, played: number, won: number, best_moves: number | null, best_seconds: number | null}} DealBest
 * @typedef {{played: number, won: number, current_streak: number, best_streak: number, best_seconds: number | null,
 *   fewest_moves: number | null, assisted: number, recent?: RecentGame[], per_deal?: DealBest[]}} Stats
 */

/** @type {Record<string, string>} */
const ENTITIES = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" };

/** @param {unknown} text */
const escape = (text) => String(text).replace(/[&<>"]/g, (c) => ENTITIES[c]);

/** @param {Stats} stats */
function numbers(stats) {
  const items = [
    ["played", stats.played],
    ["won", stats.won],
    ["win_rate", stats.played ? `${Math.round((100 * stats.won) / stats.played)}%` : "–"],
    ["current_streak", stats.current_streak],
    ["best_streak", stats.best_streak],
    ["best_time", formatTime(stats.best_seconds)],
    ["fewest_moves", formatNumber(stats.fewest_moves)],
  ];
  if (stats.assisted) items.push(["with_hints", stats.assisted]);
  return (
    `<div class="numbers">` +
    items.map(([key, value]) => numberBox(t(`h2h.ui.stats.${key}`), String(value ?? "–"), String(key)).outerHTML).join("") +
    `</div>`
  );
}

/** @param {RecentGame[]} recent */
function chart(recent) {
  const games = [...recent].reverse(); // oldest first, left to right
  if (!games.length) return `<p class="empty">${t("h2h.ui.stats.no_games")}</p>`;
  const width = 600;
  const height = 160;
  const slot = width / Math.max(games.length, 10);
  const most = Math.max(...games.map((g) => g.moves || 0), 1);
  const bars = games
    .map((g, i) => {
      const h = Math.max(6, ((g.moves || 0) / most) * (height - 12));
      const won = g.status === "won";
      const label = tn(won ? "h2h.ui.stats.bar_won" : "h2h.ui.stats.bar_lost", g.moves, { code: g.code, moves: g.moves });
      return (
        `<a href="/replay/${encodeURIComponent(g.id)}" aria-label="${escape(label)}">` +
        `<rect x="${(i * slot + slot * 0.15).toFixed(1)}" y="${(height - h).toFixed(1)}" width="${(slot * 0.7).toFixed(1)}" ` +
        `height="${h.toFixed(1)}" rx="3" fill="${won ? "#f4c84a" : "#8aa397"}"><title>${escape(label)}</title></rect></a>`
      );
    })
    .join("");
  return (
    `<div class="chart"><svg viewBox="0 0 ${width} ${height}" preserveAspectRatio="none" role="group" ` +
    `aria-label="${escape(t("h2h.ui.stats.chart_label"))}">${bars}</svg></div>` +
    `<p class="legend"><span class="won">${t("h2h.ui.stats.won_legend")}</span><span class="lost">${t("h2h.ui.stats.lost_legend")}</span>` +
    `<span>${t("h2h.ui.stats.chart_note")}</span></p>`
  );
}

/**
 * @param {RecentGame[]} recent
 * @param {string} lang
 */
function recentTable(recent, lang) {
  if (!recent.length) return "";
  const rows = recent
    .map(
      (g) =>
        `<tr><td>${escape(formatDate(g.finished_at, lang))}</td><td><a href="/play/${escape(g.code)}">${escape(g.code)}</a></td>` +
        `<td>${t(g.status === "won" ? "h2h.ui.stats.result_won" : "h2h.ui.stats.result_lost")}${g.assisted ? ` <span class="hints-note">${t("h2h.ui.stats.assisted")}</span>` : ""}</td>` +
        `<td>${escape(g.moves)}</td><td>${formatTime(g.seconds)}</td>` +
        `<td><a href="/replay/${encodeURIComponent(g.id)}">${t("h2h.ui.stats.replay")}</a></td></tr>`,
    )
    .join("");
  return (
    `<div style="overflow-x:auto"><table class="deals" data-role="recent"><thead><tr><th>${t("h2h.ui.stats.date")}</th><th>${t("h2h.ui.stats.deal")}</th>` +
    `<th>${t("h2h.ui.stats.result")}</th><th>${t("h2h.ui.stats.moves")}</th><th>${t("h2h.ui.stats.time")}</th><th><span class="sr-only">${t("h2h.ui.stats.replay")}</span></th></tr></thead>` +
    `<tbody>${rows}</tbody></table></div>`
  );
}

/** @param {DealBest[]} deals */
function perDeal(deals) {
  if (!deals.length) return `<p class="empty">${t("h2h.ui.stats.no_games")}</p>`;
  // Each figure carries its heading too: a phone shows a deal as a card, each figure under its own label.
  const cell = (/** @type {string} */ key, /** @type {string} */ value) =>
    `<td data-label="${escape(t(key))}">${value}</td>`;
  const rows = deals
    .map(
      (d) =>
        `<tr><td><a href="/play/${escape(d.code)}">${escape(d.code)}</a></td>` +
        cell("h2h.ui.stats.played", escape(d.played)) +
        cell("h2h.ui.stats.won", escape(d.won)) +
        cell("h2h.ui.stats.fewest_moves", formatNumber(d.best_moves)) +
        cell("h2h.ui.stats.best_time", formatTime(d.best_seconds)) +
        `</tr>`,
    )
    .join("");
  return (
    `<div style="overflow-x:auto"><table class="deals cards" data-role="per-deal"><thead><tr><th>${t("h2h.ui.stats.deal")}</th><th>${t("h2h.ui.stats.played")}</th>` +
    `<th>${t("h2h.ui.stats.won")}</th><th>${t("h2h.ui.stats.fewest_moves")}</th><th>${t("h2h.ui.stats.best_time")}</th></tr></thead>` +
    `<tbody>${rows}</tbody></table></div>`
  );
}

async function main() {
  const lang = await startPage("stats", "h2h.ui.title.stats");
  const root = byId("stats");
  try {
    // false when a request fails: the statistics' own request below says whether the server can be reached. A refused
    // batch leaves the game to the play page, which reloads the server's game when it opens it.
    await createBooks({ onRefused: () => {} }).flush();
    /** @type {[Stats, Daily]} */
    const [stats, daily] = await Promise.all([api.stats(), api.daily()]);
    root.innerHTML =
      `<h1>${t("h2h.ui.stats.title")}</h1>${numbers(stats)}<p class="muted-note">${t("h2h.ui.stats.best_note")}</p>` +
      `<h2>${t("h2h.ui.stats.recent")}</h2>${chart(stats.recent || [])}${recentTable(stats.recent || [], lang)}` +
      `<h2>${t("h2h.ui.stats.per_deal")}</h2>${perDeal(stats.per_deal || [])}`;
    find(root, ".muted-note").after(calendarSection(daily, lang));
  } catch (error) {
    root.innerHTML = `<h1>${t("h2h.ui.stats.title")}</h1><p class="empty"></p>`;
    find(root, ".empty").textContent = isOffline(error) ? t("h2h.ui.offline.stats") : errorText(error, "Showing the statistics");
  }
  document.body.dataset.ready = "true";
}

main();
