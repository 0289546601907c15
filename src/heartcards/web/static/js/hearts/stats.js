// Hearts statistics (/hearts/stats): games, wins, average place, moons and queens of spades taken, from the
// finished games this browser's player sat in, and the recent games.

import { startPage } from "../common/chrome.js";
import { cardsTable, element, find } from "../common/dom.js";
import { formatDate } from "../common/format.js";
import { currentLanguage, t } from "../common/i18n.js";
import { numberBox } from "../common/numbers.js";
import { errorText } from "../common/report.js";
import { announce } from "../common/status.js";
import { heartsApi } from "./net.js";

/**
 * @typedef {{finished_at: string, variant: string, target: number, place: number, won: boolean, total: number,
 *   moons: number, queens: number}} RecentGame
 */

/**
 * The recent games, newest first. On a phone each game is a card (`table.deals.cards`): its date on a line, the
 * figures below it, each under its label.
 * @param {RecentGame[]} games
 */
function recentTable(games) {
  if (!games.length) {
    const p = element("p", "empty");
    p.textContent = t("hearts.ui.stats.none");
    return p;
  }
  const labels = ["date", "rules", "place", "points", "moons", "queens"].map((k) => t(`hearts.ui.stats.col.${k}`));
  const { table, addRow } = cardsTable(labels);
  for (const game of games) {
    const row = addRow([
      formatDate(game.finished_at, currentLanguage()),
      `${t(`hearts.ui.variant.${game.variant}`)} · ${game.target}`,
      game.won ? t("hearts.ui.stats.won_place", { place: game.place }) : String(game.place),
      String(game.total),
      String(game.moons),
      String(game.queens),
    ]);
    if (game.won) row.className = "won";
  }
  return table;
}

async function main() {
  await startPage("hearts", "hearts.ui.stats.title");
  let stats;
  try {
    stats = await heartsApi.stats();
  } catch (error) {
    announce(errorText(error, "Showing the Hearts statistics"), { kind: "error", ms: 6000 });
    document.body.dataset.ready = "true";
    return;
  }
  const average = stats.average_place === null || stats.average_place === undefined ? "–" : stats.average_place.toFixed(2);
  const rate = stats.games ? `${Math.round((100 * stats.wins) / stats.games)}%` : "–";
  find(document, "[data-numbers]").replaceChildren(
    numberBox(t("hearts.ui.stats.games"), String(stats.games), "games"),
    numberBox(t("hearts.ui.stats.wins"), `${stats.wins} (${rate})`, "wins"),
    numberBox(t("hearts.ui.stats.average_place"), average, "average_place"),
    numberBox(t("hearts.ui.stats.moons"), String(stats.moons), "moons"),
    numberBox(t("hearts.ui.stats.queens"), String(stats.queens_taken), "queens_taken"),
  );
  find(document, "[data-recent]").replaceChildren(recentTable(stats.recent || []));
  document.body.dataset.ready = "true";
}

main();
