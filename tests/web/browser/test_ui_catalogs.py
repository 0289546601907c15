"""The front end's catalogs (ui.po): every key the pages use exists in English, Italian and Greek (a plural family
`tn("key", n)` as `key.one` and `key.other`), the three catalogs hold the same keys, and the labels of
docs/rules/heart-to-heart.md#labels are used exactly."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from heartcards.web.i18n import read_catalog

WEB = Path(__file__).resolve().parents[3] / "src/heartcards/web"
STATIC = WEB / "static"
LANGUAGES = ("en", "it", "el")
OWN_FILES = (
    sorted((STATIC / "js").glob("*.js"))
    + sorted((STATIC / "js" / "play").glob("*.js"))
    + [WEB / "templates" / f"{name}.html" for name in ("index", "play", "rules", "examples", "stats", "replay")]
)
SEED_LABELS = {
    "ui.settings.move_errors": ("Move errors", "Errori di mossa", "Σφάλματα κίνησης"),
    "ui.settings.placement_help": ("Placement help", "Aiuto al posizionamento", "Βοήθεια τοποθέτησης"),
    "ui.stalled.title": ("No moves possible", "Nessuna mossa possibile", "Δεν υπάρχουν άλλες δυνατές κινήσεις"),
    "ui.nav.examples": ("Examples", "Esempi", "Παραδείγματα"),
    "ui.examples.title": ("Examples", "Esempi", "Παραδείγματα"),
}


def catalog(language: str) -> dict[str, str]:
    return read_catalog(WEB / "locales" / language / "LC_MESSAGES" / "ui.po")


def plural_families(messages: dict[str, str]) -> set[str]:
    """The keys `tn` takes: those whose `.one` and `.other` forms the catalog holds."""
    return {key.removesuffix(".one") for key in messages if key.endswith(".one")} & {
        key.removesuffix(".other") for key in messages if key.endswith(".other")
    }


def used_keys() -> set[str]:
    keys: set[str] = set()
    for path in OWN_FILES:
        text = path.read_text(encoding="utf-8")
        keys.update(re.findall(r"""["'`](ui\.[a-z0-9_.]+[a-z0-9_])["'`]""", text))
    return keys


def test_the_three_catalogs_hold_the_same_keys() -> None:
    english = set(catalog("en"))
    assert english
    for language in ("it", "el"):
        assert set(catalog(language)) == english, language


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_key_the_pages_use_is_translated(language: str) -> None:
    messages = catalog(language)
    missing = sorted(key for key in used_keys() if key not in messages and key not in plural_families(messages))
    assert not missing
    for rank in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"):
        assert f"ui.rank.{rank}" in messages


@pytest.mark.parametrize("domain", ["ui.po", "ui_hearts.po"])
def test_every_plural_family_has_both_forms_in_every_language(domain: str) -> None:
    for language in LANGUAGES:
        messages = read_catalog(WEB / "locales" / language / "LC_MESSAGES" / domain)
        ones = {key.removesuffix(".one") for key in messages if key.endswith(".one")}
        others = {key.removesuffix(".other") for key in messages if key.endswith(".other")}
        assert ones == others, (language, domain, ones ^ others)
        assert len(ones) >= 3, (language, domain)


def test_placeholders_match_across_languages() -> None:
    english = catalog("en")
    for language in ("it", "el"):
        for key, text in catalog(language).items():
            assert set(re.findall(r"\{(\w+)\}", text)) == set(re.findall(r"\{(\w+)\}", english[key])), (language, key)


def test_the_seeds_labels_are_used_exactly() -> None:
    for key, labels in SEED_LABELS.items():
        for language, label in zip(LANGUAGES, labels, strict=True):
            assert catalog(language)[key] == label, (language, key)
