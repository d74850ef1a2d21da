"""Race games of pure chance from a rule file (the Goose's format: `games.goose.rules`), solved for
`parlour solve`: every player's win chance, or one player's expected number of turns.

board.py        the board of a rule file (`load`: empty unless it says base = "goose"); one player alone on
                it: its squares and throws, whether players meet, who finishes
exact.py        exact solves on small chains (`solvers.markov.exact`): one player's expected length, and two
                players who never meet on the chain of pairs of squares
independent.py  certified win chances of players who never meet, from one player's finishing times
policy.py       which of these a race takes (`solve`), else the Goose's joint chain (`analyses.goose.policy`)
result.py       `RaceSolution`
"""

from __future__ import annotations

from parlour.analyses.race.policy import solve
from parlour.analyses.race.result import RaceSolution

__all__ = ["RaceSolution", "solve"]
