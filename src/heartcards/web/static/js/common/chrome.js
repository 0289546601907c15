// What every page shares: the catalog, the header (brand, navigation, language), the card sprite, icons.

import { installSprite } from "./cards.js";
import { element, find } from "./dom.js";
import { LANGUAGES, currentLanguage, loadMessages, switchLanguage, t, tidyLanguageParam, translateTree } from "./i18n.js";
import { icon, placeIcons } from "./icons.js";
import { reportFallback } from "./report.js";

const NAV = [
  { href: "/play", key: "ui.nav.play", page: "play" },
  { href: "/rules", key: "ui.nav.rules", page: "rules" },
  { href: "/examples", key: "ui.nav.examples", page: "examples" },
  { href: "/stats", key: "ui.nav.stats", page: "stats" },
  { href: "/hearts", key: "hearts.ui.nav.hearts", page: "hearts" },
  { href: "/account", key: "ui.nav.account", page: "account" },
];

const MENU_ICON =
  '<svg class="icon" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round"><path d="M4 7h16M4 12h16M4 17h16"/></svg>';

/**
 * The menu of `page`: "Rules" opens the rules of the game the page belongs to (the Hearts pages are "hearts…").
 * @param {string} page
 */
function navOf(page) {
  if (!page.startsWith("hearts")) return NAV;
  return NAV.map((item) => (item.page === "rules" ? { ...item, href: "/hearts/rules", page: "hearts-rules" } : item));
}

/** @param {string} page */
function buildHeader(page) {
  const header = document.querySelector("header.site");
  if (!header) return;
  const links = navOf(page).map(
    (item) =>
      `<a href="${item.href}"${item.page === page ? ' aria-current="page"' : ""}>${t(item.key)}</a>`,
  ).join("");
  const options = LANGUAGES.map(
    (l) => `<option value="${l.code}"${l.code === currentLanguage() ? " selected" : ""}>${l.name}</option>`,
  ).join("");
  header.innerHTML =
    `<a class="brand" href="/"><svg viewBox="0 0 32 30" aria-hidden="true"><use href="#hc-heart"/></svg>` +
    `<span>${t("ui.app.brand")}</span></a>` +
    `<button type="button" class="menu-toggle" aria-expanded="false" aria-controls="site-nav" aria-label="${t("ui.nav.menu")}">${MENU_ICON}</button>` +
    `<nav id="site-nav" aria-label="${t("ui.nav.label")}">${links}` +
    `<label class="lang"><span class="sr-only">${t("ui.settings.language")}</span>` +
    `<select data-role="language">${options}</select></label></nav>`;
  const toggle = find(header, ".menu-toggle");
  const nav = find(header, "nav");
  toggle.addEventListener("click", () => {
    const open = nav.classList.toggle("open");
    toggle.setAttribute("aria-expanded", String(open));
  });
  document.addEventListener("click", (event) => {
    if (!(event.target instanceof Node && header.contains(event.target)) && nav.classList.contains("open")) {
      nav.classList.remove("open");
      toggle.setAttribute("aria-expanded", "false");
    }
  });
  const language = find(header, '[data-role="language"]', HTMLSelectElement);
  language.addEventListener("change", () => switchLanguage(language.value));
  addSkipLink(header);
}

/**
 * A link before the header, the first thing a Tab reaches, that moves the focus past the header and the menu to the
 * page's own content (on the play page, the game: its first control is the next Tab).
 * @param {Element} header
 */
function addSkipLink(header) {
  const main = document.querySelector("main");
  if (!main) return;
  if (!main.id) main.id = "content";
  main.tabIndex = -1;
  const skip = element("a", "skip-link");
  skip.href = `#${main.id}`;
  skip.dataset.role = "skip";
  skip.textContent = t("ui.nav.skip");
  skip.addEventListener("click", (event) => {
    event.preventDefault();
    main.focus();
  });
  header.before(skip);
}

/**
 * Start a page: load the catalog, translate the shell, draw the header. Returns the language.
 * @param {string} page
 * @param {string} [titleKey]
 */
export async function startPage(page, titleKey) {
  installSprite();
  const lang = currentLanguage();
  try {
    await loadMessages(lang);
  } catch (error) {
    reportFallback(`Loading the ${lang} messages (the shell's English text stays)`, error);
  }
  tidyLanguageParam();
  buildHeader(page);
  placeIcons();
  translateTree();
  if (titleKey) document.title = `${t(titleKey)} · ${t("ui.app.brand")}`;
  return lang;
}

export { icon };
