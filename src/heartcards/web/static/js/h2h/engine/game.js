// @ts-check
// A game in progress (engine/game.py): moves, undo (last 100), status, score, and the taps
// (docs/rules/heart-to-heart.md#taps). `play(move)` pushes a small saved state, `undo()` pops it; `legalMoves()` is
// the one query that taps, help and the stalemate check share.

import { Deal } from "./deal.js";
import { GameOverError, HeartToHeartError, IllegalMoveError, NothingToUndoError, RecordError } from "./errors.js";
import { ALL_REMOVED, HEART_SIZE, freeMask, popcount } from "./layout.js";
import { PairMove, STOCK_TAP, WasteMove, formatMoves, parseMove } from "./moves.js";
import { pySplit } from "../../common/text-input.js";
import { rankText } from "./ranks.js";

/** @typedef {import("./moves.js").Move} Move */
/** @typedef {"playing" | "won" | "stalled"} Status */
/** @typedef {number | "stock" | "waste"} Target A heart position 1..25, the stock or the waste. */
/**
 * @typedef {"nothing" | "selected" | "deselected" | "reselected" | "pair_removed" | "drew" | "recycled"} TapOutcome
 */
/**
 * @typedef {object} TapResult
 * @property {TapOutcome} outcome
 * @property {Move | null} move the move the tap played, if any
 * @property {string | null} message a message key, set when a second card of another rank was tapped
 */
/**
 * @typedef {object} PlacementHelp What "Placement help" shows.
 * @property {Set<number>} outlined free heart positions with a partner
 * @property {Set<Target>} dimmed the targets to darken while a card is selected
 */
/** @typedef {{removed: number, stock: number[], waste: number[], moves: number}} Saved */

export const UNDO_LIMIT = 100;
export const POINTS_PER_CARD = 10;
/** @type {"stock"} */
export const STOCK = "stock";
/** @type {"waste"} */
export const WASTE = "waste";
export const SAME_RANK_MESSAGE = "h2h.must_be_same_rank";
/** @type {Readonly<Record<string, Status>>} */
export const STATUS = Object.freeze({ PLAYING: "playing", WON: "won", STALLED: "stalled" });

/**
 * @param {TapOutcome} outcome
 * @param {Move | null} [move]
 * @param {string | null} [message]
 * @returns {TapResult}
 */
function tapResult(outcome, move = null, message = null) {
  return { outcome, move, message };
}

/** The state of one game of Heart to Heart. */
export class Game {
  /** @param {Deal} deal */
  constructor(deal) {
    this.deal = deal;
    /** @type {readonly number[]} */
    this.ranks = deal.heart;
    /** Removed positions as a mask, bit (position - 1). */
    this.removed = 0;
    /** @type {number[]} the stock with its top at the end, so draws pop */
    this.stockPile = [...deal.stock].reverse();
    /** @type {number[]} the waste, bottom first */
    this.waste = [...deal.waste];
    this.moves = 0;
    /** @type {Target | null} */
    this.selection = null;
    /** @type {[Move, Saved][]} */
    this.history = [];
    /** @type {Move[]} */
    this.played = [];
  }

  /**
   * @param {string} code
   * @returns {Game}
   */
  static fromCode(code) {
    return new Game(Deal.fromCode(code));
  }

  /**
   * Replay `CODE move move …`; a bad move throws RecordError naming its 1-based index.
   * @param {string} record
   * @returns {Game}
   */
  static fromRecord(record) {
    const words = pySplit(record);
    if (!words.length) throw new RecordError(record, 0, new HeartToHeartError("empty record"));
    const game = Game.fromCode(words[0]);
    game.playRecordMoves(record);
    return game;
  }

  /**
   * Play the moves that follow the code in `record`; a bad move throws RecordError naming its 1-based index, and
   * the moves before it stay played (so callers can show the position where the record went wrong).
   * @param {string} record
   */
  playRecordMoves(record) {
    pySplit(record)
      .slice(1)
      .forEach((word, index) => {
        try {
          this.play(parseMove(word));
        } catch (error) {
          if (error instanceof HeartToHeartError) throw new RecordError(record, index + 1, error);
          throw error;
        }
      });
  }

