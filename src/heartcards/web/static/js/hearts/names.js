// Hearts words and seat arithmetic shared by the table's pieces: card names, who a seat is, where a pass comes from.

import { t, tn } from "../common/i18n.js";
import { cardPoints, parseCard } from "./cards.js";

/** @import { TableInfo } from "./types.js" */

/** @type {Record<string, string>} */
const SUIT_SIGNS = { C: "♣", D: "♦", S: "♠", H: "♥" };
/** @type {Record<string, number>} */
const PASS_FROM = { left: 3, across: 2, right: 1 };

/**
 * "QS" → "queen of spades" in the page's language.
 * @param {string} card
 */
export function cardName(card) {
  const { rank, suit } = parseCard(card);
  return t(`hearts.ui.card.${suit}`, { rank: t(`hearts.ui.rank.${rank}`) });
}

/**
 * "QS" → "Q♠" (short, for lists of cards in sentences).
 * @param {string} card
 */
export function cardShort(card) {
  const { rank, suit } = parseCard(card);
  return `${rank}${SUIT_SIGNS[suit]}`;
}

/**
 * The seat a pass to `seat` comes from, for a direction ("left", "across", "right").
 * @param {number} seat
 * @param {string} direction
 */
export function passSource(seat, direction) {
  return (seat + PASS_FROM[direction]) % 4;
}

/**
 * The player's own name as it is shown: "Adele (you)", or "You" alone for no name, and for "You" itself, the name a
 * solo game started with no name typed is given (not "You (you)").
 * @param {string | undefined} name
 */
export function yourName(name) {
  const you = t("hearts.ui.seat.you");
  return name && name !== you ? t("hearts.ui.seat.you_named", { name }) : you;
}

/**
 * What to call a seat: `yourName` for `me`, else its name, "Computer n" or "Seat n".
 * @param {TableInfo | null | undefined} table
 * @param {number} seat
 * @param {number | null | undefined} me
 */
export function seatName(table, seat, me) {
  const info = table?.seats?.[seat];
  const name = info?.name?.trim();
  if (seat === me) return yourName(name);
  if (name) return name;
  return info?.kind === "bot" ? t("hearts.ui.seat.computer", { n: seat + 1 }) : t("hearts.ui.seat.n", { n: seat + 1 });
}

/**
 * Points a list of cards carries.
 * @param {string[]} cards
 */
function pointsOf(cards) {
  return cards.reduce((sum, card) => sum + cardPoints(card), 0);
}

/**
 * Who took a trick and its points ("Grace took it (3 points)"): the last-trick view's caption, and what a screen
 * reader is told when a trick is taken.
 * @param {string[]} cards the trick's cards
 * @param {string} name the taker's name
 */
export function takenCaption(cards, name) {
  const points = pointsOf(cards);
  return tn("hearts.ui.last_trick.caption", points, { name, points });
}
