// Asking before a begun game is left: another game (or a restart) counts a game with moves as lost, so the home page
// and the play page ask first, with the action as the confirming button.

import { confirmed } from "../../common/dialogs.js";
import { t } from "../../common/i18n.js";

/** @import { GameView } from "../types.js" */

/**
 * Run `work` at once when leaving `view` loses nothing, else after the player confirms.
 * @param {GameView | null} view the game being left, if any
 * @param {{title: string, action: string}} keys the dialog's title and its confirming button
 * @param {() => unknown} work
 */
export async function confirmLeaving(view, { title, action }, work) {
  const loses = view?.status === "playing" && view.moves > 0;
  if (!loses || (await confirmed({ title: t(title), body: t("h2h.ui.confirm.counts_as_loss"), action: t(action) }))) {
    work();
  }
}
