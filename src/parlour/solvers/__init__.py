"""Game-independent numerics: exact and float, with certificates.

    zerosum    any two-person zero-sum matrix game: value and optimal strategies by LP (HiGHS), with an
               exact rational certificate for rational payoffs (`zerosum.solve(matrix)`)
    bimatrix   two-player games that are not zero-sum: every extreme Nash equilibrium exactly (vertex
               enumeration, up to about 10x10), or one by exact Lemke-Howson at any size
    dominance  iterated elimination of dominated strategies, with witnesses (`dominance.eliminate(matrix)`)
    nfg        Gambit .nfg files (`nfg.read(path)`, `nfg.write(path, matrix)`)
    efg        Gambit .efg files: a two-player zero-sum game tree read into the sequence form (`efg.read(path)`),
               any tree written (`efg.write(path, nodes)`)
    openspiel  OpenSpiel games by name (an optional extra): a two-player zero-sum game walked into the
               node stream of `efg` (`openspiel.load(spec)`, `openspiel.nodes(game, spec)`)
    limits     what a game tree may hold (nodes, moves in a history, float probabilities) and the refusal of
               one too large from the growth seen so far (`limits.Growth`)
    lp         dense and sparse LPs through HiGHS directly (no scipy.optimize)
    exactlp    an LP's optimum proven in rationals: the final basis re-solved exactly, or floats rounded
    sequence   two-player zero-sum extensive games with chance and perfect recall: the sequence form by LP,
               exact where the optimal basis re-solves in rationals, both strategies checked by exact best replies
    cfr        game trees too large for the sequence-form LP: CFR+ over the flat sequence form (`cfr_form`,
               numba kernels in `cfr_kernels`), its interval proven by both best replies (`cfr.solve(form)`)
    colgen     column generation for games whose minimiser's strategies come from an oracle
    bayesian   one-shot zero-sum games of incomplete information (Bayesian games), by LP
    signalled  two-move zero-sum games where the responder sees only a signal of the leader's move
    markov     absorbing Markov chains: exact, float, certified bounds
    stochastic recursive (stochastic) games: certified values and strategies

The submodules load on first use (`parlour.solvers.zerosum` after `import parlour`).
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import TYPE_CHECKING

_SUBMODULES = ("bayesian", "bimatrix", "cfr", "cfr_form", "cfr_kernels", "colgen", "dominance", "efg", "exactlp",
               "limits", "lp", "markov", "nfg", "openspiel", "sequence", "signalled", "stochastic", "zerosum")

__all__ = list(_SUBMODULES)

if TYPE_CHECKING:
    from parlour.solvers import (  # noqa: F401
        bayesian,
        bimatrix,
        cfr,
        cfr_form,
        cfr_kernels,
        colgen,
        dominance,
        efg,
        exactlp,
        limits,
        lp,
        markov,
        nfg,
        openspiel,
        sequence,
        signalled,
        stochastic,
        zerosum,
    )


def __getattr__(name: str) -> ModuleType:
    if name in _SUBMODULES:
        return importlib.import_module(f"parlour.solvers.{name}")
    raise AttributeError(f"module 'parlour.solvers' has no attribute {name!r}")
