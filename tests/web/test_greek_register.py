"""The Greek catalogs speak in one register (the polite plural) and use one word for a trick ("μπάζα")."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

GREEK = Path(__file__).resolve().parents[2] / "src/heartcards/web/locales/el/LC_MESSAGES"
CATALOGS = sorted(GREEK.glob("*.po"))
# Second-person singular forms (informal) that the app's sentences would use; the polite plural replaces each.
INFORMAL = re.compile(
    r"\b(σου|εσύ|Εσύ|Παίξε|παίξε|Διάλεξε|διάλεξε|Διάλεξες|Πάτησε|Ξεκίνα|Κάθισε|Κάθισες|Γράψε|Άνοιξε|Μοιράσου|"
    r"Δώσε|Δίνεις|Ανοίγεις|πήρες|Κέρδισες|μάζεψες|έχεις|μπορείς|περίμενε|ξαναδοκίμασε|Παρακολουθείς|Δείξε|Δες)\b"
)


def messages(path: Path) -> list[str]:
    return re.findall(r'^msgstr "(.*)"$', path.read_text(encoding="utf-8"), flags=re.MULTILINE)


@pytest.mark.parametrize("path", CATALOGS, ids=[path.name for path in CATALOGS])
def test_greek_messages_use_the_polite_plural(path: Path) -> None:
    informal = [text for text in messages(path) if INFORMAL.search(text)]
    assert informal == []


@pytest.mark.parametrize("path", CATALOGS, ids=[path.name for path in CATALOGS])
def test_a_trick_is_always_a_mpaza(path: Path) -> None:
    assert [text for text in messages(path) if "χαρτωσι" in text] == []