  // -- what the table shows ---------------------------------------------------------------------------------------

  /** @returns {(number | null)[]} the rank at each position 1..25, null where removed */
  get heart() {
    return this.ranks.map((rank, index) => ((this.removed >>> index) & 1 ? null : rank));
  }

  /** @returns {number[]} the stock, top (next drawn) first */
  get stock() {
    return [...this.stockPile].reverse();
  }

  /** @returns {number | null} */
  get wasteTop() {
    return this.waste.length ? this.waste[this.waste.length - 1] : null;
  }

  get score() {
    return POINTS_PER_CARD * popcount(this.removed);
  }

  /** @returns {string} the code followed by every move played (undone moves excluded) */
  get record() {
    return [this.deal.code, formatMoves(this.played)].join(" ").trim();
  }

  /**
   * @param {number} position
   * @returns {number | null}
   */
  rankAt(position) {
    return (this.removed >>> (position - 1)) & 1 ? null : this.ranks[position - 1];
  }

  /** @returns {number[]} */
  freePositions() {
    const mask = freeMask(this.removed);
    /** @type {number[]} */
    const free = [];
    for (let i = 0; i < HEART_SIZE; i += 1) if ((mask >>> i) & 1) free.push(i + 1);
    return free;
  }

  /**
   * @param {number} position
   * @returns {boolean}
   */
  isFree(position) {
    if (!(Number.isInteger(position) && position >= 1 && position <= HEART_SIZE)) return false;
    return Boolean((freeMask(this.removed) >>> (position - 1)) & 1);
  }

  /** @returns {Status} won when the heart is cleared, stalled when no pair can ever be made again */
  get status() {
    if (this.removed === ALL_REMOVED) return "won";
    const freeRanks = this.freePositions().map((p) => this.ranks[p - 1]);
    const reserve = new Set([...this.stockPile, ...this.waste]);
    for (let index = 0; index < freeRanks.length; index += 1) {
      const rank = freeRanks[index];
      if (reserve.has(rank) || freeRanks.indexOf(rank, index + 1) >= 0) return "playing";
    }
    return "stalled";
  }

  // -- moves ------------------------------------------------------------------------------------------------------

  /** @returns {Move[]} every legal move (none once the game is over): S first, then by first position */
  legalMoves() {
    if (this.status !== "playing") return [];
    /** @type {Move[]} */
    const moves = [];
    if (this.stockPile.length || this.waste.length) moves.push(STOCK_TAP);
    const free = this.freePositions();
    const top = this.wasteTop;
    free.forEach((first, index) => {
      const rank = this.ranks[first - 1];
      for (const second of free.slice(index + 1)) {
        if (this.ranks[second - 1] === rank) moves.push(new PairMove(first, second));
      }
      if (rank === top) moves.push(new WasteMove(first));
    });
    return moves;
  }

  /** @param {Move} move */
  check(move) {
    const status = this.status;
    if (status !== "playing") throw new GameOverError(String(move), status);
    if (move.kind === "stock") {
      if (!this.stockPile.length && !this.waste.length) {
        throw new IllegalMoveError(String(move), "the stock and the waste are both empty");
      }
      return;
    }
    const positions = move.kind === "pair" ? [move.first, move.second] : [move.position];
    for (const position of positions) {
      if ((this.removed >>> (position - 1)) & 1) {
        throw new IllegalMoveError(String(move), `position ${position} is empty`);
      }
      if (!this.isFree(position)) throw new IllegalMoveError(String(move), `position ${position} is covered`);
    }
    const rank = this.ranks[positions[0] - 1];
    const top = this.wasteTop;
    if (move.kind === "pair") {
      const other = this.ranks[move.second - 1];
      if (other !== rank) {
        throw new IllegalMoveError(String(move), `${rankText(rank)} and ${rankText(other)} are not the same rank`);
      }
    } else if (top === null) {
      throw new IllegalMoveError(String(move), "the waste is empty");
    } else if (top !== rank) {
      throw new IllegalMoveError(
        String(move),
        `${rankText(rank)} and the waste's ${rankText(top)} are not the same rank`,
      );
    }
  }

