"""The Hearts catalogs (`hearts_ui.po` for the pages, `hearts_server.po` for the server's errors): every member of
the key families the pages build from game values (`hearts.ui.pass.${direction}` and the like) exists, and Italian
and Greek are translations, not copies. The checks every catalog shares are in tests/web/test_catalogs.py."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from heartcards.hearts.engine import PassDirection, Variant
from heartcards.web.i18n import read_catalog

WEB = Path(__file__).resolve().parents[3] / "src/heartcards/web"
LANGUAGES = ("en", "it", "el")
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
PASSING = [direction.value for direction in PassDirection if direction is not PassDirection.NONE]
FAMILIES = {
    "hearts.ui.rank": RANKS,
    "hearts.ui.card": ("C", "D", "S", "H"),
    "hearts.ui.pass": PASSING,
    "hearts.ui.direction": PASSING,
    "hearts.ui.variant": [variant.value for variant in Variant] + [f"{variant.value}_note" for variant in Variant],
    "hearts.ui.extension": ("tie", "perfect_hand", "after_tie", "after_perfect_hand"),
    "hearts.ui.speed": ("slow", "normal", "fast"),
    "hearts.ui.stats.col": ("date", "rules", "place", "points", "moons", "queens"),
}
"""Keys the pages build from a value (`t(\\`hearts.ui.pass.${direction}\\`)`): every value they can meet."""


def catalog(language: str, name: str) -> dict[str, str]:
    return read_catalog(WEB / "locales" / language / "LC_MESSAGES" / name)


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_key_the_hearts_pages_build_is_translated(language: str) -> None:
    known = catalog(language, "hearts_ui.po")
    built = {f"{family}.{member}" for family, members in FAMILIES.items() for member in members}
    assert sorted(built - set(known)) == []


def test_italian_and_greek_are_translations_not_copies() -> None:
    english = catalog("en", "hearts_ui.po")
    for language in ("it", "el"):
        copies = {
            key
            for key, text in catalog(language, "hearts_ui.po").items()
            if text == english[key]
            and text != "Hearts"  # the game's own name, in every language as the seed has it
            and not re.search(r"\.(rank\.\w+|idle_\d+|bot_tag|computer|col\.queens)$", key)
        }
        assert copies == set(), language
