// Input: turns pointer, touch and keyboard events into intents — {type: "tap", target}, {type: "draw"},
// {type: "undo"}, {type: "hint"}, {type: "focus", direction}. It decides nothing about the game.

import { dialogOpen } from "../common/dialogs.js";
import { eventElement } from "../common/dom.js";

/** @import { Target } from "./types.js" */
/** @import { Board, FocusEntry } from "./board.js" */

/** @typedef {"left" | "right" | "up" | "down"} Direction */
/**
 * @typedef {{type: "tap", target: Target} | {type: "draw"} | {type: "undo"} | {type: "hint"}
 *   | {type: "focus", direction: Direction}} Intent
 */

/** @type {Record<string, Direction>} */
const ARROWS = { ArrowLeft: "left", ArrowRight: "right", ArrowUp: "up", ArrowDown: "down" };

/**
 * Call `onIntent` for each tap on the board and each game key pressed on the page.
 * @param {Board} board
 * @param {(intent: Intent) => void} onIntent
 */
export function bindInput(board, onIntent) {
  board.root.addEventListener("click", (event) => {
    const el = eventElement(event);
    const target = el ? board.targetOf(el) : null;
    if (target === null) return;
    // A keyboard "click" (Enter/Space) has detail 0; remember the input kind for focus handling.
    board.root.dataset.keyboard = String(event.detail === 0);
    onIntent({ type: "tap", target });
  });

  document.addEventListener("keydown", (event) => {
    if (dialogOpen() || event.altKey || event.metaKey) return;
    const tag = eventElement(event)?.tagName;
    if (tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA") return;
    if (event.ctrlKey) {
      if (event.key.toLowerCase() === "z") {
        event.preventDefault();
        onIntent({ type: "undo" });
      }
      return;
    }
    const direction = ARROWS[event.key];
    if (direction) {
      event.preventDefault();
      onIntent({ type: "focus", direction });
      return;
    }
    const key = event.key.toLowerCase();
    if (key === "d") onIntent({ type: "draw" });
    else if (key === "u") onIntent({ type: "undo" });
    else if (key === "h") onIntent({ type: "hint" });
  });
}

/**
 * The target nearest to `from` in `direction` among the focusable targets (by on-screen centres), or null.
 * @param {FocusEntry[]} targets
 * @param {Target} from
 * @param {Direction} direction
 * @returns {Target | null}
 */
export function neighbour(targets, from, direction) {
  /** @param {Element} el */
  const centre = (el) => {
    const r = el.getBoundingClientRect();
    return { x: r.left + r.width / 2, y: r.top + r.height / 4 };
  };
  const origin = targets.find((entry) => entry.target === from);
  if (!origin) return targets[0]?.target ?? null;
  const o = centre(origin.el);
  /** @type {Target | null} */
  let best = null;
  let bestScore = Infinity;
  for (const entry of targets) {
    if (entry.target === from) continue;
    const c = centre(entry.el);
    const dx = c.x - o.x;
    const dy = c.y - o.y;
    const along = { left: -dx, right: dx, up: -dy, down: dy }[direction];
    const across = direction === "left" || direction === "right" ? Math.abs(dy) : Math.abs(dx);
    if (along <= 1) continue;
    const score = along + across * 2;
    if (score < bestScore) {
      bestScore = score;
      best = entry.target;
    }
  }
  return best;
}
