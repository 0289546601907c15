// The home page: continue the running game, start a new one, the daily deal, or open a code. Like the game's own
// buttons, starting another game asks first when a begun game would be lost.

import { api } from "./api.js";
import { startPage } from "./chrome.js";
import { registerWorker } from "./sync-worker.js";
import { openCodeDialog } from "./code-dialog.js";
import { openDialog } from "./dialogs.js";
import { byId, find } from "./dom.js";
import { t } from "./i18n.js";
import { loadSettings } from "./settings.js";
import { announce } from "./status.js";

/** @import { NewGameSpec } from "./api.js" */
/** @import { GameView } from "./types.js" */

/** @type {GameView | null} the running game, once the server has said which */
let running = null;

/**
 * Start a game on the server and go to its page.
 * @param {NewGameSpec} spec
 */
async function start(spec) {
  const view = await api.newGame(spec);
  window.location.assign(`/play/${view.code}`);
}

/**
 * A click handler that runs `work` and says what went wrong, if anything. When a begun game is running, it asks
 * first (that game counts as lost), with `actionKey` as the confirming button.
 * @param {() => Promise<void>} work
 * @param {string} actionKey
 */
function guarded(work, actionKey) {
  const run = () => {
    work().catch((error) => announce(error instanceof Error ? error.message : String(error), { kind: "error" }));
  };
  return () => {
    if (!running || running.status !== "playing" || running.moves === 0) {
      run();
      return;
    }
    openDialog({
      title: t("ui.confirm.new_title"),
      body: t("ui.confirm.counts_as_loss"),
      actions: [
        { label: t("ui.action.cancel"), name: "cancel" },
        { label: t(actionKey), primary: true, name: "confirm", onClick: run },
      ],
    });
  };
}

async function main() {
  await startPage("home", "ui.title.home");
  registerWorker();
  const root = byId("home");
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
  try {
    running = await api.currentGame();
  } catch {
    running = null; /* the server could not be reached: nothing to continue */
  }
  if (running) {
    const link = find(root, '[data-role="continue"]', HTMLAnchorElement);
    link.href = `/play/${running.code}`;
    link.hidden = false;
    newButton.classList.remove("primary");
  }
  document.body.dataset.ready = "true";
}

main();
