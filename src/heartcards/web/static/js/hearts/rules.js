// The Hearts rules page (/hearts/rules): our own text in three languages (catalog keys hearts.ui.rules.*) with
// pictures drawn by the table's card renderer. Section ids are the anchors of docs/rules/hearts.md, so the table can
// link an illegal tap's message to the rule it quotes (./rule-links.js).

import { startPage } from "../common/chrome.js";
import { element } from "../common/dom.js";
import { t } from "../common/i18n.js";
import { installSuits } from "./cards.js";
import { cardRow, passDiagram, scoreExample, trickPicture } from "./rules-figures.js";

const HEARTS = ["2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "10H", "JH", "QH", "KH", "AH"];

/** @param {string} key */
function paragraph(key) {
  const p = document.createElement("p");
  p.textContent = t(key);
  return p;
}

/** @param {string[]} keys */
function list(keys) {
  const ul = document.createElement("ul");
  for (const key of keys) {
    const li = document.createElement("li");
    li.textContent = t(key);
    ul.append(li);
  }
  return ul;
}

/**
 * @param {string} className
 * @param {...Node} children
 */
function group(className, ...children) {
  const div = element("div", className);
  div.append(...children);
  return div;
}

/**
 * One section: its anchor, its title (h2, or h3 for a part of the section before) and its content, built when the
 * catalog is loaded.
 * @type {{id: string, title: string, level?: number, body: () => Node[]}[]}
 */
const SECTIONS = [
  {
    id: "players-and-cards",
    title: "hearts.ui.rules.players.title",
    body: () => [
      paragraph("hearts.ui.rules.players.text"),
      cardRow(["2D", "3D", "10D", "JD", "QD", "KD", "AD"], { fan: true, caption: t("hearts.ui.rules.players.figure") }),
    ],
  },
  {
    id: "the-deal",
    title: "hearts.ui.rules.deal.title",
    body: () => [
      list([
        "hearts.ui.rules.deal.1",
        "hearts.ui.rules.deal.2",
        "hearts.ui.rules.deal.3",
        "hearts.ui.rules.deal.4",
        "hearts.ui.rules.deal.5",
      ]),
    ],
  },
  {
    id: "passing",
    title: "hearts.ui.rules.passing.title",
    body: () => [
      paragraph("hearts.ui.rules.passing.text"),
      group("hr-pass-cycle", passDiagram("left"), passDiagram("right"), passDiagram("across"), passDiagram("none")),
      paragraph("hearts.ui.rules.passing.together"),
    ],
  },
  {
    id: "the-first-lead",
    title: "hearts.ui.rules.lead.title",
    body: () => [
      paragraph("hearts.ui.rules.lead.text"),
      trickPicture(0, ["2C", "JC", "7H", "5C"], 1, t("hearts.ui.rules.lead.figure")),
    ],
  },
  {
    id: "following-suit",
    title: "hearts.ui.rules.follow.title",
    body: () => [list(["hearts.ui.rules.follow.1", "hearts.ui.rules.follow.2"])],
  },
  {
    id: "the-queen-of-spades-on-the-first-trick",
    title: "hearts.ui.rules.queen.title",
    body: () => [
      paragraph("hearts.ui.rules.queen.text"),
      cardRow(["KD", "4S", "QS", "9H"], { barred: ["QS"], caption: t("hearts.ui.rules.queen.figure") }),
    ],
  },
  {
    id: "leading-hearts",
    title: "hearts.ui.rules.hearts.title",
    body: () => [
      list(["hearts.ui.rules.hearts.1", "hearts.ui.rules.hearts.2", "hearts.ui.rules.hearts.3"]),
      group(
        "hr-pair",
        cardRow(["3D", "8S", "5H", "JH"], { barred: ["5H", "JH"], caption: t("hearts.ui.rules.hearts.figure_closed") }),
        cardRow(["2H", "6H", "QH"], { barred: [], caption: t("hearts.ui.rules.hearts.figure_only") }),
      ),
    ],
  },
  {
    id: "winning-a-trick",
    title: "hearts.ui.rules.winning.title",
    body: () => [
      paragraph("hearts.ui.rules.winning.text"),
      trickPicture(1, ["9D", "KD", "AS", "2D"], 2, t("hearts.ui.rules.winning.figure")),
    ],
  },
  {
    id: "points",
    title: "hearts.ui.rules.points.title",
    body: () => [
      list(["hearts.ui.rules.points.1", "hearts.ui.rules.points.2", "hearts.ui.rules.points.3"]),
      cardRow(["KC", "5H", "QS", "AH"], { points: [0, 1, 13, 1], caption: t("hearts.ui.rules.points.figure") }),
    ],
  },
  {
    id: "shooting-the-moon",
    title: "hearts.ui.rules.moon.title",
    body: () => [
      paragraph("hearts.ui.rules.moon.text"),
      cardRow([...HEARTS, "QS"], { fan: true, caption: t("hearts.ui.rules.moon.figure") }),
    ],
  },
  {
    id: "the-target-score",
    title: "hearts.ui.rules.target.title",
    body: () => [paragraph("hearts.ui.rules.target.text")],
  },
  {
    id: "the-classic-variant",
    title: "hearts.ui.rules.classic.title",
    body: () => [paragraph("hearts.ui.rules.classic.text")],
  },
  {
    id: "the-special-variant",
    title: "hearts.ui.rules.special.title",
    body: () => [paragraph("hearts.ui.rules.special.text")],
  },
  { id: "perfect-hand", title: "hearts.ui.rules.perfect.title", level: 3, body: () => [paragraph("hearts.ui.rules.perfect.text")] },
  { id: "tie", title: "hearts.ui.rules.tie.title", level: 3, body: () => [paragraph("hearts.ui.rules.tie.text")] },
  {
    id: "examples",
    title: "hearts.ui.rules.examples.title",
    body: () => [
      heading(3, "hearts.ui.rules.example.trick.title"),
      trickPicture(1, ["4H", "10H", "QS", "8H"], 2, t("hearts.ui.rules.example.trick.text")),
      heading(3, "hearts.ui.rules.example.special.title"),
      paragraph("hearts.ui.rules.example.special.text"),
      scoreExample(
        9,
        [5, 16, 5, 0],
        [64, 104, 71, 71],
        [
          { seat: 0, column: "total" },
          { seat: 1, column: "total" },
          { seat: 3, column: "deal" },
        ],
        t("hearts.ui.rules.example.caption"),
      ),
      paragraph("hearts.ui.rules.example.special.tie"),
    ],
  },
];

/**
 * @param {number} level
 * @param {string} key
 */
function heading(level, key) {
  const h = document.createElement(`h${level}`);
  h.textContent = t(key);
  return h;
}

function contents() {
  const nav = element("nav", "hr-contents");
  nav.setAttribute("aria-label", t("hearts.ui.rules.contents"));
  const ul = document.createElement("ul");
  for (const section of SECTIONS) {
    if (section.level === 3) continue;
    const li = document.createElement("li");
    const link = document.createElement("a");
    link.href = `#${section.id}`;
    link.textContent = t(section.title);
    li.append(link);
    ul.append(li);
  }
  nav.append(ul);
  return nav;
}

async function main() {
  await startPage("hearts-rules", "hearts.ui.rules.page_title");
  installSuits();
  const root = document.getElementById("hearts-rules");
  if (!root) return;
  root.replaceChildren(heading(1, "hearts.ui.rules.title"), paragraph("hearts.ui.rules.intro"), contents());
  for (const { id, title, level = 2, body } of SECTIONS) {
    const section = document.createElement("section");
    section.id = id;
    section.className = level === 3 ? "hr-section sub" : "hr-section";
    section.append(heading(level, title), ...body());
    root.append(section);
  }
  // The page is built after load, so the browser's own jump to #anchor found nothing: do it now.
  if (window.location.hash) document.getElementById(decodeURIComponent(window.location.hash.slice(1)))?.scrollIntoView();
  document.body.dataset.ready = "true";
}

main();
