// @ts-check
// `mc` (bots/mc.py): perfect-information Monte Carlo. For a play, sample the hidden hands consistently with what
// the seat knows, play each distinct candidate card out (or solve a small ending exactly) and keep the card with the
// best mean value; for a pass, play sampled deals out after each candidate pass. A count of playouts sets the
// strength, never a time, so the same observation, seed and settings give the card the server's player gives.

import { SplitMix64 } from "../../common/prng.js";
import { FastSplitMix64 } from "./fast-prng.js";
import { knowledgeOf, setOf } from "./knowledge.js";
import { QUEEN_BIT, QUEEN_OF_SPADES, SPADES, bottomOrder, countOf } from "./masks.js";
import { choosePassCards, controls, moonPassCards, passDanger } from "./policy.js";
import { HandSampler, NO_READING, PlayReader, chooseCardRecord } from "./sampling.js";
import { SHOOT_CONTROLS, bestByPlan, evaluatePasses, evaluatePlays, shootPlans } from "./search.js";

/** @typedef {import("../engine/game.js").Observation} Observation */
/** @typedef {import("./knowledge.js").Knowledge} Knowledge */
/** @typedef {import("./search.js").OutlookArgs} OutlookArgs */
/** @typedef {import("./sampling.js").ReadingArgs} ReadingArgs */
/**
 * mc.py's `MonteCarloSettings` (its docstring says what each does and what it measured); the time cap is left
 * out, as the server's `decide` leaves it out.
 * @typedef {{playouts: number, passPlayouts: number, passCandidates: number, exactCards: number,
 *   exactSamples: number, workers: number, pruneMargin: number | null, moon: boolean, shootMargin: number,
 *   shootControls: number, othersWeight: number, keen: "none" | "self" | "all" | "fit", misfitWeight: number,
 *   misfitCap: number, tiesKeen: boolean, readEarlierDeals: boolean, ruleWeight: number, readThisDealCards: number,
 *   ruleShootMargin: number, ruleShootControls: number}} MonteCarloSettings
 */

/** @type {Readonly<MonteCarloSettings>} */
export const DEFAULT_SETTINGS = Object.freeze({
  playouts: 240,
  passPlayouts: 240,
  passCandidates: 6,
  exactCards: 3,
  exactSamples: 12,
  workers: 1,
  pruneMargin: null,
  moon: true,
  shootMargin: 12.0,
  shootControls: SHOOT_CONTROLS,
  othersWeight: 1.0,
  keen: "fit",
  misfitWeight: 1.0,
  misfitCap: 13,
  tiesKeen: true,
  readEarlierDeals: true,
  ruleWeight: 0.2,
  readThisDealCards: 13,
  ruleShootMargin: 0.0,
  ruleShootControls: 0.0,
});

/**
 * `mc`'s settings at each strength it plays (mc.py's `STRENGTHS`; `easy` is the `rule` player), their time caps
 * left out.
 * @type {Readonly<Record<"normal" | "strong" | "expert", Readonly<MonteCarloSettings>>>}
 */
export const STRENGTHS = Object.freeze({
  normal: Object.freeze({ ...DEFAULT_SETTINGS, playouts: 400, passPlayouts: 600, exactSamples: 12 }),
  strong: Object.freeze({ ...DEFAULT_SETTINGS, playouts: 1500, passPlayouts: 2000, exactSamples: 40 }),
  expert: Object.freeze({ ...DEFAULT_SETTINGS, playouts: 5000, passPlayouts: 6000, exactSamples: 80, workers: 2 }),
});

/**
 * The fewest plays with a choice, over the earlier deals, on which a seat must have played `chooseCard` to be read
 * as that player.
 */
const RULE_EVIDENCE = 8;
/** The fewest plays with a choice this deal on which a seat must have played `chooseCard` (`playsLikeRule`). */
const RULE_EVIDENCE_THIS_DEAL = 3;
/** Sampled deals in which `playsLikeRule` looks for one that explains a seat's every play by `chooseCard`. */
const READING_SAMPLES = 16;

/**
 * @param {Readonly<MonteCarloSettings>} settings
 * @param {number} seat
 * @returns {number} the seats whose playout cards come from `keenCard` (a mask)
 */
function keenSeatsOf(settings, seat) {
  return { none: 0, self: 1 << seat, all: 15, fit: 15 }[settings.keen];
}

/**
 * The share of controls from which a hand weighs the moon and the margin its samples must show: the `rule` ones
 * when every other seat is read as a `rule` player.
 * @param {Readonly<MonteCarloSettings>} settings
 * @param {number} seat
 * @param {number} readAsRule
 * @returns {[number, number]}
 */
function moonGate(settings, seat, readAsRule) {
  if (readAsRule === (15 & ~(1 << seat))) return [settings.ruleShootControls, settings.ruleShootMargin];
  return [settings.shootControls, settings.shootMargin];
}

