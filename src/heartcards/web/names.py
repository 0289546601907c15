"""Display names people type (a Hearts seat's name): what another player's screen will show.

A name is NFC-normalised and trimmed; it is refused when it holds a control character (NUL included, which
PostgreSQL cannot store), a bidirectional embedding, override or isolate (they would turn the text around it on
other players' screens), an unassigned or private-use code point, or when nothing of it is visible (only spaces,
zero-width joiners, marks without a base).
"""

from __future__ import annotations

import unicodedata
from typing import Final

BIDI_CONTROLS: Final = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c")
REFUSED_CATEGORIES: Final = frozenset({"Cc", "Cs", "Co", "Cn"})
VISIBLE_CATEGORIES: Final = ("L", "N", "P", "S")
"""Letters, digits, punctuation, symbols (emoji included): at least one must be there."""
ALLOWED_FORMAT: Final = frozenset("\u200c\u200d")
"""Zero-width non-joiner and joiner: needed inside some scripts' words and emoji sequences, harmless beside others."""


class DisplayNameError(ValueError):
    """A display name that may not be shown to others; the message says why (and quotes the code point)."""


def display_name(value: str) -> str:
    """The name as it is stored and shown; raises `DisplayNameError` for a name that may not be shown."""
    name = unicodedata.normalize("NFC", value).strip()
    for character in name:
        category = unicodedata.category(character)
        if character in BIDI_CONTROLS:
            raise DisplayNameError(f"the name holds a text-direction control (U+{ord(character):04X})")
        if category in REFUSED_CATEGORIES or (category == "Cf" and character not in ALLOWED_FORMAT):
            raise DisplayNameError(f"the name holds an invisible or control character (U+{ord(character):04X})")
    if not any(unicodedata.category(character).startswith(VISIBLE_CATEGORIES) for character in name):
        raise DisplayNameError("the name has nothing visible in it")
    return name
