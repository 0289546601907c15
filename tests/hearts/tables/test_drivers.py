"""A table's driver is woken after a person's action only when it has something to do sooner than it planned; a
driver left asleep still stands in for an idle person on time."""

from __future__ import annotations

import asyncio
import math
import time

from heartcards.hearts.engine import Game, Phase, Variant
from heartcards.hearts.table import Seat, Table
from heartcards.hearts.tables.drivers import Drivers
from tests.hearts.tables.test_pacing import SlowThinkers
from tests.hearts.test_table import CREATED


def people_table(idle_seconds: int = 60, kinds: tuple[str, ...] = ("human",) * 4) -> Table:
    seats = [Seat(number, kind, f"P{number}") for number, kind in enumerate(kinds)]
    for seat in seats:
        seat.connections = 1 if seat.human else 0
    table = Table("d" * 32, "online", Variant.CLASSIC, 100, "easy", idle_seconds, "playing", CREATED, Game(5), seats, 5)
    table.after_change(time.monotonic())
    return table


def drivers_for(commits: list[int]) -> Drivers:
    async def commit(changed: Table) -> None:
        commits.append(len(changed.game.actions))
        changed.after_change(time.monotonic())

    return Drivers(
        commit=commit,
        publish=lambda _: None,
        finished=lambda _: None,
        deal_pause_seconds=60.0,
        bot_delay_seconds=0.0,
        thinkers=SlowThinkers(0.0),
    )


def test_a_persons_action_wakes_the_driver_only_when_it_has_something_to_do_sooner() -> None:
    drivers = drivers_for([])
    table = people_table()
    now = time.monotonic()
    table.driver_wakes_at = now + 1.0  # asleep for a second: before the idle deadline (a minute)
    drivers.nudge(table)
    assert not table.wake.is_set()
    table.driver_wakes_at = math.inf  # asleep until a change: the idle deadline must be looked at
    drivers.nudge(table)
    assert table.wake.is_set()
    table.wake.clear()
    table.driver_wakes_at = -math.inf  # not asleep (deciding, say): it looks at the table again by itself
    drivers.nudge(table)
    assert not table.wake.is_set()

    bots = people_table(kinds=("human", "bot", "bot", "bot"))
    bots.driver_wakes_at = now + 1.0
    drivers.nudge(bots)  # a computer player's pass is due now
    assert bots.wake.is_set()
    over = people_table()
    over.status = "finished"
    over.driver_wakes_at = now + 1.0
    drivers.nudge(over)  # the driver must end
    assert over.wake.is_set()


def test_a_driver_left_asleep_stands_in_for_an_idle_person_on_time() -> None:
    commits: list[int] = []
    drivers = drivers_for(commits)
    # 2 s: the three passes take 0.65 s, and on a machine loaded past its cores (load 11 on two) the 1 s this was
    # ran out before the third pass, so a stand-in passed for that seat too
    table = people_table(idle_seconds=2)

    async def scenario() -> float:
        drivers.ensure(table)
        await asyncio.sleep(0.05)
        assert math.isfinite(table.driver_wakes_at)  # asleep until the first idle deadline
        for seat in (0, 1, 2):  # three people pass in turn; the fourth idles
            await asyncio.sleep(0.2)
            table.game.apply_pass(seat, table.game.hand(seat)[:3])
            table.after_change(time.monotonic())
            drivers.nudge(table)
            assert not table.wake.is_set()  # the fourth's deadline did not move: nothing sooner to do
        idle_from = table.seats[3].waiting_since
        assert idle_from is not None
        while not commits:
            await asyncio.sleep(0.01)
        stood_in = time.monotonic() - idle_from
        await drivers.stop()
        return stood_in

    stood_in = asyncio.run(scenario())
    assert table.seats[3].away and commits[0] == 4 and table.game.phase is Phase.PLAY  # the stand-in passed
    assert 2.0 <= stood_in < 2.5  # from the fourth's own deadline, which the others' passes did not move
