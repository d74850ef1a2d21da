"""The canonical chain as a value: the reachable states in sweep order and their CSR successor lists."""

from __future__ import annotations

from dataclasses import dataclass

import numba
import numpy as np

from parlour.analyses.goose.space.canonical import (
    STEPS_PER_CALL,
    bfs_canonical,
    start_code,
    sweep_blocks,
    sweep_keys,
)
from parlour.analyses.goose.space.full import Counts, full_counts
from parlour.errors import InvalidInput
from parlour.games.goose.kernels import digits_of, move, skips
from parlour.games.goose.rules import RuleSet
from parlour.games.goose.tables import tables
from parlour.infra.interrupt import deferred


@dataclass(frozen=True)
class Space:
    """Canonical transient states, ordered by decreasing progress (sum of squares), with their CSR."""

    rules: RuleSet
    players: int
    codes: np.ndarray  # canonical code of each state index
    index: np.ndarray  # canonical code -> state index (-1: unreachable)
    indptr: np.ndarray
    target: np.ndarray  # successor index, or -1: the mover wins
    weight: np.ndarray  # numerators over `den`
    den: int
    counts: Counts
    movers: np.ndarray  # bit m set: the full state with absolute player m to move is reachable
    blocks: np.ndarray  # starts of the sweep blocks (equal sum of squares), then the end

    @property
    def size(self) -> int:
        return int(self.codes.size)

    def code(self, codes: tuple[int, ...]) -> int:
        """Canonical code of per-player codes listed from the mover on."""
        c = tables(self.rules).codes
        out = 0
        for d in reversed(codes):
            out = out * c + d
        return out

    def row(self, code: int) -> int:
        """The state index of a canonical code, -1 when it is not a reachable state."""
        return int(self.index[code])

    def state_index(self, squares: tuple[int, ...]) -> int:
        """Index of the state with these compact codes (mover first)."""
        i = self.row(self.code(squares))
        if i < 0:
            raise InvalidInput("this position cannot be reached from the start of the game")
        return i


def build(rules: RuleSet, players: int) -> Space:
    """Enumerate the reachable states of `players` players and their successor lists."""
    if players < 2:
        raise InvalidInput(f"the game needs at least 2 players, got {players}")
    t = tables(rules)
    c = t.codes
    # A byte and an int32 per canonical code (and an int32 index): 4 players ~50 MB; 5 players would
    # need ~3 GB here before the chain itself, which wants on-the-fly successors (a later issue).
    if c**players * 9 > 2**30:  # as chain.fits_chain
        raise InvalidInput(
            f"{players} players: {c}^{players} codes are too many for this enumerator "
            "(up to 4 players on the study's board); `parlour goose simulate` works for any number"
        )
    canon = bfs_canonical(players, t)
    codes = np.flatnonzero(canon).astype(np.int64)
    kind = canon[codes]
    del canon
    # Most advanced first (largest sum of squares): Gauss-Seidel then follows the play; within a sum,
    # the shorter waiting prefix first (`_sweep_key`). (Ordering by the expected turns a lone player
    # needs was tried: more sweeps.)
    total, prefix = sweep_keys(codes, players, t)
    order = np.lexsort((codes, prefix, -total))
    codes = codes[order]
    kind = kind[order]
    del total, prefix, order
    blocks = sweep_blocks(codes, players, t)
    index = np.full(c**players, -1, np.int32)
    index[codes] = np.arange(codes.size, dtype=np.int32)
    indptr, target, weight = build_csr(codes, index, players, t)
    start = int(index[start_code(players, t)])
    counts, movers = full_counts((indptr, target), codes, kind, start, players, t)
    cnt = Counts(
        players=players,
        throw=int(counts[0]),
        inn_skip=int(counts[1]),
        well_skip=int(counts[2]),
        terminal=int(counts[3]),
        canonical=int(codes.size),
    )
    return Space(rules, players, codes, index, indptr, target, weight, t.den, cnt, movers, blocks)


def build_csr(codes, index, n, t):
    """CSR successor lists of canonical states: target index, or -1 for "the mover wins"; built in compiled
    slices of STEPS_PER_CALL states, Ctrl-C checked between them."""
    s_count = codes.size
    ncls = t.dest.shape[1]
    indptr = np.zeros(s_count + 1, np.int64)
    target = np.empty(s_count * ncls, np.int32)
    wts = np.empty(s_count * ncls, np.int16)
    e = 0
    with deferred() as check:
        for first in range(0, s_count, STEPS_PER_CALL):
            e = _csr_rows(codes, index, n, t, (first, min(s_count, first + STEPS_PER_CALL), e),
                          (indptr, target, wts))
            check()
    return indptr, target[:e].copy(), wts[:e].copy()


@numba.njit(cache=True)
def _csr_rows(codes, index, n, t, rows, out):
    """Rows first..end-1 of `build_csr` (rows = (first, end, e)), written from entry e on into
    out = (indptr, target, weights); returns the next free entry."""
    first, end, e = rows
    indptr, target, wts = out
    c = t.codes
    ncls = t.dest.shape[1]
    digits = np.empty(n, np.int64)
    loc_t = np.empty(ncls, np.int64)
    loc_w = np.empty(ncls, np.int64)
    for i in range(first, end):
        digits_of(codes[i], n, c, digits)
        why = skips(digits, n, 0, t)
        m = 0
        nk = ncls if why == 0 else 1
        for kk in range(nk):
            k = kk if why == 0 else -1
            w = t.weight[kk] if why == 0 else t.den
            new, won = move(digits, n, 0, k, t)
            if won:
                u = -1
            else:
                code = new
                for j in range(n - 1, 0, -1):
                    code = code * c + digits[j]
                u = index[code]
            found = False
            for q in range(m):
                if loc_t[q] == u:
                    loc_w[q] += w
                    found = True
            if not found:
                loc_t[m] = u
                loc_w[m] = w
                m += 1
        for q in range(m):
            target[e] = loc_t[q]
            wts[e] = loc_w[q]
            e += 1
        indptr[i + 1] = e
    return e
