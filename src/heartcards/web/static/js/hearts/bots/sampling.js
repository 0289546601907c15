// @ts-check
// Deals of the hidden cards consistent with what a seat knows (bots/sampling.py): shown voids and the cards it
// passed, preferring deals that fit how the others played; and how well a sampled deal explains each other seat's
// plays (`PlayReader`), to choose the heuristic each seat plays in the playouts and to weigh the deal.

import { legalHand, trickWinnerOffset } from "../engine/rules.js";
import { HEARTS, countOf, indicesOf } from "./masks.js";
import { chooseCard, keenCard } from "./policy.js";

/** @typedef {import("../engine/cards.js").Hand} Hand */
/** @typedef {import("./knowledge.js").Knowledge} Knowledge */
/** @typedef {import("./fast-prng.js").FastSplitMix64} FastSplitMix64 */
/**
 * How `mc` reads the other seats: fit each to its heuristic, `keenCard` takes the ties, the weight of a misfit and
 * the most misfits counted a seat, the seats read as `chooseCard` players (a mask) and the weight of their misses.
 * @typedef {[boolean, boolean, number, number, number, number]} ReadingArgs
 */

const ATTEMPTS = 12;
/** The most plays of a seat read as a `chooseCard` player that count against a sampled deal. */
const RULE_MISSES_COUNTED = 2;
/** @type {Readonly<ReadingArgs>} */
export const NO_READING = Object.freeze([false, true, 1.0, 13, 0, 1.0]);

/**
 * @param {Hand} hand
 * @param {number} card
 * @returns {Hand} a new set: `hand` with `card`
 */
export function withCard(hand, card) {
  const out = [...hand];
  out[Math.floor(card / 13)] |= 1 << card % 13;
  return out;
}

/**
 * @param {Hand} first
 * @param {Hand} second
 * @returns {Hand} a new set: the cards of either
 */
export function union(first, second) {
  return [first[0] | second[0], first[1] | second[1], first[2] | second[2], first[3] | second[3]];
}

/** Draws the other seats' hands again and again for one decision (the constraints are worked out once). */
export class HandSampler {
  /** @param {Knowledge} known */
  constructor(known) {
    const me = known.seat;
    this.others = [0, 1, 2, 3].filter((seat) => seat !== me);
    /** @type {Hand[]} */
    const fixed = [0, 1, 2, 3].map(() => [0, 0, 0, 0]);
    fixed[me] = [...known.hand];
    if (known.passedTo !== me) fixed[known.passedTo] = union(fixed[known.passedTo], known.passed);
    this.fixed = fixed;
    const unseen = known.hand.map((bits, suit) => 0x1fff & ~known.played[suit] & ~bits & ~known.passed[suit]);
    this.cards = indicesOf(unseen);
    this.need = [0, 0, 0, 0];
    for (const seat of this.others) this.need[seat] = known.handSizes[seat] - countOf(fixed[seat]);
    /** @type {number[][]} */
    const voidOk = [];
    /** @type {number[][]} */
    const likely = [];
    /** @type {number[][]} */
    const anywhere = [];
    for (const card of this.cards) {
      const suit = Math.floor(card / 13);
      voidOk[card] = this.others.filter((seat) => !((known.voids[seat] >> suit) & 1));
      likely[card] = voidOk[card].filter((seat) => !((known.unlikely[seat][suit] >> card % 13) & 1));
      anywhere[card] = this.others;
    }
    // Strictest first: voids and play-reading; then voids only; then the hand sizes alone.
    this.levels = [likely, voidOk, anywhere];
  }

  /**
   * @param {FastSplitMix64} rng
   * @returns {Hand[]} four hands: ours, and the others' filled at random with the unseen cards
   */
  sample(rng) {
    for (let level = 0; level < this.levels.length; level += 1) {
      const tries = level < this.levels.length - 1 ? ATTEMPTS : 1;
      for (let attempt = 0; attempt < tries; attempt += 1) {
        const hands = this.attempt(this.levels[level], rng);
        if (hands !== null) return hands;
      }
    }
    throw new Error("no deal fits the hand sizes"); // unreachable: the last level ignores voids
  }

  /**
   * @param {number[][]} eligible the seats that may hold each card
   * @param {FastSplitMix64} rng
   * @returns {Hand[] | null}
   */
  attempt(eligible, rng) {
    const cards = [...this.cards];
    rng.shuffle(cards);
    cards.sort((a, b) => eligible[a].length - eligible[b].length); // stable, as Python's sort
    const hands = this.fixed.map((hand) => [...hand]);
    const left = [...this.need];
    for (const card of cards) {
      const seats = eligible[card];
      let total = 0;
      for (const seat of seats) total += left[seat];
      if (total <= 0) return null;
      let pick = rng.below(total);
      for (const seat of seats) {
        if (pick < left[seat]) {
          hands[seat][Math.floor(card / 13)] |= 1 << card % 13;
          left[seat] -= 1;
          break;
        }
        pick -= left[seat];
      }
    }
    return hands;
  }
}

/**
 * Reads a sampled deal against the other seats' plays so far: each play neither heuristic would have made from
 * the hand the deal gives that seat weighs the deal down, and per seat, which heuristic explains it better. A seat
 * of `ruleSeats` is read as a `chooseCard` player. The replay is worked out once per decision.
 */
