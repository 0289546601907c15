// The dialogs at a game's end: no move left and the win (time, moves, par; watch the solution). A game stuck with
// nothing to undo (a deal stuck from its first move) says the deal cannot be played and offers a new deal, or a new
// winnable deal with the setting changed; Undo is offered only when there is a move to undo. A game of the daily deal
// shows today's ranking once it has ended, and a won one a button to share the result. The play page keeps at most
// one open (createEndDialog).

import { api } from "../api.js";
import { rankingSection, shareResult } from "../daily.js";
import { openDialog } from "../../common/dialogs.js";
import { element } from "../../common/dom.js";
import { formatTime } from "../../common/format.js";
import { currentLanguage, t } from "../../common/i18n.js";
import { reportFallback } from "../../common/report.js";

/** @import { OpenDialog } from "../../common/dialogs.js" */
/** @import { GameView } from "../types.js" */

/**
 * @typedef {object} EndActions
 * @property {() => unknown} onUndo
 * @property {() => unknown} onNewGame
 * @property {() => unknown} [onWinnableGame] turn on "only winnable deals" and deal one
 * @property {() => void} onClose
 */

/**
 * A place for today's ranking under a daily deal's end dialog, filled when the server answers (nothing without it);
 * with the player's own win in the ranking, a button shares it.
 * @param {GameView} view
 */
function dailyPart(view) {
  const part = document.createElement("div");
  part.dataset.role = "daily";
  if (!view.daily) return part;
  api
    .daily()
    .then((daily) => {
      if (daily.code !== view.code) return; // a deal of another day
      part.append(rankingSection(daily, view.status !== "won"));
      const own = daily.ranking.find((line) => line.me);
      if (!own) return;
      const share = document.createElement("button");
      share.type = "button";
      share.className = "button";
      share.dataset.action = "share";
      share.textContent = t("h2h.ui.daily.share");
      const result = { date: daily.date, code: daily.code, moves: own.moves, par: daily.par, hints: own.hints, streak: daily.streak };
      share.addEventListener("click", () => shareResult(result, currentLanguage()));
      part.append(share);
    })
    .catch((error) => reportFallback("Showing the daily deal's ranking in the end dialog", error));
  return part;
}

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
  /** @type {import("../../common/dialogs.js").DialogAction[]} */
  const actions = [];
  // Not the toolbar's word: in Italian "Annulla" beside "Nuova smazzata" reads as the dialog's Cancel.
  if (view.can_undo) actions.push({ label: t("h2h.ui.stalled.undo"), name: "undo", onClick: onUndo });
  if (stuckFromStart && !winnableOn && onWinnableGame) {
    actions.push({ label: t("h2h.ui.stalled.winnable"), name: "winnable", onClick: onWinnableGame });
  }
  const newLabel = winnableOn ? "h2h.ui.lost.winnable" : "h2h.ui.stalled.new_deal";
  actions.push({ label: t(newLabel), primary: true, name: "new", onClick: onNewGame });
  let text = t(view.can_undo ? "h2h.ui.stalled.body" : view.moves === 0 ? "h2h.ui.stalled.body_start" : "h2h.ui.stalled.body_lost");
  if (stuckFromStart && !winnableOn) text += ` ${t("h2h.ui.stalled.winnable_hint")}`;
  // The title stays the rules' label; a deal stuck from its first move says first that it cannot be played.
  const body = document.createElement("p");
  if (view.moves === 0) {
    const lead = document.createElement("strong");
    lead.dataset.role = "stuck-lead";
    lead.textContent = t("h2h.ui.stalled.title_start");
    body.append(lead, ". ");
  }
  body.append(text);
  const content = document.createElement("div");
  content.append(body, dailyPart(view));
  return openDialog({
    title: t("h2h.ui.stalled.title"),
    body: content,
    className: "stalled",
    actions,
    onClose,
  });
}

/**
 * A game no line of moves can win, with nothing to undo (a hint found none): it says so, and a new winnable deal is
 * one tap away.
 * @param {GameView} view
 * @param {{onWinnableGame: () => unknown, onClose?: () => void}} actions
 * @returns {OpenDialog}
 */
export function openLostDialog(view, { onWinnableGame, onClose }) {
  return openDialog({
    title: t("h2h.ui.lost.title"),
    body: t(view.moves === 0 ? "h2h.ui.lost.body_start" : "h2h.ui.hint.none_lost"),
    className: "lost",
    actions: [
      { label: t("h2h.ui.lost.keep"), name: "keep" },
      { label: t("h2h.ui.lost.winnable"), primary: true, name: "winnable", onClick: onWinnableGame },
    ],
    onClose: onClose ?? null,
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
  const dl = element("dl", "facts");
  const rows = [
    ["h2h.ui.won.time", formatTime(view.seconds), "time"],
    ["h2h.ui.won.moves", String(view.moves), "moves"],
    ["h2h.ui.won.par", view.par === null || view.par === undefined ? "–" : String(view.par), "par"],
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
  intro.textContent = view.assisted ? t("h2h.ui.won.assisted") : t("h2h.ui.won.body");
  facts.append(intro, dl, dailyPart(view));
  return openDialog({
    title: t("h2h.ui.won.title"),
    body: facts,
    className: "won",
    actions: [
      {
        label: t("h2h.ui.won.watch"),
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
