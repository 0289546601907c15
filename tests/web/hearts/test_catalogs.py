"""The Hearts catalogs (`ui_hearts.po` for the pages, `hearts_server.po` for the server's errors): the same keys and
placeholders in English, Italian and Greek, every key the Hearts pages name exists, and so does every member of the
key families the pages build from game values (`hearts.ui.pass.${direction}` and the like)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from heartcards.hearts.engine import PassDirection, Variant
from heartcards.web.i18n import read_catalog

WEB = Path(__file__).resolve().parents[3] / "src/heartcards/web"
LANGUAGES = ("en", "it", "el")
CATALOGS = ("ui_hearts.po", "hearts_server.po")
PAGE_FILES = sorted((WEB / "static/js/hearts").glob("*.js")) + sorted((WEB / "templates").glob("hearts*.html"))
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


def keys_the_pages_name() -> set[str]:
    keys: set[str] = set()
    for path in PAGE_FILES:
        keys.update(re.findall(r"""["'`](hearts\.[a-z0-9_.]+[a-z0-9_])["'`]""", path.read_text(encoding="utf-8")))
    return keys


@pytest.mark.parametrize("name", CATALOGS)
def test_the_three_languages_hold_the_same_keys_and_placeholders(name: str) -> None:
    english = catalog("en", name)
    assert len(english) > 20
    for language in ("it", "el"):
        translated = catalog(language, name)
        assert set(translated) == set(english), language
        for key, text in translated.items():
            assert text.strip(), (language, key)
            assert set(re.findall(r"\{(\w+)\}", text)) == set(re.findall(r"\{(\w+)\}", english[key])), (language, key)


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_key_the_hearts_pages_use_is_translated(language: str) -> None:
    known = catalog(language, "ui_hearts.po") | catalog(language, "hearts_server.po")
    named = keys_the_pages_name()
    assert len(named) > 100
    built = {f"{family}.{member}" for family, members in FAMILIES.items() for member in members}
    plural = {key.removesuffix(".one") for key in known if key.endswith(".one")}  # tn("key", n): key.one, key.other
    assert sorted((named | built) - set(known) - plural) == []


def test_italian_and_greek_are_translations_not_copies() -> None:
    english = catalog("en", "ui_hearts.po")
    for language in ("it", "el"):
        copies = {
            key
            for key, text in catalog(language, "ui_hearts.po").items()
            if text == english[key]
            and text != "Hearts"  # the game's own name, in every language as the seed has it
            and not re.search(r"\.(rank\.\w+|idle_\d+|bot_tag|computer|col\.queens)$", key)
        }
        assert copies == set(), language
