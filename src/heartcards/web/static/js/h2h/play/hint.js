// A hint on the play page: the device's waiting moves go to the server first (it searches the position it holds),
// then the board marks the move's cards and a short note says what kind of move it is. Hints need the server: with
// none, the note says so and the game goes on.

import { ApiError, isOffline } from "../../common/api.js";
import { api } from "../api.js";
import { t } from "../../common/i18n.js";
import { announce } from "../../common/status.js";

/** @import { Board } from "../board.js" */
/** @import { GameView } from "../types.js" */
/** @import { Books } from "./books.js" */

/**
 * A hint's move in words; the board shows which cards (positions are numbers the player never sees).
 * @param {string} move
 */
function describeMove(move) {
  if (move === "S") return t("h2h.ui.hint.stock");
  return t(move.endsWith("-W") ? "h2h.ui.hint.waste" : "h2h.ui.hint.pair");
}

/**
 * Ask for a hint on the game `id` and show it; `onView` gets the server's view of the game first (now assisted).
 * A game that cannot be won with nothing to undo goes to `onLost`, which offers a new deal.
 * @param {string} id
 * @param {{books: Books, board: Board, onView: (view: GameView) => void, onLost: (view: GameView) => void}} page
 */
export async function showHint(id, { books, board, onView, onLost }) {
  let answer;
  try {
    if (!(await books.flush())) throw new ApiError(0, "network", "offline");
    answer = await api.hint(id);
  } catch (error) {
    if (!isOffline(error)) throw error;
    announce(t("h2h.ui.offline.hint"), { ms: 5000 });
    return;
  }
  onView(answer.view);
  if (answer.hint) {
    board.showHint(answer.hint);
    announce(describeMove(answer.hint), { ms: 3000 });
  } else if (answer.view.can_undo) {
    announce(t("h2h.ui.hint.none"), { ms: 5000 });
  } else {
    onLost(answer.view);
  }
}
