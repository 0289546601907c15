"""The Account page's catalogs hold the same keys in every language and every key the page uses; the public address
setting keeps only an origin and refuses what is not an http(s) address."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from heartcards.runtime.settings import PublicUrlError, Settings, public_origin
from heartcards.web.i18n import LANGUAGES, read_catalog
from heartcards.web.paths import LOCALES_DIR, STATIC_DIR

PAGE = STATIC_DIR / "js" / "account.js"


def catalog(language: str) -> dict[str, str]:
    messages: dict[str, str] = read_catalog(LOCALES_DIR / language / "LC_MESSAGES" / "ui_account.po")
    return messages


def test_every_language_has_the_same_keys_and_every_key_the_page_uses() -> None:
    english = catalog("en")
    used = set(re.findall(r"""["'`](account\.ui\.[a-z_.]+[a-z_])["'`]""", Path(PAGE).read_text(encoding="utf-8")))
    assert len(used) > 40
    for language in LANGUAGES:
        messages = catalog(language)
        assert set(messages) == set(english), language
        missing = {key for key in used if key not in messages and f"{key}.one" not in messages}
        assert not missing, (language, missing)


def test_the_public_url_gives_an_origin(monkeypatch: pytest.MonkeyPatch) -> None:
    assert public_origin("https://Cards.Example.org/play?x=1") == "https://cards.example.org"
    assert public_origin("http://localhost:8000/") == "http://localhost:8000"
    assert public_origin(None) is None
    monkeypatch.setenv("HEARTCARDS_PUBLIC_URL", "https://a.example/")
    assert Settings.from_environment("sqlite://").public_url == "https://a.example"
    assert Settings.from_environment("sqlite://", public_url="https://b.example").public_url == "https://b.example"


@pytest.mark.parametrize("url", ["cards.example.org", "ftp://cards.example.org", "https://", "javascript:alert(1)"])
def test_a_public_url_that_is_not_an_address_is_refused(url: str) -> None:
    with pytest.raises(PublicUrlError, match="--public-url"):
        public_origin(url)
