"""Nothing applied that was not stored: a Heart to Heart tap whose save fails changes nothing and says so; the retry,
once the database is back, plays the move once."""

from __future__ import annotations

from typing import Any

import pytest

from heartcards.storage.h2h_repository import H2HRepository
from tests.web.h2h.helpers import new_game


def test_a_tap_that_cannot_be_stored_is_not_played(
    client: Any, shared_app: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    view = new_game(client)
    repository: H2HRepository = shared_app.state.h2h.games.repository

    def disk_full(*_: object) -> None:
        raise OSError(28, "No space left on device")

    with monkeypatch.context() as patched:
        patched.setattr(repository, "save_progress", disk_full)
        failed = client.post(f"/api/h2h/games/{view['id']}/tap", json={"target": "stock"})
        assert failed.status_code == 503 and failed.json()["error"]["key"] == "error.not_saved"
        assert failed.json()["error"]["message"] != "error.not_saved"
    unchanged = client.get(f"/api/h2h/games/{view['id']}").json()
    assert unchanged["record"] == view["record"]  # the move was not applied
    tapped = client.post(f"/api/h2h/games/{view['id']}/tap", json={"target": "stock"})
    assert tapped.status_code == 200
    assert client.get(f"/api/h2h/games/{view['id']}").json()["record"] == view["record"] + " S"  # played once
