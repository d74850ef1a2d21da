"""Bounds packed with their extrapolation offsets into 8 bytes a value, for chains whose float64 bounds and
float32 offsets (12 bytes a value) crowd the memory: 5 Goose players, 184.8M states x 5 columns, are
6.9 GiB packed against 10.3 GiB.

A value is one uint64. Its top 44 bits are the lower bound L in fixed point, in units of UNIT = 2**-43
(1.1e-13; bounds up to 2, exactly: 44 bits fit a float64's 53). Its low BITS = 20 bits are an offset,
the float32 offsets array's role: the increase a recording sweep saw, then the extrapolation candidate
Z - L; a signed 15-bit mantissa m and a 5-bit exponent e, m * 2**e units (up to 4, four and a half
decimal digits). With 16 bits for the offset (three digits) the 3-player solve needed 89 passes instead
of 68 (more candidates failed their check); with 20 it needs the same 68 as float64 + float32.

Why every value stays a proven bound (the engine's soundness note, with two roundings more):
* a bound is stored rounded down to the grid (floor), below the float64 value the update proved;
* an offset is encoded rounded down (`encode`), and a candidate Z = L + offset is only a candidate: it is
  taken (`raise_by`, integer addition, exact) after a pass proved Z <= F(Z) at every value, with Z read
  exactly as that pass read it;
* reading is exact: L and L + offset are integers below 2**53, scaled by a power of two.
The grid puts a floor under the certified width (3 players: 1.4e-11 measured; with 24 bits for the offset,
2.2e-10), far below the 1e-8 of the 5-player runs; finer tolerances keep float64 bounds.
"""

from __future__ import annotations

import math

import numba
import numpy as np
from numba.core import types

BITS = 20  # of the offset field; the bound has the other 64 - BITS
FIELD = np.uint64(BITS)
MASK = np.uint64((1 << BITS) - 1)
SCALE = 2.0 ** (63 - BITS)  # units per 1: bounds up to 2
UNIT = 1.0 / SCALE
HALF = 1 << (BITS - 6)  # the mantissa m of an offset lies in [-HALF, HALF)


@numba.njit(cache=True, inline="always")
def bound_units(word):
    """The lower bound of a packed value, in units."""
    return np.int64(word >> FIELD)


@numba.njit(cache=True, inline="always")
def offset_units(word):
    """The offset field of a packed value, in units (m * 2**e)."""
    field = np.int64(word & MASK)
    m = (field << np.int64(64 - BITS)) >> np.int64(64 - BITS + 5)  # the signed mantissa, sign-extended
    return m << (field & 31)


@numba.njit(cache=True, inline="always")
def encode(x):
    """The offset field of the largest m * 2**e units <= x (x in units); beyond +-HALF * 2**31 units (4)
    x saturates: above, a smaller offset (a candidate may be anything); below, never asked (see
    `check_packed`)."""
    e = 0
    if x != 0.0:
        _, k = math.frexp(x)  # |x| < 2**k
        e = max(0, min(31, k - (BITS - 6)))
    m = math.floor(x / 2.0**e)
    m = min(HALF - 1, max(-HALF, m))
    return np.uint64(((np.int64(m) & (2 * HALF - 1)) << 5) | e)


@numba.njit(cache=True, inline="always")
def value_of(units):
    return np.float64(units) * UNIT


@numba.njit(cache=True, inline="always")
def pack(units, field):
    return (np.uint64(units) << FIELD) | field


@numba.njit(cache=True, inline="always")
def raise_packed(lower, record, i, o, v):
    """L <- max(L, v) rounded down to the grid; with `record`, the increase goes into the offset field."""
    old = bound_units(lower[i, o])
    new = np.int64(math.floor(v * SCALE))
    if new > old:
        lower[i, o] = pack(new, encode(np.float64(new - old)) if record else np.uint64(0))
    elif record:
        lower[i, o] = pack(old, np.uint64(0))


@numba.njit(cache=True, inline="always")
def check_packed(lower, assign, i, o, v):
    """The check's update of Z = L + offset against v = F(Z) rounded down: 1 when v < Z. With `assign` the
    offset becomes the largest encodable one with L + offset <= v. (Saturation could leave Z above v only
    for v < L - 4, impossible for probabilities.)"""
    w = lower[i, o]
    old = bound_units(w)
    z = value_of(old + offset_units(w))
    if assign:
        lower[i, o] = pack(old, encode(v * SCALE - np.float64(old)))
    return 1 if v < z else 0


@numba.njit(cache=True)
def candidate(lower, alpha):
    """offset <- alpha * offset (rounded down), capped at 1 - L: the extrapolation's candidate Z."""
    top = np.float64(SCALE)
    for i in range(lower.shape[0]):
        for o in range(lower.shape[1]):
            w = lower[i, o]
            old = bound_units(w)
            lower[i, o] = pack(old, encode(min(alpha * np.float64(offset_units(w)), top - np.float64(old))))


@numba.njit(cache=True)
def raise_by(lower):
    """L <- max(L, Z) for the candidate Z = L + offset, exactly, and every offset cleared."""
    for i in range(lower.shape[0]):
        for o in range(lower.shape[1]):
            w = lower[i, o]
            old = bound_units(w)
            lower[i, o] = pack(max(old, old + offset_units(w)), np.uint64(0))


@numba.njit(cache=True)
def clear_offsets(lower):
    for i in range(lower.shape[0]):
        for o in range(lower.shape[1]):
            lower[i, o] &= ~MASK


def floats(rows: np.ndarray) -> np.ndarray:
    """The lower bounds of packed rows as float64 (exact); float64 rows as they are."""
    if rows.dtype == np.uint64:
        return (rows >> FIELD).astype(np.float64) * UNIT
    return rows


def word(value: float) -> np.uint64:
    """The packed value of a known lower bound (rounded down to the grid), offset 0."""
    return np.uint64(math.floor(value * SCALE)) << FIELD


def is_packed(lower: types.Array) -> bool:
    """At compile time: whether a kernel's bounds argument is packed."""
    return bool(lower.dtype == types.uint64)


__all__ = [
    "BITS", "FIELD", "HALF", "MASK", "SCALE", "UNIT", "bound_units", "candidate", "check_packed", "clear_offsets",
    "encode", "floats", "is_packed", "offset_units", "pack", "raise_by", "raise_packed", "value_of", "word",
]
