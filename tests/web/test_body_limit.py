"""A body over the limit answers 413, also when it is streamed without a declared length (it answered 400)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest


def chunks(total: int, size: int = 1024) -> Iterator[bytes]:
    for _ in range(total // size):
        yield b"x" * size


@pytest.mark.parametrize("path", ["/api/h2h/games", "/api/hearts/tables"])
def test_a_streamed_body_over_the_limit_answers_413(client: Any, path: str) -> None:
    answer = client.post(path, content=chunks(64 * 1024), headers={"content-type": "application/json"})
    assert answer.status_code == 413 and answer.json()["error"]["key"] == "error.body_too_large"


def test_a_declared_body_over_the_limit_answers_413(client: Any) -> None:
    answer = client.post("/api/h2h/games", content=b"x" * 20_000, headers={"content-type": "application/json"})
    assert answer.status_code == 413


def test_a_small_streamed_body_still_works(client: Any) -> None:
    body = iter([b'{"code": ', b'"HH1-N-AAAAAAM"}'])
    answer = client.post("/api/h2h/games", content=body, headers={"content-type": "application/json"})
    assert answer.is_success
