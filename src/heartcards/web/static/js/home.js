// The home page: continue the running game, start a new one, the daily deal, or open a code. Like the game's own
// buttons, starting another game asks first when a begun game would be lost. When the server cannot be reached, the
// game is started on the device as the play page starts it (play/session.js: a fresh N or S code, the typed code,
// the daily deal of a day already fetched), and the game to continue is the device's last one.

import { isOffline } from "./common/api.js";
import { api } from "./h2h/api.js";
import { startPage } from "./common/chrome.js";
import { openCodeDialog } from "./h2h/code-dialog.js";
import { byId, find } from "./common/dom.js";
import { t } from "./common/i18n.js";
import { calendarSection } from "./h2h/daily.js";
import { createBooks, fetchDaily } from "./h2h/play/books.js";
import { confirmLeaving } from "./h2h/play/confirm.js";
import { gameView } from "./h2h/game-view.js";
import { heldEntry, startOnDevice } from "./h2h/play/session.js";
import { loadSettings } from "./common/settings.js";
import { errorText, reportFallback } from "./common/report.js";
import { announce } from "./common/status.js";
import { registerWorker } from "./common/service-worker.js";

/** @import { NewGameSpec } from "./h2h/api.js" */
/** @import { GameView } from "./h2h/types.js" */

// The play page opened next reloads the server's game if a batch sent from here is refused.
const books = createBooks({ onRefused: () => {} });

/** @type {GameView | null} the running game, once the server (or, without it, the device) has said which */
let running = null;

/**
 * Start a game on the server, else on the device, and go to its page.
 * @param {NewGameSpec} spec
 */
async function start(spec) {
  let code;
  try {
    code = (await api.newGame(spec)).code;
  } catch (error) {
    if (!isOffline(error)) throw error;
    code = startOnDevice(books, spec).meta.code;
  }
  window.location.assign(`/play/${code}`);
}

/**
 * A click handler that runs `work` and says what went wrong, if anything; it asks first when a begun game is running
 * (that game counts as lost), with `action` as the confirming button.
 * @param {() => Promise<void>} work
 * @param {string} action
 */
function guarded(work, action) {
  const run = () => {
    work().catch((error) => announce(errorText(error, "Starting a game from the home page"), { kind: "error" }));
  };
  return () => confirmLeaving(running, { title: "ui.confirm.new_title", action }, run);
}

/**
 * The player's running game: the server's, once the moves still waiting on the device have reached it (a tap just
 * before coming here makes a game begun), else (it cannot be reached) the last one the device played, if it is not
 * over.
 * @returns {Promise<GameView | null>}
 */
async function runningGame() {
  try {
    await books.flush(); // false when a request fails: the server's answer below says whether it can be reached
    return await api.currentGame();
  } catch (error) {
    if (!isOffline(error)) {
      reportFallback("Asking for the running game (the home page offers none)", error);
      return null;
    }
    const last = books.entries().pop();
    if (!last) return null;
    const { game, meta } = heldEntry(last);
    return game.status === "won" ? null : gameView(game, meta);
  }
}

/**
 * The streak and calendar under the buttons, and a mark on the daily deal's button until today's deal is played.
 * @param {HTMLElement} root
 * @param {string} lang
 */
async function showDaily(root, lang) {
  const daily = await fetchDaily();
  if (!daily) return;
  const button = find(root, '[data-role="daily"]');
  button.classList.toggle("marked", !daily.played);
  if (!daily.played) button.setAttribute("aria-description", t("ui.daily.today_waiting"));
  find(root, ".actions").after(calendarSection(daily, lang));
}

async function main() {
  const lang = await startPage("home", "ui.title.home");
  registerWorker();
  const root = byId("home");
  const daily = showDaily(root, lang);
  const newButton = find(root, '[data-role="new"]');
  newButton.addEventListener(
    "click",
    guarded(() => start({ mode: loadSettings().heartToHeart.dealMode }), "ui.action.new"),
  );
  find(root, '[data-role="daily"]').addEventListener(
    "click",
    guarded(() => start({ daily: true }), "ui.settings.play_daily"),
  );
  find(root, '[data-role="code"]').addEventListener("click", () => openCodeDialog((code) => start({ code })));
  running = await runningGame();
  if (running) {
    const link = find(root, '[data-role="continue"]', HTMLAnchorElement);
    link.href = `/play/${running.code}`;
    link.hidden = false;
    newButton.classList.remove("primary");
  }
  await daily;
  document.body.dataset.ready = "true";
}

main();
