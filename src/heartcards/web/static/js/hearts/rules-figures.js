// The pictures of the Hearts rules page, drawn with the cards of the table (./cards.js): rows of cards (some of them
// barred, some with their points), the four passing directions round a table, a trick and who takes it, a score
// example. Each function returns an element with its caption; the cards carry their spoken names.

import { element } from "../common/dom.js";
import { t } from "../common/i18n.js";
import { faceMarkup } from "./cards.js";
import { cardName } from "./names.js";
import { trickFigure } from "./widgets.js";

/** The example seats, as the table shows them: you at the bottom, then clockwise left, across, right. */
export const SEAT_NAMES = Object.freeze([
  "hearts.ui.rules.seat.you",
  "hearts.ui.rules.seat.left",
  "hearts.ui.rules.seat.across",
  "hearts.ui.rules.seat.right",
]);

/**
 * @param {Node} content
 * @param {string} [caption]
 */
function figureWith(content, caption) {
  const figure = element("figure", "hr-figure");
  figure.append(content);
  if (caption) {
    const text = document.createElement("figcaption");
    text.textContent = caption;
    figure.append(text);
  }
  return figure;
}

/**
 * @param {string} card
 * @param {boolean} [allowed] undefined: neither outlined nor barred
 */
function cardMarkup(card, allowed) {
  const label = allowed === false ? t("hearts.ui.rules.not_allowed", { card: cardName(card) }) : cardName(card);
  const state = allowed === undefined ? "" : ` data-allowed="${allowed}"`;
  return `<div class="hcard" role="img" data-card="${card}"${state} aria-label="${label}">${faceMarkup(card)}</div>`;
}

/**
 * A row of cards. `barred` lists the cards that may not be played (darkened and crossed; the others are outlined as
 * playable), `points` puts each card's penalty points under it, `fan` overlaps the cards like a hand.
 * @param {string[]} cards
 * @param {{barred?: string[], points?: number[], fan?: boolean, caption?: string}} [options]
 */
export function cardRow(cards, { barred, points, fan = false, caption } = {}) {
  const row = document.createElement("div");
  row.className = fan ? "hr-cards fan" : "hr-cards";
  row.innerHTML = cards
    .map((card, i) => {
      const face = cardMarkup(card, barred ? !barred.includes(card) : undefined);
      if (!points) return face;
      return `<div class="hr-cell">${face}<span class="hr-points" aria-hidden="true">${points[i]}</span></div>`;
    })
    .join("");
  return figureWith(row, caption);
}

/** @type {[number, number][]} */
const SEAT_AT = [
  [60, 98],
  [20, 60],
  [60, 22],
  [100, 60],
]; // bottom (you), left, top (across), right: clockwise on the screen
/** @type {Record<string, number>} */
const OFFSET = { left: 1, across: 2, right: 3 };

/**
 * An arrow from seat `from` to seat `to` (0 bottom, then clockwise), gold for yours.
 * @param {number} from
 * @param {number} to
 * @param {boolean} yours
 */
function arrow(from, to, yours) {
  const [x1, y1] = SEAT_AT[from];
  const [x2, y2] = SEAT_AT[to];
  const length = Math.hypot(x2 - x1, y2 - y1);
  const [ux, uy] = [(x2 - x1) / length, (y2 - y1) / length];
  const [nx, ny] = [-uy, ux];
  const side = from - to === 2 || to - from === 2 ? 5 : 0; // across: the two opposite arrows side by side
  const start = [x1 + ux * 17 + nx * side, y1 + uy * 17 + ny * side];
  const tip = [x2 - ux * 17 + nx * side, y2 - uy * 17 + ny * side];
  const base = [tip[0] - ux * 8, tip[1] - uy * 8];
  const colour = yours ? "var(--gold)" : "rgba(255, 255, 255, .7)";
  const head = [tip, [base[0] + nx * 4.5, base[1] + ny * 4.5], [base[0] - nx * 4.5, base[1] - ny * 4.5]];
  return (
    `<line x1="${start[0]}" y1="${start[1]}" x2="${base[0]}" y2="${base[1]}" stroke="${colour}" ` +
    `stroke-width="${yours ? 3 : 2}" stroke-linecap="round"/>` +
    `<polygon points="${head.map((p) => p.join(",")).join(" ")}" fill="${colour}"/>`
  );
}

