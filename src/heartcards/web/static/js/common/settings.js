// The one settings store both games use, kept in localStorage under "heartcards.settings":
// {"version": 2, "heartToHeart": {...}, "hearts": {...}}. Each value is checked against its choices when read, so a
// stale or hand-edited entry falls back to its default. Settings written before this store existed (Heart to Heart's
// flat object under the same key, Hearts' under "hc_hearts_settings") are carried over once, so a returning player
// keeps them.

import { readItem, readJson, writeItem } from "./storage.js";

const KEY = "heartcards.settings";
const LEGACY_HEARTS_KEY = "hc_hearts_settings";
const VERSION = 2;

/** @typedef {"slow" | "normal" | "fast" | "off"} AnimationSpeed */
/** @typedef {"slow" | "normal" | "fast"} TrickSpeed */
/**
 * @typedef {object} HeartToHeartSettings
 * @property {boolean} placementHelp outline the cards that pair with the selection, dim the others
 * @property {boolean} moveErrors say why a tap did not make a move
 * @property {AnimationSpeed} animation
 * @property {"N" | "S"} dealMode any deal, or only winnable ones
 */
/**
 * @typedef {object} HeartsSettings
 * @property {TrickSpeed} speed how long a finished trick stays and how fast cards slide
 * @property {"classic" | "special"} variant
 * @property {50 | 75 | 100} target
 * @property {"easy" | "normal" | "strong"} strength
 * @property {30 | 60 | 120 | 300} idle seconds a person may think before a computer plays for them
 */
/** @typedef {{heartToHeart: HeartToHeartSettings, hearts: HeartsSettings}} Settings */

/** @type {readonly AnimationSpeed[]} */
export const ANIMATION_SPEEDS = ["slow", "normal", "fast", "off"];
/** @type {readonly TrickSpeed[]} */
export const TRICK_SPEEDS = ["slow", "normal", "fast"];

// Each setting's choices, the first being its default (docs/rules/heart-to-heart.md#settings: Placement help on,
// Move errors off, winnable deals only).
const CHOICES = {
  heartToHeart: {
    placementHelp: [true, false],
    moveErrors: [false, true],
    animation: ["normal", "slow", "fast", "off"],
    dealMode: ["S", "N"],
  },
  hearts: {
    speed: ["normal", "slow", "fast"],
    variant: ["classic", "special"],
    target: [100, 75, 50],
    strength: ["normal", "easy", "strong"],
    idle: [60, 30, 120, 300],
  },
};

/**
 * `value` when it is one of the setting's choices, else the setting's default: how a page turns what a form or the
 * store says into a setting.
 * @template {"heartToHeart" | "hearts"} G
 * @template {keyof Settings[G] & string} K
 * @param {G} game
 * @param {K} name
 * @param {unknown} value
 * @returns {Settings[G][K]}
 */
export function choice(game, name, value) {
  const choices = /** @type {Record<string, readonly unknown[]>} */ (CHOICES[game])[name];
  return /** @type {Settings[G][K]} */ (choices.includes(value) ? value : choices[0]);
}

/**
 * One game's settings from a stored object: each known value that is one of its choices, else the default.
 * @template {"heartToHeart" | "hearts"} G
 * @param {G} game
 * @param {unknown} stored
 * @returns {Settings[G]}
 */
function clean(game, stored) {
  const source = stored !== null && typeof stored === "object" ? /** @type {Record<string, unknown>} */ (stored) : {};
  /** @type {Record<string, unknown>} */
  const settings = {};
  for (const name of Object.keys(CHOICES[game])) {
    settings[name] = choice(game, /** @type {keyof Settings[G] & string} */ (name), source[name]);
  }
  return /** @type {Settings[G]} */ (settings);
}

/** Both games' settings; the first read after an update carries the old keys' values over. */
export function loadSettings() {
  const stored = readJson(KEY);
  if (stored !== null && typeof stored === "object" && "version" in stored && stored.version === VERSION) {
    const record = /** @type {{heartToHeart?: unknown, hearts?: unknown}} */ (stored);
    return { heartToHeart: clean("heartToHeart", record.heartToHeart), hearts: clean("hearts", record.hearts) };
  }
  const legacyHearts = readJson(LEGACY_HEARTS_KEY);
  /** @type {Settings} */
  const settings = { heartToHeart: clean("heartToHeart", stored), hearts: clean("hearts", legacyHearts) };
  if (stored !== null || readItem(LEGACY_HEARTS_KEY) !== null) {
    saveSettings(settings);
    writeItem(LEGACY_HEARTS_KEY, null);
  }
  return settings;
}

/**
 * Remember both games' settings.
 * @param {Settings} settings
 */
export function saveSettings(settings) {
  writeItem(KEY, JSON.stringify({ version: VERSION, ...settings }));
}

/** Whether the person asked their system for less motion. */
export function reducedMotion() {
  return Boolean(window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches);
}

/** @type {Record<AnimationSpeed, number>} */
const FACTORS = { slow: 1.7, normal: 1, fast: 0.3, off: 0 };

/**
 * Milliseconds for a Heart to Heart animation of nominal length `ms`, after the speed setting and
 * prefers-reduced-motion.
 * @param {Settings} settings
 * @param {number} ms
 */
export function duration(settings, ms) {
  if (reducedMotion()) return 0;
  return Math.round(ms * (FACTORS[settings.heartToHeart.animation] ?? 1));
}
