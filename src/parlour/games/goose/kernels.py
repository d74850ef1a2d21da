"""Compiled move kernels of the Game of the Goose: one move, the skips, the occupancy mask, the progress
key and the successor sum of a relabelled state. Every kernel reads the rules as one `RuleTables`
argument (`tables.py`); the state space that uses them (search, chain, layout) is in
`parlour.analyses.goose.space`.

A state is a number in base C (C compact codes) with one digit per player. Canonical ("relabelled")
states list the mover first and the others in turn order: a move from (c0, c1, ..., c_{N-1}) leads to
(c1, ..., c_{N-1}, c0'), so the mover's successor code is code // C + new * C^(N-1).
"""

from __future__ import annotations

import numba
import numpy as np

from parlour.solvers.markov.kernels import prefetch_row, read_bound, store_sums
from parlour.solvers.markov.ranks import rank_of


@numba.njit(cache=True, inline="always")
def digits_of(code, n, c, out):
    """out[i] <- base-c digit i of `code` (player i's compact code)."""
    for i in range(n):
        out[i] = code % c
        code //= c


@numba.njit(cache=True)
def move(digits, n, me, k, t):
    """New code of player `me` after throw class k (k < 0: a skipped turn), and whether he won.

    Mirrors rules.play: skips, chain end from the table, occupancy checked at the end of the chain.
    """
    here = digits[me]
    if k < 0:
        return t.served[here], False
    d = t.dest[here, k]
    if d == t.end_code:
        return d, True
    if d != here and t.arrive[d] == 0:
        sq = t.squares[d]
        for j in range(n):
            if j != me and t.squares[digits[j]] == sq:
                return here, False  # occupied: back to where the turn started
    if t.inn_pending[d] >= 0 and d != here:
        return t.inn_pending[d], False
    return d, False


@numba.njit(cache=True)
def skips(digits, n, me, t):
    """1: inn skip, 2: stuck alone in a well, 0: throws."""
    here = digits[me]
    if t.pending[here] == 1:
        return 1
    if t.well[here] == 1:
        for j in range(n):
            if j != me and t.squares[digits[j]] == t.squares[here]:
                return 0
        return 2
    return 0


@numba.njit(cache=True, inline="always")
def sweep_key(code, n, t, digits):
    """(sum of squares, waiting prefix) of a canonical code: how far the players have come, and how
    many players from the mover on only skip their turn (inn, alone in a well) before someone throws.

    Gauss-Seidel sweeps states by decreasing sum; within a sum, a skipping mover's successor is the
    rotated state with the same sum and a waiting prefix one shorter, so states with a shorter prefix
    go first and the skips read values of this very sweep. (On the 2- and 3-player chains this lowers
    the convergence factor per sweep from 0.940/0.969 to 0.844/0.874: 2.7-4.3x fewer sweeps; the
    slow mode was a player in the prison while the other walks.)"""
    digits_of(code, n, t.codes, digits)
    total = 0
    for j in range(n):
        total += t.squares[digits[j]]
    prefix = 0
    while prefix < n and skips(digits, n, prefix, t) != 0:
        prefix += 1
    return total, prefix


@numba.njit(cache=True, inline="always")
def others_mask(rest, n, t):
    """The squares held by the other n - 1 players (the base-c digits of `rest`) as a 64-bit mask."""
    occ = np.uint64(0)
    r = rest
    for _j in range(n - 1):
        occ |= np.uint64(1) << np.uint64(t.squares[r % t.codes])
        r //= t.codes
    return occ


@numba.njit(cache=True, inline="always")
def landing(here, d, occ, t):
    """Where the mover stands after a chain of moves ending on d (not the end square): back on `here`
    when d is occupied (occupancy mask `occ`) and may not be shared, on the inn with the skip pending
    when d is the inn, else on d. The chain-free sweeps' form of `move`."""
    if d != here:
        if t.arrive[d] == 0 and (occ >> np.uint64(t.squares[d])) & np.uint64(1) == 1:
            return here
        if t.inn_pending[d] >= 0:
            return t.inn_pending[d]
    return d


# Up to this many players the successor sum is kept in five scalars: an array is stored and reloaded for
# every throw class, which made a 4-player chain-free up sweep 1.35x slower (one thread, one process,
# bench/results/goose_against_chain_free_4p.json; the same additions in the same order, the same bounds).
SCALAR_PLAYERS = 5


@numba.njit(cache=True, inline="always")
def _bound(values, s, c):
    """Column c of state s's bounds: L, or L + delta with use_delta (values = (L, delta, use_delta), the
    certified engine's extrapolation candidate)."""
    lower, delta, use_delta = values
    return read_bound(lower, delta, use_delta, s, c)


