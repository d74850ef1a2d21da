"""What the column-generation loop and the exact certificate ask of a restricted master LP: the HiGHS
master (`master.Master`) and the dense numba master (`dense.DenseMaster`) both provide it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

import numpy as np

from parlour.solvers.colgen.oracle import Column


class MasterLP(Protocol):
    """The row player's LP over the columns found so far."""

    m: int  # the row player's pure strategies
    columns: list[Column]  # the master's columns, in the order of `solve`'s y
    known: set[Column]  # the same as a set (a column is added once)
    lp_iterations: int  # simplex pivots so far
    purged: int  # columns dropped by `purge` so far
    devex_resets: int  # Devex reference-framework resets so far (0 where the master has no Devex)

    def add(self, cols: Sequence[Column]) -> int:
        """Add the columns not yet known; return how many were added."""
        ...

    def solve(self) -> tuple[float, np.ndarray, np.ndarray]:
        """(v, x, y): the master's optimum, the row strategy and the column mixture (aligned with `columns`)."""
        ...

    def purge(self, idle_limit: int) -> int:
        """Drop columns unused for more than `idle_limit` solves; return how many."""
        ...

    def basis_sets(self) -> tuple[list[int], bool, list[int], bool]:
        """(basic x indices, v basic, tight columns, the sum row tight): the basis the certificate re-solves."""
        ...
