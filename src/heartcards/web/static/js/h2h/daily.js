// The daily deal as a shared event, drawn for the home, statistics and play pages: the player's streak and the
// calendar of the last four weeks (with a mark while today's deal is not played), today's ranking, and sharing a
// result through the Web Share API, else the clipboard.

import { copyText } from "../common/clipboard.js";
import { element } from "../common/dom.js";
import { dayName, shareText } from "./daily-share.js";
import { formatTime } from "../common/format.js";
import { t, tn } from "../common/i18n.js";
import { icon } from "../common/icons.js";
import { reportFallback } from "../common/report.js";
import { announce } from "../common/status.js";

/** @import { DailyResult } from "./daily-share.js" */
/** @import { Daily } from "./types.js" */

/**
 * The streak and the calendar of `daily` (oldest day first, weeks as rows), and whether today's deal waits.
 * @param {Daily} daily
 * @param {string} lang
 */
export function calendarSection(daily, lang) {
  const section = element("section", "daily-calendar");
  section.dataset.role = "daily-calendar";
  section.append(element("h2", "", t("h2h.ui.daily.title")));
  const streak = element("p", "streak", daily.streak ? tn("h2h.ui.daily.streak", daily.streak) : t("h2h.ui.daily.streak_none"));
  streak.dataset.role = "streak";
  section.append(streak);
  const grid = element("ol", "days");
  grid.setAttribute("aria-label", t("h2h.ui.daily.calendar_label"));
  for (const day of daily.calendar) {
    const cell = element("li", day.won ? "day won" : "day");
    cell.dataset.date = day.date;
    const name = dayName(day.date, lang);
    cell.setAttribute("aria-label", t(day.won ? "h2h.ui.daily.day_won" : "h2h.ui.daily.day_open", { date: name }));
    cell.title = cell.getAttribute("aria-label") ?? "";
    cell.textContent = day.date.slice(8).replace(/^0/, "");
    if (day.date === daily.date) {
      cell.classList.add("today");
      cell.setAttribute("aria-current", "date");
    }
    grid.append(cell);
  }
  section.append(grid);
  const today = element("p", daily.played ? "today-note" : "today-note waiting");
  today.dataset.role = "today";
  today.textContent = t(daily.played ? "h2h.ui.daily.today_played" : "ui.daily.today_waiting");
  section.append(today);
  return section;
}

/** How many of the best lines a dialog shows before the player's own line. */
const SHOWN_LINES = 5;

/**
 * Today's ranking: place, name (the player's own line says "You"), moves, time and hints; the best five, then the
 * player's own line when it is further down. With `withPar`, the fewest moves possible under it (a win's dialog shows
 * them already).
 * @param {Daily} daily
 * @param {boolean} withPar
 */
export function rankingSection(daily, withPar) {
  const section = element("section", "daily-ranking");
  section.dataset.role = "daily-ranking";
  section.append(element("h3", "", t("h2h.ui.daily.ranking_title")));
  if (!daily.ranking.length) {
    section.append(element("p", "empty", t("h2h.ui.daily.ranking_empty")));
  } else {
    const table = element("table", "deals");
    table.setAttribute("aria-label", t("h2h.ui.daily.ranking_label"));
    const head = element("tr");
    // Place and hints are a sign with their word for screen readers, so five columns fit a phone in every language.
    for (const key of ["place", "player", "moves", "time", "hints"]) {
      const cell = element("th", "", key === "place" ? "#" : key === "hints" ? "" : t(`h2h.ui.daily.${key}`));
      cell.setAttribute("scope", "col");
      if (key === "place" || key === "hints") {
        cell.setAttribute("aria-label", t(`h2h.ui.daily.${key}`));
        cell.title = t(`h2h.ui.daily.${key}`);
      }
      if (key === "hints") cell.innerHTML = icon("hint");
      head.append(cell);
    }
    const thead = element("thead");
    thead.append(head);
    table.append(thead);
    const body = element("tbody");
    const shown = daily.ranking.filter((line, index) => index < SHOWN_LINES || line.me);
    for (const line of shown) {
      const row = element("tr", line.me ? "me" : "");
      if (line.place > shown.length && line.me) row.classList.add("apart");
      const name = line.me ? t("h2h.ui.daily.you") : (line.name ?? t("h2h.ui.daily.someone"));
      for (const value of [String(line.place), name, String(line.moves), formatTime(line.seconds), String(line.hints)]) {
        row.append(element("td", "", value));
      }
      body.append(row);
    }
    table.append(body);
    section.append(table);
  }
  if (withPar && daily.par !== null) section.append(element("p", "par-note", t("h2h.ui.daily.par_note", { par: daily.par })));
  return section;
}

/**
 * Share `result`: the system's share sheet where there is one, else the clipboard; says what happened.
 * @param {DailyResult} result
 * @param {string} lang
 */
export async function shareResult(result, lang) {
  const text = shareText(result, window.location.origin, lang);
  if (typeof navigator.share === "function") {
    try {
      await navigator.share({ text });
      return;
    } catch (error) {
      if (error instanceof DOMException && error.name === "AbortError") return; // the person closed the sheet
      reportFallback("Sharing through the system's share sheet (the result is copied instead)", error);
    }
  }
  const copied = await copyText(text);
  announce(t(copied ? "h2h.ui.daily.copied" : "h2h.ui.daily.copy_failed"), { kind: copied ? "info" : "error" });
}
