"""The translation catalogs, `locales/{en,it,el}/LC_MESSAGES/<part>_<side>.po`: one pair per part of the front end
(`common`, shared by both games, then `h2h`, `hearts`, `account`), `ui` for the pages' words and `server` for the
server's messages. In every catalog English, Italian and Greek hold the same keys with the same placeholders and
every plural family (`tn("key", n)`: `key.one`, `key.other`) has both forms; each key lives in one catalog only; and
every key a part's pages name exists in its own catalogs or the shared ones."""

from __future__ import annotations

import re

import pytest

from heartcards.web.i18n import LANGUAGES, read_catalog
from heartcards.web.paths import LOCALES_DIR, PAGES_DIR, STATIC_DIR

PARTS = ("common", "h2h", "hearts", "account")
SIDES = ("ui", "server")
JS = STATIC_DIR / "js"
PAGE_FILES = {
    "common": [*JS.glob("common/*.js"), JS / "home.js", *PAGES_DIR.glob("common/*.html")],
    **{part: [*JS.glob(f"{part}/**/*.js"), *PAGES_DIR.glob(f"{part}/*.html")] for part in ("h2h", "hearts", "account")},
}
"""The files whose keys a person may read; the computer players (`hearts/bots/`) show no text."""
PAGE_FILES["hearts"] = [path for path in PAGE_FILES["hearts"] if "bots" not in path.parts]
NAMED_KEY = re.compile(r"""["'`]((?:ui|h2h|hearts|account|error)\.[a-z0-9_.]*[a-z0-9_])["'`]""")
PLACEHOLDER = re.compile(r"\{(\w+)\}")


def catalog(language: str, part: str, side: str) -> dict[str, str]:
    path = LOCALES_DIR / language / "LC_MESSAGES" / f"{part}_{side}.po"
    return read_catalog(path) if path.exists() else {}


def part_keys(language: str, part: str) -> dict[str, str]:
    """What a part's pages may name: its own catalogs and the shared ones."""
    known: dict[str, str] = {}
    for owner in {"common", part}:
        for side in SIDES:
            known |= catalog(language, owner, side)
    return known


def test_every_catalog_is_one_parts_ui_or_server() -> None:
    for language in LANGUAGES:
        names = {path.stem for path in (LOCALES_DIR / language / "LC_MESSAGES").glob("*.po")}
        assert names == {f"{part}_{side}" for part in PARTS for side in SIDES}, language


@pytest.mark.parametrize("part", PARTS)
@pytest.mark.parametrize("side", SIDES)
def test_the_three_languages_hold_the_same_keys_placeholders_and_plural_forms(part: str, side: str) -> None:
    english = catalog("en", part, side)
    assert english
    for language in LANGUAGES:
        translated = catalog(language, part, side)
        assert set(translated) == set(english), language
        for key, text in translated.items():
            assert text.strip(), (language, key)
            assert set(PLACEHOLDER.findall(text)) == set(PLACEHOLDER.findall(english[key])), (language, key)
        ones = {key.removesuffix(".one") for key in translated if key.endswith(".one")}
        others = {key.removesuffix(".other") for key in translated if key.endswith(".other")}
        assert ones == others, (language, part, side, ones ^ others)


@pytest.mark.parametrize("language", LANGUAGES)
def test_each_key_lives_in_one_catalog(language: str) -> None:
    seen: dict[str, str] = {}
    for path in sorted((LOCALES_DIR / language / "LC_MESSAGES").glob("*.po")):
        for key in read_catalog(path):
            assert key not in seen, (key, seen.get(key), path.name)
            seen[key] = path.name


@pytest.mark.parametrize("part", PARTS)
def test_every_key_a_part_names_is_in_its_catalogs_or_the_shared_ones(part: str) -> None:
    named = {key for path in PAGE_FILES[part] for key in NAMED_KEY.findall(path.read_text(encoding="utf-8"))}
    assert len(named) > 20
    for language in LANGUAGES:
        known = part_keys(language, part)
        plural = {key.removesuffix(".one") for key in known if key.endswith(".one")}
        assert sorted(named - set(known) - plural) == [], language


def test_greek_names_the_four_player_game_as_its_menu_does() -> None:
    """One word for each thing: the Greek pages call Hearts "Κούπες" (the menu, the lobby, the statistics), so no
    Greek text says "Hearts" beside it (the rules page and the account's data text once did)."""
    greek = {key: text for part in PARTS for side in SIDES for key, text in catalog("el", part, side).items()}
    assert greek["hearts.ui.nav.hearts"] == "Κούπες"
    assert [key for key, text in greek.items() if "Hearts" in text] == []
