// The Replay page: a finished game (anyone with the link may watch it), or with ?solution=1 the optimal solution
// of its deal. With no server, a game finished on this device is replayed from its books; the solution, and other
// games, say they need the server.

import { ApiError, isOffline } from "../common/api.js";
import { api } from "./api.js";
import { startPage } from "../common/chrome.js";
import { copyText } from "../common/clipboard.js";
import { formatTime } from "../common/format.js";
import { Deal } from "./engine/index.js";
import { t, tn } from "../common/i18n.js";
import { icon } from "../common/icons.js";
import { createBooks } from "./play/books.js";
import { heldEntry } from "./play/session.js";
import { createPlayer } from "./player.js";
import { duration, loadSettings } from "../common/settings.js";
import { errorText } from "../common/report.js";
import { announce } from "../common/status.js";

/**
 * The finished game `id`: the server's replay, else (the server cannot be reached) the device's own record of it.
 * @param {string} id
 * @returns {Promise<{code: string, moves: string[], status: string, seconds: number}>}
 */
async function finishedGame(id) {
  try {
    return await api.replay(id);
  } catch (error) {
    if (!isOffline(error)) throw error;
    const entry = createBooks({ onRefused: () => {} }).get(id); // read only: nothing is sent from this page
    const status = entry ? heldEntry(entry).game.status : "playing";
    if (!entry || status === "playing") throw new ApiError(0, "h2h.ui.offline.replay", t("h2h.ui.offline.replay"));
    return { code: entry.code, moves: entry.moves, status, seconds: entry.seconds || 0 };
  }
}

/**
 * The fewest moves that win the deal `code` (null when it cannot be won), or "offline" when the server cannot be
 * reached.
 * @param {string} code
 * @returns {Promise<string[] | null | "offline">}
 */
async function solutionOf(code) {
  try {
    const solution = await api.solution(code);
    return solution.winnable && solution.moves ? solution.moves : null;
  } catch (error) {
    if (!isOffline(error)) throw error;
    return "offline";
  }
}

async function main() {
  await startPage("replay", "h2h.ui.title.replay");
  const root = document.getElementById("replay");
  if (root === null) throw new Error("the Replay page has no #replay");
  const id = decodeURIComponent(window.location.pathname.split("/").filter(Boolean)[1] || "");
  const wantSolution = new URLSearchParams(window.location.search).get("solution") === "1";
  try {
    const game = await finishedGame(id);
    let moves = game.moves;
    let heading = t("h2h.ui.replay.title", { code: game.code });
    let summary = tn(game.status === "won" ? "h2h.ui.replay.summary_won" : "h2h.ui.replay.summary_lost", game.moves.length, {
      moves: game.moves.length,
      time: formatTime(game.seconds),
    });
    const solution = wantSolution ? await solutionOf(game.code) : null;
    if (solution === "offline") summary = t("h2h.ui.offline.solution");
    else if (solution) {
      moves = solution;
      heading = t("h2h.ui.replay.solution_title", { code: game.code });
      summary = t("h2h.ui.replay.solution_summary", { moves: solution.length });
    } else if (wantSolution) summary = t("h2h.ui.replay.no_solution");
    heading = heading.replace(game.code, `<span class="nowrap">${game.code}</span>`);
    const deal = Deal.fromCode(game.code); // dealt here by the engine: no request
    const other = wantSolution
      ? `<a href="/replay/${encodeURIComponent(id)}">${t("h2h.ui.replay.watch_game")}</a>`
      : `<a href="/replay/${encodeURIComponent(id)}?solution=1">${t("h2h.ui.won.watch")}</a>`;
    root.innerHTML =
      `<div class="split"><div class="side"><h1>${heading}</h1><p>${summary}</p>` +
      `<p class="actions-row"><button type="button" class="button" data-role="share">${icon("link")} ${t("h2h.ui.replay.share")}</button> ` +
      `<a class="button" href="/play/${game.code}">${t("h2h.ui.replay.play_deal")}</a></p><p>${other}</p></div>` +
      `<section data-role="player"></section></div>`;
    const settings = loadSettings();
    createPlayer(/** @type {HTMLElement} */ (root.querySelector('[data-role="player"]')), {
      deal,
      moves,
      animationMs: (/** @type {number} */ ms) => duration(settings, ms),
    });
    /** @type {HTMLElement} */ (root.querySelector('[data-role="share"]')).addEventListener("click", async () => {
      const link = window.location.origin + window.location.pathname + window.location.search;
      announce((await copyText(link)) ? t("h2h.ui.replay.link_copied") : link);
    });
  } catch (error) {
    root.innerHTML = `<h1>${t("h2h.ui.title.replay")}</h1><p class="empty" data-role="error"></p>`;
    /** @type {HTMLElement} */ (root.querySelector('[data-role="error"]')).textContent =
      errorText(error, "Showing the replay");
  }
  document.body.dataset.ready = "true";
}

main();
