// The dialogs at a game's end: no move left (Undo / New game) and the win (time, moves, par; watch the solution).

import { openDialog } from "../dialogs.js";
import { formatTime } from "../format.js";
import { t } from "../i18n.js";

/** @import { OpenDialog } from "../dialogs.js" */
/** @import { GameView } from "../types.js" */

/** @typedef {{onUndo: () => unknown, onNewGame: () => unknown, onClose: () => void}} EndActions */

/**
 * The stalemate dialog.
 * @param {EndActions} actions
 * @returns {OpenDialog}
 */
export function openStalemateDialog({ onUndo, onNewGame, onClose }) {
  return openDialog({
    title: t("ui.stalled.title"),
    body: t("ui.stalled.body"),
    className: "stalled",
    actions: [
      { label: t("ui.action.undo"), name: "undo", onClick: onUndo },
      { label: t("ui.action.new"), primary: true, name: "new", onClick: onNewGame },
    ],
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
