// @ts-check
// The person's `View` of a game played on the device, as the server builds it for a seat (hearts/tables/views.py
// `view_json`) from the seat's observation only: tests/hearts/tables/test_local_view.py holds the two to the same JSON.

import { CARD_TEXTS, HEARTS, QUEEN_OF_SPADES, suitOf } from "./engine/index.js";

/** @import { Game, Observation, Trick } from "./engine/game.js" */
/** @import { HeartsView } from "./types.js" */

export const PERSON_SEAT = 0;
const HAND_SIZE = 13;

/** @param {readonly number[]} cards */
const texts = (cards) => cards.map((index) => CARD_TEXTS[index]);

/**
 * Cards left in each hand (views.py `_counts`).
 * @param {Observation} observation
 */
function counts(observation) {
  if (observation.phase === "deal_over" || observation.phase === "game_over") return [0, 0, 0, 0];
  const played = [0, 0, 0, 0];
  /** @type {Trick[]} */
  const tricks = observation.currentTrick ? [...observation.tricks, observation.currentTrick] : observation.tricks;
  for (const trick of tricks) {
    for (let offset = 0; offset < trick.cards.length; offset += 1) played[(trick.leader + offset) % 4] += 1;
  }
  return played.map((count) => HAND_SIZE - count);
}

/**
 * Why the special variant plays another deal although a total reached the target (views.py `_extension`).
 * @param {Observation} observation
 * @returns {"tie" | "perfect_hand" | null}
 */
function extension(observation) {
  if (observation.variant !== "special" || observation.phase !== "deal_over") return null;
  const totals = observation.totals;
  if (Math.max(...totals) < observation.target) return null;
  const lowest = Math.min(...totals);
  return totals.filter((total) => total === lowest).length > 1 ? "tie" : "perfect_hand";
}

/**
 * The hearts and the Q♠ each seat has taken in this deal's tricks, in the order taken (views.py `_point_cards`).
 * @param {Observation} observation
 */
function pointCards(observation) {
  /** @type {string[][]} */
  const taken = [[], [], [], []];
  for (const trick of observation.tricks) {
    if (trick.winner === null) continue;
    for (const card of trick.cards) {
      if (suitOf(card) === HEARTS || card === QUEEN_OF_SPADES) taken[trick.winner].push(CARD_TEXTS[card]);
    }
  }
  return taken;
}

/**
 * The person's `View` (views.py `view_json`): public facts and their own cards only.
 * @param {Game} game
 * @returns {HeartsView}
 */
export function personView(game) {
  const o = game.observation(PERSON_SEAT);
  const last = o.tricks.length ? o.tricks[o.tricks.length - 1] : null;
  const chose = o.passesChosen[PERSON_SEAT];
  const exchanged = o.passDirection !== "none" && o.phase !== "pass";
  const records = game.records;
  return {
    phase: o.phase,
    deal: o.dealNumber,
    pass_direction: o.passDirection,
    waiting_for_pass: o.phase === "pass" ? [0, 1, 2, 3].filter((seat) => !o.passesChosen[seat]) : [],
    turn: o.turn,
    trick: o.currentTrick ? { leader: o.currentTrick.leader, cards: texts(o.currentTrick.cards) } : null,
    last_trick: last ? { leader: last.leader, cards: texts(last.cards), winner: last.winner ?? 0 } : null,
    tricks_played: o.tricks.length,
    hearts_broken: o.heartsBroken,
    counts: counts(o),
    taken_points: [...o.dealPoints],
    point_cards: pointCards(o),
    scores: o.scoreHistory.map((points) => [...points]),
    totals: [...o.totals],
    moon: records.length ? records[records.length - 1].moonShooter : null,
    game_over: o.phase === "game_over",
    winners: [...o.winners],
    extension: extension(o),
    ready: [],
    hand: texts(o.hand),
    legal: texts(o.legal),
    passed: chose && o.passed.length ? texts(o.passed) : null,
    received: exchanged ? texts(o.received) : null,
  };
}
