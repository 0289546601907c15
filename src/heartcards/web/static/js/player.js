// A replay player: shows a known record (a deal and its moves, from the server) step by step on a passive board.
// It only applies moves the server already played or found; it never decides what is legal.

import { createBoard } from "./board.js";
import { t } from "./i18n.js";
import { icon } from "./icons.js";
import { freePositions } from "./layout.js";

/** Every position of the record: frames[i] is the table after i moves. */
export function framesOf(deal, moves) {
  let heart = [...deal.heart];
  let stock = [...deal.stock]; // top first
  let waste = [...deal.waste]; // bottom first
  const frames = [snapshot(heart, stock, waste)];
  for (const move of moves) {
    if (move === "S") {
      if (stock.length) {
        waste = [...waste, stock[0]];
        stock = stock.slice(1);
      } else {
        stock = [...waste]; // the waste's bottom card becomes the stock's top
        waste = [];
      }
    } else {
      const [first, second] = move.split("-");
      heart = [...heart];
      heart[Number(first) - 1] = null;
      if (second === "W") waste = waste.slice(0, -1);
      else heart[Number(second) - 1] = null;
    }
    frames.push(snapshot(heart, stock, waste));
  }
  return frames;
}

function snapshot(heart, stock, waste) {
  const free = new Set(freePositions(heart));
  return {
    heart: heart.map((rank, i) => (rank === null ? null : { pos: i + 1, rank, free: free.has(i + 1) })),
    stock: { count: stock.length },
    waste: {
      count: waste.length,
      top: waste.length ? waste[waste.length - 1] : null,
      below: waste.length > 1 ? waste[waste.length - 2] : null,
    },
    selection: null,
    help: { outlined: [], dimmed: [] },
    removed: heart.filter((r) => r === null).length,
  };
}

/** A sentence for a move, e.g. "Move 10: 4 at position 25 with the 4 on the waste". */
export function describeMove(move, before, index) {
  const rankAt = (pos) => before.heart[pos - 1]?.rank ?? "?";
  let text;
  if (move === "S") text = before.stock.count ? t("ui.replay.move_draw") : t("ui.replay.move_recycle");
  else {
    const [first, second] = move.split("-");
    text =
      second === "W"
        ? t("ui.replay.move_waste", { rank: rankAt(Number(first)), pos: first })
        : t("ui.replay.move_pair", { rank: rankAt(Number(first)), first, second });
  }
  return t("ui.replay.move_n", { n: index, text });
}

/**
 * Build the player into `container`: board, controls (first, back, play/pause, step), slider and a caption.
 * `onStep(index)` is told the shown step. Returns {go(index), play(), pause(), get index}.
 */
export function createPlayer(container, { deal, moves, onStep = () => {}, stepMs = 650, animationMs = () => 0 }) {
  const frames = framesOf(deal, moves);
  container.classList.add("viewer");
  container.innerHTML =
    `<div class="frame"><div class="board"></div></div>` +
    `<p class="step-line" data-role="step" aria-live="polite"></p>` +
    `<div class="controls">` +
    `<button type="button" class="tool" data-control="first" aria-label="${t("ui.replay.first")}">${icon("first")}</button>` +
    `<button type="button" class="tool" data-control="prev" aria-label="${t("ui.replay.prev")}">${icon("prev")}</button>` +
    `<button type="button" class="tool" data-control="play" aria-label="${t("ui.replay.play")}">${icon("play")}</button>` +
    `<button type="button" class="tool" data-control="next" aria-label="${t("ui.replay.next")}">${icon("next")}</button>` +
    `<input type="range" min="0" max="${moves.length}" value="0" step="1" data-control="slider" aria-label="${t("ui.replay.slider")}">` +
    `</div>`;
  const board = createBoard(container.querySelector(".board"), { interactive: false, animationMs });
  const stepLine = container.querySelector('[data-role="step"]');
  const slider = container.querySelector('[data-control="slider"]');
  const playButton = container.querySelector('[data-control="play"]');
  let index = 0;
  let timer = 0;

  function go(target) {
    index = Math.max(0, Math.min(frames.length - 1, target));
    board.render(frames[index], { showHelp: false });
    if (index < moves.length) board.showHint(moves[index]);
    slider.value = String(index);
    stepLine.textContent =
      index === 0
        ? t("ui.replay.start", { total: moves.length })
        : describeMove(moves[index - 1], frames[index - 1], index);
    stepLine.dataset.step = String(index);
    onStep(index);
    if (index >= frames.length - 1) pause();
  }
  function play() {
    if (timer) return;
    if (index >= frames.length - 1) go(0);
    playButton.innerHTML = icon("pause");
    playButton.setAttribute("aria-label", t("ui.replay.pause"));
    playButton.dataset.playing = "true";
    timer = setInterval(() => go(index + 1), stepMs);
  }
  function pause() {
    clearInterval(timer);
    timer = 0;
    playButton.innerHTML = icon("play");
    playButton.setAttribute("aria-label", t("ui.replay.play"));
    playButton.dataset.playing = "false";
  }
  container.querySelector('[data-control="first"]').addEventListener("click", () => (pause(), go(0)));
  container.querySelector('[data-control="prev"]').addEventListener("click", () => (pause(), go(index - 1)));
  container.querySelector('[data-control="next"]').addEventListener("click", () => (pause(), go(index + 1)));
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
