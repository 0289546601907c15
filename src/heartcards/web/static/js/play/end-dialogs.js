// The dialogs at a game's end: no move left and the win (time, moves, par; watch the solution). A game stuck with
// nothing to undo (a deal stuck from its first move) says the deal cannot be played and offers a new deal, or a new
// winnable deal with the setting changed; Undo is offered only when there is a move to undo. The play page keeps at
// most one open (createEndDialog).

import { openDialog } from "../dialogs.js";
import { formatTime } from "../format.js";
import { t } from "../i18n.js";

/** @import { OpenDialog } from "../dialogs.js" */
/** @import { GameView } from "../types.js" */

/**
 * @typedef {object} EndActions
 * @property {() => unknown} onUndo
 * @property {() => unknown} onNewGame
 * @property {() => unknown} [onWinnableGame] turn on "only winnable deals" and deal one
 * @property {() => void} onClose
 */

/**
 * The stalemate dialog for the stalled game `view`: Undo only when a move can be undone; a game stuck with nothing
 * to undo explains that this deal cannot be played and offers the winnable-deals setting (unless it is on already).
 * @param {GameView} view
 * @param {EndActions} actions
 * @param {{winnableOn: boolean}} options
 * @returns {OpenDialog}
 */
export function openStalemateDialog(view, { onUndo, onNewGame, onWinnableGame, onClose }, { winnableOn }) {
  const stuckFromStart = !view.can_undo;
  /** @type {import("../dialogs.js").DialogAction[]} */
  const actions = [];
  if (view.can_undo) actions.push({ label: t("ui.action.undo"), name: "undo", onClick: onUndo });
  if (stuckFromStart && !winnableOn && onWinnableGame) {
    actions.push({ label: t("ui.stalled.winnable"), name: "winnable", onClick: onWinnableGame });
  }
  actions.push({ label: t("ui.stalled.new_deal"), primary: true, name: "new", onClick: onNewGame });
  let text = t(view.can_undo ? "ui.stalled.body" : view.moves === 0 ? "ui.stalled.body_start" : "ui.stalled.body_lost");
  if (stuckFromStart && !winnableOn) text += ` ${t("ui.stalled.winnable_hint")}`;
  // The title stays the rules' label; a deal stuck from its first move says first that it cannot be played.
  const body = document.createElement("p");
  if (view.moves === 0) {
    const lead = document.createElement("strong");
    lead.dataset.role = "stuck-lead";
    lead.textContent = t("ui.stalled.title_start");
    body.append(lead, ". ");
  }
  body.append(text);
  return openDialog({
    title: t("ui.stalled.title"),
    body,
    className: "stalled",
    actions,
    onClose,
  });
}

/**
 * The win dialog for the won game `view`.
 * @param {GameView} view
 * @param {EndActions} actions
 * @returns {OpenDialog}
 */
export function openWinDialog(view, { onNewGame, onClose }) {
  const facts = document.createElement("div");
  const dl = document.createElement("dl");
  dl.className = "facts";
  const rows = [
    ["ui.won.time", formatTime(view.seconds), "time"],
    ["ui.won.moves", String(view.moves), "moves"],
    ["ui.won.par", view.par === null || view.par === undefined ? "–" : String(view.par), "par"],
  ];
  for (const [key, value, name] of rows) {
    const dt = document.createElement("dt");
    dt.textContent = t(key);
    const dd = document.createElement("dd");
    dd.textContent = value;
    dd.dataset.fact = name;
    dl.append(dt, dd);
  }
  const intro = document.createElement("p");
  intro.textContent = view.assisted ? t("ui.won.assisted") : t("ui.won.body");
  facts.append(intro, dl);
  return openDialog({
    title: t("ui.won.title"),
    body: facts,
    className: "won",
    actions: [
      {
        label: t("ui.won.watch"),
        name: "watch",
        onClick: () => window.location.assign(`/replay/${encodeURIComponent(view.id)}?solution=1`),
      },
      { label: t("ui.action.new"), primary: true, name: "new", onClick: onNewGame },
    ],
    onClose,
  });
}

/**
 * The play page's end dialog, at most one open. `follow(view)` for each view shown: closed while the game is played,
 * opened once for each position where it ended (again after `forget()`: a new or reloaded game).
 * @param {Omit<EndActions, "onClose">} actions
 * @param {() => boolean} winnableOn whether "only winnable deals" is on
 */
export function createEndDialog(actions, winnableOn) {
  /** @type {OpenDialog | null} */
  let open = null;
  /** @type {string | null} the game and position whose dialog was opened */
  let shownFor = null;
  const onClose = () => {
    open = null;
  };
  return {
    /** @param {GameView} view */
    follow(view) {
      if (view.status === "playing") {
        this.close();
        shownFor = null;
        return;
      }
      const position = `${view.id}:${view.status}:${view.moves}`;
      if (shownFor !== position) {
        shownFor = position;
        this.show(view);
      }
    },
    forget() {
      shownFor = null;
    },
    get isOpen() {
      return open !== null;
    },
    /** @param {GameView} view */
    show(view) {
      this.close();
      if (view.status === "stalled") open = openStalemateDialog(view, { ...actions, onClose }, { winnableOn: winnableOn() });
      else if (view.status === "won") open = openWinDialog(view, { ...actions, onClose });
    },
    close() {
      open?.close();
      open = null;
    },
  };
}
