// The daily deal's result as text to share, Wordle-style: the day, the moves against the fewest possible, the hints
// and a link to the deal. It says how well the deal went and nothing of how: no move of the game is in it.

import { t, tn } from "../common/i18n.js";

/**
 * @typedef {object} DailyResult
 * @property {string} date the day, "YYYY-MM-DD" (UTC)
 * @property {string} code the day's deal
 * @property {number} moves
 * @property {number | null} par the fewest moves possible, when known
 * @property {number} hints
 * @property {number} streak
 */

/**
 * The day as the language writes it ("9 March 2026"), in UTC as the server names daily deals.
 * @param {string} isoDate
 * @param {string} lang
 */
export function dayName(isoDate, lang) {
  const day = new Date(`${isoDate}T00:00:00Z`);
  if (Number.isNaN(day.getTime())) return isoDate;
  return day.toLocaleDateString(lang, { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
}

/**
 * A square per result: green at the fewest moves possible, yellow above it, white when the par is not known.
 * @param {number} moves
 * @param {number | null} par
 */
function square(moves, par) {
  if (par === null) return "⬜";
  return moves <= par ? "🟩" : "🟨";
}

/**
 * The text to share for `result`, in the page's language, with `origin` ("https://host") for the link.
 * @param {DailyResult} result
 * @param {string} origin
 * @param {string} lang
 */
export function shareText(result, origin, lang) {
  const moves =
    result.par === null
      ? t("h2h.ui.daily.share_moves_only", { moves: result.moves })
      : t("h2h.ui.daily.share_moves", { moves: result.moves, par: result.par });
  const hints = result.hints ? tn("h2h.ui.daily.share_hints", result.hints) : t("h2h.ui.daily.share_no_hints");
  const lines = [
    t("h2h.ui.daily.share_title", { date: dayName(result.date, lang) }),
    `${square(result.moves, result.par)} ${moves}`,
    `💡 ${hints}`,
  ];
  if (result.streak > 1) lines.push(`🔥 ${tn("h2h.ui.daily.streak", result.streak)}`);
  lines.push(`${origin}/play/${encodeURIComponent(result.code)}`);
  return lines.join("\n");
}
