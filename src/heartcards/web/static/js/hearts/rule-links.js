// Which rule a refused card breaks: the server's error key → the section of the Hearts rules page that states it
// (the page's anchors are those of docs/rules/hearts.md). The table shows a link to it beside the server's message.

import { element } from "../common/dom.js";
import { t } from "../common/i18n.js";

export const RULES_PATH = "/hearts/rules";

/**
 * The rules page's sections that an illegal play or pass can quote, with the catalog key of their title.
 * @type {Readonly<Record<string, string>>}
 */
export const RULE_SECTIONS = Object.freeze({
  "the-first-lead": "hearts.ui.rules.lead.title",
  "following-suit": "hearts.ui.rules.follow.title",
  "the-queen-of-spades-on-the-first-trick": "hearts.ui.rules.queen.title",
  "leading-hearts": "hearts.ui.rules.hearts.title",
  passing: "hearts.ui.rules.passing.title",
});

/**
 * The engine's error keys (hearts_server.po) and the section each one quotes.
 * @type {Readonly<Record<string, string>>}
 */
export const RULE_OF_ERROR = Object.freeze({
  "hearts.error.lead_two_of_clubs": "the-first-lead",
  "hearts.error.follow_suit": "following-suit",
  "hearts.error.queen_first_trick": "the-queen-of-spades-on-the-first-trick",
  "hearts.error.hearts_not_broken": "leading-hearts",
  "hearts.error.pass_count": "passing",
  "hearts.error.already_passed": "passing",
  "hearts.error.no_pass_this_deal": "passing",
});

/**
 * Puts a link to the rule `key` quotes at the end of `container` (replacing an earlier one), or removes the link
 * when `key` quotes no rule (pass null once the player has moved on). It opens in a new tab so the table stays.
 * @param {Element | null} container
 * @param {string | null | undefined} key
 */
export function showRuleLink(container, key) {
  if (!container) return;
  container.querySelector("[data-rule-link]")?.remove();
  const section = key ? RULE_OF_ERROR[key] : undefined;
  if (!section) return;
  const link = element("a", "rule-link");
  link.dataset.ruleLink = section;
  link.href = `${RULES_PATH}#${section}`;
  link.target = "_blank";
  link.rel = "noopener";
  link.textContent = t("hearts.ui.rules.see_rule", { rule: t(RULE_SECTIONS[section]) });
  container.appendChild(link);
}
