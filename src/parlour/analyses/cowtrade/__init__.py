"""The last cow trade of Koehandel: the winner matrix as a zero-sum game, dominance elimination down to an
inspection matrix, the exact value and optimal bids, and the closed form of the value.

model.py    the game from the rules, its exact solution and the closed forms
claims.py   the claims of `parlour reproduce`
"""

from parlour.analyses.cowtrade.model import (
    STARTING_HAND,
    CowTradeSolution,
    always_winning_bid,
    closed_form,
    closed_form_checks,
    elimination_steps,
    format_matrix,
    inspection_size,
    solve,
    study_closed_form,
    symbol_matrices,
    write_nfg,
)
from parlour.games.cowtrade import CowTrade, SecondInitiative

__all__ = [
    "STARTING_HAND",
    "CowTrade",
    "CowTradeSolution",
    "SecondInitiative",
    "always_winning_bid",
    "closed_form",
    "closed_form_checks",
    "elimination_steps",
    "format_matrix",
    "inspection_size",
    "solve",
    "study_closed_form",
    "symbol_matrices",
    "write_nfg",
]
