// Settings remembered in localStorage. Defaults follow the spec: Placement help on, Move errors off.

const KEY = "heartcards.settings";
export const DEFAULTS = Object.freeze({ placementHelp: true, moveErrors: false, animation: "normal", dealMode: "N" });
export const ANIMATION_SPEEDS = ["slow", "normal", "fast", "off"];
const FACTORS = { slow: 1.7, normal: 1, fast: 0.3, off: 0 };

export function loadSettings() {
  let stored = {};
  try {
    stored = JSON.parse(localStorage.getItem(KEY) || "{}") || {};
  } catch {
    stored = {};
  }
  const settings = { ...DEFAULTS };
  for (const key of Object.keys(DEFAULTS)) if (typeof stored[key] === typeof DEFAULTS[key]) settings[key] = stored[key];
  if (!ANIMATION_SPEEDS.includes(settings.animation)) settings.animation = DEFAULTS.animation;
  if (settings.dealMode !== "N" && settings.dealMode !== "S") settings.dealMode = DEFAULTS.dealMode;
  return settings;
}

export function saveSettings(settings) {
  try {
    localStorage.setItem(KEY, JSON.stringify(settings));
  } catch {
    /* private mode: settings last for this page only */
  }
}

/** Milliseconds for an animation of nominal length `ms`, after the speed setting and prefers-reduced-motion. */
export function duration(settings, ms) {
  if (window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches) return 0;
  return Math.round(ms * (FACTORS[settings.animation] ?? 1));
}
