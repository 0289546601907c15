// @ts-check
// The hot loop of `mc` (bots/search.py): sampled deals, each candidate card (or pass) played out under each plan
// (play normally, or go for the moon), the values summed in the same order as Python's, so the sums are the same
// floating-point numbers.

import { PASS_OFFSETS } from "../engine/rules.js";
import { FastSplitMix64 } from "./fast-prng.js";
import { countOf } from "./masks.js";
import { Outlook, playout, solve } from "./playout.js";
import { choosePassCards, controls, runIsOpen } from "./policy.js";
import { HandSampler, PlayReader, withCard } from "./sampling.js";

/** @typedef {import("../engine/cards.js").Hand} Hand */
/** @typedef {import("./knowledge.js").Knowledge} Knowledge */
/** @typedef {import("./sampling.js").ReadingArgs} ReadingArgs */
/**
 * `Outlook`'s arguments: seat, totals, special variant, target, the others' points' weight.
 * @typedef {[number, number[], boolean, number, number]} OutlookArgs
 */

/** A seat weighs the moon only when at least this share of its cards are (near-)sure winners (`controls`). */
export const SHOOT_CONTROLS = 0.4;

/**
 * The plans to weigh: play normally, and go for the moon while no other seat has a point and at least `share` of
 * the hand are controls.
 * @param {Knowledge} known
 * @param {boolean} moon
 * @param {number} share
 * @returns {boolean[]}
 */
export function shootPlans(known, moon, share) {
  const hand = known.hand;
  if (moon && runIsOpen(known.taken, known.seat) && controls(hand, known.played) >= share * countOf(hand)) {
    return [false, true];
  }
  return [false];
}

/**
 * @param {number[]} totals
 * @param {number} width
 * @param {number} plans
 * @param {number} position
 * @returns {number}
 */
function bestPlanTotal(totals, width, plans, position) {
  let best = totals[position];
  for (let plan = 1; plan < plans; plan += 1) best = Math.min(best, totals[plan * width + position]);
  return best;
}

/**
 * Summed value (`Outlook.value`, lower is better) of each candidate card under each plan over `samples` sampled
 * deals, plan by plan, followed by the weight of the deals each candidate saw (search.py's `evaluate_plays`, with
 * no time budget: the answer depends on the arguments alone).
 * @param {Knowledge} known
 * @param {number[]} candidates
 * @param {boolean} exact
 * @param {number | null} pruneMargin
 * @param {OutlookArgs} outlookArgs
 * @param {boolean[]} plansAsked
 * @param {number} keenSeats
 * @param {Readonly<ReadingArgs>} reading
 * @param {number} samples
 * @param {bigint} seed
 * @returns {number[]}
 */
export function evaluatePlays(
  known,
  candidates,
  exact,
  pruneMargin,
  outlookArgs,
  plansAsked,
  keenSeats,
  reading,
  samples,
  seed,
) {
  const outlook = new Outlook(...outlookArgs);
  const rng = new FastSplitMix64(seed);
  const width = candidates.length;
  const plans = exact ? [false] : plansAsked;
  const totals = new Array(plans.length * width).fill(0.0);
  const counts = new Array(width).fill(0.0);
  let active = [...Array(width).keys()];
  const me = known.seat;
  const sampler = new HandSampler(known);
  const [fitModels, , misfitWeight, , ruleSeats] = reading;
  const readingNeeded = fitModels || misfitWeight !== 1.0 || ruleSeats !== 0;
  const reader = readingNeeded ? new PlayReader(me, known.firstLeader, known.history, reading) : null;
  let playoutsLeft = samples * width;
  let pruned = pruneMargin === null || exact || width <= 2;
  let done = 0;
  while (playoutsLeft >= active.length) {
    if (!pruned && done * 2 >= samples) {
      pruned = true;
      const means = active.map((position) => bestPlanTotal(totals, width, plans.length, position) / counts[position]);
      const best = Math.min(...means);
      active = active.filter((_, at) => means[at] <= best + (pruneMargin ?? 0.0));
    }
    const hands = sampler.sample(rng);
    let weight = 1.0;
    let keenNow = keenSeats;
    if (reader !== null) {
      const [dealWeight, fitted] = reader.read(hands);
      weight = dealWeight;
      if (fitModels) keenNow = fitted | (1 << me);
    }
    for (const position of active) {
      const card = candidates[position];
      for (let planIndex = 0; planIndex < plans.length; planIndex += 1) {
        const points = exact
          ? solve(
              [...hands],
              [...known.trick],
              known.leader,
              [...known.taken],
              known.heartsBroken,
              known.tricksDone,
              card,
            )
          : playout(
              [...hands],
              [...known.trick],
              known.leader,
              [...known.taken],
              known.played,
              known.heartsBroken,
              known.tricksDone,
              card,
              me,
              plans[planIndex],
              keenNow,
            );
        const slot = planIndex * width + position;
        totals[slot] = totals[slot] + weight * outlook.value(points);
      }
      counts[position] = counts[position] + weight;
    }
    playoutsLeft -= active.length;
    done += 1;
  }
  return [...totals, ...counts];
}