/**
 * @param {Readonly<MonteCarloSettings>} settings
 * @param {number} readAsRule the seats read as `rule` players (a mask)
 * @returns {ReadingArgs}
 */
function readingOf(settings, readAsRule) {
  return [
    settings.keen === "fit",
    settings.tiesKeen,
    settings.misfitWeight,
    settings.misfitCap,
    readAsRule,
    settings.ruleWeight,
  ];
}

/**
 * One card per run of legal cards that are interchangeable: same suit, only our own or played cards between them,
 * never the Q♠ together with another.
 * @param {import("../engine/cards.js").Hand} legal
 * @param {import("../engine/cards.js").Hand} hand
 * @param {import("../engine/cards.js").Hand} played
 * @returns {number[]}
 */
export function equivalentRuns(legal, hand, played) {
  /** @type {number[]} */
  const out = [];
  let previous = -2;
  for (let suit = 0; suit < 4; suit += 1) {
    for (let bits = legal[suit]; bits; bits &= bits - 1) {
      const order = bottomOrder(bits);
      const card = suit * 13 + order;
      if (
        previous >= 0 &&
        Math.floor(previous / 13) === suit &&
        card !== QUEEN_OF_SPADES &&
        previous !== QUEEN_OF_SPADES
      ) {
        const between = ((1 << order) - 1) & ~((1 << ((previous % 13) + 1)) - 1);
        const queenBetween = suit === SPADES && between & QUEEN_BIT;
        if ((between & ~(hand[suit] | played[suit])) === 0 && !queenBetween) {
          previous = card;
          continue;
        }
      }
      out.push(card);
      previous = card;
    }
  }
  return out;
}

/**
 * @param {number} me
 * @param {number[]} choices
 * @param {number[]} misses
 * @param {number} evidence
 * @returns {number} the seats other than `me` with at least `evidence` plays with a choice, all `chooseCard`'s
 */
function chooseCardSeats(me, choices, misses, evidence) {
  let mask = 0;
  for (let seat = 0; seat < 4; seat += 1) {
    if (seat !== me && choices[seat] >= evidence && !misses[seat]) mask |= 1 << seat;
  }
  return mask;
}

/**
 * The other seats (a mask) that played `chooseCard` on each of their plays with a choice, at least `RULE_EVIDENCE`
 * of them, in every earlier deal of the game: a finished deal shows every hand, so this is exact.
 * @param {Observation} observation
 * @returns {number}
 */
export function ruleSeats(observation) {
  const choices = [0, 0, 0, 0];
  const misses = [0, 0, 0, 0];
  for (const tricks of observation.earlierDeals) {
    const record = chooseCardRecord(
      tricks[0].leader,
      tricks.flatMap((trick) => trick.cards),
    );
    for (let seat = 0; seat < 4; seat += 1) {
      choices[seat] += record[seat];
      misses[seat] += record[4 + seat];
    }
  }
  return chooseCardSeats(observation.seat, choices, misses, RULE_EVIDENCE);
}

/**
 * The other seats (a mask) for which some of `READING_SAMPLES` sampled deals explains each of their plays with a
 * choice this deal, at least `RULE_EVIDENCE_THIS_DEAL` of them, by `chooseCard`. The deals come from a fixed seed,
 * so the answer depends on the position alone.
 * @param {Knowledge} known
 * @returns {number}
 */
export function playsLikeRule(known) {
  const sampler = new HandSampler(known);
  const reader = new PlayReader(known.seat, known.firstLeader, known.history, NO_READING);
  const rng = new FastSplitMix64(BigInt(known.history.length));
  let mask = 0;
  const others = 15 & ~(1 << known.seat);
  for (let sample = 0; sample < READING_SAMPLES; sample += 1) {
    const [choices, , chooseMisses] = reader.misses(sampler.sample(rng));
    mask |= chooseCardSeats(known.seat, choices, chooseMisses, RULE_EVIDENCE_THIS_DEAL);
    if (mask === others) break;
  }
  return mask;
}

/**
 * The deciding seat's `Outlook` arguments.
 * @param {Observation} observation
 * @param {number} othersWeight
 * @returns {OutlookArgs}
 */
function outlookOf(observation, othersWeight) {
  const special = observation.variant === "special";
  return [observation.seat, [...observation.totals], special, observation.target, othersWeight];
}

/**
 * @param {number[]} cards
 * @returns {string} a set's key, to compare candidate passes
 */
function keyOf(cards) {
  return [...cards].sort((a, b) => a - b).join(" ");
}

export class MonteCarloBot {
  name = "mc";

  /**
   * @param {bigint | number | string} seed a whole number (decimal text is read exactly)
   * @param {Readonly<MonteCarloSettings>} [settings]
   */
  constructor(seed, settings = DEFAULT_SETTINGS) {
    this.rng = new SplitMix64(BigInt(seed));
    this.settings = settings;
  }

