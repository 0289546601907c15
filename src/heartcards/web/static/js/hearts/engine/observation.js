// @ts-check
// An observation in the plain JSON form the server sends a seat (`Observation.to_dict()`): cards as text.

import { CARD_TEXTS } from "./cards.js";

/** @typedef {import("./game.js").Observation} Observation */
/** @typedef {import("./game.js").Trick} Trick */

/**
 * @param {readonly number[]} cards
 * @returns {string[]}
 */
function texts(cards) {
  return cards.map((index) => CARD_TEXTS[index]);
}

/**
 * @param {Trick} trick
 * @returns {{leader: number, cards: string[], winner: number | null}}
 */
export function trickToDict(trick) {
  return { leader: trick.leader, cards: texts(trick.cards), winner: trick.winner };
}

/**
 * The observation as `Observation.to_dict()` writes it (without the earlier deals, which a client does not get).
 * @param {Observation} observation
 * @returns {Record<string, unknown>}
 */
export function observationToDict(observation) {
  return {
    seat: observation.seat,
    variant: observation.variant,
    target: observation.target,
    deal: observation.dealNumber,
    phase: observation.phase,
    pass: observation.passDirection,
    hand: texts(observation.hand),
    passed: texts(observation.passed),
    received: texts(observation.received),
    passes_chosen: [...observation.passesChosen],
    tricks: observation.tricks.map(trickToDict),
    current_trick: observation.currentTrick === null ? null : trickToDict(observation.currentTrick),
    turn: observation.turn,
    hearts_broken: observation.heartsBroken,
    deal_points: [...observation.dealPoints],
    totals: [...observation.totals],
    score_history: observation.scoreHistory.map((points) => [...points]),
    legal: texts(observation.legal),
    winners: [...observation.winners],
  };
}
