"""The full states (an explicit player to move), counted exactly as the reference model does: a canonical
state stands for one full state per absolute mover, and `full_counts` finds which of them are reachable."""

from __future__ import annotations

from dataclasses import dataclass

import numba
import numpy as np

from parlour.analyses.goose.space.canonical import start_code
from parlour.games.goose.kernels import digits_of, move, skips


@dataclass(frozen=True)
class Counts:
    """Reachable full states (explicit player to move) by category, and the canonical chain size."""

    players: int
    throw: int
    inn_skip: int
    well_skip: int
    terminal: int
    canonical: int  # transient states of the relabelled chain
    stuck: int = 0  # full states from which the game cannot end (the 2-player draw; among the well skips)

    @property
    def reachable(self) -> int:
        return self.throw + self.inn_skip + self.well_skip + self.terminal

    @property
    def throw_plus_terminal(self) -> int:
        """The convention that gives the study's 2.79e5, 1.64e7, 8.85e8 (3-5 players)."""
        return self.throw + self.terminal

    def to_json(self) -> dict[str, int]:
        return {
            "reachable": self.reachable,
            "throw": self.throw,
            "skip_inn": self.inn_skip,
            "skip_stuck": self.well_skip,
            "terminal": self.terminal,
            "draw": self.stuck,
            "throw_plus_terminal": self.throw_plus_terminal,
            "canonical_transient": self.canonical,
        }


@numba.njit(cache=True)
def bfs_full(n, t):
    """Reachable full states from everybody on the start square, player 0 to move.

    Returns the visited marks (1 throw, 2 inn skip, 3 well skip, 4 terminal) indexed by full code.
    """
    c = t.codes
    cn = 1
    for _ in range(n):
        cn *= c
    mark = np.zeros(n * cn, np.uint8)
    queue = np.empty(n * cn, np.int64)
    s0 = start_code(n, t)
    head = 0
    tail = 1
    queue[0] = s0
    mark[s0] = 255
    digits = np.empty(n, np.int64)
    pw = np.empty(n, np.int64)
    p = 1
    for i in range(n):
        pw[i] = p
        p *= c
    ncls = t.dest.shape[1]
    while head < tail:
        s = queue[head]
        head += 1
        me = s // cn
        digits_of(s % cn, n, c, digits)
        terminal = False
        for j in range(n):
            if digits[j] == t.end_code:
                terminal = True
        if terminal:
            mark[s] = 4
            continue
        why = skips(digits, n, me, t)
        mark[s] = 1 if why == 0 else (2 if why == 1 else 3)
        nk = ncls if why == 0 else 1
        for kk in range(nk):
            k = kk if why == 0 else -1
            new, _won = move(digits, n, me, k, t)
            u = ((me + 1) % n) * cn + (s % cn) + (new - digits[me]) * pw[me]
            if mark[u] == 0:
                mark[u] = 255
                queue[tail] = u
                tail += 1
    return mark


@numba.njit(cache=True)
def full_counts(chain, codes, kind, start, n, t):
    """Full states (explicit mover) reachable from the start, by category, from the canonical chain.

    A canonical state stands for N full states, one per absolute mover; which of them are reachable is
    a bit mask propagated along the edges (a move hands the turn to the next player: rotate the mask)
    until nothing changes. Terminal full states are counted by their own (code, next mover) masks.
    Returns [throw, inn skip, well skip, terminal] and the mover masks; chain = (indptr, target).
    """
    indptr, target = chain
    c = t.codes
    s_count = codes.size
    full = (1 << n) - 1
    mask = np.zeros(s_count, np.uint8)
    mask[start] = 1
    changed = True
    while changed:
        changed = False
        for s in range(s_count - 1, -1, -1):  # successors mostly sit earlier: sources first
            m = mask[s]
            if m == 0:
                continue
            rot = ((m << 1) | (m >> (n - 1))) & full
            for e in range(indptr[s], indptr[s + 1]):
                u = target[e]
                if u >= 0 and (mask[u] | rot) != mask[u]:
                    mask[u] |= rot
                    changed = True
    cn = 1
    for _ in range(n):
        cn *= c
    term = np.zeros(cn, np.uint8)
    out = np.zeros(4, np.int64)
    top = cn // c
    for s in range(s_count):
        m = mask[s]
        bits = 0
        for j in range(n):
            bits += (m >> j) & 1
        out[kind[s] - 1] += bits
        rot = ((m << 1) | (m >> (n - 1))) & full
        for e in range(indptr[s], indptr[s + 1]):
            if target[e] < 0:
                # the winner stands on the end square, last in line after the next mover
                tcode = codes[s] // c + t.end_code * top
                term[tcode] |= rot
    for i in range(cn):
        m = term[i]
        for j in range(n):
            out[3] += (m >> j) & 1
    return out, mask
