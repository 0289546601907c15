// When the Hearts table's deal and game dialogs open and close: a deal's scores once it is over (closing them asks
// for the next deal), with who is still to say "next", closed by themselves when the next deal begins; the game's
// end, once.

import { openDealOver, openGameOver, showReady } from "./table-dialogs.js";

/** @import { OpenDialog } from "../common/dialogs.js" */
/** @import { HeartsView, StateMessage } from "./types.js" */

export class DealEnd {
  /** @param {() => void} onNext asks for the next deal */
  constructor(onNext) {
    this.onNext = onNext;
    /** @type {number | null} the deal whose scores were shown last */
    this.dealFor = null;
    /** @type {OpenDialog | null} the deal's scores, while open */
    this.dialog = null;
    this.gameShown = false;
  }

  /**
   * After a state is on the table: open, update or close the dialogs it calls for.
   * @param {StateMessage} message
   * @param {HeartsView} v
   */
  show(message, v) {
    if (this.dialog && (v.phase === "pass" || v.phase === "play") && v.deal > (this.dealFor ?? 0)) {
      this.dialog.close(); // the next deal has begun (everyone was ready, or the pause ran out)
    }
    if (v.phase === "game_over" && !this.gameShown) {
      this.gameShown = true;
      this.dialog?.close();
      openGameOver(message, v);
    } else if (v.phase === "deal_over" && this.dealFor !== v.deal) {
      this.dealFor = v.deal;
      this.dialog = openDealOver(message, v, {
        onNext: () => this.onNext(),
        onClose: () => {
          this.dialog = null;
          this.onNext();
        },
      });
    }
    if (v.phase === "deal_over" && this.dialog) showReady(this.dialog, message);
  }
}
