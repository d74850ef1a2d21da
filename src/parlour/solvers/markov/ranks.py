"""A set of integer codes as a bitmap with running counts, so that a state's row is the rank of its code:
its place among the set's codes in increasing order.

An operator that computes successors from the rules (the Goose's chain-free sweeps) must turn a successor's
code into the row of its bounds. A dense code -> row map costs 4 bytes for every code whether reachable or
not (5 Goose players: 49^5 codes, 1.1 GB); this costs 16 bytes per 64 codes (70 MB there), and a lookup
reads one 16-byte entry (the word and the set bits before it) and counts the bits below the code's.
"""

from __future__ import annotations

import numba
import numpy as np
from numba.core import types
from numba.core.extending import intrinsic


@intrinsic
def popcount(typingctx, x):  # pragma: no cover
    """Set bits of a uint64, as one instruction (LLVM's ctpop; numba has no popcount of its own)."""
    if x != types.uint64:
        return None

    def codegen(context, builder, sig, args):
        return builder.ctpop(args[0])

    return types.uint64(types.uint64), codegen


@numba.njit(cache=True, inline="always")
def rank_of(ranks, code):
    """Row of `code` in the set `ranks` (made by `code_ranks`), or -1 when the code is not in it."""
    w = code >> 6
    bit = np.uint64(code & 63)
    word = ranks[w, 0]
    if (word >> bit) & np.uint64(1) == 0:
        return np.int64(-1)
    below = word & ((np.uint64(1) << bit) - np.uint64(1))
    return np.int64(ranks[w, 1] + popcount(below))  # type: ignore[call-arg]  # typingctx is numba's


@numba.njit(cache=True)
def _fill_counts(ranks):
    total = np.uint64(0)
    for w in range(ranks.shape[0]):
        ranks[w, 1] = total
        total += popcount(ranks[w, 0])  # type: ignore[call-arg]
    return total


def code_ranks(bitmap: np.ndarray, out: np.ndarray | None = None) -> np.ndarray:
    """The [word, 2] uint64 rank table of a bitmap (bit b of word w: code 64 w + b is in the set): each word
    beside the number of set bits before it. `out` may be a memory-mapped array of that shape."""
    ranks = np.empty((bitmap.size, 2), np.uint64) if out is None else out
    ranks[:, 0] = bitmap
    _fill_counts(ranks)
    return ranks


@numba.njit(cache=True)
def bitmap_of(codes, size):
    """The bitmap (uint64 words) of a set of codes below `size`, given in any order."""
    words = np.zeros((size + 63) // 64, np.uint64)
    for i in range(codes.size):
        c = codes[i]
        words[c >> 6] |= np.uint64(1) << np.uint64(c & 63)
    return words


__all__ = ["bitmap_of", "code_ranks", "popcount", "rank_of"]
