"""Reachable canonical states (the mover first) by a breadth-first search over the rules' kernels, and the
sweep order of `build` and `layout`: decreasing sum of squares, the shorter waiting prefix first."""

from __future__ import annotations

import numba
import numpy as np

from parlour.games.goose.kernels import digits_of, move, skips, sweep_key
from parlour.infra.interrupt import deferred


@numba.njit(cache=True)
def start_code(n, t):
    """The code of everybody on the start square (the same canonical and full, player 0 to move)."""
    s0 = 0
    for _ in range(n):
        s0 = s0 * t.codes + t.start_code
    return s0


STEPS_PER_CALL = 500_000  # states per compiled call: a fraction of a second, so Ctrl-C is heard between calls


def bfs_canonical(n, t):
    """Reachable canonical states (mover first) from everybody on the start square.

    Returns a byte per canonical code: 1 throw, 2 inn skip, 3 well skip (terminal states are not kept).
    N times fewer states than the full search, and the queue holds int32 codes. The search runs in
    compiled slices of STEPS_PER_CALL states (the same order as one call), Ctrl-C checked between them.
    """
    c = t.codes
    cn = c**n
    mark = np.zeros(cn, np.uint8)
    queue = np.empty(cn, np.int32)
    s0 = start_code(n, t)
    queue[0] = s0
    mark[s0] = 255
    head, tail = 0, 1
    with deferred() as check:
        while head < tail:
            head, tail = _bfs_steps(n, t, mark, queue, (head, tail), STEPS_PER_CALL)
            check()
    return mark


@numba.njit(cache=True)
def _bfs_steps(n, t, mark, queue, ends, budget):
    """Up to `budget` states of the breadth-first search of `bfs_canonical` from the queue's (head, tail);
    returns the new (head, tail)."""
    head, tail = ends
    c = t.codes
    digits = np.empty(n, np.int64)
    ncls = t.dest.shape[1]
    stop = head + budget
    while head < tail and head < stop:
        s = queue[head]
        head += 1
        digits_of(s, n, c, digits)
        why = skips(digits, n, 0, t)
        mark[s] = 1 if why == 0 else (2 if why == 1 else 3)
        nk = ncls if why == 0 else 1
        for kk in range(nk):
            k = kk if why == 0 else -1
            new, won = move(digits, n, 0, k, t)
            if won:
                continue
            u = new
            for j in range(n - 1, 0, -1):
                u = u * c + digits[j]
            if mark[u] == 0:
                mark[u] = 255
                queue[tail] = u
                tail += 1
    return head, tail


@numba.njit(cache=True)
def sweep_keys(codes, n, t):
    """(sum of squares, waiting prefix) per code, as two int64 arrays (see `kernels.sweep_key`)."""
    total = np.empty(codes.size, np.int64)
    prefix = np.empty(codes.size, np.int64)
    digits = np.empty(n, np.int64)
    for i in range(codes.size):
        total[i], prefix[i] = sweep_key(codes[i], n, t, digits)
    return total, prefix


@numba.njit(cache=True)
def sweep_blocks(codes, n, t):
    """Starts of the runs of equal sum of squares of codes in sweep order, then the end: the blocks that
    a parallel sweep deals out whole, round robin, to its threads (`PassMode.owned`). A throw moves the sum
    by 2 or more or leaves it (skips, a bounce onto the start of the turn), so a level's states read
    mostly their own level, swept by the same thread in order, and levels two or more ahead, which that
    thread swept just before. (Runs of equal (sum, waiting prefix) split between threads were the blocks
    before: a skip reads the next shorter prefix of its sum, so those reads went to the other thread, and
    on 3 players 2 threads did not reach width 2e-12 in 300 passes; docs/goose.md.)"""
    starts = [0]
    digits = np.empty(n, np.int64)
    last = -1
    for i in range(codes.size):
        total, _prefix = sweep_key(codes[i], n, t, digits)
        if i > 0 and total != last:
            starts.append(i)
        last = total
    starts.append(codes.size)
    return np.array(starts, np.int64)


@numba.njit(cache=True)
def order_by_progress(mark, n, t):
    """Reachable codes (mark != 0) in the order of `build` (decreasing sum of squares, shorter waiting
    prefix, ascending code) by a counting sort over (sum, prefix), in int32 and without sort keys."""
    top = 0
    for i in range(t.squares.size):
        top = max(top, t.squares[i])
    counts = np.zeros((n * top + 1) * (n + 1) + 1, np.int64)
    digits = np.empty(n, np.int64)
    total = 0
    for code in range(mark.size):
        if mark[code] != 0:
            key, prefix = sweep_key(code, n, t, digits)
            counts[(n * top - key) * (n + 1) + prefix + 1] += 1
            total += 1
    for k in range(1, counts.size):
        counts[k] += counts[k - 1]
    out = np.empty(total, np.int32)
    for code in range(mark.size):
        if mark[code] != 0:
            key, prefix = sweep_key(code, n, t, digits)
            slot = (n * top - key) * (n + 1) + prefix
            out[counts[slot]] = code
            counts[slot] += 1
    return out
