// Asking before a begun game is left: another game (or a restart) counts a game with moves as lost, so the home page
// and the play page ask first, with the action as the confirming button.

import { openDialog } from "../../common/dialogs.js";
import { t } from "../../common/i18n.js";

/** @import { GameView } from "../types.js" */

/**
 * Run `work` at once when leaving `view` loses nothing, else after the player confirms.
 * @param {GameView | null} view the game being left, if any
 * @param {{title: string, action: string}} keys the dialog's title and its confirming button
 * @param {() => unknown} work
 */
export function confirmLeaving(view, { title, action }, work) {
  if (!view || view.status !== "playing" || view.moves === 0) {
    work();
    return;
  }
  openDialog({
    title: t(title),
    body: t("h2h.ui.confirm.counts_as_loss"),
    actions: [
      { label: t("h2h.ui.action.cancel"), name: "cancel" },
      { label: t(action), primary: true, name: "confirm", onClick: work },
    ],
  });
}
