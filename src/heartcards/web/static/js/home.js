// The home page: continue the running game, start a new one, the daily deal, or open a code.

import { api } from "./api.js";
import { startPage } from "./chrome.js";
import { openCodeDialog } from "./code-dialog.js";
import { byId, find } from "./dom.js";
import { loadSettings } from "./settings.js";
import { announce } from "./status.js";

/** @import { NewGameSpec } from "./api.js" */

/**
 * Start a game on the server and go to its page.
 * @param {NewGameSpec} spec
 */
async function start(spec) {
  const view = await api.newGame(spec);
  window.location.assign(`/play/${view.code}`);
}

/**
 * A click handler that runs `work` and says what went wrong, if anything.
 * @param {() => Promise<void>} work
 */
function guarded(work) {
  return () => {
    work().catch((error) => announce(error instanceof Error ? error.message : String(error), { kind: "error" }));
  };
}

async function main() {
  await startPage("home", "ui.title.home");
  const root = byId("home");
  const newButton = find(root, '[data-role="new"]');
  newButton.addEventListener(
    "click",
    guarded(() => start({ mode: loadSettings().heartToHeart.dealMode })),
  );
  find(root, '[data-role="daily"]').addEventListener("click", guarded(() => start({ daily: true })));
  find(root, '[data-role="code"]').addEventListener("click", () => openCodeDialog((code) => start({ code })));
  try {
    const current = await api.currentGame();
    const link = find(root, '[data-role="continue"]', HTMLAnchorElement);
    link.href = `/play/${current.code}`;
    link.hidden = false;
    newButton.classList.remove("primary");
  } catch {
    /* no running game */
  }
  document.body.dataset.ready = "true";
}

main();
