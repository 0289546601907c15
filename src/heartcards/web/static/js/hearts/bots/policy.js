// @ts-check
// The heuristic card choice (bots/policy.py), card for card: `chooseCard` for the `rule` bot, `keenCard` (sharper)
// and `shootCard` (a seat going for the moon) for `mc`'s playouts, the passes, and the moon's signs. Cards are
// indices, sets the engine's four 13-bit patterns (masks.js).

import {
  HEARTS,
  HIGH_SPADES,
  LOW_SPADES,
  QUEEN_BIT,
  QUEEN_OF_SPADES,
  SPADES,
  SUIT_BITS,
  aboveOrder,
  atMostOne,
  belowOrder,
  bottomOrder,
  hasPoints,
  highest,
  lowest,
  popcount,
  sameCards,
  topOrder,
  unseenOf,
} from "./masks.js";

/** @typedef {import("../engine/cards.js").Hand} Hand */
/**
 * A heuristic's card: (seat, hand, legal, trick, played, taken) → a card index.
 * @typedef {(seat: number, hand: Hand, legal: Hand, trick: number[], played: Hand, taken: Hand[]) => number} CardRule
 */

/** `keenCard` leads from short suits: a card more of the suit held weighs as two unseen cards below the lead. */
export const LEAD_LENGTH_WEIGHT = 8;
/** Hearts one seat must have taken, with nobody else scoring, before the others defend against a moon. */
export const MOON_HEARTS = 6;

/**
 * @param {Hand[]} taken
 * @returns {number} the one seat that has taken points so far, or -1 when none or several have
 */
export function soleScorer(taken) {
  let scorer = -1;
  for (let seat = 0; seat < 4; seat += 1) {
    if (hasPoints(taken[seat])) {
      if (scorer >= 0) return -1;
      scorer = seat;
    }
  }
  return scorer;
}

/**
 * @param {Hand[]} taken
 * @returns {number} the seat that took every point so far and enough hearts (or the Q♠ and three) for a moon, or -1
 */
export function threateningSeat(taken) {
  const shooter = soleScorer(taken);
  if (shooter < 0) return -1;
  const hearts = popcount(taken[shooter][HEARTS]);
  if (hearts >= MOON_HEARTS || (taken[shooter][SPADES] & QUEEN_BIT && hearts >= 3)) return shooter;
  return -1;
}

/**
 * @param {Hand[]} taken
 * @param {number} seat
 * @returns {number} the other seat that threatens a moon as `seat` sees it, or -1
 */
export function moonThreat(taken, seat) {
  const shooter = threateningSeat(taken);
  return shooter !== seat ? shooter : -1;
}

/**
 * @param {Hand[]} taken
 * @param {number} seat
 * @returns {boolean} `seat` can still take every point: no other seat has taken one
 */
export function runIsOpen(taken, seat) {
  for (let other = 0; other < 4; other += 1) if (other !== seat && hasPoints(taken[other])) return false;
  return true;
}

/**
 * (danger, card) for each card of the hand, most dangerous first (ties: the higher card first).
 * @param {Hand} hand
 * @returns {[number, number][]}
 */
export function passDanger(hand) {
  const lowSpadeCount = popcount(hand[SPADES] & LOW_SPADES);
  const holdsQueen = (hand[SPADES] & QUEEN_BIT) !== 0;
  /** @type {[number, number][]} */
  const scored = [];
  for (let suit = 0; suit < 4; suit += 1) {
    for (let bits = hand[suit]; bits; bits &= bits - 1) {
      const order = bottomOrder(bits);
      const index = suit * 13 + order;
      let danger;
      if (index === QUEEN_OF_SPADES) {
        danger = lowSpadeCount >= 4 ? 0 : 100;
      } else if (suit === SPADES) {
        if (order > 10) {
          danger = lowSpadeCount >= 4 ? 0 : order === 12 ? 90 : 85;
          if (holdsQueen && lowSpadeCount >= 4) danger = 0;
        } else {
          danger = 0;
        }
      } else if (suit === HEARTS) {
        danger = order >= 7 ? 20 + 6 * order : order;
      } else {
        danger = 4 * order + (popcount(hand[suit]) <= 3 ? 15 : 0);
      }
      scored.push([danger, index]);
    }
  }
  scored.sort((a, b) => b[0] - a[0] || b[1] - a[1]);
  return scored;
}

/**
 * @param {Hand} hand a 13-card hand
 * @returns {number[]} its three most dangerous cards, lowest first
 */
export function choosePassCards(hand) {
  return passDanger(hand)
    .slice(0, 3)
    .map(([, index]) => index)
    .sort((a, b) => a - b);
}

/**
 * @param {number[]} trick a trick begun
 * @returns {[number, Hand]} its winning card (the highest of the led suit) and its cards
 */
export function trickSoFar(trick) {
  const led = Math.floor(trick[0] / 13);
  let winning = trick[0];
  /** @type {Hand} */
  const cards = [0, 0, 0, 0];
  for (const card of trick) {
    const suit = Math.floor(card / 13);
    cards[suit] |= 1 << card % 13;
    if (suit === led && card > winning) winning = card;
  }
  return [winning, cards];
}

