// The four seats around the Hearts felt: who sits where (you at the bottom), their name plate (avatar, tag, cards
// left, points taken this deal, total) and the backs of their cards.

import { element, find } from "../common/dom.js";
import { t, tn } from "../common/i18n.js";
import { backMarkup } from "./cards.js";
import { seatName } from "./names.js";
import { hIcon } from "./widgets.js";

/** @import { StateMessage } from "./types.js" */

const POSITIONS = ["bottom", "left", "top", "right"];

export class SeatsView {
  /** @param {HTMLElement[]} els the four seat elements, yours (bottom) first, then clockwise */
  constructor(els) {
    this.els = els;
    this.me = 0;
  }

  /**
   * The element of `seat`.
   * @param {number} seat
   */
  el(seat) {
    return this.els[this.relative(seat)];
  }

  /**
   * Where `seat` sits from your point of view: 0 bottom (you), 1 left, 2 top, 3 right.
   * @param {number} seat
   */
  relative(seat) {
    return (seat - this.me + 4) % 4;
  }

  /** Each seat's backs and name plate (avatar, name, tag; cards left, points taken, total), empty. */
  build() {
    for (const el of this.els) {
      el.innerHTML =
        `<div class="backs" aria-hidden="true"></div>` +
        `<div class="plate"><span class="id"><span class="avatar" aria-hidden="true"></span>` +
        `<span class="who"><span class="name"></span><span class="tag"></span></span></span>` +
        `<span class="stats"><span class="count"></span>` +
        `<span class="taken">${hIcon("heart")}<span>0</span></span>` +
        `<span class="total"></span></span></div>`;
    }
  }

  /**
   * Seat the table around `me`.
   * @param {number} me
   */
  place(me) {
    this.me = me;
    this.els.forEach((el, rel) => {
      el.dataset.seat = String((me + rel) % 4);
      el.dataset.pos = POSITIONS[rel];
    });
  }

  /** @param {StateMessage} state */
  render(state) {
    const { table, view } = state;
    const me = state.seat ?? null;
    for (let seat = 0; seat < 4; seat += 1) {
      const el = this.el(seat);
      const info = table?.seats?.[seat] || { seat, name: null, kind: "empty" };
      const count = view ? view.counts[seat] : 0;
      el.dataset.count = String(count);
      el.dataset.kind = info.kind;
      el.dataset.turn = String(Boolean(view && view.phase === "play" && view.turn === seat));
      el.dataset.away = String(Boolean(info.away));
      el.dataset.offline = String(info.kind === "human" && info.connected === false);
      find(el, ".name").textContent = seatName(table, seat, me);
      find(el, ".avatar").textContent = info.kind === "bot" ? "" : (info.name || "?").trim().charAt(0).toUpperCase();
      let tag = "";
      if (info.kind === "bot") tag = t("hearts.ui.seat.bot_tag");
      else if (info.away) tag = t("hearts.ui.seat.away_tag");
      else if (info.kind === "human" && info.connected === false) tag = t("hearts.ui.seat.offline_tag");
      find(el, ".tag").textContent = tag;
      // "away" is all a plate has room for; the avatar's badge and the plate's title say the computer plays meanwhile
      find(el, ".plate").title = info.away ? t("hearts.ui.seat.away_title") : "";
      const countEl = find(el, ".count");
      countEl.textContent = String(count);
      const cardsLeft = tn("hearts.ui.seat.cards_left", count);
      countEl.setAttribute("aria-label", cardsLeft);
      countEl.title = cardsLeft;
      const taken = view ? view.taken_points[seat] : 0;
      const takenEl = find(el, ".taken");
      find(takenEl, "span").textContent = String(taken);
      takenEl.title = tn("hearts.ui.seat.taken", taken, { points: taken });
      takenEl.dataset.points = String(taken);
      const total = find(el, ".total");
      total.dataset.scoreSeat = String(seat);
      total.textContent = String(view ? view.totals[seat] : 0);
      total.title = t("hearts.ui.seat.total", { points: view ? view.totals[seat] : 0 });
      if (seat !== me) renderBacks(find(el, ".backs"), count); // a spectator sees every seat's backs
      const waitingPass = view && view.phase === "pass" && view.waiting_for_pass?.includes(seat);
      el.dataset.passing = String(Boolean(waitingPass));
    }
  }

  /**
   * Mark the seat that won the trick on the table (none when `winner` is null).
   * @param {number | null} winner
   */
  markWinner(winner) {
    for (const el of this.els) el.dataset.wins = String(winner !== null && Number(el.dataset.seat) === winner);
  }
}

/**
 * Show `count` card backs in `el`.
 * @param {HTMLElement} el
 * @param {number} count
 */
function renderBacks(el, count) {
  if (el.childElementCount === count) return;
  while (el.childElementCount > count) el.lastElementChild?.remove();
  while (el.childElementCount < count) {
    const back = element("span", "mini-back");
    back.innerHTML = backMarkup();
    el.appendChild(back);
  }
}
