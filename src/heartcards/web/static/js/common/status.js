// One polite live region (role="status") for short messages: "Must be the same rank", "Link copied", errors; and
// the games' own regions that tell a screen reader what happens as it happens (`tell`).

import { element } from "./dom.js";

let timer = 0;
const TOLD_LINES = 4;

/**
 * Add a line to a live region that reads its additions (`aria-relevant="additions"`), keeping its last few: what a
 * screen reader is told of a game as it happens, which a sighted player sees (a move, a card played, a trick taken).
 * @param {HTMLElement} region
 * @param {string} text
 */
export function tell(region, text) {
  region.append(element("p", "", text));
  while (region.childElementCount > TOLD_LINES) region.firstElementChild?.remove();
}

/**
 * Show `text` for `ms` milliseconds; `kind` "error" styles it as one.
 * @param {string} text
 * @param {{kind?: "info" | "error", ms?: number}} [options]
 */
export function announce(text, { kind = "info", ms = 3500 } = {}) {
  const region = document.getElementById("status");
  if (!region) return;
  region.textContent = text;
  region.dataset.kind = kind;
  region.classList.add("shown");
  clearTimeout(timer);
  timer = window.setTimeout(() => {
    region.classList.remove("shown");
    region.textContent = "";
  }, ms);
}
