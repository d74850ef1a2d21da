"""Counting the relabelled states of six players: a breadth-first search over bitmaps, a bit per canonical
code, each level expanded in parallel into a bitmap per thread."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numba
import numpy as np

from parlour.analyses.goose.space.canonical import start_code
from parlour.errors import InvalidInput
from parlour.games.goose.kernels import landing, others_mask, sweep_key
from parlour.games.goose.rules import RuleSet
from parlour.games.goose.tables import tables
from parlour.solvers.markov.kernels import part_range
from parlour.solvers.markov.ranks import popcount


@numba.njit(cache=True)
def _word_codes(word, w, out):
    """The codes whose bits are set in word `w` of a bitmap, written to out[:64]; returns how many."""
    k = 0
    if word != 0:
        for bit in range(64):
            if (word >> np.uint64(bit)) & np.uint64(1) != 0:
                out[k] = np.int64(w) * 64 + bit
                k += 1
    return k


@numba.njit(cache=True, parallel=True)
def _expand_level(frontier, nexts, n, t):
    """Set in nexts[thread] the bit of every successor of every code in `frontier` (one bit per canonical
    code; a bitmap per thread, so no two threads write the same word)."""
    threads = nexts.shape[0]
    words = frontier.size
    c = t.codes
    top = 1
    for _ in range(n - 1):
        top *= c
    for p in numba.prange(threads):
        lo, hi = part_range(0, words, p, threads)
        out = nexts[p]
        buf = np.empty(64, np.int64)
        for w in range(lo, hi):
            for j in range(_word_codes(frontier[w], w, buf)):
                code = buf[j]
                here = code % c
                rest = code // c
                occ = others_mask(rest, n, t)
                if t.pending[here] == 1:
                    u = rest + t.served[here] * top
                    out[u >> 6] |= np.uint64(1) << np.uint64(u & 63)
                elif t.well[here] == 1 and (occ >> np.uint64(t.squares[here])) & np.uint64(1) == 0:
                    u = rest + here * top
                    out[u >> 6] |= np.uint64(1) << np.uint64(u & 63)
                else:
                    for k in range(t.dest.shape[1]):
                        d = t.dest[here, k]
                        if d == t.end_code:
                            continue
                        d = landing(here, d, occ, t)
                        u = rest + d * top
                        out[u >> 6] |= np.uint64(1) << np.uint64(u & 63)


@numba.njit(cache=True, parallel=True)
def _merge_level(nexts, seen, frontier):
    """frontier <- (OR of nexts) minus seen; seen |= frontier; nexts cleared; returns the frontier's size."""
    total = 0
    for w in numba.prange(seen.size):
        x = np.uint64(0)
        for p in range(nexts.shape[0]):
            x |= nexts[p, w]
            nexts[p, w] = 0
        x &= ~seen[w]
        seen[w] |= x
        frontier[w] = x
        total += popcount(x)  # type: ignore[call-arg]  # typingctx is numba's
    return total


@dataclass(frozen=True)
class BitmapCount:
    players: int
    canonical: int  # reachable transient relabelled states
    levels: int  # breadth-first levels after the start (the most turns any state needs from the start)
    per_level: tuple[int, ...]
    bitmap_gib: float  # memory of the bitmaps
    seconds: float


def count_canonical(rules: RuleSet, players: int, progress: Callable[[int, int], None] | None = None) -> BitmapCount:
    """Reachable relabelled states by a breadth-first search over bitmaps (a bit per canonical code).

    The layout's dense int32 index stops at 5 players; this counter goes on: 6 players on the study's
    board are 49^6 codes, 1.7 GB per bitmap, (2 + threads) bitmaps. Terminal states are not counted
    (as `Layout.size`)."""
    import time

    if players < 2:
        raise InvalidInput(f"the game needs at least 2 players, got {players}")
    t0 = time.perf_counter()
    _, per_level, gib = reach_bitmap(rules, players, progress)
    return BitmapCount(players, sum(per_level), len(per_level) - 1, per_level, gib, time.perf_counter() - t0)


def reach_bitmap(rules: RuleSet, players: int, progress: Callable[[int, int], None] | None = None
                 ) -> tuple[np.ndarray, tuple[int, ...], float]:
    """(bitmap of the reachable transient canonical codes, new codes per breadth-first level, GiB of
    bitmaps used at the peak)."""
    t = tables(rules)
    c = t.codes
    words = (c**players + 63) // 64
    threads = numba.get_num_threads()
    seen = np.zeros(words, np.uint64)
    frontier = np.zeros(words, np.uint64)
    nexts = np.zeros((threads, words), np.uint64)
    s0 = int(start_code(players, t))
    seen[s0 >> 6] |= np.uint64(1) << np.uint64(s0 & 63)
    frontier[:] = seen
    per_level = [1]
    while per_level[-1]:
        _expand_level(frontier, nexts, players, t)
        per_level.append(int(_merge_level(nexts, seen, frontier)))
        if progress is not None:
            progress(len(per_level) - 1, per_level[-1])
    gib = (seen.nbytes + frontier.nbytes + nexts.nbytes) / 2**30
    return seen, tuple(per_level[:-1]), gib


@numba.njit(cache=True)
def order_bits_by_progress(seen, n, t, out):
    """`order_by_progress` for codes given as set bits (any number of codes, int64 out)."""
    top = 0
    for i in range(t.squares.size):
        top = max(top, t.squares[i])
    counts = np.zeros((n * top + 1) * (n + 1) + 1, np.int64)
    digits = np.empty(n, np.int64)
    buf = np.empty(64, np.int64)
    for phase in range(2):
        for w in range(seen.size):
            for j in range(_word_codes(seen[w], w, buf)):
                code = buf[j]
                key, prefix = sweep_key(code, n, t, digits)
                slot = (n * top - key) * (n + 1) + prefix
                if phase == 0:
                    counts[slot + 1] += 1
                else:
                    out[counts[slot]] = code
                    counts[slot] += 1
        if phase == 0:
            for k in range(1, counts.size):
                counts[k] += counts[k - 1]
