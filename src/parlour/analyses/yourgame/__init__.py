"""Any game a person writes (`parlour solve FILE`, `parlour.solve`), solved once the toolkit has read it: the
engines' answers shaped as the toolkit's results.

solution.py  `GameSolution`, what `parlour.solve` returns for every kind of game (named by `parlour.toolkit`)
tables.py    two payoff tables (a module's, `solve(A, B)`'s, a Gambit .nfg file's): a constant-sum game's value
             and strategies, or any other's equilibria (`GameEquilibria`)
trees.py     a game tree in sequence form: the LP or, beyond it, CFR+ (with `tol`); Gambit .efg files and
             OpenSpiel's games read, solved or written back as .efg
"""

from __future__ import annotations

from parlour.analyses.yourgame.solution import GameSolution
from parlour.analyses.yourgame.tables import GameEquilibria

__all__ = ["GameEquilibria", "GameSolution"]
