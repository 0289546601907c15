// @ts-check
// Fast perfect-information play (bots/playout.py): heuristic playouts, an exact solver for small endings, and how
// the deciding seat values a deal's points (`Outlook`). Sets are never changed in place: a position's lists of sets
// are copied shallowly, as Python copies its lists of int masks.

import { dealPoints, gameWinners, legalHand, trickWinnerOffset } from "../engine/rules.js";
import { QUEEN_BIT, SPADES, bottomOrder } from "./masks.js";
import { chooseCard, keenCard, shootCard, threateningSeat } from "./policy.js";
import { withCard } from "./sampling.js";

/** @typedef {import("../engine/cards.js").Hand} Hand */

const HEARTS_START = 39;
/** What winning the game is worth, in points of a deal, when a deal can end it. */
export const GAME_VALUE = 40.0;
/** Points of total behind the leader that halve a seat's estimated chance when the game goes on. */
export const STANDING_SCALE = 12.0;

/**
 * @param {Hand} hand
 * @param {number} card
 * @returns {Hand} a new set: `hand` without `card`
 */
function withoutCard(hand, card) {
  const out = [...hand];
  out[Math.floor(card / 13)] &= ~(1 << card % 13);
  return out;
}

/**
 * @param {Hand[]} taken
 * @param {number} winner
 * @param {number[]} trick four cards
 */
function takeTrick(taken, winner, trick) {
  let won = taken[winner];
  for (const card of trick) won = withCard(won, card);
  taken[winner] = won;
}

/**
 * Plays the deal to its end with the heuristic for every seat (the seat to move plays `forced` if given):
 * `chooseCard`, or `keenCard` for the seats in the `keenSeats` mask; `me` with `shoot` goes for the moon, and
 * another seat once it threatens one. Changes `hands`, `trick` and `taken`: pass copies.
 * @param {Hand[]} hands
 * @param {number[]} trick
 * @param {number} leader
 * @param {Hand[]} taken
 * @param {Hand} played
 * @param {boolean} heartsBroken
 * @param {number} tricksDone
 * @param {number} forced
 * @param {number} me
 * @param {boolean} shoot
 * @param {number} keenSeats
 * @returns {number[]} the deal's points per seat
 */
export function playout(hands, trick, leader, taken, played, heartsBroken, tricksDone, forced, me, shoot, keenSeats) {
  let shooter = shoot ? me : -1;
  if (shooter < 0) {
    const threat = threateningSeat(taken);
    if (threat !== me) shooter = threat;
  }
  let playedNow = played;
  let broken = heartsBroken;
  let done = tricksDone;
  let cardForced = forced;
  let lead = leader;
  let cards = trick;
  for (;;) {
    const count = cards.length;
    const seat = (lead + count) & 3;
    const hand = hands[seat];
    if (!(hand[0] || hand[1] || hand[2] || hand[3])) return dealPoints(taken);
    let card;
    if (cardForced >= 0) {
      card = cardForced;
      cardForced = -1;
    } else {
      const legal = legalHand(hand, count ? Math.floor(cards[0] / 13) : -1, done === 0, broken);
      if (seat === shooter) card = shootCard(seat, hand, legal, cards, playedNow, taken);
      else if ((keenSeats >> seat) & 1) card = keenCard(seat, hand, legal, cards, playedNow, taken);
      else card = chooseCard(seat, hand, legal, cards, playedNow, taken);
    }
    hands[seat] = withoutCard(hand, card);
    playedNow = withCard(playedNow, card);
    cards.push(card);
    if (card >= HEARTS_START) broken = true;
    if (count === 3) {
      const winner = (lead + trickWinnerOffset(cards)) & 3;
      takeTrick(taken, winner, cards);
      lead = winner;
      cards = [];
      done += 1;
      if (shooter < 0) {
        const threat = threateningSeat(taken);
        if (threat !== me) shooter = threat;
      }
    }
  }
}

/**
 * How the deciding seat values a deal's points: its points minus `othersWeight` times the mean of the others'
 * (lower is better), plus, when this deal can end the game, what the end means for it (a win `GAME_VALUE`, a game
 * that goes on its chance, halving every `STANDING_SCALE` points behind the leader).
 */
