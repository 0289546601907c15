// The Hearts table's dialogs: a deal's scores (with who is still to say "next deal"), the game's end, the score
// table at any time, the last trick, and the trick speed.

import { openDialog } from "../common/dialogs.js";
import { element } from "../common/dom.js";
import { t } from "../common/i18n.js";
import { TRICK_SPEEDS, saveSettings } from "../common/settings.js";
import { isSeated } from "./away.js";
import { dealTaken } from "./deal-taken.js";
import { seatName } from "./names.js";
import { extensionsOf, hIcon, scoreTable, tableFacts, trickFigure } from "./widgets.js";

/** @import { OpenDialog } from "../common/dialogs.js" */
/** @import { Settings } from "../common/settings.js" */
/** @import { HeartsView, StateMessage } from "./types.js" */

/**
 * The four seats' names as the person at `state.seat` sees them.
 * @param {StateMessage} state
 */
export function namesOf(state) {
  return [0, 1, 2, 3].map((seat) => seatName(state.table, seat, state.seat));
}

/**
 * A deal's end: the moon, the special rules' extension, what each player took (the Q♠, the hearts), the score table
 * and the "waiting for" line.
 * @param {StateMessage} message
 * @param {HeartsView} v
 */
function dealOverBody(message, v) {
  const names = namesOf(message);
  const body = document.createElement("div");
  if (v.moon !== null && v.moon !== undefined) {
    const p = element("p", "moon-line");
    p.innerHTML = hIcon("moon");
    p.append(v.moon === message.seat ? t("hearts.ui.moon.you") : t("hearts.ui.moon.someone", { name: names[v.moon] }));
    body.appendChild(p);
  }
  if (v.extension) {
    const p = element("p", "extension");
    p.textContent = t(`hearts.ui.extension.${v.extension}`);
    body.appendChild(p);
  }
  body.appendChild(dealTaken(v, names, message.seat));
  body.appendChild(scoreTable(v, names, message.seat));
  const ready = element("p", "note ready-line");
  ready.dataset.readyLine = "";
  body.appendChild(ready);
  return body;
}

/**
 * At a table of several people, who has not yet asked for the next deal, in the open deal dialog.
 * @param {OpenDialog} dialog
 * @param {StateMessage} message
 */
export function showReady(dialog, message) {
  const line = dialog.element.querySelector("[data-ready-line]");
  const people = message.table.seats.filter((seat) => seat.kind === "human" && !seat.away).map((seat) => seat.seat);
  const ready = (message.view?.ready || []).filter((seat) => people.includes(seat));
  if (!line || people.length < 2) return;
  const names = namesOf(message);
  const waiting = people.filter((seat) => !ready.includes(seat) && seat !== message.seat);
  line.textContent = waiting.length
    ? t("hearts.ui.deal_over.waiting", { names: waiting.map((s) => names[s]).join(", ") })
    : "";
}

/**
 * The deal's scores; closing it (or its button) asks for the next deal.
 * @param {StateMessage} message
 * @param {HeartsView} v
 * @param {{onNext: () => void, onClose: () => void}} handlers
 */
export function openDealOver(message, v, { onNext, onClose }) {
  return openDialog({
    title: t("hearts.ui.deal_over.title", { deal: v.deal }),
    body: dealOverBody(message, v),
    className: "hearts-dialog",
    // A spectator has no "next deal" to say: the button only closes the scores.
    actions: [
      isSeated(message)
        ? { label: t("hearts.ui.action.next_deal"), name: "next", primary: true, onClick: onNext }
        : { label: t("hearts.ui.action.close"), name: "close", primary: true },
    ],
    onClose,
  });
}

/**
 * The game's end: who won, why it went on past the target, the scores.
 * @param {StateMessage} message
 * @param {HeartsView} v
 */
