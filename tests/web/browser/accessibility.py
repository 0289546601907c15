"""What the browser tests check of a page for people who reach it by a screen reader or a keyboard: axe-core (from
npm, pinned in package-lock.json, the engine behind Lighthouse's and the browsers' accessibility audits) run on the
page as it is shown, by the rules of WCAG 2.2 A and AA and axe's best practices: every page has one main heading and
its content in landmarks, every control and image a name, the page's language declared, no duplicate ids, ARIA
used as specified, touch targets large enough or far enough apart.

- `accessibility_problems(page)`: each rule broken, as "rule: what it asks (the first elements breaking it)".
- `assert_accessible(page, what)`: fails, naming `what` and the problems, when there is any.
- `listen(page, selector)` and `heard(page)`: every line added to a live region from now on, in order (what a
  screen reader is told; the region keeps only its last few).
- `audited_in(language, index)`: whether the `index`-th page of a test that shows its pages in every language is
  audited in `language`. Each page is audited in one language, the three taking turns: what axe checks (headings,
  landmarks, names, roles) is the page's structure, the same in every language, and the catalogs' completeness has
  tests of its own.

Axe's colour contrast is replaced by `_CONTRAST`: the pages' felt is a radial gradient fixed to the screen, which axe
cannot read (it took the background of text on the felt for white and reported cream text at 1.14 to 1). Ours
takes, for each text, the backgrounds of its box and its parents, laid over the felt's lightest colour (`--felt-light`)
where they let the felt through: the worst place on the page the text could stand. It asks WCAG's AA: 4.5 to 1, 3 to
1 for large text (24 px, or 18.66 px bold). Text in SVG pictures (the cards) and in disabled controls is not asked;
a text over a background picture of its own (none today) or with transparency in its parents is passed over.

Axe's "label in name" (the visible text in a control's name, for people who speak to their device) is left out: a
Hearts card in a hand is a button named in words ("King of clubs", "Ρήγας σπαθί"), its picture's corners drawing the
rank as a letter ("K"), which axe reads as the button's visible text. A card's picture is not a label.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Final

from heartcards.web.i18n import LANGUAGES

AXE: Final = Path(__file__).resolve().parents[3] / "node_modules" / "axe-core" / "axe.min.js"
OPTIONS: Final = {
    "runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]},
    "rules": {"color-contrast": {"enabled": False}, "label-content-name-mismatch": {"enabled": False}},
}
_CONTRAST = """async () => {
  // colours in the middle of a transition are neither the old nor the new: wait for those that end (a cancelled
  // one rejects its promise: it is over too)
  const ending = document.getAnimations().filter((animation) => animation.effect?.getTiming().iterations !== Infinity);
  await Promise.all(ending.map((animation) => animation.finished.catch(() => null)));
  const parse = (text) => {
    const [r, g, b, a = 1] = text.match(/[\\d.]+/g).map(Number);
    return { r, g, b, a };
  };
  const over = (top, base) => ({
    r: top.r * top.a + base.r * (1 - top.a),
    g: top.g * top.a + base.g * (1 - top.a),
    b: top.b * top.a + base.b * (1 - top.a),
    a: 1,
  });
  const luminance = (c) => {
    const linear = (v) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
    return 0.2126 * linear(c.r) + 0.7152 * linear(c.g) + 0.0722 * linear(c.b);
  };
  const felt = getComputedStyle(document.documentElement).getPropertyValue("--felt-light").trim();
  const channel = (at) => parseInt(felt.slice(at, at + 2), 16);
  const lightest = { r: channel(1), g: channel(3), b: channel(5), a: 1 };
  const found = [];
  for (const el of document.querySelectorAll("body *")) {
    if (el.closest("svg, [disabled], [aria-disabled='true'], [hidden], dialog:not([open])")) continue;
    if (![...el.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && node.textContent.trim())) continue;
    if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
    const box = el.getBoundingClientRect();
    if (box.width <= 1 || box.height <= 1) continue;  // the screen reader's text
    const layers = [];
    let known = true;
    for (let node = el; node !== document.body; node = node.parentElement) {
      const style = getComputedStyle(node);
      if (Number(style.opacity) < 1 || style.backgroundImage !== "none") { known = false; break; }
      const colour = parse(style.backgroundColor);
      if (colour.a > 0) layers.push(colour);
      if (colour.a >= 1) break;
    }
    if (!known) continue;
    let ground = layers.length && layers[layers.length - 1].a >= 1 ? layers.pop() : lightest;
    for (const layer of layers.reverse()) ground = over(layer, ground);
    const style = getComputedStyle(el);
    const ink = over(parse(style.color), ground);
    const [light, dark] = [luminance(ink), luminance(ground)].sort((x, y) => y - x);
    const ratio = (light + 0.05) / (dark + 0.05);
    const size = parseFloat(style.fontSize);
    const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
    if (ratio < (large ? 3 : 4.5)) found.push(`${ratio.toFixed(2)} to 1: ${el.outerHTML.slice(0, 100)}`);
  }
  return found.length ? [`contrast: text at least 4.5 to 1 on its background (${found.slice(0, 3).join("; ")})`] : [];
}"""
_RUN = """async (options) => (await axe.run(document, options)).violations.map((rule) =>
  `${rule.id}: ${rule.help} (${rule.nodes.slice(0, 3).map((node) => node.html.slice(0, 120)).join("; ")})`)"""


def accessibility_problems(page: Any) -> list[str]:
    """The rules the page as it is shown now breaks. axe is put in the page through the browser's debugging
    protocol, which the page's Content-Security-Policy (scripts from the site alone) does not govern."""
    if not page.evaluate("() => typeof axe !== 'undefined'"):
        if not AXE.is_file():
            raise AssertionError(f"{AXE.relative_to(AXE.parents[2])} is missing: run `npm ci` (scripts/test does)")
        page.evaluate(AXE.read_text(encoding="utf-8"))
    problems: list[str] = page.evaluate(_RUN, OPTIONS) + page.evaluate(_CONTRAST)
    return problems


_LISTEN = """(selector) => {
  window.heardLines = [];
  const region = document.querySelector(selector);
  new MutationObserver((changes) => {
    for (const change of changes) for (const node of change.addedNodes) window.heardLines.push(node.textContent);
  }).observe(region, { childList: true });
  return region.getAttribute("aria-live");
}"""


def listen(page: Any, selector: str) -> None:
    assert page.evaluate(_LISTEN, selector) == "polite", f"{selector} is not a polite live region"


def heard(page: Any) -> list[str]:
    lines: list[str] = page.evaluate("() => window.heardLines")
    return lines


def audited_in(language: str, index: int) -> bool:
    return LANGUAGES.index(language) == index % len(LANGUAGES)


def assert_accessible(page: Any, what: str) -> None:
    problems = accessibility_problems(page)
    assert not problems, f"{what}: " + " | ".join(problems)