/**
 * The heuristic's card among `legal`; `played` holds every card already played, the current trick's included, and
 * `taken[s]` the cards seat s has won.
 * @type {CardRule}
 */
export function chooseCard(seat, hand, legal, trick, played, taken) {
  if (atMostOne(legal)) return highest(legal);
  if (!trick.length) return lead(hand, legal, unseenOf(played, hand), !(played[SPADES] & QUEEN_BIT), 0);
  const [winning, trickCards] = trickSoFar(trick);
  return answer(seat, hand, legal, trick, played, winning, trickCards, moonThreat(taken, seat));
}

/**
 * `chooseCard`'s card in a trick begun, from its winning card and cards and the seat running for the moon.
 * @param {number} seat
 * @param {Hand} hand
 * @param {Hand} legal
 * @param {number[]} trick
 * @param {Hand} played
 * @param {number} winning
 * @param {Hand} trickCards
 * @param {number} shooter
 * @returns {number}
 */
function answer(seat, hand, legal, trick, played, winning, trickCards, shooter) {
  const queenOut = !(played[SPADES] & QUEEN_BIT);
  const count = trick.length;
  const led = Math.floor(trick[0] / 13);
  const winningOrder = winning % 13;
  const follow = legal[led];
  if (shooter >= 0) {
    const winnerSeat = (seat - count + trick.indexOf(winning)) & 3;
    if (follow) {
      const above = follow & aboveOrder(winningOrder);
      if (winnerSeat === shooter && above) return led * 13 + topOrder(above);
    } else if (winnerSeat === shooter) {
      const safe = highest([legal[0], legal[1], legal[SPADES] & ~QUEEN_BIT, 0]);
      if (safe >= 0) return safe;
    } else if (legal[HEARTS]) {
      return HEARTS * 13 + topOrder(legal[HEARTS]);
    }
  }
  if (follow) {
    if (sameCards(played, trickCards)) return led * 13 + topOrder(follow);
    const below = follow & belowOrder(winningOrder);
    if (below) {
      if (led === SPADES && follow & QUEEN_BIT && winning > QUEEN_OF_SPADES) return QUEEN_OF_SPADES;
      return led * 13 + topOrder(below);
    }
    const withoutQueen = led === SPADES ? follow & ~QUEEN_BIT : follow;
    if (count === 3) return withoutQueen ? led * 13 + topOrder(withoutQueen) : QUEEN_OF_SPADES;
    if (led === SPADES && queenOut && withoutQueen) return led * 13 + bottomOrder(withoutQueen);
    return led * 13 + bottomOrder(follow);
  }
  if (legal[SPADES] & QUEEN_BIT) return QUEEN_OF_SPADES;
  if (queenOut && legal[SPADES] & HIGH_SPADES && !(hand[SPADES] & QUEEN_BIT)) {
    return SPADES * 13 + topOrder(legal[SPADES] & HIGH_SPADES);
  }
  if (legal[HEARTS]) return HEARTS * 13 + topOrder(legal[HEARTS]);
  let bestSuit = -1;
  let bestCount = 99;
  for (let suit = 0; suit < 3; suit += 1) {
    if (legal[suit]) {
      const size = popcount(legal[suit]);
      if (size < bestCount) {
        bestCount = size;
        bestSuit = suit;
      }
    }
  }
  return bestSuit * 13 + topOrder(legal[bestSuit]);
}

/**
 * `chooseCard` sharpened: it leads from short suits and sheds high cards on tricks it can take safely.
 * @type {CardRule}
 */
export function keenCard(seat, hand, legal, trick, played, taken) {
  if (atMostOne(legal)) return highest(legal);
  const count = trick.length;
  if (!count) {
    return lead(hand, legal, unseenOf(played, hand), !(played[SPADES] & QUEEN_BIT), LEAD_LENGTH_WEIGHT);
  }
  const [winning, trickCards] = trickSoFar(trick);
  const shooter = moonThreat(taken, seat);
  if (shooter < 0) {
    const led = Math.floor(trick[0] / 13);
    const follow = legal[led];
    if (follow && !sameCards(played, trickCards) && led !== HEARTS) {
      const withoutQueen = led === SPADES ? follow & ~QUEEN_BIT : follow;
      const top = withoutQueen ? led * 13 + topOrder(withoutQueen) : -1;
      if (count === 3) {
        if (top > winning && !hasPoints(trickCards)) return top;
      } else if (
        top >= 0 &&
        !(follow & belowOrder(winning % 13)) &&
        (led !== SPADES || played[SPADES] & QUEEN_BIT)
      ) {
        return top;
      }
    }
  }
  return answer(seat, hand, legal, trick, played, winning, trickCards, shooter);
}

/**
 * A low card of the suit where the fewest unseen cards lie below it (smoking out the Q♠ first when it may), away
 * from spades while holding the Q♠ or above it and from hearts; `lengthWeight` per card held favours short suits.
 * @param {Hand} hand
 * @param {Hand} legal
 * @param {Hand} unseen
 * @param {boolean} queenOut
 * @param {number} lengthWeight
 * @returns {number}
 */
