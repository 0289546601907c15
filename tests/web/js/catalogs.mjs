// The real catalogs for the browser code's tests: `useCatalogs("it")` loads Italian's Heart to Heart and Hearts
// words into static/js/common/i18n.js, as the page does from /api/i18n.

import { readFileSync } from "node:fs";

import { useMessages } from "../../../src/heartcards/web/static/js/common/i18n.js";

const LOCALES = new URL("../../../src/heartcards/web/locales/", import.meta.url);

/**
 * msgid → msgstr of a catalog's one-line entries (every entry of ours is one line).
 * @param {string} lang
 * @param {string} domain
 */
function readCatalog(lang, domain) {
  const text = readFileSync(new URL(`${lang}/LC_MESSAGES/${domain}.po`, LOCALES), "utf8");
  /** @type {Record<string, string>} */
  const messages = {};
  for (const [, id, str] of text.matchAll(/^msgid "(.+)"\nmsgstr "(.*)"$/gm)) messages[id] = JSON.parse(`"${str}"`);
  return messages;
}

/**
 * Make `lang`'s user-interface catalogs the ones `t()` reads.
 * @param {string} lang
 */
export function useCatalogs(lang) {
  useMessages(lang, { ...readCatalog(lang, "h2h_ui"), ...readCatalog(lang, "hearts_ui") });
}
