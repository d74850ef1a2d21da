"""Counting without a chain (the scale study): reachable canonical states and their mover masks in one
worklist pass, successors on the fly, in a byte per code."""

from __future__ import annotations

from dataclasses import dataclass

import numba
import numpy as np

from parlour.analyses.goose.space.canonical import start_code
from parlour.analyses.goose.space.full import Counts
from parlour.errors import InvalidInput
from parlour.games.goose.kernels import digits_of, move, skips
from parlour.games.goose.rules import RuleSet
from parlour.games.goose.tables import tables


@numba.njit(cache=True)
def _reach_masks(n, t):
    """Reachable canonical states and their mover masks in one worklist pass, successors on the fly.

    Nothing but a byte per canonical code (bits 0..n-1: the absolute movers that can stand there; bit
    7: in the queue), a circular int32 queue (each code at most once in it) and the terminal masks
    indexed by the n-1 codes that are not the winner's. A state is queued again only when its mask
    grows, so there are at most n pops per state. 5 players: 49^5 codes = 0.28 GB of masks + 1.1 GB
    of queue, against ~8 GB for a full-state search with an int64 queue.

    Returns [throw, inn skip, well skip, terminal, canonical, pops, peak queue length].
    """
    c = t.codes
    cn = 1
    for _ in range(n):
        cn *= c
    mask = np.zeros(cn, np.uint8)
    term = np.zeros(cn // c, np.uint8)
    pops, peak = _spread_masks(n, t, mask, term)
    out = _tally_masks(n, t, mask, term)
    out[5] = pops
    out[6] = peak
    return out


@numba.njit(cache=True)
def _spread_masks(n, t, mask, term):
    """The worklist pass of `_reach_masks`: grows `mask` (per canonical code) and `term` (the terminal
    masks) from everybody on the start square until no mask grows; returns (pops, peak queue length)."""
    c = t.codes
    cn = mask.size
    full = (1 << n) - 1
    queue = np.empty(cn, np.int32)
    s0 = start_code(n, t)
    mask[s0] = 1 | 128
    queue[0] = s0
    head = 0
    size = 1
    pops = 0
    peak = 1
    digits = np.empty(n, np.int64)
    ncls = t.dest.shape[1]
    while size > 0:
        s = int(queue[head])
        head += 1
        if head == cn:
            head = 0
        size -= 1
        pops += 1
        m = mask[s] & full
        mask[s] = m  # out of the queue
        rot = ((m << 1) | (m >> (n - 1))) & full
        digits_of(s, n, c, digits)
        why = skips(digits, n, 0, t)
        nk = ncls if why == 0 else 1
        for kk in range(nk):
            k = kk if why == 0 else -1
            new, won = move(digits, n, 0, k, t)
            if won:
                term[s // c] |= rot
                continue
            u = new
            for j in range(n - 1, 0, -1):
                u = u * c + digits[j]
            old = mask[u]
            grown = (old & full) | rot
            if grown != (old & full):
                mask[u] = grown | 128
                if not old & 128:  # not in the queue yet: append it
                    tail = head + size
                    if tail >= cn:
                        tail -= cn
                    queue[tail] = u
                    size += 1
                    if size > peak:
                        peak = size
    return pops, peak


@numba.njit(cache=True)
def _tally_masks(n, t, mask, term):
    """[throw, inn skip, well skip, terminal, canonical, 0, 0]: the full states the masks stand for, by
    category (a mask's bits are its movers), and the canonical states reached."""
    c = t.codes
    digits = np.empty(n, np.int64)
    out = np.zeros(7, np.int64)
    for code in range(mask.size):
        m = mask[code]
        if m == 0:
            continue
        bits = 0
        for j in range(n):
            bits += (m >> j) & 1
        digits_of(code, n, c, digits)
        why = skips(digits, n, 0, t)
        out[why] += bits  # why: 0 throw, 1 inn skip, 2 well skip
        out[4] += 1
    for i in range(term.size):
        m = term[i]
        for j in range(n):
            out[3] += (m >> j) & 1
    return out


@dataclass(frozen=True)
class ReachCount:
    """Reachable states counted on the fly (no chain, no index): the 5-player scale figure."""

    counts: Counts
    pops: int  # worklist pops (at most players x canonical states)
    peak_queue: int
    bytes: int  # the enumerator's arrays
    seconds: float


def count_reachable(rules: RuleSet, players: int) -> ReachCount:
    """Full and relabelled reachable states by category, without building the chain.

    Needs (c^n + 4 c^n + c^(n-1)) bytes for c codes: 1.4 GB for 5 players on the study's board. The
    draw count (stuck states) needs the chain and is not given (0 here; it is 0 for 3+ players on the
    study's board anyway, as only two squares are wells).
    """
    import time

    if players < 2:
        raise InvalidInput(f"the game needs at least 2 players, got {players}")
    if players > 7:
        raise InvalidInput("the on-the-fly counter keeps the mover masks in 7 bits: at most 7 players")
    t = tables(rules)
    c = t.codes
    need = c**players * 5 + c ** (players - 1)
    if c**players >= 2**31:
        raise InvalidInput(f"{players} players: {c}^{players} codes do not fit the int32 queue")
    t0 = time.perf_counter()
    out = _reach_masks(players, t)
    cnt = Counts(players, int(out[0]), int(out[1]), int(out[2]), int(out[3]), int(out[4]))
    return ReachCount(cnt, int(out[5]), int(out[6]), need, time.perf_counter() - t0)
