"""The compiled hand evaluator: 7 additions and one lookup in the score table per hand."""

from __future__ import annotations

import numba
import numpy as np


@numba.njit(cache=True, nogil=True)
def evaluate_kernel(cards: np.ndarray, table: np.ndarray, pow5: np.ndarray, out: np.ndarray) -> None:
    for i in range(cards.shape[0]):
        code = 0
        for j in range(cards.shape[1]):
            code += pow5[cards[i, j] >> 2]  # rank = card // 4
        out[i] = table[code]
