// Heart to Heart's SVG cards: a white face with rounded corners, the rank in two corners, heart pips (or a framed
// court card), in three looks; and the outline of an empty pile.

import { HEART_PATH, PIP_ROWS, SVG_NS } from "../common/cards.js";
import { RANK_TEXTS } from "./engine/ranks.js";

/**
 * @param {number} cx
 * @param {number} cy
 * @param {number} width
 * @param {boolean} [flipped]
 */
function heartUse(cx, cy, width, flipped = false) {
  const height = (width * 30) / 32;
  const at = `x="${cx - width / 2}" y="${cy - height / 2}" width="${width}" height="${height}"`;
  return flipped ? `<use href="#h" ${at} transform="rotate(180 ${cx} ${cy})"/>` : `<use href="#h" ${at}/>`;
}

// Court cards: a crown for the King, a smaller one with pearls for the Queen, a heart for the Jack.
/** @type {Record<string, string>} */
const COURT_MARKS = {
  K: '<path d="M37 43 35.5 29.5 42.5 35 50 26 57.5 35 64.5 29.5 63 43Z"/><rect x="37" y="44.5" width="26" height="3" rx="1"/>',
  Q:
    '<path d="M39 43 37.5 32 44 36.5 50 29 56 36.5 62.5 32 61 43Z"/>' +
    '<circle cx="37.5" cy="30.5" r="1.8"/><circle cx="50" cy="27.3" r="1.8"/><circle cx="62.5" cy="30.5" r="1.8"/>',
  J: heartUse(50, 37, 15),
};

/** @param {string} rank */
function corner(rank) {
  const size = rank === "10" ? 22 : 25;
  const spacing = rank === "10" ? ' letter-spacing="-2"' : "";
  return `<text x="13" y="27" font-size="${size}"${spacing}>${rank}</text>${heartUse(13, 39, 14)}`;
}

/**
 * @param {string} rank
 * @param {Look} look
 */
function centre(rank, look) {
  if (rank === "A") return heartUse(50, 70, 46);
  if (rank === "J" || rank === "Q" || rank === "K") {
    const mark = COURT_MARKS[rank];
    return (
      `<rect x="25" y="21" width="50" height="98" rx="5" fill="${look.court}" stroke="${look.ink}" stroke-width="1.2"/>` +
      `<text x="50" y="85" font-size="44">${rank}</text>` +
      mark +
      `<g transform="rotate(180 50 70)">${mark}</g>`
    );
  }
  return PIP_ROWS[rank].map(([x, y]) => heartUse(x, y, 18, y > 70)).join("");
}

/** @typedef {{paper: string, edge: string, ink: string, court: string}} Look */
/** @typedef {"face" | "covered" | "dim"} LookName */
/**
 * How a face looks: "face" (free), "covered" (slightly shaded), "dim" (darkened by Placement help).
 * @type {Record<LookName, Look>}
 */
const LOOKS = {
  face: { paper: "#fffdf8", edge: "#d9d2c3", ink: "#c8102e", court: "#fbeff0" },
  covered: { paper: "#cfc5ae", edge: "#a89c83", ink: "#9c4453", court: "#ddd0c6" },
  dim: { paper: "#9d988c", edge: "#86817a", ink: "#7a2433", court: "#aca699" },
};
const FONT = "Georgia, 'Times New Roman', 'Noto Serif', serif";
/** @type {Map<string, string>} */
const faceUrls = new Map();

/**
 * A card face as an SVG image URL, made once per rank and look.
 * @param {string} rank
 * @param {LookName} [lookName]
 */
export function faceUrl(rank, lookName = "face") {
  const key = `${rank}/${lookName}`;
  let url = faceUrls.get(key);
  if (!url) {
    const look = LOOKS[lookName] || LOOKS.face;
    const svg =
      `<svg xmlns="${SVG_NS}" viewBox="0 0 100 140" width="100" height="140">` +
      `<defs><symbol id="h" viewBox="0 0 32 30"><path d="${HEART_PATH}"/></symbol></defs>` +
      `<rect x="1" y="1" width="98" height="138" rx="9" fill="${look.paper}" stroke="${look.edge}"/>` +
      `<g fill="${look.ink}" font-family="${FONT}" font-weight="700" text-anchor="middle">` +
      `${corner(rank)}<g transform="rotate(180 50 70)">${corner(rank)}</g>${centre(rank, look)}</g></svg>`;
    url = `data:image/svg+xml,${encodeURIComponent(svg)}`;
    faceUrls.set(key, url);
  }
  return url;
}

