"""Absorption probabilities in floats by a sparse direct solve, with the residual."""

from __future__ import annotations

import time
from dataclasses import dataclass

import numpy as np
import scipy.sparse.linalg as spla

from parlour.solvers.markov.chain import Chain, integer_system


@dataclass(frozen=True)
class FloatSolution:
    values: np.ndarray  # [state, outcome column]
    residual: float  # max |A x - B| / den (a probability scale)
    seconds: float


def float_solve(chain: Chain) -> FloatSolution:
    """Sparse direct solve (SuperLU) of the expanded system; its residual is reported."""
    t0 = time.perf_counter()
    A, B, m = integer_system(chain)
    lu = spla.splu(A.astype(np.float64).tocsc())
    x = lu.solve(B.astype(np.float64))
    res = float(np.abs(A @ x - B).max()) / chain.den if x.size else 0.0
    return FloatSolution(x.reshape(chain.n, m), res, time.perf_counter() - t0)


