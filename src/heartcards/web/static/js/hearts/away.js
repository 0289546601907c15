// A person the Hearts table marked away (a computer player stands in for them): the "I'm back" button while it lasts,
// and any action of theirs, a tap or a key anywhere, that gives the seat back at once (the server does so for any of
// their messages, so the seat is theirs again before the card they tapped, if any, is sent).

import { t } from "../common/i18n.js";
import { announce } from "../common/status.js";

/** @import { StateMessage } from "./types.js" */

/**
 * Whether the page plays a seat (not a spectator's).
 * @param {StateMessage | null} message
 */
export function isSeated(message) {
  return message?.seat !== null && message?.seat !== undefined;
}

/**
 * Whether a computer player stands in for this page's person now.
 * @param {StateMessage | null} message
 */
function isAway(message) {
  return Boolean(isSeated(message) && message?.table.seats[message.seat ?? 0]?.away);
}

export class SeatReturn {
  /**
   * @param {HTMLButtonElement} button "I'm back"
   * @param {() => boolean} sendBack sends "back" to the table; false when it could not be sent
   */
  constructor(button, sendBack) {
    this.button = button;
    this.sendBack = sendBack;
    /** @type {StateMessage | null} the newest state */
    this.latest = null;
    /** when "back" was last sent (0: not since the seat came back) */
    this.sentAt = 0;
    const comeBack = () => this.comeBack();
    button.addEventListener("click", comeBack);
    document.addEventListener("pointerdown", comeBack, { capture: true });
    document.addEventListener("keydown", comeBack, { capture: true });
  }

  /**
   * Show or hide "I'm back" for the newest state (and say once that the computer stands in).
   * @param {StateMessage} message
   */
  show(message) {
    this.latest = message;
    const away = isAway(message);
    if (away && this.button.hidden) announce(t("hearts.ui.away.notice"));
    this.button.hidden = !away;
    document.body.dataset.away = String(away);
    if (!away) this.sentAt = 0;
  }

  /** Ask for the seat back, if the person is away and has not just asked. */
  comeBack() {
    if (!isAway(this.latest) || performance.now() - this.sentAt < 1500) return;
    if (this.sendBack()) this.sentAt = performance.now();
  }
}