/**
 * Summed values of each candidate pass (three card indices) under each plan over sampled deals in which the others
 * pass by the heuristic, followed by the number of deals played (search.py's `evaluate_passes`).
 * @param {number} me
 * @param {Hand} hand
 * @param {import("../engine/rules.js").PassDirection} direction
 * @param {number[][]} choices
 * @param {OutlookArgs} outlookArgs
 * @param {boolean[]} plans
 * @param {number} keenSeats
 * @param {number} samples
 * @param {bigint} seed
 * @returns {number[]}
 */
export function evaluatePasses(me, hand, direction, choices, outlookArgs, plans, keenSeats, samples, seed) {
  const outlook = new Outlook(...outlookArgs);
  const rng = new FastSplitMix64(seed);
  const width = choices.length;
  const totals = new Array(plans.length * width).fill(0.0);
  /** @type {number[]} */
  const unseen = [];
  for (let card = 0; card < 52; card += 1) if (!((hand[Math.floor(card / 13)] >> card % 13) & 1)) unseen.push(card);
  const others = [0, 1, 2, 3].filter((seat) => seat !== me);
  const offset = PASS_OFFSETS[direction];
  const givenSets = choices.map((given) => given.reduce(withCard, [0, 0, 0, 0]));
  let done = 0;
  while (done < samples) {
    rng.shuffle(unseen);
    /** @type {Hand[]} */
    const hands = [0, 1, 2, 3].map(() => [0, 0, 0, 0]);
    hands[me] = hand;
    for (let position = 0; position < unseen.length; position += 1) {
      const other = others[Math.floor(position / 13)];
      hands[other] = withCard(hands[other], unseen[position]);
    }
    /** @type {Hand[]} */
    const gives = hands.map((held, seat) =>
      seat !== me ? choosePassCards(held).reduce(withCard, [0, 0, 0, 0]) : [0, 0, 0, 0],
    );
    for (let position = 0; position < width; position += 1) {
      gives[me] = givenSets[position];
      const after = hands.map((held, seat) => held.map((bits, suit) => bits & ~gives[seat][suit]));
      for (let seat = 0; seat < 4; seat += 1) {
        const receiver = (seat + offset) & 3;
        after[receiver] = after[receiver].map((bits, suit) => bits | gives[seat][suit]);
      }
      let leader = 0;
      while (!(after[leader][0] & 1)) leader += 1;
      for (let planIndex = 0; planIndex < plans.length; planIndex += 1) {
        const taken = [0, 1, 2, 3].map(() => [0, 0, 0, 0]);
        const empty = [0, 0, 0, 0];
        const points = playout([...after], [], leader, taken, empty, false, 0, -1, me, plans[planIndex], keenSeats);
        const slot = planIndex * width + position;
        totals[slot] = totals[slot] + outlook.value(points);
      }
    }
    done += 1;
  }
  return [...totals, ...new Array(width).fill(done)];
}

/**
 * Mean value of each candidate under its best plan; a plan after the first (the moon) counts only when it beats
 * the first by more than `shootMargin` points.
 * @param {number[]} sums
 * @param {number} width
 * @param {number} shootMargin
 * @returns {number[]}
 */
export function bestByPlan(sums, width, shootMargin) {
  const plans = sums.length / width - 1;
  const counts = sums.slice(plans * width);
  return counts.map((count, position) => {
    if (!count) return 1e9;
    let best = Infinity;
    for (let plan = 0; plan < plans; plan += 1) {
      best = Math.min(best, sums[plan * width + position] / count + (plan ? shootMargin : 0.0));
    }
    return best;
  });
}