  /**
   * Runs `evaluate(samples, seed)` in shares, one per worker the settings name, one after the other, and sums them:
   * the shares and their seeds come from the bot's generator, as the server's do.
   * @param {(samples: number, seed: bigint) => number[]} evaluate
   * @param {number} samples
   * @returns {number[]}
   */
  spread(evaluate, samples) {
    const workers = Math.max(1, Math.min(this.settings.workers, samples));
    const base = Math.floor(samples / workers);
    const extra = samples % workers;
    /** @type {[number, bigint][]} */
    const shares = [];
    for (let index = 0; index < workers; index += 1) shares.push([base + (index < extra ? 1 : 0), this.rng.next64()]);
    const parts = shares.map(([count, seed]) => evaluate(count, seed));
    return parts[0].map((_, slot) => parts.reduce((sum, part) => sum + part[slot], 0));
  }

  /**
   * @param {Observation} observation
   * @returns {number} a legal card index
   */
  choosePlay(observation) {
    const legalCards = observation.legal;
    if (legalCards.length === 1) return legalCards[0];
    const known = knowledgeOf(observation);
    const candidates = equivalentRuns(setOf(legalCards), known.hand, known.played);
    if (candidates.length === 1) return candidates[0];
    const settings = this.settings;
    let readAsRule = 0;
    if (observation.earlierDeals.length) {
      readAsRule = settings.readEarlierDeals ? ruleSeats(observation) : 0;
    } else if (countOf(known.hand) <= settings.readThisDealCards) {
      readAsRule = playsLikeRule(known);
    }
    // The exact ending assumes every seat plays perfectly; a seat read as `rule` plays `chooseCard` instead.
    const exact = countOf(known.hand) <= settings.exactCards && !readAsRule;
    const samples = exact ? settings.exactSamples : Math.max(2, Math.ceil(settings.playouts / candidates.length));
    const [share, margin] = moonGate(settings, known.seat, readAsRule);
    const plans = shootPlans(known, settings.moon, share);
    const outlook = outlookOf(observation, settings.othersWeight);
    const keen = keenSeatsOf(settings, known.seat) & ~readAsRule;
    const reading = readingOf(settings, readAsRule);
    const sums = this.spread(
      (count, seed) =>
        evaluatePlays(known, candidates, exact, settings.pruneMargin, outlook, plans, keen, reading, count, seed),
      samples,
    );
    const scores = bestByPlan(sums, candidates.length, margin);
    let best = 0;
    for (let position = 1; position < candidates.length; position += 1) {
      if (scores[position] < scores[best]) best = position; // ties: the lower card, as candidates ascend
    }
    return candidates[best];
  }

  /**
   * @param {Observation} observation
   * @returns {number[]} three card indices from the hand, lowest first
   */
  choosePass(observation) {
    const hand = setOf(observation.hand);
    const settings = this.settings;
    const readAsRule = settings.readEarlierDeals ? ruleSeats(observation) : 0;
    const [share, margin] = moonGate(settings, observation.seat, readAsRule);
    const shoot = settings.moon && controls(hand, [0, 0, 0, 0]) >= share * countOf(hand);
    const choices = this.passCandidates(hand, shoot);
    let best = choices[0];
    if (choices.length > 1) {
      const samples = Math.max(2, Math.ceil(settings.passPlayouts / choices.length));
      const plans = shoot ? [false, true] : [false];
      const outlook = outlookOf(observation, settings.othersWeight);
      const keen = keenSeatsOf(settings, observation.seat) & ~readAsRule;
      const direction = observation.passDirection;
      const sums = this.spread(
        (count, seed) => evaluatePasses(observation.seat, hand, direction, choices, outlook, plans, keen, count, seed),
        samples,
      );
      const scores = bestByPlan(sums, choices.length, margin);
      let position = 0;
      for (let other = 1; other < choices.length; other += 1) if (scores[other] < scores[position]) position = other;
      best = choices[position];
    }
    return [...best].sort((a, b) => a - b);
  }

  /**
   * The heuristic's pass, the other triples of its most dangerous cards and, for a hand that may go for the moon,
   * the pass that keeps it together.
   * @param {import("../engine/cards.js").Hand} hand
   * @param {boolean} shoot
   * @returns {number[][]}
   */
  passCandidates(hand, shoot) {
    const top = passDanger(hand)
      .slice(0, this.settings.passCandidates)
      .map(([, card]) => card);
    const heuristic = choosePassCards(hand);
    const choices = [heuristic];
    const keys = new Set([keyOf(heuristic)]);
    for (let first = 0; first < top.length; first += 1) {
      for (let second = first + 1; second < top.length; second += 1) {
        for (let third = second + 1; third < top.length; third += 1) {
          const triple = [top[first], top[second], top[third]];
          if (keyOf(triple) !== keyOf(heuristic)) {
            choices.push(triple);
            keys.add(keyOf(triple));
          }
        }
      }
    }
    if (shoot) {
      const keeping = moonPassCards(hand);
      if (!keys.has(keyOf(keeping))) choices.push(keeping);
    }
    return choices;
  }
}
