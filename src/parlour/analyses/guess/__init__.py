"""The higher-lower guessing game (Dresher): V(N) exact, with certified optimal strategies for both players.

bst.py          Bob's best response: optimal binary search trees (the pricing oracle's DP kernels)
solve.py        the game as column generation (solvers.colgen) with that oracle, and its exact check
dresher.py      Dresher's lexicographic simplex as the study runs it, step by step
sweep.py        many N at once, warm-started from the nearest solved N, locally or on Dask
store.py        the SQLite store of a sweep; table.py the shipped table of certified values
conjectures.py  LPs that test the study's conjectures about Alice's optimal strategy
figures.py      figures; claims.py the claims of `parlour reproduce`
"""

from parlour.analyses.guess.dresher import dresher
from parlour.analyses.guess.figures import figure_from_store
from parlour.analyses.guess.solve import GuessSolution, solve_guess
from parlour.analyses.guess.store import open_store
from parlour.solvers.colgen import Stabilisation

__all__ = ["GuessSolution", "Stabilisation", "dresher", "figure_from_store", "open_store", "solve_guess"]
