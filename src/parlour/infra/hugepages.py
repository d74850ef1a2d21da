"""Large arrays on huge pages: a pass reads its bounds at random, and with 4 KiB pages nearly every such read
also misses the processor's cache of page addresses (the TLB).

Reading a 7.4 GB array at random (the 5-player Goose bounds) took 0.89 s for 2e7 reads with ordinary pages and
0.60 s on huge ones (2 MiB; Linux gives them to memory that asks with madvise, its usual setting); one thread's
sweep of the 4-player stored chain (137 MB of bounds), 0.30-0.33 s and 0.27-0.28 s. Elsewhere, or when the system
refuses, `zeros` is np.zeros.
"""

from __future__ import annotations

import mmap

import numpy as np

# Arrays from this size on are asked for on huge pages.
HUGE_PAGES_FROM = 32 * 2**20


def zeros(shape: tuple[int, ...], dtype: type | np.dtype) -> np.ndarray:
    """A zeroed array like np.zeros, on huge pages where it is large and the system allows it."""
    dt = np.dtype(dtype)
    size = int(np.prod(shape, dtype=np.int64)) * dt.itemsize
    if size < HUGE_PAGES_FROM or not hasattr(mmap, "MADV_HUGEPAGE"):
        return np.zeros(shape, dt)
    try:
        region = mmap.mmap(-1, size, flags=mmap.MAP_PRIVATE | mmap.MAP_ANONYMOUS)  # zero-filled by the system
        region.madvise(mmap.MADV_HUGEPAGE)
    except (OSError, ValueError):
        return np.zeros(shape, dt)
    return np.frombuffer(region, dt).reshape(shape)  # the array keeps the region alive (its base)


def copy(array: np.ndarray) -> np.ndarray:
    """A copy of `array` in memory (from a memory-mapped file, say), on huge pages where it is large."""
    out = zeros(array.shape, array.dtype)
    out[...] = array
    return out
