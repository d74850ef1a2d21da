"""The rank table that maps a state's code to the row of its bounds (the chain-free Goose operator)."""

from __future__ import annotations

import numba
import numpy as np
import pytest

from parlour.solvers.markov.ranks import bitmap_of, code_ranks, popcount, rank_of


@pytest.mark.parametrize(("size", "share", "seed"), [(1, 1.0, 0), (64, 0.5, 1), (129, 1.0, 2), (5000, 0.02, 3),
                                                     (5000, 0.7, 4)])
def test_a_code_s_row_is_its_place_among_the_set_s_codes(size: int, share: float, seed: int) -> None:
    rng = np.random.default_rng(seed)
    codes = np.flatnonzero(rng.random(size) < share)
    codes = np.union1d(codes, np.array([0, size - 1] if share == 1.0 else [], np.int64))  # word edges
    ranks = code_ranks(bitmap_of(rng.permutation(codes), size))  # the order codes come in does not matter
    want = np.full(size, -1)
    want[codes] = np.arange(codes.size)
    assert [int(rank_of(ranks, c)) for c in range(size)] == want.tolist()
    assert int(ranks[-1, 1]) + bin(int(ranks[-1, 0])).count("1") == codes.size  # the running counts add up


def test_popcount_counts_every_bit() -> None:
    compiled = numba.njit(lambda x: popcount(x))  # type: ignore[call-arg]  # an intrinsic: compiled code only
    for x in (0, 1, 2**63, 2**64 - 1, 0x5555555555555555, 12345678901234567):
        assert int(compiled(np.uint64(x))) == bin(x).count("1")
