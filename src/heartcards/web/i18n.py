"""Languages and messages: which language a request wants, and the Babel catalogs that say it.

Catalogs are gettext `.po` files under `locales/{lang}/LC_MESSAGES/{part}_{side}.po` whose msgids are dotted keys
(`h2h.error.deal_code`): `part` is `common` (what both games share), `h2h`, `hearts` or `account`; `side` is
`server` (the server's messages: errors) or `ui` (the pages' words). Every catalog of a language is merged, a
server's winning a clash. They are read once at start-up. A missing translation falls back to English, then to the
key itself.
"""

from __future__ import annotations

import functools
import hashlib
import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final

from babel.core import negotiate_locale
from babel.messages.pofile import read_po
from starlette.requests import HTTPConnection

from heartcards.web.paths import LOCALES_DIR

LANGUAGES: Final = ("en", "it", "el")
DEFAULT_LANGUAGE: Final = "en"
SERVER_SIDE: Final = "_server"
LANGUAGE_COOKIE: Final = "hc_lang"


def normalize_language(value: str | None) -> str | None:
    """`"it-IT"` → `"it"`; None for anything that is not one of ours."""
    if not value:
        return None
    primary = value.strip().lower().replace("_", "-").split("-", 1)[0]
    return primary if primary in LANGUAGES else None


def preferred_from_header(accept_language: str | None) -> str | None:
    """The best of our languages in an `Accept-Language` header (`"it-IT,it;q=0.9,en;q=0.8"` → `"it"`): the tags
    ranked by weight, then Babel's `negotiate_locale` picks the first we speak (`it-IT` counts as `it`)."""
    if not accept_language:
        return None
    ranked = sorted(_weighted_tags(accept_language[:1000]), key=lambda weighted: -weighted[0])  # stable: ties by order
    chosen = negotiate_locale([tag for _, tag in ranked], LANGUAGES, sep="-", aliases={})
    return normalize_language(chosen)


def _weighted_tags(accept_language: str) -> Iterator[tuple[float, str]]:
    """Each language tag of the header with its weight (`q`, 1 if absent); tags weighing 0 or less are left out."""
    for part in accept_language.split(","):
        tag, *parameters = (field.strip() for field in part.split(";"))
        quality = 1.0
        for parameter in parameters:
            name, _, value = parameter.partition("=")
            if name.strip() == "q":
                try:
                    quality = float(value)
                except ValueError:
                    quality = 0.0
        if tag and quality > 0:
            yield quality, tag.replace("_", "-")


def resolve_language(query: str | None, cookie: str | None, accept_language: str | None) -> str:
    """`?lang=` first, then the `hc_lang` cookie, then the browser's languages, then English."""
    return (
        normalize_language(query)
        or normalize_language(cookie)
        or preferred_from_header(accept_language)
        or DEFAULT_LANGUAGE
    )


def language_of(connection: HTTPConnection) -> str:
    """A request's or socket's language: `?lang=`, the `hc_lang` cookie, `Accept-Language`, else English."""
    return resolve_language(
        connection.query_params.get("lang"),
        connection.cookies.get(LANGUAGE_COOKIE),
        connection.headers.get("accept-language"),
    )


class _Defaults(dict[str, object]):
    """Leaves unknown `{placeholders}` as they are instead of failing."""

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


@dataclass(frozen=True, slots=True)
class Catalogs:
    """Every language's messages, all catalogs merged (server keys win on a clash)."""

    messages: Mapping[str, Mapping[str, str]]
    _encoded: dict[str, tuple[bytes, str]] = field(default_factory=dict, compare=False, repr=False)

    @classmethod
    def load(cls, locales_dir: Path) -> Catalogs:
        merged: dict[str, dict[str, str]] = {}
        for language in LANGUAGES:
            messages: dict[str, str] = {}
            folder = locales_dir / language / "LC_MESSAGES"
            paths = sorted(folder.glob("*.po")) if folder.is_dir() else []
            paths.sort(key=lambda path: path.stem.endswith(SERVER_SIDE))  # the server's catalogs last: they win
            for path in paths:
                messages.update(read_catalog(path))
            merged[language] = messages
        english = merged[DEFAULT_LANGUAGE]
        complete = {
            language: {**english, **messages} if language != DEFAULT_LANGUAGE else messages
            for language, messages in merged.items()
        }
        return cls(complete)

    def encoded(self, language: str) -> tuple[bytes, str]:
        """The JSON the browser gets (`{"lang", "messages"}`) and its ETag, made once per language."""
        found = self._encoded.get(language)
        if found is None:
            document = {"lang": language, "messages": dict(self.catalog(language))}
            body = json.dumps(document, ensure_ascii=False, separators=(",", ":")).encode()
            found = (body, '"' + hashlib.sha256(body).hexdigest()[:32] + '"')
            self._encoded[language] = found
        return found

    def catalog(self, language: str) -> Mapping[str, str]:
        return self.messages.get(language, self.messages[DEFAULT_LANGUAGE])

    def translate(self, language: str, key: str, params: Mapping[str, object] | None = None) -> str:
        text = self.catalog(language).get(key) or self.messages[DEFAULT_LANGUAGE].get(key) or key
        if params:
            try:
                return text.format_map(_Defaults(params))
            except (ValueError, IndexError, AttributeError):
                return text
        return text


@functools.cache
def shipped_catalogs() -> Catalogs:
    """The catalogs the app ships with (`paths.LOCALES_DIR`), read once per process: every app made in it and the
    server's own answers (`web.protocols`) share them."""
    return Catalogs.load(LOCALES_DIR)


def read_catalog(path: Path) -> dict[str, str]:
    """The translated messages of one `.po` file, msgid → msgstr (empty and fuzzy ones skipped)."""
    with path.open("rb") as handle:
        catalog = read_po(handle)
    messages: dict[str, str] = {}
    for message in catalog:
        if not message.id or message.fuzzy or not isinstance(message.id, str):
            continue
        if isinstance(message.string, str) and message.string:
            messages[message.id] = message.string
    return messages
