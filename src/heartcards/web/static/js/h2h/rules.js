// The Rules page: our own text in three languages (catalog keys h2h.ui.rules.*), with small pictures of the layout
// drawn by the same renderer as the game.

import { api } from "./api.js";
import { createBoard } from "./board.js";
import { startPage } from "../common/chrome.js";
import { byId, find } from "../common/dom.js";
import { CALLOUT_MOVE, EXAMPLE_CODE, EXAMPLE_MOVES } from "./example-game.js";
import { t } from "../common/i18n.js";
import { framesOf } from "./player.js";
import { reportFallback } from "../common/report.js";

/** @import { BoardState } from "./types.js" */

/**
 * The numbered keys prefix.1, prefix.2 … that the catalog has, as list items.
 * @param {string} prefix
 */
function items(prefix) {
  const out = [];
  for (let i = 1; i < 20; i += 1) {
    const key = `${prefix}.${i}`;
    const text = t(key);
    if (text === key) break;
    out.push(`<li>${text}</li>`);
  }
  return `<ul>${out.join("")}</ul>`;
}

/**
 * A section of the rules: its title, its paragraph and/or list.
 * @param {string} name
 * @param {{list?: boolean, paragraph?: boolean}} [options]
 */
function section(name, { list = true, paragraph = false } = {}) {
  return (
    `<h2>${t(`h2h.ui.rules.${name}.title`)}</h2>` +
    (paragraph ? `<p>${t(`h2h.ui.rules.${name}.text`)}</p>` : "") +
    (list ? items(`h2h.ui.rules.${name}`) : "")
  );
}

/** @param {string} name */
function figure(name) {
  return `<figure class="figure" data-figure="${name}"><div class="frame" aria-hidden="true"><div class="board"></div></div>` +
    `<figcaption>${t(`h2h.ui.rules.figure.${name}`, { code: EXAMPLE_CODE })}</figcaption></figure>`;
}

async function main() {
  await startPage("rules", "h2h.ui.title.rules");
  const root = byId("rules");
  root.innerHTML =
    `<h1>${t("h2h.ui.rules.title")}</h1>` +
    `<p>${t("h2h.ui.rules.intro")}</p>` +
    section("setup", { list: false, paragraph: true }) +
    figure("layout") +
    section("free") +
    section("pairs") +
    figure("pair") +
    figure("after") +
    section("stock") +
    section("taps") +
    section("score", { list: false, paragraph: true }) +
    section("end") +
    section("app") +
    section("keys") +
    section("tradition", { list: false, paragraph: true });
  try {
    const deal = await api.deal(EXAMPLE_CODE);
    const frames = framesOf(deal, EXAMPLE_MOVES.slice(0, CALLOUT_MOVE));
    /** @type {[string, BoardState, string[]][]} */
    const pictures = [
      ["layout", frames[0], ["25"]],
      ["pair", frames[CALLOUT_MOVE - 1], ["25-W"]],
      ["after", frames[CALLOUT_MOVE], ["23", "24"]],
    ];
    for (const [name, frame, marks] of pictures) {
      const board = createBoard(find(root, `[data-figure="${name}"] .board`), { interactive: false });
      board.render(frame, { showHelp: false });
      for (const mark of marks) board.showHint(mark.includes("-") ? mark : `${mark}-${mark}`);
    }
  } catch (error) {
    reportFallback("Drawing the rules' example pictures", error);
    for (const el of root.querySelectorAll(".figure")) el.remove();
  }
  document.body.dataset.ready = "true";
}

main();
