// The Hearts table renderer: turns the server's `state` messages (Table + View) into the felt, the seats, the trick
// and your hand. It keeps one element per card so cards slide between places instead of jumping; each `show()`
// returns a promise that settles when its animation (and, for a finished trick, the reading pause) is over, so the
// page can play the server's messages one after another.

import { t } from "../i18n.js";
import { backMarkup, cardPoints, faceMarkup, parseCard, sortHand } from "./cards.js";
import { holdMs, moveMs } from "./store.js";

const POSITIONS = ["bottom", "left", "top", "right"];
const EASE = "cubic-bezier(.2,.7,.3,1)";
const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** "QS" → "queen of spades" in the page's language. */
export function cardName(card) {
  const { rank, suit } = parseCard(card);
  return t(`hearts.ui.card.${suit}`, { rank: t(`hearts.ui.rank.${rank}`) });
}

/** "QS" → "Q♠" (short, for lists of cards in sentences). */
export function cardShort(card) {
  const { rank, suit } = parseCard(card);
  return `${rank}${{ C: "♣", D: "♦", S: "♠", H: "♥" }[suit]}`;
}

/** The seat a pass goes to / comes from, for a seat and a direction. */
export function passTarget(seat, direction) {
  return (seat + { left: 1, across: 2, right: 3 }[direction]) % 4;
}
export function passSource(seat, direction) {
  return (seat + { left: 3, across: 2, right: 1 }[direction]) % 4;
}

function sameTrick(a, b) {
  if (!a || !b) return false;
  return a.leader === b.leader && a.cards.join() === b.cards.join();
}

export function seatName(table, seat, me) {
  const info = table?.seats?.[seat];
  const name = info?.name?.trim();
  if (seat === me) return name ? t("hearts.ui.seat.you_named", { name }) : t("hearts.ui.seat.you");
  if (name) return name;
  return info?.kind === "bot" ? t("hearts.ui.seat.computer", { n: seat + 1 }) : t("hearts.ui.seat.n", { n: seat + 1 });
}

function animate(el, keyframes, ms) {
  if (!el || ms <= 0 || !el.animate) return Promise.resolve();
  return el.animate(keyframes, { duration: ms, easing: EASE, fill: "backwards" }).finished.catch(() => {});
}

function centre(rect) {
  return { x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 };
}

/**
 * The table's DOM under `root` (the page's felt, hand and prompt elements). `onCard(card)` is called on a tap on a
 * card of your hand; the page turns it into an intent (select for the pass, or play).
 */
export class TableView {
  constructor(root, { settings, onCard }) {
    this.root = root;
    this.settings = settings;
    this.onCard = onCard;
    this.state = null; // the last {table, seat, view} shown
    this.selected = new Set();
    this.handCards = new Map(); // card -> element
    this.felt = root.querySelector("[data-felt]");
    this.trickEl = root.querySelector("[data-trick]");
    this.handEl = root.querySelector("[data-hand]");
    this.promptEl = root.querySelector("[data-prompt]");
    this.passButton = root.querySelector('[data-action="pass"]');
    this.brokenEl = root.querySelector("[data-hearts-broken]");
    this.directionEl = root.querySelector("[data-direction]");
    this.seatEls = [...root.querySelectorAll(".seat")];
    this.handEl.addEventListener("click", (event) => {
      const el = event.target.closest("[data-card]");
      if (el && this.handEl.contains(el)) this.onCard(el.dataset.card);
    });
    this.handEl.addEventListener("keydown", (event) => {
      if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
      const cards = [...this.handEl.querySelectorAll("[data-card]")];
      const next = cards[cards.indexOf(document.activeElement) + (event.key === "ArrowRight" ? 1 : -1)];
      if (next && cards.includes(document.activeElement)) {
        next.focus();
        event.preventDefault();
      }
    });
    new ResizeObserver(() => this.layoutHand()).observe(this.handEl);
  }

  get me() {
    return this.state?.seat ?? 0;
  }

  relative(seat) {
    return (seat - this.me + 4) % 4;
  }

  seatEl(seat) {
    return this.seatEls[this.relative(seat)];
  }

