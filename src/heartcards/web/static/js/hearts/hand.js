// Your hand at the Hearts table: one button per card (kept across states, so cards slide instead of jumping), laid
// out as one fan or, on a phone, two rows; the three cards chosen for the pass; the pass button.

import { t } from "../common/i18n.js";
import { faceMarkup, sortHand } from "./cards.js";
import { cardName } from "./names.js";

/** @import { StateMessage } from "./types.js" */

/** @typedef {"none" | "wait" | "pass" | "play"} HandMode */

/**
 * What the hand shows and allows in `state`.
 * @param {StateMessage} state
 * @returns {{cards: string[], mode: HandMode}}
 */
function handState(state) {
  const { view, seat } = state;
  if (!view || seat === null || seat === undefined) return { cards: [], mode: "none" };
  /** @type {HandMode} */
  let mode = "wait";
  if (view.phase === "pass" && !view.passed && view.pass_direction !== "none") mode = "pass";
  else if (view.phase === "play" && view.turn === seat) mode = "play";
  return { cards: sortHand(view.hand), mode };
}

export class HandView {
  /**
   * @param {HTMLElement} handEl
   * @param {HTMLButtonElement} passButton
   * @param {(card: string) => void} onCard called on a tap on a card
   */
  constructor(handEl, passButton, onCard) {
    this.handEl = handEl;
    this.passButton = passButton;
    /** @type {Set<string>} the cards chosen for the pass */
    this.selected = new Set();
    /** @type {Map<string, HTMLButtonElement>} */
    this.cards = new Map();
    /** @type {HTMLElement | null} the card just played, which the trick renderer slides from */
    this.leaving = null;
    /** @type {{key: string, height: number} | null} */
    this.floor = null;
    /** @type {StateMessage | null} */
    this.state = null;
    handEl.addEventListener("click", (event) => {
      const el = event.target instanceof Element ? event.target.closest("[data-card]") : null;
      const card = el && handEl.contains(el) ? el.getAttribute("data-card") : null;
      if (card) onCard(card);
    });
    handEl.addEventListener("keydown", (event) => {
      if ((event.key === "p" || event.key === "P") && !this.passButton.hidden && !this.passButton.disabled) {
        this.passButton.click(); // one key to pass the three chosen cards
        event.preventDefault();
        return;
      }
      if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
      const cards = [...handEl.querySelectorAll("[data-card]")];
      const active = document.activeElement;
      if (!active || !cards.includes(active)) return;
      const next = cards[cards.indexOf(active) + (event.key === "ArrowRight" ? 1 : -1)];
      if (next instanceof HTMLElement) {
        next.focus();
        this.roveTabStop();
        event.preventDefault();
      }
    });
    new ResizeObserver(() => this.layout()).observe(handEl);
  }

  /**
   * Draw the hand of `state`; `continuous` when it follows the state shown before in the same deal (played cards
   * leave for the trick, received ones rise in).
   * @param {StateMessage} state
   * @param {boolean} continuous
   */
  render(state, continuous) {
    this.state = state;
    const view = state.view;
    const { cards, mode } = handState(state);
    this.handEl.dataset.mode = mode;
    const legal = new Set(view?.legal || []);
    const firstTrick = view && view.phase === "play" && view.counts.reduce((a, b) => a + b, 0) >= 48;
    const received = new Set(firstTrick ? view.received || [] : []);
    const passed = new Set(view && view.phase === "pass" ? view.passed || [] : []);
    const keep = new Set(cards);
    for (const [card, el] of this.cards) {
      if (keep.has(card)) continue;
      this.cards.delete(card);
      if (continuous && view?.phase !== "pass") {
        // Played: the trick renderer takes its picture from here, then it goes.
        el.removeAttribute("data-card");
        el.removeAttribute("data-legal");
        el.classList.add("leaving");
        el.style.visibility = "hidden";
        el.setAttribute("aria-hidden", "true");
        el.tabIndex = -1;
        this.leaving = el;
        setTimeout(() => el.remove(), 30);
      } else el.remove();
    }
    cards.forEach((card, index) => {
      let el = this.cards.get(card);
      const fresh = !el;
      if (!el) {
        el = document.createElement("button");
        el.type = "button";
        el.className = "hcard";
        el.dataset.card = card;
        el.innerHTML = faceMarkup(card);
        el.setAttribute("aria-label", cardName(card));
        el.dataset.placing = ""; // its first place is taken at once, not slid into from a corner
        this.cards.set(card, el);
        this.handEl.appendChild(el);
      }
      el.style.zIndex = String(index + 1);
      const isLegal = mode === "pass" || (mode === "play" && legal.has(card));
      el.dataset.legal = String(isLegal);
      el.dataset.received = String(received.has(card));
      el.dataset.passed = String(passed.has(card)); // chosen and on their way once all four have passed
      if (mode === "pass") el.setAttribute("aria-pressed", String(this.selected.has(card)));
      else el.removeAttribute("aria-pressed");
      el.dataset.selected = String(mode === "pass" && this.selected.has(card));
      let label = received.has(card) ? t("hearts.ui.card.received_label", { card: cardName(card) }) : cardName(card);
      if (mode === "play" && !isLegal) label = t("hearts.ui.card.not_playable", { card: label });
      el.setAttribute("aria-label", label);
      el.setAttribute("aria-disabled", String(mode === "play" && !isLegal));
      if (fresh && continuous && view?.phase === "play") {
        const risen = el;
        risen.dataset.fresh = "true"; // received cards rise into the hand
        setTimeout(() => delete risen.dataset.fresh, 700);
      }
    });
    // Keep the DOM in the hand's order (tab order, screen readers) when received cards came in.
    const inDom = [...this.handEl.querySelectorAll("[data-card]")].map((el) => el.getAttribute("data-card"));
    if (inDom.join() !== cards.join()) {
      for (const el of cards.map((card) => this.cards.get(card))) if (el) this.handEl.appendChild(el);
    }
    this.roveTabStop();
    this.layout();
    const placing = [...this.handEl.querySelectorAll("[data-placing]")];
    if (placing.length) {
      void this.handEl.offsetWidth; // commit the first positions before transitions apply again
      for (const el of placing) el.removeAttribute("data-placing");
    }
    this.renderPassControls();
  }

