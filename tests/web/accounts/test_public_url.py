"""The public address setting keeps only an origin and refuses what is not an http(s) address."""

from __future__ import annotations

import pytest

from heartcards.runtime.settings import PublicUrlError, Settings, public_origin


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
