// Small formatting helpers shared by the pages.

/**
 * "m:ss" or "h:mm:ss"; a dash when unknown.
 * @param {number | null | undefined} seconds
 */
export function formatTime(seconds) {
  if (seconds === null || seconds === undefined || Number.isNaN(seconds)) return "–";
  const whole = Math.max(0, Math.floor(seconds));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}

/** @param {number | null | undefined} value */
export function formatNumber(value) {
  return value === null || value === undefined ? "–" : String(value);
}

/**
 * @param {string | null | undefined} iso
 * @param {string} lang
 */
export function formatDate(iso, lang) {
  if (!iso) return "";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString(lang, { dateStyle: "medium", timeStyle: "short" });
}

/**
 * The time of day of `iso` as the page's dates show it ("8:46 PM", "20:46").
 * @param {string} iso
 * @param {string} lang
 */
export function formatClock(iso, lang) {
  return new Date(iso).toLocaleTimeString(lang, { timeStyle: "short" });
}