export class PlayReader {
  /**
   * @param {number} seat the deciding seat (-1: read every seat)
   * @param {number} firstLeader
   * @param {number[]} history every card played this deal, in order
   * @param {Readonly<ReadingArgs>} reading
   */
  constructor(seat, firstLeader, history, reading) {
    const [, tiesKeen, misfitWeight, misfitCap, ruleSeats, ruleWeight] = reading;
    this.tiesKeen = tiesKeen;
    this.misfitWeight = misfitWeight;
    this.misfitCap = misfitCap;
    this.ruleSeats = ruleSeats;
    this.ruleWeight = ruleWeight;
    /** @type {number[]} */
    this.seats = [];
    /** @type {number[]} */
    this.cards = [];
    /** @type {number[][]} */
    this.tricks = [];
    /** @type {Hand[]} */
    this.played = [];
    /** @type {Hand[][]} */
    this.taken = [];
    /** @type {boolean[]} */
    this.firstTrick = [];
    /** @type {boolean[]} */
    this.heartsBroken = [];
    let leader = firstLeader;
    /** @type {number[]} */
    let trick = [];
    /** @type {Hand} */
    let played = [0, 0, 0, 0];
    /** @type {Hand[]} */
    const taken = [0, 1, 2, 3].map(() => [0, 0, 0, 0]);
    let broken = false;
    let tricksDone = 0;
    /** @type {number[]} */
    const seatsInOrder = [];
    for (const card of history) {
      const player = (leader + trick.length) & 3;
      seatsInOrder.push(player);
      if (player !== seat) {
        this.seats.push(player);
        this.cards.push(card);
        this.tricks.push([...trick]);
        this.played.push(played);
        this.taken.push([...taken]);
        this.firstTrick.push(tricksDone === 0);
        this.heartsBroken.push(broken);
      }
      trick.push(card);
      played = withCard(played, card);
      if (Math.floor(card / 13) === HEARTS) broken = true;
      if (trick.length === 4) {
        const winner = (leader + trickWinnerOffset(trick)) & 3;
        let won = taken[winner];
        for (const trickCard of trick) won = withCard(won, trickCard);
        taken[winner] = won;
        leader = winner;
        trick = [];
        tricksDone += 1;
      }
    }
    // For each recorded play, the cards its seat played from then on (that play included).
    /** @type {Hand[]} */
    const later = [0, 1, 2, 3].map(() => [0, 0, 0, 0]);
    /** @type {Hand[]} */
    const sinceReversed = [];
    for (let position = history.length - 1; position >= 0; position -= 1) {
      const player = seatsInOrder[position];
      later[player] = withCard(later[player], history[position]);
      if (player !== seat) sinceReversed.push(later[player]);
    }
    this.since = sinceReversed.reverse();
  }

  /**
   * Per seat, in the deal `hands` gives: the plays with a choice, those `keenCard` would not have made, those
   * `chooseCard` would not have made, and those neither would have made.
   * @param {Hand[]} hands
   * @returns {number[][]}
   */
  misses(hands) {
    const choices = [0, 0, 0, 0];
    const keenMisses = [0, 0, 0, 0];
    const chooseMisses = [0, 0, 0, 0];
    const misfits = [0, 0, 0, 0];
    for (let index = 0; index < this.cards.length; index += 1) {
      const seat = this.seats[index];
      const hand = union(hands[seat], this.since[index]);
      const trick = this.tricks[index];
      const led = trick.length ? Math.floor(trick[0] / 13) : -1;
      const legal = legalHand(hand, led, this.firstTrick[index], this.heartsBroken[index]);
      if (countOf(legal) <= 1) continue;
      choices[seat] += 1;
      const card = this.cards[index];
      const played = this.played[index];
      const taken = this.taken[index];
      const keenMiss = keenCard(seat, hand, legal, trick, played, taken) !== card;
      const chooseMiss = chooseCard(seat, hand, legal, trick, played, taken) !== card;
      if (keenMiss) keenMisses[seat] += 1;
      if (chooseMiss) {
        chooseMisses[seat] += 1;
        if (keenMiss) misfits[seat] += 1;
      }
    }
    return [choices, keenMisses, chooseMisses, misfits];
  }

  /**
   * The sampled deal's weight and the mask of the seats whose plays in it `keenCard` explains better than
   * `chooseCard` (or as well, with ties to `keenCard`); never a seat of `ruleSeats`.
   * @param {Hand[]} hands
   * @returns {[number, number]}
   */
  read(hands) {
    const [, keenMisses, chooseMisses, misfits] = this.misses(hands);
    let weight = 1.0;
    let keenSeats = 0;
    for (let seat = 0; seat < 4; seat += 1) {
      if ((this.ruleSeats >> seat) & 1) {
        const counted = Math.min(chooseMisses[seat], RULE_MISSES_COUNTED);
        for (let miss = 0; miss < counted; miss += 1) weight *= this.ruleWeight;
        continue;
      }
      for (let miss = 0; miss < Math.min(misfits[seat], this.misfitCap); miss += 1) weight *= this.misfitWeight;
      const keenMissCount = keenMisses[seat];
      const chooseMissCount = chooseMisses[seat];
      if (keenMissCount < chooseMissCount || (this.tiesKeen && keenMissCount === chooseMissCount)) {
        keenSeats |= 1 << seat;
      }
    }
    return [weight, keenSeats];
  }
}

/**
 * For a whole finished deal (its 52 cards in play order from the first leader; every hand is then known): per seat
 * its plays with a choice, then per seat those `chooseCard` would not have made (eight counts).
 * @param {number} firstLeader
 * @param {number[]} history
 * @returns {number[]}
 */
export function chooseCardRecord(firstLeader, history) {
  const empty = [0, 1, 2, 3].map(() => [0, 0, 0, 0]);
  const [choices, , chooseMisses] = new PlayReader(-1, firstLeader, history, NO_READING).misses(empty);
  return [...choices, ...chooseMisses];
}
