"""What the browser tests check of a page for people who reach it by a screen reader or a keyboard: axe-core (from
npm, pinned in package-lock.json, the engine behind Lighthouse's and the browsers' accessibility audits) run on the
page as it is shown, by the rules of WCAG 2.2 A and AA and axe's best practices: every page has one main heading and
its content in landmarks, every control and image a name, the page's language declared, no duplicate ids, ARIA
used as specified, touch targets large enough or far enough apart.

- `accessibility_problems(page)`: each rule broken, as "rule: what it asks (the first elements breaking it)".
- `assert_accessible(page, what)`: fails, naming `what` and the problems, when there is any.
- `audited_in(language, index)`: whether the `index`-th page of a test that shows its pages in every language is
  audited in `language`. Each page is audited in one language, the three taking turns: what axe checks (headings,
  landmarks, names, roles) is the page's structure, the same in every language, and the catalogs' completeness has
  tests of its own; an audit costs the browser a second under the suite's load.

Two rules are left out, each for a reason of its own:
- colour contrast: the pages' felt is a radial gradient fixed to the screen, which axe cannot read; it takes the
  background of any text on the felt for white and reports cream text there at 1.14 to 1, while a person sees it on
  dark green. The contrast of the pages' colours is a choice made in the style sheets, not found by a scan.
- the visible text in a control's name (WCAG's "label in name", for people who speak to their device): a Hearts
  card in a hand is a button named in words ("King of clubs", "Ρήγας σπαθί"), its picture's corners drawing the
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
_RUN = """async (options) => (await axe.run(document, options)).violations.map((rule) =>
  `${rule.id}: ${rule.help} (${rule.nodes.slice(0, 3).map((node) => node.html.slice(0, 120)).join("; ")})`)"""


def accessibility_problems(page: Any) -> list[str]:
    """The rules the page as it is shown now breaks. axe is put in the page through the browser's debugging
    protocol, which the page's Content-Security-Policy (scripts from the site alone) does not govern."""
    if not page.evaluate("() => typeof axe !== 'undefined'"):
        if not AXE.is_file():
            raise AssertionError(f"{AXE.relative_to(AXE.parents[2])} is missing: run `npm ci` (scripts/test does)")
        page.evaluate(AXE.read_text(encoding="utf-8"))
    problems: list[str] = page.evaluate(_RUN, OPTIONS)
    return problems


def audited_in(language: str, index: int) -> bool:
    return LANGUAGES.index(language) == index % len(LANGUAGES)


def assert_accessible(page: Any, what: str) -> None:
    problems = accessibility_problems(page)
    assert not problems, f"{what}: " + " | ".join(problems)