  /** Show a state; animate from the one shown before when `animated`. Settles when the table may move on. */
  async show(state, { animated = true } = {}) {
    const before = this.state;
    const prev = before?.view;
    const view = state.view;
    const continuous = animated && prev && view && prev.deal === view.deal && before.seat === state.seat;
    if (!before || before.seat !== state.seat) this.placeSeats(state.seat ?? 0);
    if (prev && view && prev.deal !== view.deal) this.selected.clear();
    if (view && (view.phase !== "pass" || view.passed)) this.selected.clear();

    const finished = continuous && view.last_trick && !sameTrick(view.last_trick, prev.last_trick);
    this.state = state;
    this.renderSeats();
    this.renderHand(continuous);
    this.renderPrompt();
    if (!view) {
      this.renderTrick(null, null, false);
      return;
    }
    if (finished) {
      const last = view.last_trick;
      const shown = prev.trick && prev.trick.leader === last.leader ? prev.trick.cards.length : 0;
      await this.renderTrick(last, prev, true, shown);
      this.setTrickWinner(last.winner);
      await wait(holdMs(this.settings));
      if (this.state !== state) return; // a newer state was shown meanwhile (reconnect): it owns the table now
      await this.gather(last.winner);
      this.setTrickWinner(null);
      await this.renderTrick(view.trick, null, false);
    } else {
      await this.renderTrick(view.trick, prev, continuous);
    }
  }

  // ------------------------------------------------------------------------------------------------------------
  // Seats

  placeSeats(me) {
    this.seatEls.forEach((el, rel) => {
      const seat = (me + rel) % 4;
      el.dataset.seat = String(seat);
      el.dataset.pos = POSITIONS[rel];
    });
  }

  renderSeats() {
    const { table, view } = this.state;
    const me = this.state.seat ?? null;
    this.felt.dataset.spectator = String(!view);
    for (let seat = 0; seat < 4; seat += 1) {
      const el = this.seatEl(seat);
      const info = table?.seats?.[seat] || { kind: "empty" };
      const count = view ? view.counts[seat] : 0;
      el.dataset.count = String(count);
      el.dataset.kind = info.kind;
      el.dataset.turn = String(Boolean(view && view.phase === "play" && view.turn === seat));
      el.dataset.away = String(Boolean(info.away));
      el.dataset.offline = String(info.kind === "human" && info.connected === false);
      const name = seatName(table, seat, me);
      el.querySelector(".name").textContent = name;
      el.querySelector(".avatar").textContent = info.kind === "bot" ? "" : (info.name || "?").trim().charAt(0).toUpperCase();
      let tag = "";
      if (info.kind === "bot") tag = t("hearts.ui.seat.bot_tag");
      else if (info.away) tag = t("hearts.ui.seat.away_tag");
      else if (info.kind === "human" && info.connected === false) tag = t("hearts.ui.seat.offline_tag");
      el.querySelector(".tag").textContent = tag;
      const countEl = el.querySelector(".count");
      countEl.textContent = String(count);
      countEl.setAttribute("aria-label", t("hearts.ui.seat.cards_left", { count }));
      countEl.title = t("hearts.ui.seat.cards_left", { count });
      const taken = view ? view.taken_points[seat] : 0;
      const takenEl = el.querySelector(".taken");
      takenEl.querySelector("span").textContent = String(taken);
      takenEl.title = t("hearts.ui.seat.taken", { points: taken });
      takenEl.dataset.points = String(taken);
      const total = el.querySelector(".total");
      total.dataset.scoreSeat = String(seat);
      total.textContent = String(view ? view.totals[seat] : 0);
      total.title = t("hearts.ui.seat.total", { points: view ? view.totals[seat] : 0 });
      if (seat !== this.me) this.renderBacks(el.querySelector(".backs"), count);
      const waitingPass = view && view.phase === "pass" && view.waiting_for_pass?.includes(seat);
      el.dataset.passing = String(Boolean(waitingPass));
    }
  }

  renderBacks(el, count) {
    if (!el || el.childElementCount === count) return;
    while (el.childElementCount > count) el.lastElementChild.remove();
    while (el.childElementCount < count) {
      const back = document.createElement("span");
      back.className = "mini-back";
      back.innerHTML = backMarkup();
      el.appendChild(back);
    }
  }

  // ------------------------------------------------------------------------------------------------------------
  // Your hand

  handState() {
    const { view, seat } = this.state;
    if (!view || seat === null || seat === undefined) return { cards: [], mode: "none" };
    let mode = "wait";
    if (view.phase === "pass" && !view.passed && view.pass_direction !== "none") mode = "pass";
    else if (view.phase === "play" && view.turn === seat) mode = "play";
    return { cards: sortHand(view.hand), mode };
  }

