"""A few places per key and a line for the rest (`web/places.py`): handed over in order, keys kept apart, a line
that ends, and a waiting one that has gone skipped."""

from __future__ import annotations

from heartcards.web.places import Places

BUSY, LINE = 2, 3


def test_places_are_handed_over_in_order_and_keys_kept_apart() -> None:
    places = Places(BUSY, LINE)
    admitted: list[str] = []
    for _ in range(BUSY):
        assert places.enter("192.0.2.1", lambda: admitted.append("never") is None)
    assert places.full("192.0.2.1") and not places.full("198.51.100.7")
    assert places.enter("198.51.100.7", lambda: admitted.append("never") is None)  # another address goes on
    for name in ("first", "then", "last"):
        assert not places.enter("192.0.2.1", lambda name=name: admitted.append(name) is None)  # type: ignore[misc]
    assert places.waiting("192.0.2.1") == 3
    places.leave("192.0.2.1")
    assert admitted == ["first"] and places.taken("192.0.2.1") == BUSY


def test_one_who_withdraws_leaves_the_line() -> None:
    places = Places(BUSY, LINE)
    admitted: list[str] = []
    for _ in range(BUSY):
        places.enter("192.0.2.1", lambda: True)

    def gone() -> bool:
        admitted.append("gone")
        return True

    def next_one() -> bool:
        admitted.append("next")
        return True

    places.enter("192.0.2.1", gone)
    places.enter("192.0.2.1", next_one)
    places.withdraw("192.0.2.1", gone)
    places.leave("192.0.2.1")
    assert admitted == ["next"]
    for _ in range(BUSY):
        places.leave("192.0.2.1")
    assert places.taken("192.0.2.1") == 0 and places.waiting("192.0.2.1") == 0


def test_the_line_has_an_end() -> None:
    places = Places(BUSY, LINE)
    for _ in range(BUSY + LINE):
        places.enter("192.0.2.1", lambda: True)
    assert places.line_full("192.0.2.1") and not places.line_full("192.0.2.2")


def test_a_place_handed_to_one_who_has_gone_goes_to_the_next() -> None:
    places = Places(BUSY, LINE)
    admitted: list[str] = []
    for _ in range(BUSY):
        places.enter("192.0.2.1", lambda: True)
    places.enter("192.0.2.1", lambda: False)  # cancelled meanwhile, not yet withdrawn
    places.enter("192.0.2.1", lambda: admitted.append("next") is None)
    places.leave("192.0.2.1")
    assert admitted == ["next"] and places.taken("192.0.2.1") == BUSY and places.waiting("192.0.2.1") == 0
    places.leave("192.0.2.1")
    places.leave("192.0.2.1")
    assert places.taken("192.0.2.1") == 0
