// A replay player: shows a record (a deal and its moves) step by step on a passive board. The moves are played by the
// Heart to Heart engine (h2h/engine/), the same rules as the server's, so a record that does not replay fails here
// too instead of being drawn wrong.

import { createBoard } from "./board.js";
import { Deal, Game, parseMove } from "./engine/index.js";
import { boardView } from "./game-view.js";
import { t, tn } from "../common/i18n.js";
import { icon } from "../common/icons.js";

/** @import { BoardState } from "./types.js" */

/**
 * One position of a replay, in the shape the board draws: the board of the game view, with no selection or help.
 * @typedef {BoardState} Frame
 */

/**
 * Every position of the record: frames[i] is the table after i moves. `deal` is an engine `Deal` or anything with
 * its `code` (such as the server's deal); a move the rules refuse throws the engine's error.
 * @param {{code: string}} deal
 * @param {readonly string[]} moves
 * @returns {Frame[]}
 */
export function framesOf(deal, moves) {
  const game = new Game(deal instanceof Deal ? deal : Deal.fromCode(deal.code));
  const frames = [snapshot(game)];
  for (const move of moves) {
    game.play(parseMove(move));
    frames.push(snapshot(game));
  }
  return frames;
}

/**
 * The table as the board draws it.
 * @param {Game} game
 * @returns {Frame}
 */
function snapshot(game) {
  return { ...boardView(game), selection: null, help: { outlined: [], dimmed: [] } };
}

/**
 * A sentence for a move, e.g. "Move 10: 4 at position 25 with the 4 on the waste".
 * @param {string} move
 * @param {Frame} before the table before the move
 * @param {number} index the move's number, from 1
 * @returns {string}
 */
export function describeMove(move, before, index) {
  /** @param {number} pos */
  const rankAt = (pos) => before.heart[pos - 1]?.rank ?? "?";
  let text;
  if (move === "S") text = before.stock.count ? t("h2h.ui.replay.move_draw") : t("h2h.ui.replay.move_recycle");
  else {
    const [first, second] = move.split("-");
    text =
      second === "W"
        ? t("h2h.ui.replay.move_waste", { rank: rankAt(Number(first)), pos: first })
        : t("h2h.ui.replay.move_pair", { rank: rankAt(Number(first)), first, second });
  }
  return t("h2h.ui.replay.move_n", { n: index, text });
}

/**
 * The element under `root` matching `selector`; the player builds its own markup, so a miss is a bug.
 * @template {Element} E
 * @param {ParentNode} root
 * @param {string} selector
 * @param {new (...args: any[]) => E} type
 * @returns {E}
 */
function part(root, selector, type) {
  const el = root.querySelector(selector);
  if (!(el instanceof type)) throw new Error(`the replay player has no ${selector}`);
  return el;
}

/**
 * @typedef {object} PlayerOptions
 * @property {{code: string}} deal the deal (an engine `Deal`, or anything with its code)
 * @property {readonly string[]} moves the record's moves, in their text form
 * @property {(index: number) => void} [onStep] told the shown step
 * @property {number} [stepMs] the time between steps while playing
 * @property {(ms: number) => number} [animationMs] how long an animation of `ms` lasts with the player's settings
 */

/**
 * Build the player into `container`: board, controls (first, back, play/pause, step), slider and a caption.
 * Returns {go(index), play(), pause(), index, playing, frames}.
 * @param {HTMLElement} container
 * @param {PlayerOptions} options
 */
export function createPlayer(container, { deal, moves, onStep = () => {}, stepMs = 650, animationMs = () => 0 }) {
  const frames = framesOf(deal, moves);
  container.classList.add("viewer");
  container.innerHTML =
    `<div class="frame"><div class="board"></div></div>` +
    `<p class="step-line" data-role="step" aria-live="polite"></p>` +
    `<div class="controls">` +
    `<button type="button" class="tool" data-control="first" aria-label="${t("h2h.ui.replay.first")}">${icon("first")}</button>` +
    `<button type="button" class="tool" data-control="prev" aria-label="${t("h2h.ui.replay.prev")}">${icon("prev")}</button>` +
    `<button type="button" class="tool" data-control="play" aria-label="${t("h2h.ui.replay.play")}">${icon("play")}</button>` +
    `<button type="button" class="tool" data-control="next" aria-label="${t("h2h.ui.replay.next")}">${icon("next")}</button>` +
    `<input type="range" min="0" max="${moves.length}" value="0" step="1" data-control="slider" aria-label="${t("h2h.ui.replay.slider")}">` +
    `</div>`;
  const board = createBoard(part(container, ".board", HTMLElement), { interactive: false, animationMs });
  const stepLine = part(container, '[data-role="step"]', HTMLElement);
  const slider = part(container, '[data-control="slider"]', HTMLInputElement);
  const playButton = part(container, '[data-control="play"]', HTMLButtonElement);
  let index = 0;
  /** @type {ReturnType<typeof setInterval> | 0} */
  let timer = 0;

  /** @param {number} target the step to show, clamped to the record */
  function go(target) {
    index = Math.max(0, Math.min(frames.length - 1, target));
    board.render(frames[index], { showHelp: false });
    if (index < moves.length) board.showHint(moves[index]);
    slider.value = String(index);
    stepLine.textContent =
      index === 0
        ? tn("h2h.ui.replay.start", moves.length, { total: moves.length })
        : describeMove(moves[index - 1], frames[index - 1], index);
    stepLine.dataset.step = String(index);
    onStep(index);
    if (index >= frames.length - 1) pause();
  }
  function play() {
    if (timer) return;
    if (index >= frames.length - 1) go(0);
    playButton.innerHTML = icon("pause");
    playButton.setAttribute("aria-label", t("h2h.ui.replay.pause"));
    playButton.dataset.playing = "true";
    timer = setInterval(() => go(index + 1), stepMs);
  }
  function pause() {
    clearInterval(timer);
    timer = 0;
    playButton.innerHTML = icon("play");
    playButton.setAttribute("aria-label", t("h2h.ui.replay.play"));
    playButton.dataset.playing = "false";
  }
  part(container, '[data-control="first"]', HTMLButtonElement).addEventListener("click", () => (pause(), go(0)));
  part(container, '[data-control="prev"]', HTMLButtonElement).addEventListener("click", () => (pause(), go(index - 1)));
  part(container, '[data-control="next"]', HTMLButtonElement).addEventListener("click", () => (pause(), go(index + 1)));
  playButton.addEventListener("click", () => (timer ? pause() : play()));
  slider.addEventListener("input", () => (pause(), go(Number(slider.value))));
  go(0);
  return {
    go,
    play,
    pause,
    get index() {
      return index;
    },
    get playing() {
      return timer !== 0;
    },
    frames,
  };
}
