"""Game of the Goose: who wins how often, for 2 and more players.

space/       the reachable states: searches, the sweep order, the stored chain (CSR), the chain-free layout
chain.py     the stored chain for the engine, which engine fits, where a long run keeps its bounds
model.py     the engines, each run as a plan names it: exact (2 players) or certified bounds (the engine of
             solvers.markov; stored chain up to 4 players, on the fly from 5, on Dask with a work folder)
operator.py  the Goose as an operator of that engine without a stored chain
queries.py   simulations and state counts; figures.py Figure 2; peer.py the Storm cross-check;
claims.py    the claims of `parlour reproduce`
policy.py    what a solve does, decided once for the command line, Python and the page (`plan`, `run`;
             `solve` for a RuleSet and a State in hand)
"""

from parlour.analyses.goose.chain import default_checkpoint, fits_chain
from parlour.analyses.goose.figures import figure2, plot, surfaces
from parlour.analyses.goose.model import EXACT_LIMIT, GooseSolution, exact_solution, position_json
from parlour.analyses.goose.policy import solve
from parlour.analyses.goose.queries import (
    MAX_PLAYERS,
    bitmap_search_gib,
    needs_bitmap_search,
    simulate,
    simulation_estimate,
    solve_estimate,
    state_counts,
)
from parlour.solvers.markov import Checkpoint

__all__ = [
    "EXACT_LIMIT",
    "MAX_PLAYERS",
    "Checkpoint",
    "GooseSolution",
    "bitmap_search_gib",
    "default_checkpoint",
    "exact_solution",
    "figure2",
    "fits_chain",
    "needs_bitmap_search",
    "plot",
    "position_json",
    "simulate",
    "simulation_estimate",
    "solve",
    "solve_estimate",
    "state_counts",
    "surfaces",
]
