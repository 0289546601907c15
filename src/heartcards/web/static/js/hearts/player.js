// A Hearts player's page (/hearts/players/{id}?variant=…): their rating in a ruleset, its history as a chart, and
// their recent rated games.

import { startPage } from "../common/chrome.js";
import { cardsTable, element, find } from "../common/dom.js";
import { formatDate } from "../common/format.js";
import { currentLanguage, t } from "../common/i18n.js";
import { numberBox } from "../common/numbers.js";
import { errorText } from "../common/report.js";
import { announce } from "../common/status.js";
import { heartsApi } from "./net.js";
import { chosenVariant, fillVariantTabs, playerName, ratingChart } from "./rating-parts.js";

/** @import { RatingPoint } from "./types.js" */

const RECENT = 10;

/**
 * The newest rated games first: date, place (or "left"), the rating after it, a link to the table. On a phone each
 * game is a card (`table.deals.cards`): its date on a line, the place, rating and link below it, each under its label.
 * @param {RatingPoint[]} history
 */
function recentTable(history) {
  const labels = ["date", "finish", "rating"].map((key) => t(`hearts.ui.ratings.col.${key}`));
  const links = `<th scope="col"><span class="sr-only">${t("hearts.ui.ratings.open_table")}</span></th>`;
  const { table, addRow } = cardsTable(labels, links);
  table.dataset.role = "recent-rated";
  for (const point of [...history].reverse().slice(0, RECENT)) {
    const place = point.left ? t("hearts.ui.ratings.left") : String(point.place);
    const row = addRow([formatDate(point.at, currentLanguage()), place, String(point.rating)]);
    const link = element("a", "", t("hearts.ui.ratings.open_table"));
    link.href = `/hearts/table/${encodeURIComponent(point.table)}`;
    row.insertCell().append(link);
  }
  return table;
}

async function main() {
  await startPage("hearts", "hearts.ui.ratings.title");
  const variant = chosenVariant();
  fillVariantTabs(find(document, '[data-role="variants"]'), variant);
  const id = decodeURIComponent(window.location.pathname.split("/").pop() ?? "");
  find(document, '[data-role="back"]', HTMLAnchorElement).href = `/hearts/ratings?variant=${variant}`;
  try {
    const page = await heartsApi.player(id, variant);
    find(document, '[data-role="name"]').textContent = playerName(page.player);
    find(document, '[data-role="numbers"]').replaceChildren(
      numberBox(t("hearts.ui.ratings.col.rating"), String(page.player.rating), "rating"),
      numberBox(t("hearts.ui.ratings.standing"), String(page.player.place), "place"),
      numberBox(t("hearts.ui.ratings.col.games"), String(page.player.games), "games"),
    );
    find(document, '[data-role="chart"]').replaceChildren(ratingChart(page.history));
    find(document, '[data-role="recent"]').replaceChildren(recentTable(page.history));
  } catch (error) {
    find(document, '[data-role="name"]').textContent = t("hearts.ui.ratings.title");
    const text = errorText(error, "Showing a player's ratings");
    announce(text, { kind: "error", ms: 6000 });
    const message = element("p", "empty");
    message.dataset.role = "error";
    message.textContent = text;
    find(document, '[data-role="chart"]').replaceChildren(message);
  }
  document.body.dataset.ready = "true";
}

main();
