"""A plain Gauss-Seidel sweep over a stored chain's expanded system (one unknown per state and outcome column,
in state order), written for the issue-38 measurements in numba (`bench_markov_krylov`,
`bench_markov_contraction`): the engine's own kernels add the downward rounding and the max, which do not change
the map's spectrum. Heavy imports happen when a function is called."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any


@dataclass(frozen=True)
class System:
    """x_i = (rhs_i + sum_j data_ij x_j) / diag_i, the off-diagonal weights in CSR (indptr, cols, data)."""

    indptr: Any
    cols: Any
    data: Any
    rhs: Any
    diag: Any
    columns: int


def expanded(chain: Any) -> System:
    """The chain's integer system A x = B as floats, split into its diagonal and off-diagonal weights (>= 0)."""
    import numpy as np
    import scipy.sparse as sp

    from parlour.solvers.markov.chain import integer_system

    a, b, m = integer_system(chain)
    a = a.tocsr().astype(np.float64)
    diag = a.diagonal()
    off = (sp.diags(diag) - a).tocsr()
    off.eliminate_zeros()
    return System(off.indptr.astype(np.int64), off.indices.astype(np.int64), off.data, b.astype(np.float64),
                  diag, m)


def sweep(system: System, x: Any, rhs: Any = None) -> None:
    """One Gauss-Seidel sweep of x in place (`rhs` instead of the system's: e.g. zeros, to apply M alone)."""
    _kernel()(system.indptr, system.cols, system.data, system.rhs if rhs is None else rhs, system.diag, x)


def contraction(system: System, sweeps: int) -> float:
    """The ratio of the last two increments' max norms after `sweeps` plain sweeps from 0."""
    import numpy as np

    x = np.zeros_like(system.rhs)
    steps = []
    for _ in range(sweeps):
        before = x.copy()
        sweep(system, x)
        steps.append(float(np.abs(x - before).max()))
    return steps[-1] / steps[-2]


@cache
def _kernel() -> Any:
    """The compiled sweep (numba is imported and the kernel compiled on the first sweep)."""
    import numba

    @numba.njit(cache=True)
    def kernel(indptr: Any, cols: Any, data: Any, rhs: Any, diag: Any, x: Any) -> None:
        for i in range(x.size):
            s = rhs[i]
            for e in range(indptr[i], indptr[i + 1]):
                s += data[e] * x[cols[e]]
            x[i] = s / diag[i]

    return kernel
