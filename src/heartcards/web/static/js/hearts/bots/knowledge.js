// @ts-check
// What a seat knows, as card sets, derived from its observation alone (bots/knowledge.py): voids, the cards each
// seat took, the cards each other seat probably lacks from how it played, and the deal's plays in order.

import { PASS_OFFSETS } from "../engine/rules.js";
import { HEARTS, QUEEN_BIT, QUEEN_OF_SPADES, SPADES, SUIT_BITS, aboveOrder, belowOrder } from "./masks.js";
import { moonThreat } from "./policy.js";

/** @typedef {import("../engine/cards.js").Hand} Hand */
/** @typedef {import("../engine/game.js").Observation} Observation */
/**
 * The seat's view. `voids[s]` is a 4-bit set of the suits seat s has shown it lacks; `passedTo` / `passed` say
 * which of our cards another seat holds (until played); `taken[s]` the cards seat s won; `unlikely[s]` the cards seat
 * s probably lacks (a careful player ducks when it can and dumps the Q♠ and hearts when void); `history` every card
 * played this deal in order and `firstLeader` the seat that led the first trick.
 * @typedef {{seat: number, hand: Hand, played: Hand, trick: number[], leader: number, voids: number[],
 *   taken: Hand[], handSizes: number[], heartsBroken: boolean, firstTrick: boolean, passed: Hand, passedTo: number,
 *   received: Hand, tricksDone: number, unlikely: Hand[], history: number[], firstLeader: number}} Knowledge
 */

/**
 * @param {readonly number[]} cards
 * @returns {Hand}
 */
export function setOf(cards) {
  /** @type {Hand} */
  const set = [0, 0, 0, 0];
  for (const card of cards) set[Math.floor(card / 13)] |= 1 << card % 13;
  return set;
}

/**
 * Builds the seat's view from one observation: voids come from every card that did not follow the led suit.
 * @param {Observation} observation
 * @returns {Knowledge}
 */
export function knowledgeOf(observation) {
  const voids = [0, 0, 0, 0];
  /** @type {Hand[]} */
  const unlikely = [0, 1, 2, 3].map(() => [0, 0, 0, 0]);
  /** @type {Hand[]} */
  const taken = [0, 1, 2, 3].map(() => [0, 0, 0, 0]);
  const playedCounts = [0, 0, 0, 0];
  /** @type {Hand} */
  const played = [0, 0, 0, 0];
  let anyPlayed = false;
  const current = observation.currentTrick;
  /** @type {number[]} */
  let trickCards = [];
  /** @type {number[]} */
  const history = [];
  let leader = observation.turn ?? 0;
  const allTricks = current !== null ? [...observation.tricks, current] : observation.tricks;
  for (const trick of allTricks) {
    const cards = trick.cards;
    if (!cards.length) continue;
    history.push(...cards);
    const led = Math.floor(cards[0] / 13);
    /** @type {Hand} */
    const mask = [0, 0, 0, 0];
    let winning = cards[0];
    for (let position = 0; position < cards.length; position += 1) {
      const index = cards[position];
      const suit = Math.floor(index / 13);
      const order = index % 13;
      const seat = (trick.leader + position) % 4;
      playedCounts[seat] += 1;
      mask[suit] |= 1 << order;
      const reads = anyPlayed && moonThreat(taken, seat) < 0; // a seat defending against a moon plays otherwise
      if (suit !== led) {
        voids[seat] |= 1 << led;
        if (reads) {
          // not the first trick: a careful player void in the led suit sheds the Q♠ first
          if (index !== QUEEN_OF_SPADES) unlikely[seat][SPADES] |= QUEEN_BIT;
          if (suit !== HEARTS && !(suit === SPADES && index >= QUEEN_OF_SPADES)) unlikely[seat][HEARTS] = SUIT_BITS;
        }
      } else if (!reads) {
        winning = Math.max(winning, index);
      } else if (position === 0) {
        if (led !== SPADES) unlikely[seat][led] |= belowOrder(order); // a careful leader leads its lowest
      } else if (index > winning) {
        // it went over the winning card: it held none below it
        const winningOrder = winning % 13;
        unlikely[seat][led] |= belowOrder(winningOrder);
        const above =
          position === 3
            ? aboveOrder(order) // last to play wins with its highest (keeping the Q♠)
            : belowOrder(order) & ~((1 << (winningOrder + 1)) - 1); // otherwise as low as it can
        unlikely[seat][led] |= led === SPADES ? above & ~QUEEN_BIT : above;
        winning = index;
      } else if (index !== QUEEN_OF_SPADES) {
        // it ducked with its highest card below the winner
        unlikely[seat][led] |= belowOrder(winning % 13) & ~((1 << (order + 1)) - 1);
      }
    }
    for (let suit = 0; suit < 4; suit += 1) {
      played[suit] |= mask[suit];
      if (trick.winner !== null) taken[trick.winner][suit] |= mask[suit];
    }
    anyPlayed = true;
  }
  if (current !== null) {
    trickCards = [...current.cards];
    leader = current.leader;
  }
  const passed = setOf(observation.passed);
  const offset = PASS_OFFSETS[observation.passDirection];
  return {
    seat: observation.seat,
    hand: setOf(observation.hand),
    played,
    trick: trickCards,
    leader,
    voids,
    taken,
    handSizes: playedCounts.map((count) => 13 - count),
    heartsBroken: observation.heartsBroken,
    firstTrick: observation.tricks.length === 0,
    passed: passed.map((bits, suit) => bits & ~played[suit]),
    passedTo: (observation.seat + offset) % 4,
    received: setOf(observation.received),
    tricksDone: observation.tricks.length,
    unlikely,
    history,
    firstLeader: allTricks.length ? allTricks[0].leader : leader,
  };
}
