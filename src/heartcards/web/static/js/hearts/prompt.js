// The Hearts table's prompt line (whose turn, what to do, the cards received) and its indicators: whether hearts
// are broken, and which way this deal's pass goes.

import { find } from "../common/dom.js";
import { t } from "../common/i18n.js";
import { sortHand } from "./cards.js";
import { cardShort, passSource, seatName } from "./names.js";

/** @import { StateMessage } from "./types.js" */

/**
 * The prompt's text and kind ("you" when it is the person's move) for `state`, `chosen` cards being chosen to pass.
 * @param {StateMessage} state
 * @param {number} chosen
 * @returns {{text: string, kind: "info" | "you"}}
 */
export function promptFor(state, chosen) {
  const { table, view } = state;
  const me = state.seat ?? 0;
  /** @param {number[]} seats */
  const names = (seats) => seats.map((s) => seatName(table, s, me)).join(", ");
  if (!view && table?.status === "finished") return { text: t("hearts.ui.prompt.finished"), kind: "info" };
  if (!view) return { text: table && table.status !== "waiting" ? t("hearts.ui.prompt.spectator") : "", kind: "info" };
  if (state.seat === null || state.seat === undefined) return spectatorPrompt(state, view);
  if (view.phase === "pass") {
    if (view.pass_direction === "none") return { text: t("hearts.ui.prompt.no_pass"), kind: "info" };
    // One instruction for one pass: the prompt counts the cards chosen, the pass button names the direction.
    if (!view.passed) return { text: t("hearts.ui.prompt.choose_pass", { chosen }), kind: "you" };
    const others = (view.waiting_for_pass || []).filter((s) => s !== me);
    return { text: others.length ? t("hearts.ui.prompt.waiting_pass", { names: names(others) }) : "", kind: "info" };
  }
  if (view.phase === "play") {
    let text = "";
    /** @type {"info" | "you"} */
    let kind = "info";
    if (view.turn === me) {
      kind = "you";
      const led = view.trick?.cards.length ?? 0;
      if (led === 0 && view.hand.length === 13) text = t("hearts.ui.prompt.lead_two");
      else if (led === 0) text = t("hearts.ui.prompt.your_lead");
      else text = t("hearts.ui.prompt.your_turn");
    } else if (view.turn !== null && view.turn !== undefined) {
      text = t("hearts.ui.prompt.turn_of", { name: seatName(table, view.turn, me) });
    }
    const firstTrick = view.counts.reduce((a, b) => a + b, 0) >= 48;
    if (firstTrick && view.received?.length && view.pass_direction !== "none") {
      const from = seatName(table, passSource(me, view.pass_direction), me);
      const cards = sortHand(view.received).map(cardShort).join(" ");
      text = `${t("hearts.ui.prompt.received", { name: from, cards })} · ${text}`;
    }
    return { text, kind };
  }
  if (view.phase === "deal_over") return { text: t("hearts.ui.prompt.deal_over", { deal: view.deal }), kind: "info" };
  return { text: t("hearts.ui.prompt.game_over"), kind: "info" };
}

/**
 * What a spectator reads: whose turn it is while cards are played (short: the plates and the trick say the rest),
 * else that they are watching, or what the table does.
 * @param {StateMessage} state
 * @param {NonNullable<StateMessage["view"]>} view
 * @returns {{text: string, kind: "info"}}
 */
function spectatorPrompt(state, view) {
  const watching = t("hearts.ui.prompt.spectator");
  if (view.phase === "play" && view.turn !== null && view.turn !== undefined) {
    return { text: t("hearts.ui.prompt.turn_of", { name: seatName(state.table, view.turn, null) }), kind: "info" };
  }
  if (view.phase === "deal_over") return { text: t("hearts.ui.prompt.deal_over", { deal: view.deal }), kind: "info" };
  if (view.phase === "game_over") return { text: t("hearts.ui.prompt.game_over"), kind: "info" };
  return { text: watching, kind: "info" };
}

/** The prompt line and the two indicators under `root`. */
export class PromptView {
  /** @param {HTMLElement} root */
  constructor(root) {
    this.promptEl = find(root, "[data-prompt]");
    this.brokenEl = find(root, "[data-hearts-broken]");
    this.directionEl = find(root, "[data-direction]");
  }

  /**
   * @param {StateMessage} state
   * @param {number} chosen cards chosen for the pass so far
   */
  render(state, chosen) {
    const view = state.view;
    const { text, kind } = promptFor(state, chosen);
    this.promptEl.textContent = text;
    this.promptEl.dataset.kind = kind;

    const broken = Boolean(view?.hearts_broken);
    this.brokenEl.dataset.broken = String(broken);
    this.brokenEl.hidden = !view || view.phase === "pass";
    const brokenText = t(broken ? "hearts.ui.hearts_broken" : "hearts.ui.hearts_unbroken");
    find(this.brokenEl, "span").textContent = brokenText;
    this.brokenEl.title = brokenText;
    const direction = view && view.phase === "pass" ? view.pass_direction : null;
    this.directionEl.hidden = !direction;
    if (direction) {
      this.directionEl.dataset.direction = direction;
      find(this.directionEl, "span").textContent = t(`hearts.ui.direction.${direction}`);
    }
  }
}
