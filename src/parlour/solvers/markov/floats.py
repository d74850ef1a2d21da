"""Absorption probabilities in floats by a sparse direct solve, with the residual."""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

import numpy as np
import scipy.sparse.linalg as spla

from parlour.results import Result, Status
from parlour.solvers.markov.chain import Chain, integer_system


@dataclass(frozen=True)
class AbsorptionFloat(Result):
    """Absorption probabilities in floats, with the residual that says how far they are from exact."""

    values: np.ndarray  # [state, outcome column]
    residual: float  # max |A x - B| / den (a probability scale)

    def payload(self) -> dict[str, Any]:
        return {"states": int(self.values.shape[0]), "columns": int(self.values.shape[1]), "residual": self.residual}


def float_solve(chain: Chain) -> AbsorptionFloat:
    """Sparse direct solve (SuperLU) of the expanded system; its residual is reported."""
    t0 = time.perf_counter()
    A, B, m = integer_system(chain)
    lu = spla.splu(A.astype(np.float64).tocsc())
    x = lu.solve(B.astype(np.float64))
    res = float(np.abs(A @ x - B).max()) / chain.den if x.size else 0.0
    return AbsorptionFloat(x.reshape(chain.n, m), res, method="sparse LU (SuperLU)", status=Status.ESTIMATE,
                           seconds=time.perf_counter() - t0)