  renderHand(continuous) {
    const { view } = this.state;
    const { cards, mode } = this.handState();
    this.handEl.dataset.mode = mode;
    const legal = new Set(view?.legal || []);
    const firstTrick = view && view.phase === "play" && view.counts.reduce((a, b) => a + b, 0) >= 48;
    const received = new Set(firstTrick ? view.received || [] : []);
    const passed = new Set(view && view.phase === "pass" ? view.passed || [] : []);
    const keep = new Set(cards);
    for (const [card, el] of this.handCards) {
      if (keep.has(card)) continue;
      this.handCards.delete(card);
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
      let el = this.handCards.get(card);
      const fresh = !el;
      if (fresh) {
        el = document.createElement("button");
        el.type = "button";
        el.className = "hcard";
        el.dataset.card = card;
        el.innerHTML = faceMarkup(card);
        el.setAttribute("aria-label", cardName(card));
        el.dataset.placing = ""; // its first place is taken at once, not slid into from a corner
        this.handCards.set(card, el);
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
      el.setAttribute(
        "aria-label",
        received.has(card) ? t("hearts.ui.card.received_label", { card: cardName(card) }) : cardName(card),
      );
      if (fresh && continuous && view?.phase === "play") {
        el.dataset.fresh = "true"; // received cards rise into the hand
        setTimeout(() => delete el.dataset.fresh, 700);
      }
    });
    // Keep the DOM in the hand's order (tab order, screen readers) when received cards came in.
    const inDom = [...this.handEl.querySelectorAll("[data-card]")].map((el) => el.dataset.card);
    if (inDom.join() !== cards.join()) for (const card of cards) this.handEl.appendChild(this.handCards.get(card));
    this.layoutHand();
    const placing = [...this.handEl.querySelectorAll("[data-placing]")];
    if (placing.length) {
      void this.handEl.offsetWidth; // commit the first positions before transitions apply again
      for (const el of placing) delete el.dataset.placing;
    }
    this.renderPassControls();
  }

  /** Place the hand's cards: one fan when there is room for big enough strips, else two rows (phones). */
  layoutHand() {
    const cards = [...this.handCards.values()].sort((a, b) => Number(a.style.zIndex) - Number(b.style.zIndex));
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
    if (n === 13 || this.handFloor?.key !== key || needed > this.handFloor.height) this.handFloor = { key, height: needed };
    const height = this.handFloor.height;
    for (const [el, y] of placed) el.style.setProperty("--y", `${y + height - needed}px`);
    this.handEl.style.height = `${height}px`;
  }

  // ------------------------------------------------------------------------------------------------------------
  // Passing

  toggleSelected(card) {
    if (this.selected.has(card)) this.selected.delete(card);
    else if (this.selected.size < 3) this.selected.add(card);
    else return false;
    this.renderHand(false);
    this.renderPrompt();
    return true;
  }

  renderPassControls() {
    const view = this.state?.view;
    const passing = view && view.phase === "pass" && !view.passed && view.pass_direction !== "none";
    this.passButton.hidden = !passing;
    if (passing) {
      this.passButton.textContent = t(`hearts.ui.pass.${view.pass_direction}`);
      this.passButton.disabled = this.selected.size !== 3;
    }
  }

  chosenForPass() {
    return [...this.selected];
  }

  // ------------------------------------------------------------------------------------------------------------
  // The prompt line, the hearts-broken mark and the pass direction

  renderPrompt() {
    const { table, view } = this.state;
    const me = this.me;
    const names = (seats) => seats.map((s) => seatName(table, s, me)).join(", ");
    let text = "";
    let kind = "info";
    if (!view && table?.status === "finished") text = t("hearts.ui.prompt.finished");
    else if (!view) text = table && table.status !== "waiting" ? t("hearts.ui.prompt.spectator") : "";
    else if (view.phase === "pass") {
      if (view.pass_direction === "none") text = t("hearts.ui.prompt.no_pass");
      else if (!view.passed) {
        const target = seatName(table, passTarget(me, view.pass_direction), me);
        text = t("hearts.ui.prompt.choose_pass", { chosen: this.selected.size, name: target });
        kind = "you";
      } else {
        const others = (view.waiting_for_pass || []).filter((s) => s !== me);
        text = others.length ? t("hearts.ui.prompt.waiting_pass", { names: names(others) }) : "";
      }
    } else if (view.phase === "play") {
      if (view.turn === me) {
        kind = "you";
        const led = view.trick?.cards.length ?? 0;
        if (led === 0 && view.hand.length === 13) text = t("hearts.ui.prompt.lead_two");
        else if (led === 0) text = t("hearts.ui.prompt.your_lead");
        else text = t("hearts.ui.prompt.your_turn");
      } else if (view.turn !== null && view.turn !== undefined) {
        text = t("hearts.ui.prompt.turn_of", { name: seatName(table, view.turn, me) });
      }
      const firstTrick = view.counts.reduce((a, b) => a + b, 0) >= 48;
      if (firstTrick && view.received?.length && view.pass_direction !== "none") {
        const from = seatName(table, passSource(me, view.pass_direction), me);
        const cards = sortHand(view.received).map(cardShort).join(" ");
        text = `${t("hearts.ui.prompt.received", { name: from, cards })} · ${text}`;
      }
    } else if (view.phase === "deal_over") text = t("hearts.ui.prompt.deal_over", { deal: view.deal });
    else if (view.phase === "game_over") text = t("hearts.ui.prompt.game_over");
    this.promptEl.textContent = text;
    this.promptEl.dataset.kind = kind;

    const broken = Boolean(view?.hearts_broken);
    this.brokenEl.dataset.broken = String(broken);
    this.brokenEl.hidden = !view || view.phase === "pass";
    const brokenText = t(broken ? "hearts.ui.hearts_broken" : "hearts.ui.hearts_unbroken");
    this.brokenEl.querySelector("span").textContent = brokenText;
    this.brokenEl.title = brokenText;
    const direction = view && view.phase === "pass" ? view.pass_direction : null;
    this.directionEl.hidden = !direction;
    if (direction) {
      this.directionEl.dataset.direction = direction;
      this.directionEl.querySelector("span").textContent = t(`hearts.ui.direction.${direction}`);
    }
  }

