"""The reading threads' JSON written in pieces: byte for byte what a `JSONResponse` writes."""

from __future__ import annotations

from typing import Any

from fastapi.responses import JSONResponse
from hypothesis import given
from hypothesis import strategies as st

from heartcards.web.reading import json_in_pieces

LEAVES = st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text()
VALUES = st.recursive(
    LEAVES,
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=5) | st.integers(), children, max_size=4)
    ),
    max_leaves=30,
)


def test_an_export_like_answer_is_written_as_a_json_response_writes_it() -> None:
    export: dict[str, Any] = {
        "account": {"id": "a" * 32, "name": "Ζωή ♥", "created_at": "2026-12-07T10:00:00+00:00"},
        "passkeys": [],
        "sessions": [{"id": "s1", "label": "Firefox · Android"}],
        "recovery_codes": {"total": 10, "unused": 9},
        "h2h_games": [
            {"id": str(number), "moves": "1-2 S", "score": 1.5, "won": number % 2 == 0} for number in range(5)
        ],
        "hearts_games": [{"table": {"id": "t"}, "deal_logs": [[1, 2], {"3": None}], "my_seat": (0, "Ada")}],
    }
    assert json_in_pieces(export) == JSONResponse(export).body


@given(VALUES)
def test_any_value_is_written_as_a_json_response_writes_it(value: object) -> None:
    assert json_in_pieces(value) == JSONResponse(value).body