/**
 * The four seats round a table and where each one's three cards go on a deal passing `direction` (left, right,
 * across or none); your seat (the bottom one) and your arrow in gold.
 * @param {"left" | "right" | "across" | "none"} direction
 */
export function passDiagram(direction) {
  const seats = SEAT_AT.map(
    ([x, y], seat) =>
      `<rect x="${x - 9}" y="${y - 12.5}" width="18" height="25" rx="2.5" fill="url(#hc-back-pattern)" ` +
      `stroke="${seat === 0 ? "var(--gold)" : "#fbf7ef"}" stroke-width="${seat === 0 ? 2.5 : 1.5}"/>`,
  ).join("");
  const arrows =
    direction === "none"
      ? `<circle cx="60" cy="60" r="11" fill="none" stroke="rgba(255, 255, 255, .7)" stroke-width="2.5"/>` +
        `<line x1="52" y1="68" x2="68" y2="52" stroke="rgba(255, 255, 255, .7)" stroke-width="2.5"/>`
      : [1, 2, 3].map((seat) => arrow(seat, (seat + OFFSET[direction]) % 4, false)).join("") +
        arrow(0, OFFSET[direction], true);
  const box = element("div", "hr-pass");
  box.dataset.direction = direction;
  box.innerHTML = `<svg viewBox="0 0 120 120" role="img" aria-hidden="true" focusable="false">${seats}${arrows}</svg>`;
  return figureWith(box, t(`hearts.ui.rules.passing.${direction}`));
}

/**
 * A whole trick drawn as the table's "last trick" picture: `cards` in play order from seat `leader` (0 = you,
 * clockwise), the winner's card marked.
 * @param {number} leader
 * @param {string[]} cards
 * @param {number} winner
 * @param {string} caption
 */
export function trickPicture(leader, cards, winner, caption) {
  const figure = trickFigure({ leader, cards, winner }, SEAT_NAMES.map((key) => t(key)), 0);
  figure.classList.add("hr-figure");
  const text = figure.querySelector("figcaption");
  if (text) text.textContent = caption;
  return figure;
}

/**
 * A deal's points and the totals after it, one row a seat; `marks` names the cells to call out
 * (`{seat, column: "deal" | "total"}`).
 * @param {number} deal
 * @param {number[]} points
 * @param {number[]} totals
 * @param {{seat: number, column: string}[]} marks
 * @param {string} caption
 */
export function scoreExample(deal, points, totals, marks, caption) {
  const table = element("table", "hr-scores");
  /** @type {(seat: number, column: string) => boolean} */
  const marked = (seat, column) => marks.some((mark) => mark.seat === seat && mark.column === column);
  /** @type {(seat: number, column: string, value: number) => string} */
  const cell = (seat, column, value) => `<td${marked(seat, column) ? ' class="marked"' : ""}>${value}</td>`;
  table.innerHTML =
    `<thead><tr><th scope="col">${t("hearts.ui.rules.example.col.player")}</th>` +
    `<th scope="col">${t("hearts.ui.rules.example.col.deal", { deal })}</th>` +
    `<th scope="col">${t("hearts.ui.rules.example.col.total")}</th></tr></thead><tbody>` +
    SEAT_NAMES.map(
      (key, seat) =>
        `<tr><th scope="row">${t(key)}</th>${cell(seat, "deal", points[seat])}${cell(seat, "total", totals[seat])}</tr>`,
    ).join("") +
    `</tbody>`;
  return figureWith(table, caption);
}
