"""Hearts ratings: openskill's Plackett–Luce model over a finished game's places, one rating per ruleset.

A game is rated when at least two people sat at it. Each seat is one player of a four-way match ranked by the
game's places (lowest total first; equal totals share a place); a person who left before the end and did not come
back ranks last, below every place. A computer player of a level is one identity: when two of its seats sit at one
table, each seat is rated from the level's rating and the level keeps the mean of their new ratings.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from openskill.models import PlackettLuce

RATED_PEOPLE: Final = 2
"""A game is rated when at least this many of its seats are people."""
DISPLAY_BASE: Final = 1000
DISPLAY_SCALE: Final = 40
"""The shown rating is DISPLAY_BASE + DISPLAY_SCALE × (μ − 3σ): a new player shows 1000, and it rises as the model
grows surer of a good result."""

_MODEL: Final = PlackettLuce()


@dataclass(frozen=True, slots=True)
class Skill:
    """A player's rating in the model: the mean μ and its uncertainty σ."""

    mu: float
    sigma: float

    @property
    def shown(self) -> int:
        """The number a page shows (never below zero)."""
        return max(0, round(DISPLAY_BASE + DISPLAY_SCALE * (self.mu - 3 * self.sigma)))


NEW_SKILL: Final = Skill(_MODEL.mu, _MODEL.sigma)


@dataclass(frozen=True, slots=True)
class Entrant:
    """One seat of a finished game: who sat there, their place, and whether they left before the end."""

    identity: str
    person: bool
    place: int
    left: bool = False


def is_rated(entrants: Sequence[Entrant]) -> bool:
    return sum(1 for entrant in entrants if entrant.person) >= RATED_PEOPLE


def ranks(entrants: Sequence[Entrant]) -> list[int]:
    """Each seat's rank for the model: its place, and for those who left one past the last place (all tied there)."""
    last = len(entrants) + 1
    return [last if entrant.left else entrant.place for entrant in entrants]


def standings(ratings: Sequence[int]) -> list[int]:
    """The places of a leaderboard's ratings, best first: equal ratings share a place, and the next one counts them
    (1, 2, 2, 4), as `storage.hearts_ratings.HeartsRatings.place` counts one player's."""
    places: list[int] = []
    for index, rating in enumerate(ratings):
        places.append(places[-1] if index and ratings[index - 1] == rating else index + 1)
    return places


def rate(entrants: Sequence[Entrant], skills: dict[str, Skill]) -> dict[str, Skill]:
    """The new skills of every identity at the table after the game (`skills`: the ones known, others are new)."""
    before = [skills.get(entrant.identity, NEW_SKILL) for entrant in entrants]
    teams = [[_MODEL.create_rating([skill.mu, skill.sigma])] for skill in before]
    rated = _MODEL.rate(teams, ranks=[float(rank) for rank in ranks(entrants)])
    seats: dict[str, list[Skill]] = {}
    for entrant, team in zip(entrants, rated, strict=True):
        seats.setdefault(entrant.identity, []).append(Skill(team[0].mu, team[0].sigma))
    return {
        identity: Skill(sum(s.mu for s in new) / len(new), sum(s.sigma for s in new) / len(new))
        for identity, new in seats.items()
    }