  /**
   * The hand is one Tab stop (the focused card, else the first playable one), so Tab leads on to the pass button
   * and the toolbar in one step; the arrow keys move across the cards.
   */
  roveTabStop() {
    const els = [...this.handEl.querySelectorAll("[data-card]")];
    const focused = els.find((el) => el === document.activeElement);
    const stop = focused ?? els.find((el) => el.getAttribute("data-legal") === "true") ?? els[0];
    for (const el of els) if (el instanceof HTMLElement) el.tabIndex = el === stop ? 0 : -1;
  }

  /** Place the hand's cards: one fan when there is room for big enough strips, else two rows (phones). */
  layout() {
    const cards = [...this.cards.values()].sort((a, b) => Number(a.style.zIndex) - Number(b.style.zIndex));
    const n = cards.length;
    const full = this.handEl.clientWidth;
    if (!full) return;
    const cardW = Math.max(58, Math.min(112, full * 0.19, (window.innerHeight || 800) * 0.13));
    const cardH = cardW * 1.4;
    const minStrip = Math.max(40, cardW * 0.42); // a strip a finger can hit
    const width = full - cardW * 0.3; // room for the fan's outer cards to lean out
    const singleStrip = n > 1 ? (width - cardW - 8) / (n - 1) : cardW;
    const rows = n > 7 && singleStrip < minStrip ? [Math.ceil(n / 2), n - Math.ceil(n / 2)] : [n];
    const lift = cardH * 0.2;
    this.handEl.style.setProperty("--hand-cw", `${cardW}px`);
    let index = 0;
    let bottom = cardH + lift;
    /** @type {[HTMLElement, number][]} */
    const placed = [];
    rows.forEach((count, row) => {
      const strip = count > 1 ? Math.min(cardW * 0.66, (width - cardW - 8) / (count - 1)) : 0;
      const span = strip * (count - 1) + cardW;
      const left0 = (full - span) / 2;
      const mid = (count - 1) / 2;
      const tilt = rows.length > 1 ? 0.5 : 1.8;
      for (let i = 0; i < count; i += 1, index += 1) {
        const el = cards[index];
        const off = i - mid;
        const x = left0 + i * strip;
        const y = lift + row * cardH * 0.5 + Math.abs(off) * Math.abs(off) * (rows.length > 1 ? 0.25 : 1.1);
        el.style.width = `${cardW}px`;
        el.style.height = `${cardH}px`;
        el.style.setProperty("--x", `${x}px`);
        el.style.setProperty("--r", `${off * tilt}deg`);
        placed.push([el, y]);
        const angle = (Math.abs(off * tilt) * Math.PI) / 180;
        bottom = Math.max(bottom, y + cardH * Math.cos(angle) + cardW * Math.sin(angle) * 0.5);
      }
    });
    // The hand keeps its height through a deal (a full hand sets it), so the table above never jumps when the
    // hand goes from two rows to one; a smaller hand sits at the bottom of that space.
    const needed = Math.ceil(bottom + 6);
    const key = `${full}x${Math.round(cardW)}`;
    if (n === 13 || this.floor?.key !== key || needed > this.floor.height) this.floor = { key, height: needed };
    const height = this.floor.height;
    for (const [el, y] of placed) el.style.setProperty("--y", `${y + height - needed}px`);
    this.handEl.style.height = `${height}px`;
  }

  /**
   * Choose or unchoose a card for the pass; false when three are already chosen.
   * @param {string} card
   */
  toggleSelected(card) {
    if (this.selected.has(card)) this.selected.delete(card);
    else if (this.selected.size < 3) this.selected.add(card);
    else return false;
    if (this.state) this.render(this.state, false);
    return true;
  }

  /** Show the pass button while this seat has a pass to choose (never to a spectator); it works once three are. */
  renderPassControls() {
    const view = this.state?.view;
    const seated = this.state?.seat !== null && this.state?.seat !== undefined;
    const passing = Boolean(seated && view && view.phase === "pass" && !view.passed && view.pass_direction !== "none");
    this.passButton.hidden = !passing;
    if (view && passing) {
      this.passButton.textContent = t(`hearts.ui.pass.${view.pass_direction}`);
      this.passButton.disabled = this.selected.size !== 3;
    }
  }

  /** The card just played, once (the trick renderer slides it from there). */
  takeLeaving() {
    const el = this.leaving;
    this.leaving = null;
    return el;
  }
}
