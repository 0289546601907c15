// The waiting room of an online Hearts table: the link to share, the four seats (sit at a free one under your
// name), and the creator's Start button.

import { element, find } from "../common/dom.js";
import { t } from "../common/i18n.js";
import { errorText } from "../common/report.js";
import { announce } from "../common/status.js";
import { yourName } from "./names.js";
import { heartsApi } from "./net.js";
import { loadName, saveName, saveSeat } from "./store.js";
import { tableFacts } from "./widgets.js";

/** @import { HeldSeat } from "./store.js" */
/** @import { SeatInfo, TableInfo } from "./types.js" */

/**
 * @typedef {object} WaitingRoomHooks
 * @property {() => HeldSeat | null} seat the seat this browser holds
 * @property {(seat: HeldSeat, table: TableInfo) => void} onSeated after this browser took a seat
 * @property {() => void} onRefused after a seat could not be taken (someone was quicker)
 */

export class WaitingRoom {
  /**
   * @param {HTMLElement} section the waiting room's section of the page
   * @param {string} tableId
   * @param {WaitingRoomHooks} hooks
   */
  constructor(section, tableId, hooks) {
    this.section = section;
    this.tableId = tableId;
    this.hooks = hooks;
    this.nameInput = find(section, "[data-name]", HTMLInputElement);
  }

  /**
   * Draw the room for `table`.
   * @param {TableInfo} table
   */
  render(table) {
    const section = this.section;
    find(section, "[data-facts]").textContent = tableFacts(table);
    const share = find(section, "[data-share]", HTMLInputElement);
    share.value = new URL(table.url || `/hearts/table/${this.tableId}`, window.location.origin).toString();
    const held = this.hooks.seat();
    const mySeat = held?.seat ?? null;
    const seated = mySeat !== null && Boolean(held?.token);
    find(section, "[data-wait-seats]").replaceChildren(...table.seats.map((info) => this.seatItem(info, mySeat, seated)));
    find(section, "[data-join-name]").hidden = seated;
    if (!this.nameInput.value) this.nameInput.value = loadName();
    find(section, "[data-start-row]").hidden = !(seated && mySeat === 0);
    find(section, "[data-wait-note]").textContent = seated
      ? mySeat === 0
        ? t("hearts.ui.waiting.note_creator")
        : t("hearts.ui.waiting.note_seated")
      : t("hearts.ui.waiting.note_choose");
  }

  /**
   * One seat's line: who sits there, or a Sit button.
   * @param {SeatInfo} info
   * @param {number | null} mySeat
   * @param {boolean} seated whether this browser already has a seat here
   */
  seatItem(info, mySeat, seated) {
    const li = document.createElement("li");
    li.dataset.waitSeat = String(info.seat);
    li.dataset.kind = info.kind;
    const label = element("span", "who");
    const number = element("span", "seat-number");
    number.textContent = t("hearts.ui.seat.n", { n: info.seat + 1 });
    const name = document.createElement("strong");
    if (info.kind === "empty") name.textContent = t("hearts.ui.waiting.free");
    else if (info.kind === "bot") name.textContent = t("hearts.ui.seat.computer", { n: info.seat + 1 });
    else {
      const shown = info.name ?? "";
      name.textContent = info.seat === mySeat ? yourName(shown) : shown;
    }
    label.append(number, name);
    li.appendChild(label);
    if (info.kind === "empty" && !seated) {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "button primary";
      button.dataset.action = "sit";
      button.dataset.sit = String(info.seat);
      button.textContent = t("hearts.ui.waiting.sit");
      button.addEventListener("click", () => this.sit(info.seat, button));
      li.appendChild(button);
    } else if (info.kind === "human" && info.connected === false) {
      const tag = element("span", "tag");
      tag.textContent = t("hearts.ui.seat.offline_tag");
      li.appendChild(tag);
    }
    return li;
  }

  /**
   * Take `seat` under the name typed in.
   * @param {number} seat
   * @param {HTMLButtonElement} button
   */
  async sit(seat, button) {
    const name = this.nameInput.value.trim();
    if (!name) {
      announce(t("hearts.ui.setup.name_needed"), { kind: "error" });
      this.nameInput.focus();
      return;
    }
    saveName(name);
    button.disabled = true;
    try {
      const answer = await heartsApi.join(this.tableId, seat, name);
      saveSeat(this.tableId, answer.token, answer.seat);
      this.hooks.onSeated({ token: answer.token, seat: answer.seat }, answer.table);
    } catch (error) {
      announce(errorText(error, "Starting the table"), { kind: "error", ms: 5000 });
      button.disabled = false;
      this.hooks.onRefused();
    }
  }
}
