"""Game of the Goose: who wins how often, for 2 and more players.

space/       the reachable states: searches, the sweep order, the stored chain (CSR), the chain-free layout
chain.py     the stored chain for the engine, which engine fits, where a long run keeps its bounds
result.py    `GooseSolution`, light: `import parlour.goose` names it without loading any engine
model.py     the engines, each run as a plan names it: exact (2 players) or certified bounds (the engine of
             solvers.markov; stored chain up to 4 players, on the fly from 5, on Dask with a work folder)
operator.py  the Goose as an operator of that engine without a stored chain
queries.py   simulations and state counts; figures.py Figure 2; peer.py the Storm cross-check;
claims.py    the claims of `parlour reproduce`
policy.py    what a solve does, decided once for the command line, Python and the page (`plan`, `run`;
             `solve` for a RuleSet and a State in hand)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from parlour.infra import lazy

# The package's names, each loaded from its module on first use (PEP 562): importing any module of the
# package runs this file first, and `parlour.goose` imports the light `result` module for its hints, which
# must not load numba, scipy and the state space (0.6 s) with it.
_FROM = {
    "default_checkpoint": "chain", "fits_chain": "chain",
    "figure2": "figures", "plot": "figures", "surfaces": "figures",
    "EXACT_LIMIT": "model", "exact_solution": "model",
    "GooseSolution": "result", "position_json": "result",
    "solve": "policy",
    "MAX_PLAYERS": "queries", "bitmap_search_gib": "queries", "needs_bitmap_search": "queries",
    "simulate": "queries", "simulation_estimate": "queries", "solve_estimate": "queries",
    "state_counts": "queries",
}

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

if TYPE_CHECKING:
    from parlour.analyses.goose.chain import default_checkpoint, fits_chain
    from parlour.analyses.goose.figures import figure2, plot, surfaces
    from parlour.analyses.goose.model import EXACT_LIMIT, exact_solution
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
    from parlour.analyses.goose.result import GooseSolution, position_json
    from parlour.solvers.markov import Checkpoint


__getattr__, __dir__ = lazy.names(__name__, {**_FROM, "Checkpoint": "parlour.solvers.markov"}, __all__)
