// What each player took in a deal, for its end: who took the Q♠, and each seat's hearts as small cards, so the score
// table's numbers read as the deal that was just played.

import { element } from "../common/dom.js";
import { t, tn } from "../common/i18n.js";
import { sortHand } from "./cards.js";
import { cardName, cardShort } from "./names.js";

/** @import { HeartsView } from "./types.js" */

const QUEEN = "QS";

/**
 * The line on who took the Q♠ and a row per seat (name, its hearts, the Q♠ beside its taker's).
 * @param {HeartsView} view
 * @param {string[]} names the seats' names as the reader sees them
 * @param {number | null | undefined} me the reader's seat
 */
export function dealTaken(view, names, me) {
  const section = element("section", "deal-taken");
  section.dataset.dealTaken = "";
  const taken = view.point_cards || [];
  const queenSeat = taken.findIndex((cards) => cards.includes(QUEEN));
  if (queenSeat >= 0) {
    const line = element("p", "queen-line");
    line.dataset.queenLine = "";
    line.textContent =
      queenSeat === me ? t("hearts.ui.deal_over.queen_you") : t("hearts.ui.deal_over.queen_by", { name: names[queenSeat] });
    section.appendChild(line);
  }
  const list = document.createElement("ul");
  list.setAttribute("aria-label", t("hearts.ui.deal_over.taken"));
  taken.forEach((cards, seat) => {
    const hearts = sortHand(cards.filter((card) => card !== QUEEN));
    const item = document.createElement("li");
    item.dataset.seat = String(seat);
    if (seat === me) item.className = "me";
    const name = element("span", "who");
    name.textContent = names[seat];
    const count = element("span", "hearts-count");
    count.dataset.hearts = String(hearts.length);
    count.textContent = tn("hearts.ui.deal_over.hearts", hearts.length);
    const chips = element("span", "chips");
    chips.setAttribute("aria-hidden", "true"); // the count and the line say it; the chips show which
    for (const card of cards.includes(QUEEN) ? [QUEEN, ...hearts] : hearts) {
      const chip = document.createElement("span");
      chip.className = card === QUEEN ? "chip queen" : "chip";
      chip.dataset.card = card;
      chip.title = cardName(card);
      chip.textContent = cardShort(card);
      chips.appendChild(chip);
    }
    item.append(name, count, chips);
    list.appendChild(item);
  });
  section.appendChild(list);
  return section;
}
