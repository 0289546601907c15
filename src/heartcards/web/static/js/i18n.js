// Translations: the page's language is the one the server put in <html lang>; messages come from /api/i18n/{lang}
// (made from the Babel catalogs). t(key, {name: value}) fills {name} placeholders.

export const LANGUAGES = [
  { code: "en", name: "English" },
  { code: "it", name: "Italiano" },
  { code: "el", name: "Ελληνικά" },
];

/** @type {Record<string, string>} */
let messages = {};

export function currentLanguage() {
  const lang = document.documentElement.lang;
  return LANGUAGES.some((l) => l.code === lang) ? lang : "en";
}

/** Fetch the catalog of `lang`. */
export async function loadMessages(lang = currentLanguage()) {
  const response = await fetch(`/api/i18n/${lang}`, { headers: { Accept: "application/json" } });
  if (!response.ok) throw new Error(`catalog ${lang}: ${response.status}`);
  messages = (await response.json()).messages || {};
  return messages;
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