export class Outlook {
  /**
   * @param {number} seat
   * @param {number[]} totals
   * @param {boolean} variantSpecial
   * @param {number} target
   * @param {number} othersWeight
   */
  constructor(seat, totals, variantSpecial, target, othersWeight) {
    this.seat = seat;
    this.othersWeight = othersWeight;
    this.totals = totals;
    /** @type {import("../engine/rules.js").Variant} */
    this.variant = variantSpecial ? "special" : "classic";
    this.target = target;
    this.decisive = Math.max(...totals) + 26 >= target;
  }

  /**
   * @param {number[]} points the deal's points per seat
   * @returns {number}
   */
  value(points) {
    const seat = this.seat;
    const others = (points[0] + points[1] + points[2] + points[3] - points[seat]) / 3.0;
    const relative = points[seat] - this.othersWeight * others;
    if (!this.decisive) return relative;
    const after = [0, 1, 2, 3].map((other) => this.totals[other] + points[other]);
    const winners = gameWinners(after, points, this.variant, this.target);
    let share;
    if (winners.length) {
      share = winners.includes(seat) ? 1.0 / winners.length : 0.0;
    } else {
      const lowestTotal = Math.min(...after);
      const weights = after.map((total) => 0.5 ** ((total - lowestTotal) / STANDING_SCALE));
      share = weights[seat] / (weights[0] + weights[1] + weights[2] + weights[3]);
    }
    return relative - GAME_VALUE * share;
  }
}

/**
 * The deal's points when every seat plays perfectly for itself (max^n) from a position where every hand is known.
 * Exponential: for the last few tricks only. Restores `hands`, `trick` and `taken` before it returns.
 * @param {Hand[]} hands
 * @param {number[]} trick
 * @param {number} leader
 * @param {Hand[]} taken
 * @param {boolean} heartsBroken
 * @param {number} tricksDone
 * @param {number} forced
 * @returns {number[]}
 */
export function solve(hands, trick, leader, taken, heartsBroken, tricksDone, forced) {
  const count = trick.length;
  const seat = (leader + count) & 3;
  const hand = hands[seat];
  if (!(hand[0] || hand[1] || hand[2] || hand[3])) return dealPoints(taken);
  const legal =
    forced >= 0
      ? withCard([0, 0, 0, 0], forced)
      : legalHand(hand, count ? Math.floor(trick[0] / 13) : -1, tricksDone === 0, heartsBroken);
  /** @type {number[] | null} */
  let best = null;
  let bestValue = 0;
  let previous = -2;
  for (let suit = 0; suit < 4; suit += 1) {
    for (let bits = legal[suit]; bits; bits &= bits - 1) {
      const card = suit * 13 + bottomOrder(bits);
      // Adjacent cards of one suit held together are equivalent unless one is the Q♠: play the lowest of a run.
      const queenInPair = suit === SPADES && ((1 << (card % 13)) | (1 << (previous % 13))) & QUEEN_BIT;
      if (card === previous + 1 && Math.floor(previous / 13) === suit && !queenInPair) {
        previous = card;
        continue;
      }
      previous = card;
      hands[seat] = withoutCard(hand, card);
      let result;
      if (count === 3) {
        const cards = [trick[0], trick[1], trick[2], card];
        const winner = (leader + trickWinnerOffset(cards)) & 3;
        const saved = taken[winner];
        takeTrick(taken, winner, cards);
        result = solve(hands, [], winner, taken, heartsBroken || card >= HEARTS_START, tricksDone + 1, -1);
        taken[winner] = saved;
      } else {
        trick.push(card);
        result = solve(hands, trick, leader, taken, heartsBroken || card >= HEARTS_START, tricksDone, -1);
        trick.pop();
      }
      hands[seat] = hand;
      const value = result[seat] * 4 - (result[0] + result[1] + result[2] + result[3]);
      if (best === null || value < bestValue) {
        best = result;
        bestValue = value;
      }
    }
  }
  return /** @type {number[]} */ (best);
}