function lead(hand, legal, unseen, queenOut, lengthWeight) {
  if (queenOut && !(hand[SPADES] & QUEEN_BIT)) {
    const low = legal[SPADES] & LOW_SPADES;
    if (low && unseen[SPADES] & QUEEN_BIT) return SPADES * 13 + topOrder(low);
  }
  let best = -1;
  let bestScore = 1 << 30;
  for (let suit = 0; suit < 4; suit += 1) {
    const inSuit = legal[suit];
    if (!inSuit) continue;
    const order = bottomOrder(inSuit);
    const others = unseen[suit];
    const lower = popcount(others & belowOrder(order));
    let score = lower * 4 - popcount(others) + lengthWeight * popcount(hand[suit]);
    if (suit === SPADES && queenOut && hand[SPADES] & (QUEEN_BIT | HIGH_SPADES)) score += 40;
    if (suit === HEARTS) score += 10;
    if (score < bestScore) {
      bestScore = score;
      best = suit * 13 + order;
    }
  }
  return best;
}

/**
 * The card of a seat going for the moon: lead a master card, win any trick it can with its highest card (the lowest
 * winning one when last), discard its lowest non-point card when it cannot win; the heuristic once the run is over.
 * @type {CardRule}
 */
export function shootCard(seat, hand, legal, trick, played, taken) {
  if (atMostOne(legal)) return highest(legal);
  if (!runIsOpen(taken, seat)) return chooseCard(seat, hand, legal, trick, played, taken);
  const unseen = unseenOf(played, hand);
  const count = trick.length;
  if (count === 0) return shootLead(hand, legal, unseen);
  const led = Math.floor(trick[0] / 13);
  const winning = trickSoFar(trick)[0];
  const follow = legal[led];
  if (follow) {
    const above = follow & aboveOrder(winning % 13);
    if (above) return led * 13 + (count === 3 ? bottomOrder(above) : topOrder(above));
    return led * 13 + bottomOrder(follow);
  }
  /** @type {Hand} */
  const safe = [legal[0], legal[1], legal[SPADES] & ~QUEEN_BIT, 0];
  if (safe[0] || safe[1] || safe[2]) return shed(safe);
  return lowest(legal);
}

/**
 * A master card of the longest such suit; without one, the top card of the suit with fewest unseen above it.
 * @param {Hand} hand
 * @param {Hand} legal
 * @param {Hand} unseen
 * @returns {number}
 */
function shootLead(hand, legal, unseen) {
  let best = -1;
  let bestScore = -(1 << 30);
  for (let suit = 0; suit < 4; suit += 1) {
    const inSuit = legal[suit];
    if (!inSuit) continue;
    const top = topOrder(inSuit);
    const higher = popcount(unseen[suit] & aboveOrder(top));
    const others = popcount(unseen[suit]);
    let score = -100 * higher + 4 * popcount(hand[suit]) + (suit === HEARTS ? 3 : 0);
    if (higher === 0 && others === 0) score -= 2; // nobody follows: it wins but collects nothing
    if (score > bestScore) {
      bestScore = score;
      best = suit * 13 + top;
    }
  }
  return best;
}

/**
 * @param {Hand} cards
 * @returns {number} a would-be shooter's discard: its lowest-ranked card of any suit
 */
function shed(cards) {
  let best = -1;
  for (let suit = 0; suit < 4; suit += 1) {
    if (cards[suit]) {
      const card = suit * 13 + bottomOrder(cards[suit]);
      if (best < 0 || card % 13 < best % 13) best = card;
    }
  }
  return best;
}

/**
 * @param {Hand} hand
 * @param {Hand} played
 * @returns {number} how many of the hand's cards have at most one unplayed card of their suit above them elsewhere
 */
export function controls(hand, played) {
  const unseen = unseenOf(played, hand);
  let count = 0;
  for (let suit = 0; suit < 4; suit += 1) {
    for (let bits = hand[suit]; bits; bits &= bits - 1) {
      if (popcount(unseen[suit] & aboveOrder(bottomOrder(bits))) <= 1) count += 1;
    }
  }
  return count;
}

/**
 * The pass of a hand going for the moon: its three worst losers (most cards of their suit outside the hand above
 * them, lowest first among equals), never the Q♠.
 * @param {Hand} hand
 * @returns {number[]} three card indices, lowest first
 */
export function moonPassCards(hand) {
  /** @type {[number, number, number][]} */
  const scored = [];
  for (let suit = 0; suit < 4; suit += 1) {
    const bitsHeld = suit === SPADES ? hand[suit] & ~QUEEN_BIT : hand[suit];
    for (let bits = bitsHeld; bits; bits &= bits - 1) {
      const order = bottomOrder(bits);
      scored.push([-popcount(aboveOrder(order) & ~hand[suit] & SUIT_BITS), order, suit * 13 + order]);
    }
  }
  scored.sort((a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2]);
  return [scored[0][2], scored[1][2], scored[2][2]].sort((a, b) => a - b);
}
