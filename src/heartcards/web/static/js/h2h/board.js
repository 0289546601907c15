// The renderer: turns a game View (the server's JSON, or a replay frame of the same shape) into the table's DOM.
// It keeps one element per card and updates only what changed: a tap touches the attributes of the cards it
// changes, never reads the layout after writing, and every animation moves only transform and opacity. Removed cards
// lose their data-pos at once (the test hooks see the new state) and fade out as ghosts.

import { backMarkup } from "../common/cards.js";
import { faceMarkup, installFaceStyles, slotMarkup, warmFacePictures } from "./cards.js";
import { rankName, t, tn } from "../common/i18n.js";
import { element, find, setAttribute, setText } from "../common/dom.js";
import { HEART_SIZE, slotBox } from "./engine/layout.js";

/** @import { BoardState, Target } from "./types.js" */
/** @import { LookName } from "./cards.js" */

/** @typedef {{target: Target, el: HTMLElement}} FocusEntry */
/** @typedef {{outlined: Set<number>, dimmed: Set<number | "waste">}} Help */
/** @typedef {{stock: {count: number}, waste: {count: number, top: string | null}}} Piles */
/** @typedef {ReturnType<typeof createBoard>} Board */

/** One pulse of a hint's glow (h2h.css's `hint`): a board whose animations last 0 ms shows the hint still. */
const HINT_PULSE_MS = 1100;

/** @param {number} fraction */
const PERCENT = (fraction) => `${(fraction * 100).toFixed(4)}%`;

/**
 * The targets a move in the record's notation touches: "S" the stock, "3-7" two cards, "25-W" a card and the waste.
 * @param {string | null} move
 * @returns {Target[]}
 */
function parseMoveTargets(move) {
  if (!move) return [];
  if (move === "S") return ["stock"];
  const [first, second] = move.split("-");
  return [Number(first), second === "W" ? "waste" : Number(second)];
}

/**
 * A board drawn into `root`. An interactive board's cards are buttons; a passive one's are pictures.
 * @param {HTMLElement} root
 * @param {{interactive?: boolean, animationMs?: (ms: number) => number}} [options]
 */
