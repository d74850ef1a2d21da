"""Game-independent numerics: exact and float, with certificates.

    zerosum    any two-person zero-sum matrix game: value and optimal strategies by LP (HiGHS), with an
               exact rational certificate for rational payoffs (`zerosum.solve(matrix)`)
    dominance  iterated elimination of dominated strategies, with witnesses (`dominance.eliminate(matrix)`)
    nfg        Gambit .nfg files (`nfg.read(path)`, `nfg.write(path, matrix)`)
    colgen     column generation for games whose minimiser's strategies come from an oracle
    markov     absorbing Markov chains: exact, float, certified bounds

The submodules load on first use (`parlour.solvers.zerosum` after `import parlour`).
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import TYPE_CHECKING

_SUBMODULES = ("colgen", "dominance", "markov", "nfg", "zerosum")

__all__ = list(_SUBMODULES)

if TYPE_CHECKING:
    from parlour.solvers import colgen, dominance, markov, nfg, zerosum  # noqa: F401


def __getattr__(name: str) -> ModuleType:
    if name in _SUBMODULES:
        return importlib.import_module(f"parlour.solvers.{name}")
    raise AttributeError(f"module 'parlour.solvers' has no attribute {name!r}")