  // ------------------------------------------------------------------------------------------------------------
  // The trick in the middle

  trickCardEl(card, rel) {
    const el = document.createElement("div");
    el.className = "hcard trick-card";
    el.dataset.card = card;
    el.dataset.rel = String(rel);
    el.setAttribute("role", "img");
    el.setAttribute("aria-label", cardName(card));
    el.innerHTML = faceMarkup(card);
    return el;
  }

  /**
   * Draw `trick` ({leader, cards}); cards from index `from` on slide in from whoever played them (your hand or
   * their seat). Without `animated`, the trick is just drawn.
   */
  async renderTrick(trick, prev, animated, from = null) {
    const cards = trick?.cards || [];
    const present = [...this.trickEl.querySelectorAll("[data-card]")].map((el) => el.dataset.card);
    const start = from ?? (prev?.trick && trick && prev.trick.leader === trick.leader ? prev.trick.cards.length : 0);
    const same = present.length === Math.min(start, cards.length) && present.every((c, i) => c === cards[i]);
    const ms = animated ? moveMs(this.settings) : 0;
    const moves = [];
    if (!same || !animated) {
      this.trickEl.replaceChildren();
      cards.forEach((card, i) => {
        const seat = (trick.leader + i) % 4;
        this.trickEl.appendChild(this.trickCardEl(card, this.relative(seat)));
      });
      this.trickEl.dataset.count = String(cards.length);
      return;
    }
    cards.slice(start).forEach((card, offset) => {
      const i = start + offset;
      const seat = (trick.leader + i) % 4;
      const el = this.trickCardEl(card, this.relative(seat));
      this.trickEl.appendChild(el);
      const source = seat === this.me ? this.leaving : this.seatEl(seat).querySelector(".plate");
      if (!source || ms <= 0) return;
      const from = centre(source.getBoundingClientRect());
      const to = centre(el.getBoundingClientRect());
      const scale = seat === this.me ? source.getBoundingClientRect().width / el.getBoundingClientRect().width : 0.5;
      const turn = seat === this.me ? 0 : [0, 90, 180, -90][this.relative(seat)];
      moves.push(
        animate(
          el,
          [
            { transform: `translate(${from.x - to.x}px, ${from.y - to.y}px) rotate(${turn}deg) scale(${scale})`, opacity: seat === this.me ? 1 : 0.3 },
            { transform: "none", opacity: 1 },
          ],
          ms,
        ),
      );
    });
    this.leaving = null;
    this.trickEl.dataset.count = String(cards.length);
    await Promise.all(moves);
  }

  setTrickWinner(winner) {
    for (const el of this.trickEl.querySelectorAll(".trick-card")) {
      const seat = (this.me + Number(el.dataset.rel)) % 4;
      el.dataset.winner = String(winner !== null && seat === winner);
    }
    this.seatEls.forEach((el) => (el.dataset.wins = String(winner !== null && Number(el.dataset.seat) === winner)));
  }

  /** The finished trick slides to its winner's seat and fades; its cards stop being cards at once. */
  async gather(winner) {
    const ms = moveMs(this.settings);
    const cards = [...this.trickEl.querySelectorAll(".trick-card")];
    for (const el of cards) {
      el.removeAttribute("data-card");
      el.setAttribute("aria-hidden", "true");
    }
    if (ms > 0) {
      const target = centre(this.seatEl(winner).querySelector(".plate").getBoundingClientRect());
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

/** Points a list of cards carries, for the last-trick view. */
export function pointsOf(cards) {
  return cards.reduce((sum, card) => sum + cardPoints(card), 0);
}
