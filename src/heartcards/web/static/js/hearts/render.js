// The Hearts table renderer: turns the server's `state` messages (Table + View) into the felt: the seats
// (./seats.js), the trick, and your hand (./hand.js) with its prompt (./prompt.js). It keeps one element per card so cards slide between
// places instead of jumping; each `show()` returns a promise that settles when its animation (and, for a finished
// trick, the reading pause) is over, so the page can play the server's messages one after another.

import { element, find } from "../common/dom.js";
import { faceMarkup } from "./cards.js";
import { HandView } from "./hand.js";
import { t } from "../common/i18n.js";
import { cardName, seatName, takenCaption } from "./names.js";
import { PromptView } from "./prompt.js";
import { SeatsView } from "./seats.js";
import { tell } from "../common/status.js";
import { holdMs, moveMs } from "./timing.js";

/** @import { HeartsSettings } from "../common/settings.js" */
/** @import { StateMessage, Trick } from "./types.js" */

const EASE = "cubic-bezier(.2,.7,.3,1)";

/** @param {number} ms */
const wait = (ms) =>
  new Promise((resolve) => {
    setTimeout(resolve, ms);
  });

/**
 * @param {Trick | null | undefined} a
 * @param {Trick | null | undefined} b
 */
function sameTrick(a, b) {
  if (!a || !b) return false;
  return a.leader === b.leader && a.cards.join() === b.cards.join();
}

/**
 * @param {HTMLElement} el
 * @param {Keyframe[]} keyframes
 * @param {number} ms
 * @returns {Promise<unknown>}
 */
function animate(el, keyframes, ms) {
  if (ms <= 0 || !el.animate) return Promise.resolve();
  // A cancelled animation (its element redrawn or gone) rejects `finished`: the drawing goes on, nothing failed.
  return el.animate(keyframes, { duration: ms, easing: EASE, fill: "backwards" }).finished.catch(() => {});
}

/** @param {DOMRect} rect */
function centre(rect) {
  return { x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 };
}

/**
 * The table's DOM under `root` (the page's felt, hand and prompt elements). `onCard(card)` is called on a tap on a
 * card of your hand; the page turns it into an intent (select for the pass, or play).
 */
export class TableView {
  /**
   * @param {HTMLElement} root
   * @param {{settings: HeartsSettings, onCard: (card: string) => void}} options
   */
  constructor(root, { settings, onCard }) {
    this.root = root;
    this.settings = settings;
    /** @type {StateMessage | null} the last state shown */
    this.state = null;
    this.felt = find(root, "[data-felt]");
    this.trickEl = find(root, "[data-trick]");
    this.playsEl = find(root, "[data-plays]");
    this.hand = new HandView(find(root, "[data-hand]"), find(root, '[data-action="pass"]', HTMLButtonElement), onCard);
    this.prompt = new PromptView(root);
    this.promptEl = this.prompt.promptEl;
    this.passButton = this.hand.passButton;
    this.seats = new SeatsView(/** @type {HTMLElement[]} */ ([...root.querySelectorAll(".seat")]));
  }

  get me() {
    return this.state?.seat ?? 0;
  }

  /** @param {number} seat */
  relative(seat) {
    return this.seats.relative(seat);
  }

  /**
   * Show a state; animate from the one shown before when `animated`. Settles when the table may move on.
   * @param {StateMessage} state
   * @param {{animated?: boolean}} [options]
   */
  async show(state, { animated = true } = {}) {
    const before = this.state;
    const prev = before?.view;
    const view = state.view;
    const continuous = Boolean(animated && prev && view && prev.deal === view.deal && before?.seat === state.seat);
    if (!before || before.seat !== state.seat) this.seats.place(state.seat ?? 0);
    if (prev && view && prev.deal !== view.deal) this.hand.selected.clear();
    if (view && (view.phase !== "pass" || view.passed)) this.hand.selected.clear();

    this.state = state;
    this.felt.dataset.spectator = String(state.seat === null || state.seat === undefined);
    this.seats.render(state);
    this.hand.render(state, continuous);
    this.renderPrompt();
    if (!view) {
      await this.renderTrick(null, null, false);
      return;
    }
    const last = view.last_trick;
    if (continuous && prev && last && !sameTrick(last, prev.last_trick)) {
      const shown = prev.trick && prev.trick.leader === last.leader ? prev.trick.cards.length : 0;
      await this.renderTrick(last, prev.trick, true, shown);
      this.setTrickWinner(last.winner);
      tell(this.playsEl, takenCaption(last.cards, seatName(state.table, last.winner, state.seat)));
      await wait(holdMs(this.settings));
      if (this.state !== state) return; // a newer state was shown meanwhile (reconnect): it owns the table now
      await this.gather(last.winner);
      this.setTrickWinner(null);
      await this.renderTrick(view.trick, null, false);
    } else {
      await this.renderTrick(view.trick, prev?.trick ?? null, continuous);
    }
  }

  /**
   * Choose or unchoose a card for the pass; false when three are already chosen.
   * @param {string} card
   */
  toggleSelected(card) {
    const changed = this.hand.toggleSelected(card);
    if (changed) this.renderPrompt();
    return changed;
  }

  renderPassControls() {
    this.hand.renderPassControls();
  }

