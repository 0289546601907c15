"""What the browser tests check on every page at every size: nothing runs past the screen's right (or left) edge, no
text is cut off, and a toolbar's icons stand in one line. Element by element, not only the page's total width: a box
can stick out of a parent that hides its overflow (the play page hides it) and then never widens the page.

- `layout_problems(page)`: the page's sideways scroll, the visible elements whose box runs past the viewport's left
  or right edge, the elements whose text is clipped (more content than room in a box that hides its overflow or
  ends it with an ellipsis), and the rows of tools whose icons do not stand in one line, each as the start of its
  HTML.
- `assert_fits(page, what)`: fails, naming `what` and the elements, when there is any.
- `overlap(first, second, margin)`: whether two boxes (as Playwright's `bounding_box()` gives them) cover each
  other by more than `margin` px.
- `assert_cards(page, selector, what)`: a `table.deals.cards` as a phone shows it, a card a row (below).
- `SIZES` (a phone held upright, held sideways, a desktop) and `at_each_size(page)`: the page shown at each of them
  (or at those named) in turn, without loading it again, as a phone turned sideways shows it; a check of a state
  that took steps to reach then costs those steps once, not once per size.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

SIZES: dict[str, dict[str, int]] = {
    "phone": {"width": 390, "height": 844},
    "landscape": {"width": 844, "height": 390},
    "desktop": {"width": 1366, "height": 768},
}
_SETTLED = "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(true))))"

_PROBLEMS = """() => {
  const doc = document.documentElement;
  const width = doc.clientWidth;
  const shown = (el) => el.checkVisibility({opacityProperty: true, visibilityProperty: true})
    && !el.closest("[hidden], dialog:not([open])");
  const describe = (el) => el.outerHTML.slice(0, 160);
  const wide = [];
  const clipped = [];
  for (const el of document.querySelectorAll("body, body *")) {
    if (!shown(el)) continue;
    const box = el.getBoundingClientRect();
    if (box.width <= 1 || box.height <= 1) continue;  // nothing to see (the screen reader's text is 1 px)
    if (box.right > width + 0.5 || box.left < -0.5) wide.push(describe(el));
    const style = getComputedStyle(el);
    const hides = (overflow) => overflow === "hidden" || overflow === "clip";
    const text = el.textContent.trim() !== "";
    const cutSideways = (hides(style.overflowX) || style.textOverflow === "ellipsis")
      && el.scrollWidth > el.clientWidth + 1;
    const cutBelow = hides(style.overflowY) && el.scrollHeight > el.clientHeight + 1;
    if (text && (cutSideways || cutBelow)) clipped.push(describe(el));
  }
  const unaligned = [];  // a row of tools whose icons do not stand in one line (a label of two lines pushed one up)
  for (const bar of document.querySelectorAll(".toolbar")) {
    if (!shown(bar) || getComputedStyle(bar).flexDirection !== "row") continue;
    const tops = [...bar.querySelectorAll(".tool .icon")].filter(shown).map((icon) => icon.getBoundingClientRect().top);
    if (tops.length && Math.max(...tops) - Math.min(...tops) > 0.5) unaligned.push(describe(bar));
  }
  return {scroll: doc.scrollWidth - width, wide: wide.slice(0, 5), clipped: clipped.slice(0, 5), unaligned};
}"""


def layout_problems(page: Any) -> dict[str, Any]:
    """`{"scroll": px, "wide": [html…], "clipped": [html…], "unaligned": [html…]}` for the page as it is shown now."""
    found: dict[str, Any] = page.evaluate(_PROBLEMS)
    return found


def assert_fits(page: Any, what: str) -> None:
    found = layout_problems(page)
    assert found["scroll"] <= 0 and not found["wide"] and not found["clipped"] and not found["unaligned"], (what, found)


_CARDS = """(table) => {
  const main = table.closest("main");
  const style = getComputedStyle(main);
  const box = main.getBoundingClientRect();
  const left = box.left + parseFloat(style.paddingLeft), right = box.right - parseFloat(style.paddingRight);
  const headings = [...table.querySelectorAll("thead th")].map((th) => th.textContent.trim());
  const past = [...table.querySelectorAll("*")].filter((el) => {
    const r = el.getBoundingClientRect();
    return r.width > 1 && (r.left < left - 0.5 || r.right > right + 0.5);
  });
  return {
    header: table.querySelector("thead").getBoundingClientRect().height,
    past: past.map((el) => el.outerHTML.slice(0, 80)),
    rows: [...table.querySelectorAll("tbody tr")].map((tr) => [...tr.cells].slice(1).map((td) => ({
      label: getComputedStyle(td, "::before").content.match(/^"([^"]*)"/)?.[1] ?? "",  // "Rules" / "": shown, not read
      heading: headings[td.cellIndex],
      link: td.children.length === 1 && td.firstElementChild.tagName === "A"
        && td.textContent === td.firstElementChild.textContent,
      top: Math.round(td.getBoundingClientRect().top),
      overflows: td.scrollWidth > td.clientWidth + 1,
    }))),
  };
}"""


def assert_cards(page: Any, selector: str, what: str) -> None:
    """The table at `selector` reads as cards on a phone: no heading row shown (the headings only for screen readers),
    in each row every figure under its own heading's words (a cell that is only a link needs none), the figures in one
    line, none wider than its column, nothing past the page's column (its `main` without the padding: within the
    screen, but off the line every other part of the page keeps, so it reads as cut off), and no label in what a
    screen reader reads of a figure."""
    cards: dict[str, Any] = page.locator(selector).evaluate(_CARDS)
    assert cards["header"] <= 1, (what, "a heading row above the cards")
    assert cards["past"] == [], (what, "past the page's column", cards["past"])
    for row in cards["rows"]:
        assert all(cell["label"] == ("" if cell["link"] else cell["heading"]) for cell in row), (what, row)
        assert len({cell["top"] for cell in row}) == 1, (what, "a card's figures in one line", row)
        assert not any(cell["overflows"] for cell in row), (what, "a figure wider than its column", row)
    # a screen reader hears a figure once, under its column's heading: the label drawn over it is not read
    figures = page.locator(f"{selector} tbody tr").first.locator("td").all()[1:]
    for cell, figure in zip(cards["rows"][0], figures, strict=True):
        assert not cell["label"] or cell["label"] not in figure.aria_snapshot(), (what, "a label read", cell)


def overlap(first: dict[str, float], second: dict[str, float], margin: float = 0.0) -> bool:
    """Whether the boxes cover each other by more than `margin` px (a text's box is its font's height, a little more
    than a tight line, so two lines of text touch by a pixel without hiding any of each other)."""
    return not (
        first["x"] + first["width"] - margin <= second["x"]
        or second["x"] + second["width"] - margin <= first["x"]
        or first["y"] + first["height"] - margin <= second["y"]
        or second["y"] + second["height"] - margin <= first["y"]
    )


def at_each_size(page: Any, *names: str) -> Iterator[str]:
    """Show the page at each of `SIZES` (or at those `names` names, in that order), yielding the size's name once
    the new layout is drawn (two frames: resize observers run, then the layout they changed is painted); the page is
    left at the last size."""
    for name in names or tuple(SIZES):
        page.set_viewport_size(SIZES[name])
        page.evaluate(_SETTLED)
        yield name
