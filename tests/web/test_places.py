"""A few places per key and a line for the rest (`web/places.py`): handed over in order, keys kept apart, a line
that ends, a waiting one that has gone skipped; and a request's places given back while it waits elsewhere."""

from __future__ import annotations

import asyncio

from heartcards.web.places import Places, holding, waiting_elsewhere

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


class NotedPlace:
    def __init__(self, name: str, noted: list[str]) -> None:
        self.name = name
        self.noted = noted

    def give_back(self) -> None:
        self.noted.append(f"{self.name} given back")

    async def take_again(self) -> None:
        self.noted.append(f"{self.name} taken again")


def test_waiting_elsewhere_gives_the_places_back_and_takes_them_again_in_the_order_they_were_taken() -> None:
    noted: list[str] = []

    async def request() -> None:
        async with waiting_elsewhere():  # outside any request: nothing to give back
            noted.append("waiting")
        with holding(NotedPlace("connection", noted), NotedPlace("client", noted)):
            async with waiting_elsewhere():
                noted.append("waiting")

    asyncio.run(request())
    assert noted == [
        "waiting",
        "client given back",
        "connection given back",
        "waiting",
        "connection taken again",
        "client taken again",
    ]


def test_a_task_the_request_started_gives_none_of_its_places_back() -> None:
    """Such a task copies the request's context, and may outlive it (a search shielded from the request's going
    away): what it gave back it would take again for good. A request started from it (its connection let in by
    this one's place given back) gives back its own places only."""
    noted: list[str] = []

    async def started_by_the_request() -> None:
        async with waiting_elsewhere():
            noted.append("waiting in another task")

    async def request_started_from_it() -> None:
        with holding(NotedPlace("its own", noted)):
            async with waiting_elsewhere():
                noted.append("the other request waiting")

    async def request() -> None:
        with holding(NotedPlace("connection", noted)):
            await asyncio.create_task(started_by_the_request())
            await asyncio.create_task(request_started_from_it())

    asyncio.run(request())
    assert noted == [
        "waiting in another task",
        "its own given back",
        "the other request waiting",
        "its own taken again",
    ]


def test_waiting_for_a_place_takes_one_in_line_and_one_who_gives_up_leaves_the_line() -> None:
    async def scenario() -> None:
        places = Places(1, LINE)
        await places.wait_for("192.0.2.1")  # free: taken at once
        first = asyncio.create_task(places.wait_for("192.0.2.1"))
        gone = asyncio.create_task(places.wait_for("192.0.2.1"))
        last = asyncio.create_task(places.wait_for("192.0.2.1"))
        await asyncio.sleep(0)
        assert places.waiting("192.0.2.1") == 3
        gone.cancel()
        await asyncio.sleep(0)
        assert places.waiting("192.0.2.1") == 2
        places.leave("192.0.2.1")
        await first
        assert not last.done() and places.taken("192.0.2.1") == 1
        places.leave("192.0.2.1")
        await last
        places.leave("192.0.2.1")
        assert places.taken("192.0.2.1") == 0 and places.waiting("192.0.2.1") == 0

    asyncio.run(scenario())
