// The play page's bar and toolbar state: time, score, moves, the deal code (a button that copies the deal's link),
// the daily and assisted badges, whether the moves are saved on the server, and which tools can be used.

import { copyText } from "../../common/clipboard.js";
import { find, setText } from "../../common/dom.js";
import { formatTime } from "../../common/format.js";
import { t } from "../../common/i18n.js";
import { icon } from "../../common/icons.js";
import { announce } from "../../common/status.js";

/** @import { SyncState } from "../sync.js" */
/** @import { GameView } from "../types.js" */

/** The page's bar and toolbar. */
export function createBar() {
  const bar = {
    time: find(document, '[data-field="time"]'),
    score: find(document, '[data-field="score"]'),
    moves: find(document, '[data-field="moves"]'),
    code: find(document, '[data-field="code"]'),
    badge: find(document, '[data-role="badge"]'),
    sync: find(document, '[data-field="sync"]'),
  };
  const tools = {
    undo: find(document, '.toolbar [data-action="undo"]', HTMLButtonElement),
    hint: find(document, '.toolbar [data-action="hint"]', HTMLButtonElement),
    new: find(document, '.toolbar [data-action="new"]', HTMLButtonElement),
    restart: find(document, '.toolbar [data-action="restart"]', HTMLButtonElement),
    code: find(document, '.toolbar [data-action="code"]', HTMLButtonElement),
    settings: find(document, '.toolbar [data-action="settings"]', HTMLButtonElement),
  };
  // "Score 250" means little until someone says how it counts: a tap on it says so
  find(document, '[data-action="explain-score"]').addEventListener("click", () => {
    announce(t("h2h.ui.bar.score_explained"));
  });
  bar.code.addEventListener("click", async () => {
    const code = bar.code.dataset.code;
    if (!code) return;
    const link = `${window.location.origin}/play/${code}`;
    announce((await copyText(link)) ? t("h2h.ui.bar.link_copied", { code }) : link);
  });
  return {
    tools,
    /**
     * Show `view`, its clock at `seconds`.
     * @param {GameView} view
     * @param {number} seconds
     */
    render(view, seconds) {
      setText(bar.time, formatTime(seconds));
      setText(bar.score, String(view.score));
      setText(bar.moves, String(view.moves));
      if (bar.code.dataset.code !== view.code) {
        bar.code.dataset.code = view.code;
        bar.code.innerHTML = `<span>${view.code}</span>${icon("link")}`;
        bar.code.setAttribute("aria-label", t("h2h.ui.bar.code_label", { code: view.code }));
      }
      const badges = [];
      if (view.daily) badges.push(t("h2h.ui.bar.daily"));
      if (view.assisted) badges.push(t("h2h.ui.bar.assisted"));
      setText(bar.badge, badges.join(" · "));
      bar.badge.hidden = badges.length === 0;
      tools.undo.disabled = !view.can_undo;
      tools.hint.disabled = view.status !== "playing";
    },
    /**
     * Show whether the server holds every move ("saved") or some wait to be sent; <body data-sync> says the same
     * for tests and benchmarks.
     * @param {SyncState} state
     */
    sync(state) {
      bar.sync.dataset.sync = state;
      bar.sync.textContent = t(`h2h.ui.sync.${state}`);
      document.body.dataset.sync = state;
    },
    /**
     * Move the clock on.
     * @param {number} seconds
     */
    tick(seconds) {
      setText(bar.time, formatTime(seconds));
    },
  };
}