@numba.njit(cache=True, inline="always")
def _skip_successor(here, rest, top, occ, t):
    """The one successor of a mover who only skips (inn pending, alone in a well), else -1: he throws."""
    if t.pending[here] == 1:
        return rest + t.served[here] * top
    if t.well[here] == 1 and (occ >> np.uint64(t.squares[here])) & np.uint64(1) == 0:
        return rest + here * top
    return -1


@numba.njit(cache=True, inline="always")
def _mover(code, n, t):
    """What the successors of a relabelled state depend on: the mover's code, the others' codes (`rest`), the
    place value of the last digit (`top`), the others' squares as a mask, and the one successor of a mover who
    only skips (else -1)."""
    top = 1
    for _ in range(n - 1):
        top *= t.codes
    here = code % t.codes
    rest = code // t.codes
    occ = others_mask(rest, n, t)
    return here, rest, top, occ, _skip_successor(here, rest, top, occ, t)


@numba.njit(cache=True, inline="always")
def _acc_successor(ranks, code, w, values, acc, n):
    """acc += w * (bounds of the state `code`, players relabelled back)."""
    s = rank_of(ranks, code)
    acc[0] += w * _bound(values, s, n - 1)
    for o in range(1, n):
        acc[o] += w * _bound(values, s, o - 1)
    for o in range(n, acc.size):
        acc[o] += w * _bound(values, s, o)


@numba.njit(cache=True, inline="always")
def successor_sum(code, n, t, ranks, values, acc):
    """acc <- den * F(L)[code] for the relabelled chain of n players, the successors computed from the
    rules (`move` specialised for the mover being digit 0: the others' squares as a 64-bit occupancy
    mask); a successor's bounds are in row `rank_of(ranks, code)`, values = (L, delta, use_delta). At most 12
    non-negative terms per value, so the rounding bound (and SHRINK) of the certified engine holds."""
    here, rest, top, occ, single = _mover(code, n, t)
    if n > SCALAR_PLAYERS or acc.size != n:
        _successor_sum_wide(here, rest, top, occ, single, n, t, ranks, values, acc)
        return
    a0 = a1 = a2 = a3 = a4 = 0.0
    for k in range(1 if single >= 0 else t.dest.shape[1]):
        if single >= 0:
            w = np.float64(t.den)
            successor = single
        else:
            w = np.float64(t.weight[k])
            d = t.dest[here, k]
            if d == t.end_code:
                a0 += w
                continue
            successor = rest + landing(here, d, occ, t) * top
        s = rank_of(ranks, successor)
        a0 += w * _bound(values, s, n - 1)  # the mover is the successor's last player
        a1 += w * _bound(values, s, 0)
        if n > 2:
            a2 += w * _bound(values, s, 1)
        if n > 3:
            a3 += w * _bound(values, s, 2)
        if n > 4:
            a4 += w * _bound(values, s, 3)
    store_sums(acc, a0, a1, a2, a3, a4)


@numba.njit(cache=True, inline="always")
def prefetch_successors(code, n, t, ranks, lower, other, use_other):
    """Prefetch the rows of the bounds (and of `other`, the check's offsets, with use_other when it has rows)
    that `successor_sum` will read for `code`, and the state's own row: a pass calls it a few states ahead
    (`solvers.markov.kernels.prefetch_row`)."""
    here, rest, top, occ, single = _mover(code, n, t)
    own = rank_of(ranks, code)
    prefetch_row(lower, own)  # type: ignore[call-arg]  # typingctx is numba's
    for k in range(1 if single >= 0 else t.dest.shape[1]):
        if single >= 0:
            successor = single
        else:
            d = t.dest[here, k]
            if d == t.end_code:
                continue
            successor = rest + landing(here, d, occ, t) * top
        s = rank_of(ranks, successor)
        prefetch_row(lower, s)
        if use_other and other.shape[0] > 0:
            prefetch_row(other, s)


@numba.njit(cache=True, inline="always")
def _successor_sum_wide(here, rest, top, occ, single, n, t, ranks, values, acc):
    """successor_sum for more than SCALAR_PLAYERS players (or extra columns), summing into `acc`."""
    for o in range(acc.size):
        acc[o] = 0.0
    if single >= 0:
        _acc_successor(ranks, single, t.den, values, acc, n)
        return
    for k in range(t.dest.shape[1]):
        w = t.weight[k]
        d = t.dest[here, k]
        if d == t.end_code:
            acc[0] += w
            continue
        _acc_successor(ranks, rest + landing(here, d, occ, t) * top, w, values, acc, n)


__all__ = [
    "SCALAR_PLAYERS", "digits_of", "landing", "move", "others_mask", "prefetch_successors", "skips", "successor_sum",
    "sweep_key",
]
