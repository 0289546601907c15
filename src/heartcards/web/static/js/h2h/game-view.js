// A game as the pages draw it, built on the device from the JavaScript engine's Game: `boardView`, the heart, the
// stock and the waste (what a replay frame shows), and `gameView`, the whole view in the shape of the server's
// GameView (docs/h2h-web-api.md, built by web/h2h/views.py), so the board and the bar draw a local tap exactly as
// they drew a server answer.

import { WASTE, freeMask, rankText } from "./engine/index.js";

/** @import { Game } from "./engine/game.js" */
/** @import { BoardState, GameView, HeartCard } from "./types.js" */

/**
 * What the web adds to the engine's game: its id and deal, time, hints, daily deal and par.
 * @typedef {object} GameMeta
 * @property {string} id
 * @property {string} code
 * @property {number} seconds time played so far
 * @property {boolean} assisted a hint was used
 * @property {boolean} daily
 * @property {number | null} par the fewest moves that win the deal, once the game is won and the server knows it
 */

/**
 * The heart (each position's card and whether it is free, null where removed), the stock and the waste of `game`.
 * @param {Game} game
 * @returns {Pick<BoardState, "heart" | "stock" | "waste">}
 */
export function boardView(game) {
  const free = freeMask(game.removed);
  /** @type {(HeartCard | null)[]} */
  const heart = game.ranks.map((rank, index) =>
    (game.removed >>> index) & 1 ? null : { pos: index + 1, rank: rankText(rank), free: Boolean((free >>> index) & 1) },
  );
  const waste = game.waste;
  return {
    heart,
    stock: { count: game.stockPile.length },
    waste: {
      count: waste.length,
      top: waste.length ? rankText(waste[waste.length - 1]) : null,
      below: waste.length > 1 ? rankText(waste[waste.length - 2]) : null,
    },
  };
}

/**
 * The whole view of `game` with `meta`: the board, the selection, the placement help, the figures and the record.
 * @param {Game} game
 * @param {GameMeta} meta
 * @returns {GameView}
 */
export function gameView(game, meta) {
  const help = game.placementHelp();
  /** @type {(number | "waste")[]} */
  const dimmed = [...help.dimmed].filter((target) => typeof target === "number").sort((a, b) => a - b);
  if (help.dimmed.has(WASTE)) dimmed.push(WASTE);
  const status = game.status;
  return {
    id: meta.id,
    code: meta.code,
    status,
    score: game.score,
    moves: game.moves,
    seconds: meta.seconds,
    started_at: null, // the server's clock stamps these; the page never shows them
    finished_at: null,
    assisted: meta.assisted,
    ...boardView(game),
    selection: /** @type {number | "waste" | null} */ (game.selection),
    help: { outlined: [...help.outlined].sort((a, b) => a - b), dimmed },
    can_undo: game.canUndo() && status !== "won",
    record: game.record,
    par: status === "won" ? meta.par : null,
    daily: meta.daily,
  };
}
