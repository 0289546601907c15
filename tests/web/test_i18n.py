"""Language resolution and the merged catalogs served to the browser."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from heartcards.web.i18n import Catalogs, preferred_from_header, resolve_language


@pytest.mark.parametrize(
    ("header", "expected"),
    [
        ("it-IT,it;q=0.9,en;q=0.8", "it"),
        ("fr-FR,fr;q=0.9,el;q=0.5,en;q=0.4", "el"),
        ("en;q=0.1, it;q=0.9", "it"),
        ("el;q=0, it;q=0.2", "it"),
        ("fr", None),
        ("", None),
        ("it;q=abc", None),
        (",,;;==", None),
        ("IT-it;q=0.5, en-GB;q=0.4", "it"),
        ("*, el;q=0.5", "el"),
        ("it_IT", "it"),
        ("fr;q=1, it;q=0.3, el;q=0.3", "it"),
    ],
)
def test_accept_language(header: str, expected: str | None) -> None:
    assert preferred_from_header(header) == expected


def test_resolution_order() -> None:
    assert resolve_language("el", "it", "en") == "el"
    assert resolve_language("xx", "it", "el") == "it"
    assert resolve_language(None, "bogus", "el-GR") == "el"
    assert resolve_language(None, None, None) == "en"


def test_domains_merge_with_the_server_winning_and_english_filling_in(tmp_path: Path) -> None:
    for language, ui, server in (("en", "Play", "Oops"), ("it", "Gioca", None)):
        folder = tmp_path / language / "LC_MESSAGES"
        folder.mkdir(parents=True)
        (folder / "h2h_ui.po").write_text(f'msgid "ui.play"\nmsgstr "{ui}"\n\nmsgid "same"\nmsgstr "from ui"\n')
        if server:
            (folder / "common_server.po").write_text(
                f'msgid "error.x"\nmsgstr "{server} {{name}}"\n\nmsgid "same"\nmsgstr "s"\n'
            )
    catalogs = Catalogs.load(tmp_path)
    assert catalogs.translate("it", "ui.play") == "Gioca"
    assert catalogs.translate("it", "error.x", {"name": "n"}) == "Oops n"
    assert catalogs.translate("en", "same") == "s"
    assert catalogs.translate("el", "ui.play") == "Play"
    assert catalogs.translate("en", "missing.key") == "missing.key"
    assert catalogs.translate("en", "error.x", {}) == "Oops {name}"


def test_the_catalog_endpoint(client: Any) -> None:
    answer = client.get("/api/i18n/el").json()
    assert answer["lang"] == "el"
    assert answer["messages"]["h2h.must_be_same_rank"] == "Πρέπει να έχει την ίδια αξία"


def test_the_catalog_is_revalidated_with_its_etag(client: Any) -> None:
    first = client.get("/api/i18n/it")
    etag = first.headers["etag"]
    again = client.get("/api/i18n/it", headers={"If-None-Match": etag})
    assert again.status_code == 304 and again.content == b""
    assert client.get("/api/i18n/el", headers={"If-None-Match": etag}).status_code == 200
