"""The last cow trade of Koehandel: `model` (winner matrix -> zero-sum game, elimination, exact LP,
closed forms), `html` (the claims' HTML and figure) and `claims` (registered with `parlour reproduce`);
`result` (the results, light), `policy` (what a solve does), `endgame`, `hidden`, `quartets`,
`threeplayer`.

The game and the result load with the package; `model`'s names load on first use (PEP 562): they bring
numpy, HiGHS and FLINT, which `import parlour.cowtrade` (its front door, naming its results) must not.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from parlour.analyses.cowtrade.result import CowTradeSolution
from parlour.games.cowtrade import STARTING_HAND, CowTrade, SecondInitiative
from parlour.infra import lazy

_FROM = {name: "model" for name in (
    "ClosedFormCheck", "always_winning_bid", "band_width", "closed_form", "closed_form_checks", "format_matrix",
    "inspection_size", "matrices", "solve", "study_closed_form", "write_nfg")}

if TYPE_CHECKING:
    from parlour.analyses.cowtrade.model import (
        ClosedFormCheck,
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


__getattr__, __dir__ = lazy.names(__name__, _FROM, __all__)
