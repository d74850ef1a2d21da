"""Compiled move kernels of the Game of the Goose: one move, the skips, the occupancy mask, the progress
key and the successors of a relabelled state by throw class. Every kernel reads the rules as one
`RuleTables` argument (`tables.py`); the state space that uses them (search, chain, layout) is in
`parlour.analyses.goose.space`, and the sums over a state's successors that the engine's passes make are
in `parlour.analyses.goose.operator`: the rules know nothing of bounds or of the engine.

A state is a number in base C (C compact codes) with one digit per player. Canonical ("relabelled")
states list the mover first and the others in turn order: a move from (c0, c1, ..., c_{N-1}) leads to
(c1, ..., c_{N-1}, c0'), so the mover's successor code is code // C + new * C^(N-1).
"""

from __future__ import annotations

import numba
import numpy as np


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


@numba.njit(cache=True, inline="always")
def _skip_successor(here, rest, top, occ, t):
    """The one successor of a mover who only skips (inn pending, alone in a well), else -1: he throws."""
    if t.pending[here] == 1:
        return rest + t.served[here] * top
    if t.well[here] == 1 and (occ >> np.uint64(t.squares[here])) & np.uint64(1) == 0:
        return rest + here * top
    return -1


@numba.njit(cache=True, inline="always")
def throws(code, n, t):
    """What the successors of the relabelled state `code` of n players depend on, for `classes` and
    `successor_of_class`: the mover's code, the others' codes (`rest`), the place value of the last digit
    (`top`), the others' squares as a mask, and the one successor of a mover who only skips (else -1)."""
    top = 1
    for _ in range(n - 1):
        top *= t.codes
    here = code % t.codes
    rest = code // t.codes
    occ = others_mask(rest, n, t)
    return here, rest, top, occ, _skip_successor(here, rest, top, occ, t)


@numba.njit(cache=True, inline="always")
def classes(state, t):
    """How many throw classes `successor_of_class` lists for `state` (from `throws`): one for a mover who only
    skips, else every class of the dice."""
    return 1 if state[4] >= 0 else t.dest.shape[1]


@numba.njit(cache=True, inline="always")
def successor_of_class(state, k, t):
    """(successor, weight) of throw class k of `state` (from `throws`, k < `classes`): the successor's code in
    the relabelled chain (the mover is its last player), -1 when the throw reaches the end (the mover wins),
    and the class's number of dice outcomes out of t.den as a float64 (all of them for a mover who only
    skips). `move` specialised for the mover being digit 0: the others' squares as a 64-bit occupancy mask.

    The passes over millions of states call this inlined in their loop over the classes: its branches are
    the ones that loop had (skip, end, landing), as a pass's cost moved by up to 4x with the loop's shape."""
    here, rest, top, occ, single = state
    if single >= 0:
        return single, np.float64(t.den)
    w = np.float64(t.weight[k])
    d = t.dest[here, k]
    if d == t.end_code:
        return -1, w
    return rest + landing(here, d, occ, t) * top, w


__all__ = [
    "classes", "digits_of", "landing", "move", "others_mask", "skips", "successor_of_class", "sweep_key", "throws",
]
