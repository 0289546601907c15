// The renderer: turns a game View (the server's JSON, or a replay frame of the same shape) into the table's DOM.
// It keeps one element per card and updates attributes, so a tap re-renders in well under a frame; removed cards
// lose their data-pos at once (the test hooks see the new state) and fade out as ghosts.

import { backMarkup, faceMarkup, faceUrl, slotMarkup } from "./cards.js";
import { rankName, t } from "./i18n.js";
import { HEART_SIZE, slotBox } from "./layout.js";

const PERCENT = (fraction) => `${(fraction * 100).toFixed(4)}%`;

function parseMoveTargets(move) {
  if (!move) return [];
  if (move === "S") return ["stock"];
  const [first, second] = move.split("-");
  return [Number(first), second === "W" ? "waste" : Number(second)];
}

export function createBoard(root, { interactive = true, animationMs = () => 0 } = {}) {
  root.classList.add("table");
  // A passive board (replays, pictures) draws the same cards as images, not buttons.
  const tag = interactive ? 'button type="button"' : 'div role="img"';
  const endTag = interactive ? "button" : "div";
  root.innerHTML =
    `<div class="heart" role="group"></div>` +
    `<div class="piles">` +
    `<${tag} class="pile" data-pile="stock"></${endTag}>` +
    `<${tag} class="pile" data-pile="waste"></${endTag}></div>`;
  const heart = root.querySelector(".heart");
  const stock = root.querySelector('[data-pile="stock"]');
  const waste = root.querySelector('[data-pile="waste"]');
  heart.setAttribute("aria-label", t("ui.heart.label"));
  const cards = new Map(); // pos -> element
  const looks = new WeakMap(); // element -> the state it shows, so unchanged cards are not touched
  let previous = null;
  let focusTarget = "stock";
  let wasteShown = null;
  let stockShown = null;

  if (!interactive) root.classList.add("passive");

  function elementFor(target) {
    if (target === "stock") return stock;
    if (target === "waste") return waste;
    return cards.get(target) || null;
  }

  function makeCard(pos, rank) {
    const el = document.createElement(interactive ? "button" : "div");
    if (interactive) el.type = "button";
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
    el.innerHTML = faceMarkup(rank);
    return el;
  }

  function fade(el, keyframes, ms, then) {
    if (ms <= 0 || !el.animate) {
      then?.();
      return;
    }
    const animation = el.animate(keyframes, { duration: ms, easing: "cubic-bezier(.2,.7,.3,1)" });
    if (then) animation.finished.then(then, then);
  }

  function ghostAway(el) {
    // The element stops being a card at once; only its picture lingers for the animation.
    for (const name of ["pos", "rank", "free", "match", "dim", "hint"]) delete el.dataset[name];
    el.removeAttribute("aria-pressed");
    el.setAttribute("aria-hidden", "true");
    el.tabIndex = -1;
    el.classList.add("ghost");
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

  function cardLabel(pos, rank, free) {
    return t("ui.card.label", {
      card: t("ui.card.of_hearts", { rank: rankName(rank) }),
      pos,
      state: t(free ? "ui.card.free" : "ui.card.covered"),
    });
  }

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
      el.dataset.free = String(free);
      el.firstElementChild.src = faceUrl(entry.rank, dim ? "dim" : free ? "face" : "covered");
      if (interactive) el.setAttribute("aria-pressed", String(selection === pos));
      setFlag(el, "match", match);
      setFlag(el, "dim", dim);
      el.setAttribute("aria-label", cardLabel(pos, entry.rank, free));
    }
  }

  function setFlag(el, name, on) {
    if (on) el.dataset[name] = "true";
    else delete el.dataset[name];
  }

  function renderPiles(view, help, showHelp) {
    const selection = view.selection ?? null;
    const stockCount = view.stock.count;
    const wasteCount = view.waste.count;
    const stockLook = stockCount > 0 ? "back" : wasteCount > 0 ? "recycle" : "none";
    if (stockShown !== stockLook) {
      stock.innerHTML = (stockLook === "back" ? backMarkup() : slotMarkup(stockLook)) + `<span class="count"></span>`;
      stockShown = stockLook;
    }
    stock.dataset.count = String(stockCount);
    stock.querySelector(".count").textContent = stockCount > 0 ? String(stockCount) : "";
    stock.setAttribute(
      "aria-label",
      stockCount > 0
        ? t("ui.stock.label", { count: stockCount })
        : wasteCount > 0
          ? t("ui.stock.recycle")
          : t("ui.stock.empty"),
    );

    const top = view.waste.top ?? null;
    const wasteDim = showHelp && selection !== null && help.dimmed.has("waste");
    const wasteLook = top ? `${top}/${view.waste.below ?? ""}/${wasteDim}` : "empty";
    if (wasteShown !== wasteLook) {
      const below = view.waste.below ? `<span class="below">${faceMarkup(view.waste.below, "covered")}</span>` : "";
      waste.innerHTML = top
        ? `${below}<span class="top">${faceMarkup(top, wasteDim ? "dim" : "face")}</span>`
        : slotMarkup("none");
      wasteShown = wasteLook;
    }
    if (top) waste.dataset.rank = top;
    else delete waste.dataset.rank;
    if (interactive) waste.setAttribute("aria-pressed", String(selection === "waste"));
    setFlag(waste, "dim", wasteDim);
    waste.setAttribute(
      "aria-label",
      top ? t("ui.waste.label", { card: t("ui.card.of_hearts", { rank: rankName(top) }), count: wasteCount }) : t("ui.waste.empty"),
    );
  }

  // Where the stock sits relative to the waste, measured once per layout (not on every tap: measuring right
  // after a render would force the browser to lay the page out twice).
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

  function animatePiles(before, view) {
    if (!before) return;
    const drew = view.stock.count === before.stock.count - 1 && view.waste.count === before.waste.count + 1;
    const paired = view.waste.count === before.waste.count - 1 && view.stock.count === before.stock.count;
    if (drew) {
      const top = waste.querySelector(".top");
      const ms = animationMs(220);
      const offset = ms > 0 ? drawOffset() : null;
      if (top && offset) {
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
      const ghost = document.createElement("span");
      ghost.className = "waste-ghost";
      ghost.innerHTML = faceMarkup(before.waste.top);
      waste.appendChild(ghost);
      fade(
        ghost,
        [
          { opacity: 1, transform: "translateY(0) scale(1)" },
          { opacity: 0, transform: "translateY(-8%) scale(1.1)" },
        ],
        animationMs(260),
        () => ghost.remove(),
      );
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
    for (const [pos, el] of cards) el.tabIndex = pos === focusTarget ? 0 : -1;
    stock.tabIndex = focusTarget === "stock" ? 0 : -1;
    waste.tabIndex = focusTarget === "waste" ? 0 : -1;
    if (lostFocus) elementFor(focusTarget)?.focus({ preventScroll: true });
  }

  function nearestCard(pos) {
    const free = [...cards.entries()].filter(([, el]) => el.dataset.free === "true").map(([p]) => p);
    const pool = free.length ? free : [...cards.keys()];
    if (!pool.length) return "stock";
    return pool.reduce((best, p) => (Math.abs(p - pos) < Math.abs(best - pos) ? p : best), pool[0]);
  }

  return {
    root,
    /** Draw `view`; `help` is {outlined, dimmed} sets shown when `showHelp`. */
    render(view, { showHelp = true } = {}) {
      const help = {
        outlined: new Set(view.help?.outlined ?? []),
        dimmed: new Set(view.help?.dimmed ?? []),
      };
      const before = previous;
      renderHeart(view, help, showHelp);
      heart.classList.toggle("cleared", view.heart.every((entry) => !entry));
      renderPiles(view, help, showHelp);
      animatePiles(before, view);
      for (const el of root.querySelectorAll("[data-hint]")) delete el.dataset.hint;
      previous = { stock: { ...view.stock }, waste: { ...view.waste } };
      syncFocus();
    },
    /** Highlight the cards (or the stock) of a move such as "25-W", "3-7" or "S". */
    showHint(move) {
      for (const target of parseMoveTargets(move)) {
        const el = elementFor(target);
        if (el) el.dataset.hint = "true";
      }
    },
    elementFor,
    /** Targets a keyboard can reach, with their elements. */
    targets() {
      const list = [...cards.entries()].map(([pos, el]) => ({ target: pos, el }));
      list.push({ target: "stock", el: stock }, { target: "waste", el: waste });
      return list;
    },
    setFocusTarget(target) {
      focusTarget = target;
      syncFocus();
      elementFor(target)?.focus({ preventScroll: true });
    },
    get focusTarget() {
      return focusTarget;
    },
    targetOf(el) {
      const card = el.closest("[data-pos]");
      if (card && root.contains(card)) return Number(card.dataset.pos);
      const pile = el.closest("[data-pile]");
      if (pile && root.contains(pile)) return pile.dataset.pile;
      return null;
    },
  };
}