  chosenForPass() {
    return [...this.hand.selected];
  }

  renderPrompt() {
    if (this.state) this.prompt.render(this.state, this.hand.selected.size);
  }

  // ------------------------------------------------------------------------------------------------------------
  // The trick in the middle

  /**
   * A card of the trick, labelled with who played it ("queen of spades, played by Bea").
   * @param {string} card
   * @param {number} seat the seat that played it
   */
  trickCardEl(card, seat) {
    const el = element("div", "hcard trick-card");
    el.dataset.card = card;
    el.dataset.rel = String(this.relative(seat));
    el.setAttribute("role", "img");
    const name = seatName(this.state?.table, seat, this.state?.seat);
    el.setAttribute("aria-label", t("hearts.ui.trick.played_by", { name, card: cardName(card) }));
    el.innerHTML = faceMarkup(card);
    const by = element("span", "played-by");
    by.setAttribute("aria-hidden", "true"); // the card's label already says it
    by.textContent = seat === this.state?.seat ? t("hearts.ui.seat.you") : name;
    el.appendChild(by);
    return el;
  }

  /**
   * Draw `trick`; cards from index `from` on slide in from whoever played them (your hand or their seat). By
   * default they are those `prevTrick` (the trick shown before) did not have yet. Without `animated`, the trick is
   * just drawn.
   * @param {Trick | null} trick
   * @param {Trick | null} prevTrick
   * @param {boolean} animated
   * @param {number | null} [from]
   */
  async renderTrick(trick, prevTrick, animated, from = null) {
    const cards = trick?.cards || [];
    const present = [...this.trickEl.querySelectorAll("[data-card]")].map((el) => el.getAttribute("data-card"));
    const start = from ?? (prevTrick && trick && prevTrick.leader === trick.leader ? prevTrick.cards.length : 0);
    const same = present.length === Math.min(start, cards.length) && present.every((c, i) => c === cards[i]);
    const ms = animated ? moveMs(this.settings) : 0;
    const leaving = this.hand.takeLeaving();
    if (!trick || !same || !animated) {
      this.trickEl.replaceChildren();
      cards.forEach((card, i) => {
        const seat = ((trick?.leader ?? 0) + i) % 4;
        this.trickEl.appendChild(this.trickCardEl(card, seat));
      });
      this.trickEl.dataset.count = String(cards.length);
      return;
    }
    /** @type {Promise<unknown>[]} */
    const moves = [];
    cards.slice(start).forEach((card, offset) => {
      const seat = (trick.leader + start + offset) % 4;
      const el = this.trickCardEl(card, seat);
      this.trickEl.appendChild(el);
      // a screen reader is told the cards the other seats play (and who took the trick, in `show`), as a sighted
      // player sees them slide in
      if (seat !== this.state?.seat) tell(this.playsEl, el.getAttribute("aria-label") ?? "");
      const mine = seat === this.me;
      const source = mine ? leaving : this.seats.el(seat).querySelector(".plate");
      if (!source || ms <= 0) return;
      const origin = centre(source.getBoundingClientRect());
      const to = centre(el.getBoundingClientRect());
      const scale = mine ? source.getBoundingClientRect().width / el.getBoundingClientRect().width : 0.5;
      const turn = mine ? 0 : [0, 90, 180, -90][this.relative(seat)];
      const dx = origin.x - to.x;
      const dy = origin.y - to.y;
      moves.push(
        animate(
          el,
          [
            { transform: `translate(${dx}px, ${dy}px) rotate(${turn}deg) scale(${scale})`, opacity: mine ? 1 : 0.3 },
            { transform: "none", opacity: 1 },
          ],
          ms,
        ),
      );
    });
    this.trickEl.dataset.count = String(cards.length);
    await Promise.all(moves);
  }

  /** @param {number | null} winner */
  setTrickWinner(winner) {
    for (const el of this.trickEl.querySelectorAll(".trick-card")) {
      const seat = (this.me + Number(el.getAttribute("data-rel"))) % 4;
      el.setAttribute("data-winner", String(winner !== null && seat === winner));
    }
    this.seats.markWinner(winner);
  }

  /**
   * The finished trick slides to its winner's seat and fades; its cards stop being cards at once.
   * @param {number} winner
   */
  async gather(winner) {
    const ms = moveMs(this.settings);
    const cards = /** @type {HTMLElement[]} */ ([...this.trickEl.querySelectorAll(".trick-card")]);
    for (const el of cards) {
      el.removeAttribute("data-card");
      el.setAttribute("aria-hidden", "true");
    }
    if (ms > 0) {
      const target = centre(find(this.seats.el(winner), ".plate").getBoundingClientRect());
      await Promise.all(
        cards.map((el) => {
          const at = centre(el.getBoundingClientRect());
          return el
            .animate(
              [
                { transform: "none", opacity: 1 },
                { transform: `translate(${target.x - at.x}px, ${target.y - at.y}px) scale(.45)`, opacity: 0 },
              ],
              { duration: ms * 1.2, easing: "cubic-bezier(.4,0,.6,1)", fill: "forwards" },
            )
            .finished.catch(() => {});
        }),
      );
    }
    for (const el of cards) el.remove();
    this.trickEl.dataset.count = "0";
  }
}
