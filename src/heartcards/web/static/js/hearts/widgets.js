// Small pieces of Hearts DOM shared by the pages: the score table across deals, a trick drawn as a cross, the
// one-line description of a table, and a few line icons of our own.

import { element } from "../common/dom.js";
import { t } from "../common/i18n.js";
import { faceMarkup } from "./cards.js";
import { cardName, takenCaption } from "./names.js";

/** @import { FinishedTrick, HeartsView, TableInfo } from "./types.js" */

/** @type {Record<string, string>} */
const ICONS = {
  scores: '<path d="M4 20V10M10 20V4M16 20v-7M22 20H2"/>',
  last: '<rect x="3" y="7" width="10" height="14" rx="2"/><path d="M8 7V5a2 2 0 0 1 2-2h9a2 2 0 0 1 2 2v11a2 2 0 0 1-2 2h-6"/>',
  leave: '<path d="M15 4h3a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-3"/><path d="M10 17l-5-5 5-5M5 12h11"/>',
  moon: '<path d="M20 14.5A8.5 8.5 0 1 1 9.5 4a7 7 0 0 0 10.5 10.5Z"/>',
  heart: '<path d="M12 20s-7-4.4-7-9.6A3.9 3.9 0 0 1 12 8a3.9 3.9 0 0 1 7 2.4C19 15.6 12 20 12 20Z"/>',
  robot: '<rect x="5" y="8" width="14" height="11" rx="3"/><path d="M12 4v4M9 13h.01M15 13h.01"/>',
};

/**
 * One of the Hearts pages' own line icons, as SVG markup.
 * @param {string} name
 */
export function hIcon(name) {
  return `<svg class="icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">${ICONS[name] || ""}</svg>`;
}

/**
 * "Classic · to 100 points · computer players: normal".
 * @param {TableInfo} table
 */
export function tableFacts(table) {
  return [
    t(`hearts.ui.variant.${table.variant}`),
    t("hearts.ui.facts.target", { target: table.target }),
    t("hearts.ui.facts.strength", { strength: t(`hearts.ui.strength.${table.strength}`) }),
  ].join(" · ");
}

/**
 * A deal's row is a moon when its points add up to 39 (13 for each of three players) instead of 26.
 * @param {number[]} row
 */
function moonSeat(row) {
  if (row.reduce((a, b) => a + b, 0) !== 39) return null;
  const zero = row.indexOf(0);
  return zero >= 0 && row.filter((p) => p === 13).length === 3 ? zero : null;
}

/**
 * A table cell: a header (`th`, with its scope) or a data cell, its text and classes.
 * @param {"th" | "td"} tag
 * @param {string} text
 * @param {{scope?: "col" | "row", classes?: (string | false)[]}} [options]
 */
function tableCell(tag, text, { scope, classes = [] } = {}) {
  const cell = element(tag);
  if (scope) cell.scope = scope;
  cell.textContent = text;
  for (const name of classes) if (name) cell.classList.add(name);
  return cell;
}

/**
 * The score table across deals: one row a deal, one column a seat, totals at the foot; the moon marked.
 * @param {Pick<HeartsView, "scores" | "totals">} view
 * @param {string[]} names
 * @param {number | null} me
 */
export function scoreTable(view, names, me) {
  const wrap = element("div", "score-wrap");
  const table = element("table", "scores");
  const head = document.createElement("thead");
  const headRow = document.createElement("tr");
  headRow.append(
    tableCell("th", t("hearts.ui.scores.deal"), { scope: "col" }),
    ...names.map((name, seat) => tableCell("th", name, { scope: "col", classes: [seat === me && "me"] })),
  );
  head.appendChild(headRow);
  const body = document.createElement("tbody");
  (view.scores || []).forEach((row, index) => {
    const tr = document.createElement("tr");
    tr.appendChild(tableCell("th", String(index + 1), { scope: "row" }));
    const moon = moonSeat(row);
    row.forEach((points, seat) => {
      const td = tableCell("td", String(points), { classes: [seat === me && "me", moon === seat && "moon"] });
      if (moon === seat) {
        td.insertAdjacentHTML("beforeend", hIcon("moon"));
        td.title = t("hearts.ui.scores.moon");
      }
      tr.appendChild(td);
    });
    body.appendChild(tr);
  });
  const foot = document.createElement("tfoot");
  const footRow = document.createElement("tr");
  footRow.appendChild(tableCell("th", t("hearts.ui.scores.total"), { scope: "row" }));
  const low = Math.min(...view.totals);
  view.totals.forEach((total, seat) => {
    const td = tableCell("td", String(total), { classes: [total === low && "leader", seat === me && "me"] });
    td.dataset.totalSeat = String(seat);
    footRow.appendChild(td);
  });
  foot.appendChild(footRow);
  table.append(head, body, foot);
  wrap.appendChild(table);
  return wrap;
}

/**
 * A finished trick as a small cross of cards, each with who played it; the winner's card outlined.
 * @param {FinishedTrick} trick
 * @param {string[]} names
 * @param {number | null} me
 */
export function trickFigure(trick, names, me) {
  const figure = element("figure", "trick-figure");
  const cross = element("div", "mini-trick");
  trick.cards.forEach((card, i) => {
    const seat = (trick.leader + i) % 4;
    const rel = (seat - (me ?? 0) + 4) % 4;
    const cell = element("div", "mini-cell");
    cell.dataset.rel = String(rel);
    cell.dataset.winner = String(seat === trick.winner);
    const face = faceMarkup(card);
    cell.innerHTML = `<div class="hcard" role="img" data-card="${card}" aria-label="${cardName(card)}">${face}</div>`;
    const who = element("span", "mini-name");
    who.textContent = names[seat];
    cell.appendChild(who);
    cross.appendChild(cell);
  });
  const caption = document.createElement("figcaption");
  caption.textContent = takenCaption(trick.cards, names[trick.winner]);
  figure.append(cross, caption);
  return figure;
}

/**
 * The deals after which the special rules kept a game going although a total had reached the target: a tie for the
 * lowest total, or a perfect hand (someone other than the leader took no points). Read from the score history.
 * @param {number[][]} scores
 * @param {number} target
 * @returns {{deal: number, reason: "tie" | "perfect_hand"}[]}
 */
export function extensionsOf(scores, target) {
  /** @type {{deal: number, reason: "tie" | "perfect_hand"}[]} */
  const out = [];
  const totals = [0, 0, 0, 0];
  scores.forEach((row, index) => {
    row.forEach((points, seat) => (totals[seat] += points));
    if (index === scores.length - 1 || Math.max(...totals) < target) return;
    const low = Math.min(...totals);
    const leaders = totals.filter((total) => total === low).length;
    out.push({ deal: index + 1, reason: leaders > 1 ? "tie" : "perfect_hand" });
  });
  return out;
}
