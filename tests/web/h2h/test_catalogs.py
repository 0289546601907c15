"""The Heart to Heart pages' words: the labels of docs/rules/heart-to-heart.md#labels are used exactly, and every
rank has its name (the pages build `ui.rank.${rank}`). The checks every catalog shares are in tests/web/test_catalogs.py."""

from __future__ import annotations

import pytest

from heartcards.web.i18n import LANGUAGES, read_catalog
from heartcards.web.paths import LOCALES_DIR

SEED_LABELS = {
    "h2h.ui.settings.move_errors": ("Move errors", "Errori di mossa", "Σφάλματα κίνησης"),
    "h2h.ui.settings.placement_help": ("Placement help", "Aiuto al posizionamento", "Βοήθεια τοποθέτησης"),
    "h2h.ui.stalled.title": ("No moves possible", "Nessuna mossa possibile", "Δεν υπάρχουν άλλες δυνατές κινήσεις"),
    "ui.nav.examples": ("Examples", "Esempi", "Παραδείγματα"),
    "h2h.ui.examples.title": ("Examples", "Esempi", "Παραδείγματα"),
}
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


def pages_words(language: str) -> dict[str, str]:
    """The words the Heart to Heart pages read: their own catalog and the shared one."""
    folder = LOCALES_DIR / language / "LC_MESSAGES"
    return read_catalog(folder / "common_ui.po") | read_catalog(folder / "h2h_ui.po")


def test_the_seeds_labels_are_used_exactly() -> None:
    for key, labels in SEED_LABELS.items():
        for language, label in zip(LANGUAGES, labels, strict=True):
            assert pages_words(language)[key] == label, (language, key)


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_rank_has_its_name(language: str) -> None:
    words = pages_words(language)
    assert [rank for rank in RANKS if f"ui.rank.{rank}" not in words] == []
