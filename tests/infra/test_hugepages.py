"""Large arrays on huge pages: the same zeroed, writable arrays as np.zeros, whatever the system gives."""

from __future__ import annotations

import mmap

import numpy as np
import pytest

from parlour.infra import hugepages


@pytest.mark.parametrize("shape,dtype", [((10, 3), np.float64), ((5_000_000, 4), np.float64),
                                         ((3, 12_000_000), np.float32), ((9_000_000, 2), np.uint64)])
def test_zeros_are_zeroed_writable_arrays_of_the_shape_and_type_asked(shape: tuple[int, int], dtype: type) -> None:
    a = hugepages.zeros(shape, dtype)
    assert a.shape == shape and a.dtype == np.dtype(dtype) and a.flags.writeable and a.flags.c_contiguous
    assert not a.any()
    a[-1, -1] = 7
    assert a.sum() == 7 and a[-1, -1] == 7


def test_large_arrays_ask_for_huge_pages_and_small_ones_do_not() -> None:
    small = hugepages.zeros((1000, 4), np.float64)
    assert small.base is None  # np.zeros' own array
    large = hugepages.zeros((hugepages.HUGE_PAGES_FROM // 8, 1), np.float64)
    if hasattr(mmap, "MADV_HUGEPAGE"):
        owner: object = large
        while isinstance(owner, np.ndarray):
            owner = owner.base
        assert isinstance(owner, memoryview) and isinstance(owner.obj, mmap.mmap)  # np.frombuffer's view


def test_a_copy_holds_the_same_values() -> None:
    src = np.arange(hugepages.HUGE_PAGES_FROM // 8, dtype=np.float64).reshape(-1, 2)
    got = hugepages.copy(src)
    assert np.array_equal(got, src) and got is not src
    got[0, 0] = -1
    assert src[0, 0] == 0
