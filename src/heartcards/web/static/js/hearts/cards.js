// Hearts cards in the same style as the Heart to Heart cards (../h2h/cards.js): a white face with rounded corners, the
// rank and suit in two corners, pips or a framed court card, in red (♦ ♥) or black (♣ ♠). Card texts are the
// server's ("QS", "10H", "2C").

import { HEART_PATH, PIP_ROWS, SVG_NS, backMarkup, installSprite } from "../common/cards.js";

/** The order a hand is sorted in: black, red, black, red. */
export const SUITS = ["C", "D", "S", "H"];
export const RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"];
const RED = new Set(["D", "H"]);

// One 32×30 box per suit so the corner and pip code is shared.
/** @type {Record<string, string>} */
const SUIT_PATHS = {
  H: HEART_PATH,
  D: "M16 .8C19.6 6.4 23.6 11 28.4 15 23.6 19 19.6 23.6 16 29.2 12.4 23.6 8.4 19 3.6 15 8.4 11 12.4 6.4 16 .8Z",
  S: "M16 .8C16 .8 1.8 10.4 1.8 18.2c0 4.2 3.2 7.2 7 7.2 2.7 0 4.9-1.4 6-3.3-.3 3.1-1.6 5.4-3.6 7.1h9.6c-2-1.7-3.3-4-3.6-7.1 1.1 1.9 3.3 3.3 6 3.3 3.8 0 7-3 7-7.2C30.2 10.4 16 .8 16 .8Z",
  C: "M16 1.2c-3.9 0-6.9 3-6.9 6.8 0 1.7.6 3.2 1.6 4.4-.8-.3-1.6-.5-2.5-.5-3.9 0-7 3.1-7 6.9s3.1 6.9 7 6.9c2.6 0 4.8-1.4 6-3.4-.2 3.2-1.5 5.5-3.5 7.2h10.6c-2-1.7-3.3-4-3.5-7.2 1.2 2 3.4 3.4 6 3.4 3.9 0 7-3.1 7-6.9s-3.1-6.9-7-6.9c-.9 0-1.7.2-2.5.5 1-1.2 1.6-2.7 1.6-4.4 0-3.8-3-6.8-6.9-6.8Z",
};

const SPRITE =
  `<svg xmlns="${SVG_NS}" width="0" height="0" style="position:absolute" aria-hidden="true" focusable="false"><defs>` +
  Object.entries(SUIT_PATHS)
    .map(([suit, d]) => `<symbol id="hc-suit-${suit}" viewBox="0 0 32 30"><path d="${d}" fill="currentColor"/></symbol>`)
    .join("") +
  `</defs></svg>`;

/**
 * Put the suit symbols (and the shared card-back pattern) into the page once.
 * @param {Document} [doc]
 */
export function installSuits(doc = document) {
  installSprite(doc);
  if (!doc.getElementById("hc-suit-S")) doc.body.insertAdjacentHTML("afterbegin", SPRITE);
}

/**
 * "10H" → {rank: "10", suit: "H"}.
 * @param {string} card
 */
export function parseCard(card) {
  return { rank: card.slice(0, -1), suit: card.slice(-1) };
}

/** @param {string} card */
export function isRed(card) {
  return RED.has(parseCard(card).suit);
}

/**
 * A number that sorts a hand: by suit (♣ ♦ ♠ ♥), then rank 2…A.
 * @param {string} card
 */
export function cardOrder(card) {
  const { rank, suit } = parseCard(card);
  return SUITS.indexOf(suit) * 13 + RANKS.indexOf(rank);
}

/** @param {string[]} cards */
export function sortHand(cards) {
  return [...cards].sort((a, b) => cardOrder(a) - cardOrder(b));
}

/**
 * The number of penalty points a card carries (1 per heart, 13 for the Q♠).
 * @param {string} card
 */
export function cardPoints(card) {
  if (card === "QS") return 13;
  return parseCard(card).suit === "H" ? 1 : 0;
}

/**
 * @param {string} suit
 * @param {number} cx
 * @param {number} cy
 * @param {number} width
 * @param {boolean} [flipped]
 */
function suitUse(suit, cx, cy, width, flipped = false) {
  const height = (width * 30) / 32;
  const at = `x="${cx - width / 2}" y="${cy - height / 2}" width="${width}" height="${height}"`;
  const turn = flipped ? ` transform="rotate(180 ${cx} ${cy})"` : "";
  return `<use href="#hc-suit-${suit}" ${at}${turn}/>`;
}

/**
 * @param {string} rank
 * @param {string} suit
 */
function corner(rank, suit) {
  const size = rank === "10" ? 22 : 25;
  const spacing = rank === "10" ? ' letter-spacing="-2"' : "";
  return `<text x="13" y="27" font-size="${size}"${spacing}>${rank}</text>${suitUse(suit, 13, 39, 14)}`;
}

/**
 * @param {string} rank
 * @param {string} suit
 */
function centre(rank, suit) {
  if (rank === "A") return suitUse(suit, 50, 70, suit === "S" ? 54 : 46);
  if (rank === "J" || rank === "Q" || rank === "K") {
    return (
      `<rect class="court" x="25" y="21" width="50" height="98" rx="5"/>` +
      `<text class="court-letter" x="50" y="80" font-size="44">${rank}</text>` +
      suitUse(suit, 50, 39, 16) +
      suitUse(suit, 50, 101, 16, true)
    );
  }
  return PIP_ROWS[rank].map(([x, y]) => suitUse(suit, x, y, 18, y > 70)).join("");
}

/**
 * The SVG of a card's face.
 * @param {string} card
 */
export function faceMarkup(card) {
  const { rank, suit } = parseCard(card);
  const colour = RED.has(suit) ? "red" : "black";
  return (
    `<svg class="face" viewBox="0 0 100 140" aria-hidden="true" focusable="false">` +
    `<rect class="card-bg" x="1" y="1" width="98" height="138" rx="9"/>` +
    `<g class="ink ${colour}">${corner(rank, suit)}<g transform="rotate(180 50 70)">${corner(rank, suit)}</g>` +
    `${centre(rank, suit)}</g></svg>`
  );
}

export { backMarkup };