  /**
   * Play a legal move; throws IllegalMoveError or GameOverError and changes nothing otherwise.
   * @param {Move} move
   */
  play(move) {
    this.check(move);
    /** @type {Saved} */
    const saved = { removed: this.removed, stock: [...this.stockPile], waste: [...this.waste], moves: this.moves };
    if (move.kind === "stock") {
      if (this.stockPile.length) {
        this.waste.push(/** @type {number} */ (this.stockPile.pop()));
      } else {
        // Turning the waste over: its bottom card becomes the stock's top, so the order repeats.
        this.stockPile = [...this.waste].reverse();
        this.waste = [];
      }
    } else if (move.kind === "pair") {
      this.removed |= (1 << (move.first - 1)) | (1 << (move.second - 1));
    } else {
      this.removed |= 1 << (move.position - 1);
      this.waste.pop();
    }
    this.moves += 1;
    this.selection = null;
    this.history.push([move, saved]);
    if (this.history.length > UNDO_LIMIT) this.history.shift();
    this.played.push(move);
  }

  canUndo() {
    return this.history.length > 0;
  }

  /**
   * Take back the last move (up to the last 100) and return it.
   * @returns {Move}
   */
  undo() {
    const last = this.history.pop();
    if (last === undefined) throw new NothingToUndoError();
    const [move, saved] = last;
    this.removed = saved.removed;
    this.stockPile = [...saved.stock];
    this.waste = [...saved.waste];
    this.moves = saved.moves;
    this.selection = null;
    this.played.pop();
    return move;
  }

  // -- taps -------------------------------------------------------------------------------------------------------

  /**
   * @param {Target} target
   * @returns {number | null}
   */
  tappableRank(target) {
    if (target === WASTE) return this.wasteTop;
    if (typeof target === "number" && this.isFree(target)) return this.ranks[target - 1];
    return null;
  }

  /**
   * Apply a tap exactly as the rules describe it and say what happened.
   * @param {Target} target
   * @returns {TapResult}
   */
  tap(target) {
    if (this.status !== "playing") return tapResult("nothing");
    if (target === STOCK) {
      if (!this.stockPile.length && !this.waste.length) return tapResult("nothing");
      const drew = this.stockPile.length > 0;
      this.play(STOCK_TAP);
      return tapResult(drew ? "drew" : "recycled", STOCK_TAP);
    }
    const rank = this.tappableRank(target);
    if (rank === null) return tapResult("nothing");
    const selected = this.selection;
    if (selected === null) {
      this.selection = target;
      return tapResult("selected");
    }
    if (selected === target) {
      this.selection = null;
      return tapResult("deselected");
    }
    if (this.tappableRank(selected) !== rank) {
      this.selection = target;
      return tapResult("reselected", null, SAME_RANK_MESSAGE);
    }
    const move = pairMove(selected, target);
    this.play(move);
    return tapResult("pair_removed", move);
  }

  /** @returns {PlacementHelp} */
  placementHelp() {
    const free = this.freePositions();
    const top = this.wasteTop;
    const outlined = new Set(
      free.filter(
        (p) => this.ranks[p - 1] === top || free.some((q) => q !== p && this.ranks[q - 1] === this.ranks[p - 1]),
      ),
    );
    /** @type {Set<Target>} */
    const dimmed = new Set();
    if (this.selection !== null) {
      const rank = this.tappableRank(this.selection);
      for (let index = 0; index < HEART_SIZE; index += 1) {
        const position = index + 1;
        if ((this.removed >>> index) & 1 || position === this.selection) continue;
        if (!(free.includes(position) && this.ranks[index] === rank)) dimmed.add(position);
      }
      if (top !== null && this.selection !== WASTE && top !== rank) dimmed.add(WASTE);
    }
    return { outlined, dimmed };
  }
}

/**
 * The move a pair of tapped targets makes (one may be the waste).
 * @param {Target} first
 * @param {Target} second
 * @returns {Move}
 */
function pairMove(first, second) {
  if (first === WASTE) return new WasteMove(/** @type {number} */ (second));
  if (second === WASTE) return new WasteMove(/** @type {number} */ (first));
  const a = /** @type {number} */ (first);
  const b = /** @type {number} */ (second);
  return new PairMove(Math.min(a, b), Math.max(a, b));
}
