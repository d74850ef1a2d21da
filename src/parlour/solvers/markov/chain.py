"""A chain in CSR form, built from a successor function, its states that are never absorbed, and its
expanded integer linear system (one unknown per state and outcome column)."""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numba
import numpy as np
import scipy.sparse as sp

from parlour.errors import InvalidInput, shown


@dataclass(frozen=True)
class Chain:
    """Transient states 0..n-1 of an absorbing chain in CSR form."""

    indptr: np.ndarray  # int64, n + 1
    target: np.ndarray  # int32/int64: successor state, or -1 - outcome
    weight: np.ndarray  # integer numerators; each row sums to `den`
    den: int
    outcomes: int  # number of absorbing outcomes (without "never")
    edge_perm: np.ndarray | None = None  # int8 per edge: index into `perms` (None: identity)
    perms: np.ndarray | None = None  # int8 [k, outcomes]: outcome o at the state reads perm[o] there
    # Starts of blocks of states (then n) that a sweep deals out whole to its threads, round robin: a
    # state should depend mostly on its own block and on blocks two or more before it (the one just
    # before is being swept by another thread). None: one plain Gauss-Seidel sweep in state order.
    blocks: np.ndarray | None = None

    @property
    def n(self) -> int:
        return int(self.indptr.size - 1)

    def check(self) -> None:
        sums = np.add.reduceat(self.weight.astype(np.int64), self.indptr[:-1]) if self.n else np.zeros(0)
        empty = self.indptr[1:] == self.indptr[:-1]
        if empty.any() or (sums != self.den).any():
            raise InvalidInput("every state needs successors whose weights sum to the denominator")

    def perm_table(self) -> tuple[np.ndarray, np.ndarray]:
        """(edge_perm, perms) with an explicit identity when the chain has no symmetry."""
        if self.edge_perm is None or self.perms is None:
            return np.zeros(self.target.size, np.int8), np.arange(self.outcomes, dtype=np.int8)[None, :]
        return self.edge_perm, self.perms


# --- building a chain from a successor function ---------------------------------------------------
@dataclass(frozen=True)
class Explicit:
    """A chain enumerated from a start state, with the state objects in index order."""

    chain: Chain
    states: tuple[Hashable, ...]
    index: dict[Hashable, int]


def explicit(
    start: Hashable,
    successors: Callable[[Any], Iterable[tuple[Fraction, Any, int | None]]],
    outcomes: int,
) -> Explicit:
    """Enumerate the states reachable from `start`.

    `successors(state)` yields (probability, next state, outcome): outcome is None for a move to a
    transient state, else the index of the absorbing outcome reached (next state ignored).
    """
    states: list[Hashable] = [start]
    index: dict[Hashable, int] = {start: 0}
    rows: list[list[tuple[int, Fraction]]] = []
    i = 0
    while i < len(states):
        acc: dict[int, Fraction] = {}
        for p, nxt, outcome in successors(states[i]):
            if outcome is not None:
                if not 0 <= outcome < outcomes:
                    raise InvalidInput(f"outcome {outcome} out of range")
                key = -1 - outcome
            else:
                if nxt not in index:
                    index[nxt] = len(states)
                    states.append(nxt)
                key = index[nxt]
            acc[key] = acc.get(key, Fraction(0)) + Fraction(p)
        if not acc:
            raise InvalidInput(f"state {shown(states[i])} has no successors")
        rows.append(list(acc.items()))
        i += 1
    den = 1
    for row in rows:
        for _, p in row:
            den = den * p.denominator // math.gcd(den, p.denominator)
    indptr = np.zeros(len(rows) + 1, np.int64)
    targets: list[int] = []
    weights: list[int] = []
    for r, row in enumerate(rows):
        for key, p in row:
            targets.append(key)
            weights.append(int(p * den))
        indptr[r + 1] = len(targets)
    ch = Chain(indptr, np.array(targets, np.int64), np.array(weights, np.int64), den, outcomes)
    ch.check()
    return Explicit(ch, tuple(states), index)


# --- the states that never get absorbed -----------------------------------------------------------
@numba.njit(cache=True)
def _can_reach(indptr, target):
    n = indptr.size - 1
    reach = np.zeros(n, np.uint8)
    for s in range(n):
        for e in range(indptr[s], indptr[s + 1]):
            if target[e] < 0:
                reach[s] = 1
    changed = True
    while changed:
        changed = False
        for s in range(n):
            if reach[s] == 0:
                for e in range(indptr[s], indptr[s + 1]):
                    t = target[e]
                    if t >= 0 and reach[t] == 1:
                        reach[s] = 1
                        changed = True
                        break
    return reach


def stuck_states(chain: Chain) -> np.ndarray:
    """Boolean mask of the states from which no outcome can be reached (they never end)."""
    return _can_reach(chain.indptr, chain.target) == 0


# --- the expanded linear system -------------------------------------------------------------------
def _columns(chain: Chain, stuck: np.ndarray) -> int:
    return chain.outcomes + (1 if stuck.any() else 0)


def integer_system(chain: Chain, stuck: np.ndarray | None = None) -> tuple[sp.csr_matrix, np.ndarray, int]:
    """(A, B, m): A x = B over unknowns x[s*m + o] with integer A = den*I - weights, B integer.

    m is the number of outcome columns (outcomes, plus "never" when some states are stuck).
    """
    if stuck is None:
        stuck = stuck_states(chain)
    m = _columns(chain, stuck)
    n = chain.n
    eperm, perms = chain.perm_table()
    perms_full = np.zeros((perms.shape[0], m), np.int64)
    perms_full[:, : chain.outcomes] = perms
    if m > chain.outcomes:
        perms_full[:, chain.outcomes] = chain.outcomes  # "never" keeps its label
    src = np.repeat(np.arange(n, dtype=np.int64), np.diff(chain.indptr))
    tgt = chain.target.astype(np.int64)
    w = chain.weight.astype(np.int64)
    live = ~stuck[src]
    inner = live & (tgt >= 0)
    rows_l, cols_l, vals_l = [], [], []
    for o in range(m):
        po = perms_full[eperm[inner].astype(np.int64), o]
        rows_l.append(src[inner] * m + o)
        cols_l.append(tgt[inner] * m + po)
        vals_l.append(-w[inner])
    diag = np.arange(n * m, dtype=np.int64)
    rows_l.append(diag)
    cols_l.append(diag)
    vals_l.append(np.where(np.repeat(stuck, m), 1, chain.den))
    A = sp.csr_matrix(
        (np.concatenate(vals_l), (np.concatenate(rows_l), np.concatenate(cols_l))), shape=(n * m, n * m)
    )
    A.sum_duplicates()
    B = np.zeros(n * m, np.int64)
    out = live & (tgt < 0)
    np.add.at(B, src[out] * m + (-1 - tgt[out]), w[out])
    if m > chain.outcomes:
        B[np.flatnonzero(stuck) * m + chain.outcomes] = 1
    return A, B, m