export function openGameOver(message, v) {
  const names = namesOf(message);
  const winners = v.winners || [];
  let title;
  if (winners.length === 1) {
    title =
      winners[0] === message.seat
        ? t("hearts.ui.game_over.you_win")
        : t("hearts.ui.game_over.wins", { name: names[winners[0]] });
  } else {
    title = t("hearts.ui.game_over.shared", { names: winners.map((s) => names[s]).join(", ") });
  }
  const body = dealOverBody(message, v);
  for (const ext of extensionsOf(v.scores || [], message.table.target).reverse()) {
    const note = element("p", "extension");
    note.textContent = t(`hearts.ui.extension.after_${ext.reason}`, { deal: ext.deal });
    body.prepend(note);
  }
  const lead = document.createElement("p");
  lead.textContent = t("hearts.ui.game_over.lead", { target: message.table.target });
  body.prepend(lead);
  openDialog({
    title,
    body,
    className: "hearts-dialog game-over",
    actions: [
      { label: t("hearts.ui.action.stats"), onClick: () => window.location.assign("/hearts/stats") },
      {
        label: t("hearts.ui.action.new_game"),
        primary: true,
        name: "new-game",
        onClick: () => window.location.assign("/hearts"),
      },
    ],
  });
}

/**
 * The score table so far.
 * @param {StateMessage} message
 * @param {HeartsView} v
 */
export function openScores(message, v) {
  const body = document.createElement("div");
  body.appendChild(scoreTable(v, namesOf(message), message.seat));
  const facts = element("p", "note");
  facts.textContent = tableFacts(message.table);
  body.appendChild(facts);
  openDialog({
    title: t("hearts.ui.scores.title"),
    body,
    className: "hearts-dialog",
    actions: [{ label: t("hearts.ui.action.close"), primary: true }],
  });
}

/**
 * The last finished trick.
 * @param {StateMessage} message
 * @param {NonNullable<HeartsView["last_trick"]>} last
 */
export function openLastTrick(message, last) {
  openDialog({
    title: t("hearts.ui.last_trick.title"),
    body: trickFigure(last, namesOf(message), message.seat),
    className: "hearts-dialog",
    actions: [{ label: t("hearts.ui.action.close"), primary: true }],
  });
}

/**
 * The trick speed, changed in `settings` and saved at once.
 * @param {Settings} settings
 */
export function openSpeed(settings) {
  const form = element("div", "settings");
  const fieldset = document.createElement("fieldset");
  fieldset.innerHTML = `<legend>${t("hearts.ui.speed.legend")}</legend>`;
  const choices = element("div", "choices");
  fieldset.appendChild(choices);
  for (const speed of TRICK_SPEEDS) {
    const label = document.createElement("label");
    label.innerHTML = `<input type="radio" name="speed" value="${speed}"${settings.hearts.speed === speed ? " checked" : ""}> `;
    label.append(t(`hearts.ui.speed.${speed}`));
    choices.appendChild(label);
  }
  const note = element("p", "note");
  note.textContent = t("hearts.ui.speed.note");
  form.append(fieldset, note);
  fieldset.addEventListener("change", (event) => {
    const chosen = event.target instanceof HTMLInputElement ? event.target.value : null;
    const speed = TRICK_SPEEDS.find((choice) => choice === chosen);
    if (!speed) return;
    settings.hearts.speed = speed;
    saveSettings(settings);
  });
  openDialog({
    title: t("hearts.ui.speed.title"),
    body: form,
    className: "hearts-dialog",
    actions: [{ label: t("hearts.ui.action.close"), primary: true, name: "close" }],
  });
}

/**
 * Before leaving a solo game: it waits for the player, who can come back to it from the Hearts page.
 * @param {() => void} onLeave
 */
export function openLeave(onLeave) {
  openDialog({
    title: t("hearts.ui.leave.title"),
    body: t("hearts.ui.leave.body"),
    className: "hearts-dialog",
    actions: [
      { label: t("hearts.ui.leave.stay"), name: "stay" },
      { label: t("hearts.ui.leave.confirm"), primary: true, name: "confirm-leave", onClick: onLeave },
    ],
  });
}
