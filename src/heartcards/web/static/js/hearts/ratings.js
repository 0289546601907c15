// The Hearts leaderboard (/hearts/ratings?variant=…): the best 100 of a ruleset, where I stand, and the choice to be
// hidden from the leaderboards. A guest with no rated game yet is told how to get a rating, never shown one.

import { startPage } from "../common/chrome.js";
import { element, find } from "../common/dom.js";
import { t, tn } from "../common/i18n.js";
import { errorText } from "../common/report.js";
import { announce } from "../common/status.js";
import { heartsApi } from "./net.js";
import { chosenVariant, fillVariantTabs, playerName } from "./rating-parts.js";

/** @import { Ratings } from "./types.js" */

/**
 * The leaderboard's table: place, player (a link to their page), rating, games.
 * @param {Ratings} ratings
 */
function board(ratings) {
  if (!ratings.players.length) {
    return element("p", "empty", t("hearts.ui.ratings.empty"));
  }
  const table = element("table", "deals");
  table.dataset.role = "leaderboard";
  const head = document.createElement("tr");
  for (const key of ["place", "player", "rating", "games"]) {
    const th = element("th", "", t(`hearts.ui.ratings.col.${key}`));
    th.setAttribute("scope", "col");
    head.append(th);
  }
  const thead = document.createElement("thead");
  thead.append(head);
  const body = document.createElement("tbody");
  for (const player of ratings.players) {
    const row = document.createElement("tr");
    if (player.computer) row.className = "computer";
    if (ratings.me && player.id === ratings.me.id) row.classList.add("me");
    const link = document.createElement("a");
    link.href = `/hearts/players/${encodeURIComponent(player.id)}?variant=${ratings.variant}`;
    link.textContent = playerName(player);
    const name = document.createElement("td");
    name.append(link);
    row.append(element("td", "", String(player.place)), name, element("td", "", String(player.rating)), element("td", "", String(player.games)));
    body.append(row);
  }
  table.append(thead, body);
  return table;
}

/**
 * Where the asking player stands, and the choice to be hidden; before any rated game, how to get a rating.
 * @param {HTMLElement} section
 * @param {Ratings} ratings
 */
function showMe(section, ratings) {
  const me = ratings.me;
  if (!me) {
    section.replaceChildren(element("p", "", t("hearts.ui.ratings.no_rating")));
    return;
  }
  const stand = element("p", "", tn("hearts.ui.ratings.my_place", me.games, { place: me.place, rating: me.rating }));
  stand.dataset.role = "my-place";
  const label = element("label", "hide-me");
  const box = document.createElement("input");
  box.type = "checkbox";
  box.checked = me.hidden;
  box.dataset.role = "hide";
  box.addEventListener("change", async () => {
    try {
      await heartsApi.setHidden(box.checked);
      await load(ratings.variant);
    } catch (error) {
      box.checked = !box.checked;
      announce(errorText(error, "The ratings page"), { kind: "error" });
    }
  });
  label.append(box, ` ${t("hearts.ui.ratings.hide")}`);
  section.replaceChildren(stand, label);
}

/** @param {string} variant */
async function load(variant) {
  const ratings = await heartsApi.ratings(variant);
  showMe(find(document, '[data-role="me"]'), ratings);
  find(document, '[data-role="board"]').replaceChildren(board(ratings));
}

async function main() {
  await startPage("hearts", "hearts.ui.ratings.title");
  const variant = chosenVariant();
  fillVariantTabs(find(document, '[data-role="variants"]'), variant);
  try {
    await load(variant);
  } catch (error) {
    announce(errorText(error, "The ratings page"), { kind: "error", ms: 6000 });
  }
  document.body.dataset.ready = "true";
}

main();
