// What the Hearts ratings pages share: the ruleset tabs, a player's shown name, and the chart of a rating's history
// (an SVG drawn here, with its words in the page's language).

import { element } from "../common/dom.js";
import { t, tn } from "../common/i18n.js";

/** @import { RatedPlayer, RatingPoint } from "./types.js" */

export const VARIANTS = ["classic", "special"];

/** The ruleset the address asks for (`?variant=`), classic unless it names another. */
export function chosenVariant() {
  const asked = new URLSearchParams(window.location.search).get("variant");
  return asked !== null && VARIANTS.includes(asked) ? asked : "classic";
}

/**
 * A link per ruleset, the shown one marked as the current page.
 * @param {HTMLElement} nav
 * @param {string} variant
 */
export function fillVariantTabs(nav, variant) {
  nav.replaceChildren(
    ...VARIANTS.map((name) => {
      const link = document.createElement("a");
      link.className = name === variant ? "button primary" : "button";
      link.href = `?variant=${name}`;
      link.textContent = t(`hearts.ui.variant.${name}`);
      if (name === variant) link.setAttribute("aria-current", "page");
      return link;
    }),
  );
}

/**
 * A player's shown name: the one they chose, else "A player".
 * @param {RatedPlayer} player
 */
export function playerName(player) {
  return player.name ?? t("hearts.ui.ratings.someone");
}

const WIDTH = 600;
const HEIGHT = 200;
const PAD = { left: 44, right: 12, top: 12, bottom: 22 };

/**
 * The rating after each game as a line, the first game at the left; the axis shows the lowest and highest ratings.
 * @param {RatingPoint[]} history
 */
export function ratingChart(history) {
  const figure = element("figure", "rating-chart");
  if (!history.length) return figure;
  const ratings = history.map((point) => point.rating);
  const low = Math.min(...ratings) - 10;
  const high = Math.max(...ratings) + 10;
  const x = (/** @type {number} */ index) =>
    PAD.left + (history.length === 1 ? 0.5 : index / (history.length - 1)) * (WIDTH - PAD.left - PAD.right);
  const y = (/** @type {number} */ rating) => PAD.top + ((high - rating) / (high - low)) * (HEIGHT - PAD.top - PAD.bottom);
  const points = history.map((point, index) => `${x(index).toFixed(1)},${y(point.rating).toFixed(1)}`).join(" ");
  const last = history[history.length - 1];
  const label = tn("hearts.ui.ratings.chart_label", history.length, { first: history[0].rating, last: last.rating });
  const dots = history
    .map((point, index) => {
      const title = t("hearts.ui.ratings.chart_point", { game: index + 1, rating: point.rating, place: point.place });
      return `<circle cx="${x(index).toFixed(1)}" cy="${y(point.rating).toFixed(1)}" r="4"><title>${escapeXml(title)}</title></circle>`;
    })
    .join("");
  figure.innerHTML =
    `<svg viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" aria-label="${escapeXml(label)}">` +
    `<title>${escapeXml(label)}</title>` +
    `<line class="axis" x1="${PAD.left}" y1="${HEIGHT - PAD.bottom}" x2="${WIDTH - PAD.right}" y2="${HEIGHT - PAD.bottom}"/>` +
    `<text class="tick" x="${PAD.left - 6}" y="${y(high - 10) + 4}" text-anchor="end">${high - 10}</text>` +
    (high - low > 20 ? `<text class="tick" x="${PAD.left - 6}" y="${y(low + 10) + 4}" text-anchor="end">${low + 10}</text>` : "") +
    `<polyline points="${points}"/>${dots}</svg>` +
    `<figcaption>${escapeXml(label)}</figcaption>`;
  return figure;
}

/** @type {Record<string, string>} */
const ENTITIES = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" };

/** @param {string} text */
function escapeXml(text) {
  return text.replace(/[&<>"]/g, (c) => ENTITIES[c]);
}
