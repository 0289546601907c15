"""Display names people type (a Hearts seat's name, an account's name): what another player's screen will show.

A name is NFKC-normalised (compatibility forms folded: fullwidth letters, ligatures, the presentation forms one
code point of which is a whole phrase) and trimmed, and its length is checked on what is stored, after that, so a
name cannot grow past `MAX_NAME_LENGTH` on its way to the database. It is refused when it holds a control character
(NUL included, which PostgreSQL cannot store), a bidirectional embedding, override or isolate (they would turn the
text around it on other players' screens), an unassigned or private-use code point; when nothing of it is visible
(only spaces, zero-width joiners, marks without a base, or the letters and symbols that draw nothing: Hangul fillers,
the braille blank); and, at a Hearts table, when it is a computer player's name, which would pass a person off
as the bot.
Each refusal is a `KeyedError`, answered 422 with its message in the asker's language.
"""

from __future__ import annotations

import unicodedata
from typing import Final

from heartcards.web.errors import WebError

MAX_NAME_LENGTH: Final = 24
BIDI_CONTROLS: Final = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c")
REFUSED_CATEGORIES: Final = frozenset({"Cc", "Cs", "Co", "Cn"})
VISIBLE_CATEGORIES: Final = ("L", "N", "P", "S")
"""Letters, digits, punctuation, symbols (emoji included): at least one must be there."""
BLANK_GLYPHS: Final = frozenset("\u115f\u1160\u3164\uffa0\u2800\u17b4\u17b5\u180e\u2028\u2029")
"""Code points of those categories that draw nothing: the Hangul fillers, the braille blank, Khmer's inherent
vowels, the Mongolian vowel separator."""
ALLOWED_FORMAT: Final = frozenset("\u200c\u200d")
"""Zero-width non-joiner and joiner: needed inside some scripts' words and emoji sequences, harmless beside others."""


class DisplayNameError(WebError):
    """A display name that may not be shown to others."""

    status = 422
    key = "error.name.invisible"


class NameControlError(DisplayNameError):
    key = "error.name.control"


class NameDirectionError(DisplayNameError):
    key = "error.name.direction"


class NameTooLongError(DisplayNameError):
    key = "error.name.too_long"


class NameReservedError(DisplayNameError):
    key = "error.name.reserved"


def display_name(value: str, reserved: frozenset[str] = frozenset()) -> str:
    """The name as it is stored and shown; raises a `DisplayNameError` for a name that may not be shown, or that is
    one of `reserved` (case-folded names: a Hearts seat may not take a computer player's)."""
    name = unicodedata.normalize("NFKC", value).strip()
    for character in name:
        category = unicodedata.category(character)
        if character in BIDI_CONTROLS:
            raise NameDirectionError(field="name", code=f"U+{ord(character):04X}")
        if category in REFUSED_CATEGORIES or (category == "Cf" and character not in ALLOWED_FORMAT):
            raise NameControlError(field="name", code=f"U+{ord(character):04X}")
    if len(name) > MAX_NAME_LENGTH:
        raise NameTooLongError(field="name", limit=MAX_NAME_LENGTH, length=len(name))
    visible = [c for c in name if unicodedata.category(c).startswith(VISIBLE_CATEGORIES) and c not in BLANK_GLYPHS]
    if not visible:
        raise DisplayNameError(field="name")
    if " ".join(name.split()).casefold() in reserved:
        raise NameReservedError(field="name", name=name)
    return name
