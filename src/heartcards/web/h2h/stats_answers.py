"""The statistics' answers, kept: a player asking their statistics again, their games unchanged, gets the answer
counted before, for one query that sums their games (`h2h_stats.SIGNATURE`) instead of reading and counting every one
of them (some 30 ms of Python for a player of 2,000 games, which a client asking over and over would take from
everyone: `benchmarks/fairness.py`'s `heavy_reads`). The signature is read from the database each time, so a change
made by any server of the site is seen at once."""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Final

from heartcards.storage.h2h_repository import H2HRepository
from heartcards.web.h2h.models import Stats

KEPT_ANSWERS: Final = 128
"""Players whose answers are kept (the most recently asked)."""


class StatsAnswers:
    """Each player's statistics as the API answers them (JSON), with the signature of the games they were counted
    from. Called from the reading threads."""

    def __init__(self, repository: H2HRepository) -> None:
        self.repository = repository
        self._kept: OrderedDict[str, tuple[tuple[object, ...], bytes]] = OrderedDict()
        self._lock = threading.Lock()

    def answer(self, player_id: str) -> bytes:
        """The player's statistics as JSON: kept if their games' signature is the one they were counted at."""
        signature = self.repository.stats_signature(player_id)
        with self._lock:
            kept = self._kept.get(player_id)
            if kept is not None and kept[0] == signature:
                self._kept.move_to_end(player_id)
                return kept[1]
        stats = self.repository.stats(player_id)  # read after the signature: never older than it says
        body = Stats.model_validate(stats).model_dump_json().encode()
        with self._lock:
            self._kept[player_id] = (signature, body)
            self._kept.move_to_end(player_id)
            while len(self._kept) > KEPT_ANSWERS:
                self._kept.popitem(last=False)
        return body