export function createBoard(root, { interactive = true, animationMs = () => 0 } = {}) {
  installFaceStyles(root.ownerDocument);
  root.classList.add("table");
  // A passive board (replays, pictures) draws the same cards as images, not buttons.
  const tag = interactive ? 'button type="button"' : 'div role="img"';
  const endTag = interactive ? "button" : "div";
  root.innerHTML =
    `<div class="heart" role="group"><p class="stuck-note" data-role="stuck" hidden></p></div>` +
    `<div class="piles">` +
    `<${tag} class="pile" data-pile="stock"></${endTag}>` +
    `<${tag} class="pile" data-pile="waste"></${endTag}></div>`;
  const heart = find(root, ".heart");
  const stock = find(root, '[data-pile="stock"]');
  const waste = find(root, '[data-pile="waste"]');
  heart.setAttribute("aria-label", t("h2h.ui.heart.label"));
  // Stays on the heart while the game is stalled, so the "no moves" state shows after its dialog is closed.
  const stuckNote = find(heart, '[data-role="stuck"]');
  stuckNote.textContent = t("h2h.ui.stalled.badge");
  /** @type {Map<number, HTMLElement>} pos -> element */
  const cards = new Map();
  /** @type {WeakMap<HTMLElement, string>} element -> the state it shows, so unchanged cards are not touched */
  const looks = new WeakMap();
  /** @type {Piles | null} */
  let previous = null;
  /** @type {Target} */
  let focusTarget = "stock";
  /** @type {string | null} */
  let wasteShown = null;
  /** @type {string | null} */
  let stockShown = null;
  /** @type {HTMLElement | null} the one target a Tab key reaches (tabindex 0); every other one has -1 */
  let tabStop = null;

  if (!interactive) root.classList.add("passive");
  else {
    stock.tabIndex = waste.tabIndex = -1;
    warmFacePictures(root.ownerDocument);
  }

  /** @type {number | undefined} when the refused card's ring goes */
  let refusedTimer;

  /**
   * @param {Target} target
   * @returns {HTMLElement | null}
   */
  function elementFor(target) {
    if (target === "stock") return stock;
    if (target === "waste") return waste;
    return cards.get(target) || null;
  }

  /**
   * @param {number} pos
   * @param {string} rank
   */
  function makeCard(pos, rank) {
    const el = document.createElement(interactive ? "button" : "div");
    if (el instanceof HTMLButtonElement) el.type = "button";
    else el.setAttribute("role", "img");
    el.className = "card";
    el.dataset.pos = String(pos);
    el.dataset.rank = rank;
    const box = slotBox(pos);
    Object.assign(el.style, {
      left: PERCENT(box.left),
      top: PERCENT(box.top),
      width: PERCENT(box.width),
      height: PERCENT(box.height),
    });
    el.style.zIndex = String(pos);
    if (interactive) el.tabIndex = -1;
    el.innerHTML = faceMarkup(rank);
    return el;
  }

  /**
   * @param {HTMLElement} el
   * @param {Keyframe[]} keyframes
   * @param {number} ms
   * @param {() => void} [then]
   */
  function fade(el, keyframes, ms, then) {
    if (ms <= 0 || !el.animate) {
      then?.();
      return;
    }
    const animation = el.animate(keyframes, { duration: ms, easing: "cubic-bezier(.2,.7,.3,1)" });
    if (then) animation.finished.then(then, then);
  }

  /** @param {HTMLElement} el */
  function ghostAway(el) {
    // The element stops being a card at once; only its picture lingers for the animation.
    for (const name of ["pos", "rank", "free", "match", "dim", "hint"]) delete el.dataset[name];
    el.removeAttribute("aria-pressed");
    el.setAttribute("aria-hidden", "true");
    el.tabIndex = -1;
    el.classList.add("ghost");
    liftAway(el);
  }

  /**
   * A picture leaving the table: it rises, grows and fades, then is removed.
   * @param {HTMLElement} el
   */
  function liftAway(el) {
    fade(
      el,
      [
        { opacity: 1, transform: "translateY(0) scale(1)" },
        { opacity: 0, transform: "translateY(-8%) scale(1.1)" },
      ],
      animationMs(260),
      () => el.remove(),
    );
  }

  /**
   * @param {number} pos
   * @param {string} rank
   * @param {boolean} free
   */
  function cardLabel(pos, rank, free) {
    return t("h2h.ui.card.label", {
      card: t("h2h.ui.card.of_hearts", { rank: rankName(rank) }),
      pos,
      state: t(free ? "h2h.ui.card.free" : "h2h.ui.card.covered"),
    });
  }

  /**
   * @param {BoardState} view
   * @param {Help} help
   * @param {boolean} showHelp
   */
  function renderHeart(view, help, showHelp) {
    const selection = view.selection ?? null;
    for (let pos = 1; pos <= HEART_SIZE; pos += 1) {
      const entry = view.heart[pos - 1];
      let el = cards.get(pos);
      if (!entry) {
        if (el) {
          cards.delete(pos);
          ghostAway(el);
        }
        continue;
      }
      if (!el || el.dataset.rank !== entry.rank) {
        if (el) el.remove();
        el = makeCard(pos, entry.rank);
        cards.set(pos, el);
        heart.appendChild(el);
        if (previous) fade(el, [{ opacity: 0 }, { opacity: 1 }], animationMs(200));
      }
      const free = Boolean(entry.free);
      const match = showHelp && help.outlined.has(pos);
      const dim = showHelp && selection !== null && help.dimmed.has(pos);
      const look = `${free}|${selection === pos}|${match}|${dim}`;
      if (looks.get(el) === look) continue; // nothing changed: leave the element alone
      looks.set(el, look);
      if (el.dataset.free !== String(free)) {
        el.dataset.free = String(free);
        el.setAttribute("aria-label", cardLabel(pos, entry.rank, free));
      }
      /** @type {LookName} */
      const faceLook = dim ? "dim" : free ? "face" : "covered";
      const face = el.firstElementChild;
      if (face) setAttribute(face, "data-look", faceLook);
      if (interactive) setAttribute(el, "aria-pressed", String(selection === pos));
      setFlag(el, "match", match);
      setFlag(el, "dim", dim);
    }
  }

  /**
   * @param {HTMLElement} el
   * @param {string} name
   * @param {boolean} on
   */
  function setFlag(el, name, on) {
    if (on) setAttribute(el, `data-${name}`, "true");
    else delete el.dataset[name];
  }

  /**
   * @param {BoardState} view
   * @param {Help} help
   * @param {boolean} showHelp
   */
  function renderPiles(view, help, showHelp) {
    const selection = view.selection ?? null;
    const stockCount = view.stock.count;
    const wasteCount = view.waste.count;
    const stockLook = stockCount > 0 ? "back" : wasteCount > 0 ? "recycle" : "none";
    if (stockShown !== stockLook) {
      stock.innerHTML = (stockLook === "back" ? backMarkup() : slotMarkup(stockLook)) + `<span class="count"></span>`;
      stockShown = stockLook;
    }
    setAttribute(stock, "data-count", String(stockCount));
    setText(find(stock, ".count"), stockCount > 0 ? String(stockCount) : "");
    setAttribute(
      stock,
      "aria-label",
      stockCount > 0
        ? tn("h2h.ui.stock.label", stockCount)
        : wasteCount > 0
          ? t("h2h.ui.stock.recycle")
          : t("h2h.ui.stock.empty"),
    );

    const top = view.waste.top ?? null;
    const wasteDim = showHelp && selection !== null && help.dimmed.has("waste");
    /** @type {LookName} */
    const topLook = wasteDim ? "dim" : "face";
    const wasteCards = top ? `${top}/${view.waste.below ?? ""}` : "empty";
    if (wasteShown !== wasteCards) {
      const below = view.waste.below ? `<span class="below">${faceMarkup(view.waste.below, "covered")}</span>` : "";
      waste.innerHTML = top ? `${below}<span class="top">${faceMarkup(top, topLook)}</span>` : slotMarkup("none");
      wasteShown = wasteCards;
    } else if (top) {
      // Only the help's darkening changed: the top card's picture changes, its element (and a draw animation
      // still running on it) stays.
      const face = waste.querySelector(".top .face");
      if (face) setAttribute(face, "data-look", topLook);
    }
    if (top) setAttribute(waste, "data-rank", top);
    else delete waste.dataset.rank;
    if (interactive) setAttribute(waste, "aria-pressed", String(selection === "waste"));
    setFlag(waste, "dim", wasteDim);
    setAttribute(
      waste,
      "aria-label",
      top ? tn("h2h.ui.waste.label", wasteCount, { card: t("h2h.ui.card.of_hearts", { rank: rankName(top) }) }) : t("h2h.ui.waste.empty"),
    );
  }

  // Where the stock sits relative to the waste, measured once per layout (not on every tap: measuring right
  // after a render would force the browser to lay the page out twice).
  /** @type {{x: number, y: number} | null} */
  let offsetCache = null;
  window.addEventListener("resize", () => (offsetCache = null));
  function drawOffset() {
    if (!offsetCache) {
      const from = stock.getBoundingClientRect();
      const to = waste.getBoundingClientRect();
      if (!from.width) return null;
      offsetCache = { x: from.left - to.left, y: from.top - to.top };
    }
    return offsetCache;
  }

  /**
   * @param {Piles | null} before
   * @param {BoardState} view
   */
  function animatePiles(before, view) {
    if (!before) return;
    const drew = view.stock.count === before.stock.count - 1 && view.waste.count === before.waste.count + 1;
    const paired = view.waste.count === before.waste.count - 1 && view.stock.count === before.stock.count;
    if (drew) {
      const top = waste.querySelector(".top");
      const ms = animationMs(220);
      const offset = ms > 0 ? drawOffset() : null;
      if (top instanceof HTMLElement && offset) {
        fade(
          top,
          [
            { transform: `translate(${offset.x}px, ${offset.y}px)`, opacity: 0.6 },
            { transform: "translate(0, 0)", opacity: 1 },
          ],
          ms,
        );
      }
    } else if (paired && before.waste.top) {
      const ghost = element("span", "waste-ghost");
      ghost.innerHTML = faceMarkup(before.waste.top);
      waste.appendChild(ghost);
      liftAway(ghost);
    }
  }

  function syncFocus() {
    if (!interactive) return;
    let lostFocus = false;
    if (typeof focusTarget === "number" && !cards.has(focusTarget)) {
      const active = document.activeElement;
      lostFocus = Boolean(active && active.classList.contains("ghost"));
      focusTarget = nearestCard(focusTarget);
    }
    // Only the old and the new tab stop change: setting tabindex makes the browser bring style and layout up to
    // date at once, so setting it on every card after a render's writes laid the page out twice per tap.
    const next = elementFor(focusTarget);
    if (next !== tabStop) {
      if (tabStop) tabStop.tabIndex = -1;
      if (next) next.tabIndex = 0;
      tabStop = next;
    }
    if (lostFocus) next?.focus({ preventScroll: true });
  }

  /**
   * The free card nearest to `pos` (any card when none is free), or the stock when the heart is empty.
   * @param {number} pos
   * @returns {Target}
   */
  function nearestCard(pos) {
    const free = [...cards.entries()].filter(([, el]) => el.dataset.free === "true").map(([p]) => p);
    const pool = free.length ? free : [...cards.keys()];
    if (!pool.length) return "stock";
    return pool.reduce((best, p) => (Math.abs(p - pos) < Math.abs(best - pos) ? p : best), pool[0]);
  }

  return {
    root,
    /**
     * Draw `view`; its placement help (outlined and dimmed cards) is shown when `showHelp`. A game's view also has a
     * status: a stalled one keeps a "no moves" note on the heart.
     * @param {BoardState & {status?: string}} view
     * @param {{showHelp?: boolean}} [options]
     */
    render(view, { showHelp = true } = {}) {
      const help = {
        outlined: new Set(view.help?.outlined ?? []),
        dimmed: new Set(view.help?.dimmed ?? []),
      };
      const before = previous;
      renderHeart(view, help, showHelp);
      heart.classList.toggle("cleared", view.heart.every((entry) => !entry));
      stuckNote.hidden = view.status !== "stalled";
      root.dataset.status = view.status ?? "playing";
      renderPiles(view, help, showHelp);
      animatePiles(before, view);
      for (const el of root.querySelectorAll("[data-hint]")) el.removeAttribute("data-hint");
      previous = { stock: { ...view.stock }, waste: { ...view.waste } };
      syncFocus();
    },
    /**
     * Highlight the cards (or the stock) of a move such as "25-W", "3-7" or "S".
     * @param {string} move
     */
    showHint(move) {
      root.classList.toggle("still", animationMs(HINT_PULSE_MS) === 0);  // animations off: lit, not pulsing
      for (const target of parseMoveTargets(move)) {
        const el = elementFor(target);
        if (el) el.dataset.hint = "true";
      }
    },
    elementFor,
    /**
     * A tap on a covered card: the card says no (a red ring for a moment, and a short shake unless animations are
     * off), so the tap is not lost without a sign.
     * @param {number} pos
     */
    refuse(pos) {
      const el = cards.get(pos);
      if (!el) return;
      el.dataset.refused = "true";
      const shake = ["0", "-4%", "4%", "-2%", "0"].map((x) => ({ translate: `${x} 0` }));
      fade(el, shake, animationMs(240));
      clearTimeout(refusedTimer);
      refusedTimer = window.setTimeout(() => {
        for (const refused of root.querySelectorAll("[data-refused]")) refused.removeAttribute("data-refused");
      }, 600);
    },
    /**
     * Targets a keyboard can reach, with their elements.
     * @returns {FocusEntry[]}
     */
    targets() {
      /** @type {FocusEntry[]} */
      const list = [...cards.entries()].map(([pos, el]) => ({ target: pos, el }));
      list.push({ target: "stock", el: stock }, { target: "waste", el: waste });
      return list;
    },
    /** @param {Target} target */
    setFocusTarget(target) {
      focusTarget = target;
      syncFocus();
      const el = elementFor(target);
      // A tapped card has the focus already: focus() would bring style up to date for nothing.
      if (el && document.activeElement !== el) el.focus({ preventScroll: true });
    },
    get focusTarget() {
      return focusTarget;
    },
    /**
     * The target an element belongs to, or null when it is no card or pile of this board.
     * @param {Element} el
     * @returns {Target | null}
     */
    targetOf(el) {
      const card = el.closest("[data-pos]");
      if (card && root.contains(card)) return Number(card.getAttribute("data-pos"));
      const pile = el.closest("[data-pile]");
      const name = pile && root.contains(pile) ? pile.getAttribute("data-pile") : null;
      return name === "stock" || name === "waste" ? name : null;
    },
  };
}