/** Every look a face has a picture in (the keys of LOOKS). */
const LOOK_NAMES = /** @type {LookName[]} */ (Object.keys(LOOKS));
const FACE_STYLES_ID = "hc-faces";

/**
 * Put the faces' style rules into the page once: each rank and look is a background picture chosen by the face's
 * data-face and data-look. The page then holds one decoded picture per rank and look, shared by every card; a card
 * changing its look changes an attribute, where an <img> given a new data: URL was fetched, parsed and laid out as
 * a new SVG document each time (about 0.1 ms a card, 1 ms for the waste's new pictures on every draw).
 * @param {Document} [doc]
 */
export function installFaceStyles(doc = document) {
  if (doc.getElementById(FACE_STYLES_ID)) return;
  const style = doc.createElement("style");
  style.id = FACE_STYLES_ID;
  style.textContent = RANK_TEXTS.flatMap((rank) =>
    LOOK_NAMES.map((look) => {
      const selector = look === "face" ? `.face[data-face="${rank}"]` : `.face[data-face="${rank}"][data-look="${look}"]`;
      return `${selector}{background-image:url("${faceUrl(rank, look)}")}`;
    }),
  ).join("\n");
  doc.head.appendChild(style);
}

const WARM_ID = "hc-faces-warm";

/**
 * Have the browser make every face picture before a card first shows it, a few in each idle moment: it makes a
 * picture (an SVG document, about 2.5 ms here) the first time a face needs it, a dozen at once when the first
 * selection darkens the heart, inside that tap's frame. A hidden face of each rank and look keeps them made.
 * @param {Document} [doc]
 */
export function warmFacePictures(doc = document) {
  if (doc.getElementById(WARM_ID)) return;
  const holder = doc.createElement("div");
  holder.id = WARM_ID;
  holder.className = "face-warmup";
  holder.setAttribute("aria-hidden", "true");
  doc.body.appendChild(holder);
  const pending = RANK_TEXTS.flatMap((rank) => LOOK_NAMES.map((look) => faceMarkup(rank, look)));
  /** @param {(deadline: {timeRemaining: () => number}) => void} work */
  const whenIdle = (work) => {
    if (typeof requestIdleCallback === "function") requestIdleCallback(work);
    else setTimeout(() => work({ timeRemaining: () => 10 }), 50);
  };
  /** @param {{timeRemaining: () => number}} deadline */
  const step = (deadline) => {
    while (pending.length && deadline.timeRemaining() > 4) {
      holder.insertAdjacentHTML("beforeend", /** @type {string} */ (pending.shift()));
      // Reading the style makes the picture now, in this idle moment, rather than in the next frame.
      void getComputedStyle(/** @type {Element} */ (holder.lastElementChild)).backgroundImage;
    }
    if (pending.length) whenIdle(step);
  };
  whenIdle(step);
}

/**
 * The markup of a card face for a rank ("A", "2".."10", "J", "Q", "K") in a look (see faceUrl); its picture comes
 * from the rules of installFaceStyles.
 * @param {string} rank
 * @param {LookName} [lookName]
 */
export function faceMarkup(rank, lookName = "face") {
  return `<span class="face" data-face="${rank}" data-look="${lookName}"></span>`;
}

/**
 * An empty slot's outline (the stock or the waste when empty).
 * @param {"recycle" | "none"} symbol
 */
export function slotMarkup(symbol) {
  const mark =
    symbol === "recycle"
      ? `<path d="M62 58a16 16 0 1 0 4 17" fill="none" stroke="currentColor" stroke-width="5" stroke-linecap="round"/>` +
        `<path d="M70 50v12H58" fill="none" stroke="currentColor" stroke-width="5" stroke-linecap="round" stroke-linejoin="round"/>`
      : "";
  return (
    `<svg class="slot" viewBox="0 0 100 140" aria-hidden="true" focusable="false">` +
    `<rect x="3" y="3" width="94" height="134" rx="9" fill="none" stroke="currentColor" stroke-width="3" stroke-dasharray="8 6"/>` +
    `${mark}</svg>`
  );
}
