// The Examples page: the won game of HH1-N-AAAAAAM, move by move, with the rules' worked example (move 10,
// docs/rules/heart-to-heart.md#a-worked-example) called out.

import { startPage } from "../common/chrome.js";
import { Deal } from "./engine/index.js";
import { t } from "../common/i18n.js";
import { createPlayer } from "./player.js";
import { duration, loadSettings } from "../common/settings.js";
import { CALLOUT_MOVE, EXAMPLE_CODE, EXAMPLE_MOVES } from "./example-game.js";

async function main() {
  await startPage("examples", "h2h.ui.title.examples");
  // A deal code never breaks at its hyphens.
  const nowrapCode = `<span class="nowrap">${EXAMPLE_CODE}</span>`;
  const root = document.getElementById("examples");
  if (root === null) throw new Error("the Examples page has no #examples");
  root.innerHTML =
    `<div class="split"><div class="side">` +
    `<h1>${t("h2h.ui.examples.title")}</h1>` +
    `<p>${t("h2h.ui.examples.intro", { code: nowrapCode, moves: EXAMPLE_MOVES.length })}</p>` +
    `<div class="callout" data-role="callout"><p>${t("h2h.ui.examples.callout")}</p>` +
    `<button type="button" class="button" data-role="show-10">${t("h2h.ui.examples.show_move", { n: CALLOUT_MOVE })}</button></div>` +
    // One span inside the link: a lone link is an inline flexbox (a 44 px touch target), whose text runs around
    // the code would each be a flex item, losing the spaces between them.
    `<p><a href="/play/${EXAMPLE_CODE}"><span>${t("h2h.ui.examples.play_it", { code: nowrapCode })}</span></a></p>` +
    `</div><section data-role="player"></section></div>`;
  const settings = loadSettings();
  const deal = Deal.fromCode(EXAMPLE_CODE); // dealt here by the engine: no request
  const callout = /** @type {HTMLElement} */ (root.querySelector('[data-role="callout"]'));
  let stoppedAtCallout = false;
  /** @type {ReturnType<typeof createPlayer> | null} */
  let player = null;
  player = createPlayer(/** @type {HTMLElement} */ (root.querySelector('[data-role="player"]')), {
    deal,
    moves: EXAMPLE_MOVES,
    animationMs: (/** @type {number} */ ms) => duration(settings, ms),
    onStep: (/** @type {number} */ index) => {
      const active = index === CALLOUT_MOVE - 1 || index === CALLOUT_MOVE;
      callout.classList.toggle("active", active);
      // Playing through, the first pass stops on the rules' example so it can be read.
      if (index === CALLOUT_MOVE && !stoppedAtCallout && player?.playing) {
        stoppedAtCallout = true;
        player.pause();
      }
    },
  });
  const shown = player;
  /** @type {HTMLElement} */ (root.querySelector('[data-role="show-10"]')).addEventListener("click", () => {
    shown.pause();
    shown.go(CALLOUT_MOVE); // the position after move 10, its step line naming the move
  });
  document.body.dataset.ready = "true";
}

main();
