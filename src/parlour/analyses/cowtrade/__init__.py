"""The last cow trade of Koehandel: `model` (winner matrix -> zero-sum game, elimination, exact LP,
closed forms), `html` (the claims' HTML and figure) and `claims` (registered with `parlour reproduce`)."""

from parlour.analyses.cowtrade.model import (
    ClosedFormCheck,
    CowTradeSolution,
    always_winning_bid,
    band_width,
    closed_form,
    closed_form_checks,
    format_matrix,
    inspection_size,
    matrices,
    solve,
    study_closed_form,
    write_nfg,
)
from parlour.games.cowtrade import STARTING_HAND, CowTrade, SecondInitiative

__all__ = [
    "STARTING_HAND",
    "ClosedFormCheck",
    "CowTrade",
    "CowTradeSolution",
    "SecondInitiative",
    "always_winning_bid",
    "band_width",
    "closed_form",
    "closed_form_checks",
    "format_matrix",
    "inspection_size",
    "matrices",
    "solve",
    "study_closed_form",
    "write_nfg",
]
