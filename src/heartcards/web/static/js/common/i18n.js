// Translations: the page's language is the one the server put in <html lang>; messages come from /api/i18n/{lang}
// (made from the Babel catalogs). t(key, {name: value}) fills {name} placeholders.

export const LANGUAGES = [
  { code: "en", name: "English" },
  { code: "it", name: "Italiano" },
  { code: "el", name: "Ελληνικά" },
];

/** @type {Record<string, string>} */
let messages = {};
/** The language of `messages`, whose plural rule `tn` follows. */
let messagesLanguage = "en";

export function currentLanguage() {
  const lang = document.documentElement.lang;
  return LANGUAGES.some((l) => l.code === lang) ? lang : "en";
}

/** Fetch the catalog of `lang`. */
export async function loadMessages(lang = currentLanguage()) {
  const response = await fetch(`/api/i18n/${lang}`, { headers: { Accept: "application/json" } });
  if (!response.ok) throw new Error(`catalog ${lang}: ${response.status}`);
  useMessages(lang, (await response.json()).messages || {});
  return messages;
}

/**
 * Use `catalog` as the messages of `lang` (what loadMessages does with the server's answer).
 * @param {string} lang
 * @param {Record<string, string>} catalog
 */
export function useMessages(lang, catalog) {
  messagesLanguage = lang;
  messages = catalog;
}

/**
 * The message `key` in the page's language, its {name} placeholders filled from `params`; the key itself when the
 * catalog lacks it.
 * @param {string} key
 * @param {Record<string, string | number>} [params]
 */
export function t(key, params = {}) {
  const text = messages[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
}

/** @type {Map<string, Intl.PluralRules>} one per language: making one costs more than a whole tap's other work */
const pluralRules = new Map();

/**
 * The plural category of `count` in `lang` as the catalogs name it: "one" or "other" (English, Italian and Greek
 * have these two; a category such as Italian's "many" for millions reads as "other").
 * @param {number} count
 * @param {string} [lang]
 */
export function pluralCategory(count, lang = messagesLanguage) {
  let rules = pluralRules.get(lang);
  if (!rules) {
    rules = new Intl.PluralRules(lang);
    pluralRules.set(lang, rules);
  }
  return rules.select(count) === "one" ? "one" : "other";
}

/**
 * A message about `count` things: `key.one` or `key.other` as the language's plural rule asks ("1 card", "2 cards";
 * "1 carta", "2 carte"; "1 φύλλο", "2 φύλλα"), with {count} and the other `params` filled.
 * @param {string} key the family's key; the catalogs hold `key.one` and `key.other`
 * @param {number} count
 * @param {Record<string, string | number>} [params]
 */
export function tn(key, count, params = {}) {
  return t(`${key}.${pluralCategory(count)}`, { count, ...params });
}

/** Fill [data-i18n] text, [data-i18n-label] aria-label and [data-i18n-title] title under root. */
export function translateTree(root = document) {
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(attribute(el, "data-i18n"));
  for (const el of root.querySelectorAll("[data-i18n-label]")) el.setAttribute("aria-label", t(attribute(el, "data-i18n-label")));
  for (const el of root.querySelectorAll("[data-i18n-title]")) el.setAttribute("title", t(attribute(el, "data-i18n-title")));
  for (const el of root.querySelectorAll("[data-i18n-placeholder]")) {
    el.setAttribute("placeholder", t(attribute(el, "data-i18n-placeholder")));
  }
}

/**
 * @param {Element} el
 * @param {string} name
 */
function attribute(el, name) {
  return el.getAttribute(name) ?? "";
}

/**
 * The spoken/written name of a rank ("ui.rank.A" → "Ace").
 * @param {string} rank
 */
export function rankName(rank) {
  return t(`ui.rank.${rank}`);
}

/**
 * Switch language: the server remembers ?lang= in a cookie, so reloading with it is enough.
 * @param {string} lang
 */
export function switchLanguage(lang) {
  const url = new URL(window.location.href);
  url.searchParams.set("lang", lang);
  window.location.assign(url.toString());
}

/** After the server has honoured ?lang=, drop it from the address so shared links carry no language. */
export function tidyLanguageParam() {
  const url = new URL(window.location.href);
  if (url.searchParams.has("lang")) {
    url.searchParams.delete("lang");
    history.replaceState(history.state, "", url.pathname + url.search + url.hash);
  }
}
