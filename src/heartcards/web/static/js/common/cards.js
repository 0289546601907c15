// What both games' SVG cards share: the heart's shape, where a card's pips sit, and the back with a lattice of small
// hearts. One sprite in the page holds the heart shape and the back's pattern.

export const SVG_NS = "http://www.w3.org/2000/svg";
export const HEART_PATH =
  "M16 29C16 29 1.5 19.6 1.5 9.8 1.5 5 5.2 1.5 9.4 1.5c2.9 0 5.3 1.6 6.6 4.1 1.3-2.5 3.7-4.1 6.6-4.1 4.2 0 7.9 3.5 7.9 8.3C30.5 19.6 16 29 16 29Z";

const SPRITE = `<svg xmlns="${SVG_NS}" width="0" height="0" style="position:absolute" aria-hidden="true" focusable="false">
<defs>
<symbol id="hc-heart" viewBox="0 0 32 30"><path d="${HEART_PATH}" fill="currentColor"/></symbol>
<pattern id="hc-back-pattern" width="16" height="16" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
<rect width="16" height="16" fill="#8c2234"/><path d="M8 12.5C8 12.5 3.5 9.6 3.5 6.6 3.5 5.1 4.6 4 5.9 4c.9 0 1.7.5 2.1 1.3.4-.8 1.2-1.3 2.1-1.3 1.3 0 2.4 1.1 2.4 2.6C12.5 9.6 8 12.5 8 12.5Z" fill="#a83a4c"/>
</pattern>
</defs></svg>`;

/**
 * Put the shared symbols into the page once.
 * @param {Document} [doc]
 */
export function installSprite(doc = document) {
  if (!doc.getElementById("hc-heart")) doc.body.insertAdjacentHTML("afterbegin", SPRITE);
}

/**
 * Where the pips of a 2..10 sit on a 100×140 face (shared by both games' cards).
 * @type {Record<string, [number, number][]>}
 */
export const PIP_ROWS = {
  2: [[50, 30], [50, 110]],
  3: [[50, 30], [50, 70], [50, 110]],
  4: [[34, 30], [66, 30], [34, 110], [66, 110]],
  5: [[34, 30], [66, 30], [50, 70], [34, 110], [66, 110]],
  6: [[34, 30], [66, 30], [34, 70], [66, 70], [34, 110], [66, 110]],
  7: [[34, 30], [66, 30], [50, 50], [34, 70], [66, 70], [34, 110], [66, 110]],
  8: [[34, 30], [66, 30], [50, 50], [34, 70], [66, 70], [50, 90], [34, 110], [66, 110]],
  9: [[34, 30], [66, 30], [34, 57], [66, 57], [50, 70], [34, 83], [66, 83], [34, 110], [66, 110]],
  10: [[34, 30], [66, 30], [50, 44], [34, 57], [66, 57], [34, 83], [66, 83], [50, 96], [34, 110], [66, 110]],
};

/** The markup of a card back (the stock). */
export function backMarkup() {
  return (
    `<svg class="back" viewBox="0 0 100 140" aria-hidden="true" focusable="false">` +
    `<rect x="1" y="1" width="98" height="138" rx="9" fill="#fbf7ef" stroke="#d8d0c0"/>` +
    `<rect x="7" y="7" width="86" height="126" rx="6" fill="url(#hc-back-pattern)"/>` +
    `<rect x="7" y="7" width="86" height="126" rx="6" fill="none" stroke="#6e1626" stroke-width="1.5"/></svg>`
  );
}
