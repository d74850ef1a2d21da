"""Hand scores: the best 5 of 7 cards when only ranks count (no flushes, no straights).

A score is the study's A.BB.CCCCC code read as one 8-digit integer:
A = combination (0 high card, 1 pair, 2 two pair, 3 three of a kind, 4 full house, 5 four of a kind),
B1 B2 = rank of the main group and of the second group (0 when there is none), CCCCC = the kickers,
highest first, right-aligned. The category fixes how many kickers there are, so comparing the integers
compares the hands: the code *is* the total order (larger wins, equal ties).

Only the rank counts of the 7 cards matter, and with 8 ranks and at most 4 cards of a rank there are
few such multisets. `SCORE7` holds the score of every one, indexed by the base-5 number sum c_r 5**r;
evaluating a hand is then 7 additions and one lookup (`evaluate_batch`, numba, in `kernels`). One view
needs 37 scores, not the table: `score7` computes them one by one, so `winorlose chance` starts without
numpy.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from itertools import combinations
from typing import TYPE_CHECKING

from parlour.games.winorlose.cards import RANKS, SUITS

if TYPE_CHECKING:
    import numpy as np

CATEGORY_NAMES = ("high card", "one pair", "two pair", "three of a kind", "full house", "four of a kind")
KICKERS = (5, 3, 1, 2, 0, 1)  # kickers in the best five, per category
POW5 = tuple(5**r for r in range(RANKS))
CODE_SIZE = 5**RANKS  # rank-count vectors with entries 0..4


def multiset_code(counts: Sequence[int]) -> int:
    return sum(c * 5**r for r, c in enumerate(counts))


def counts_of_code(code: int) -> tuple[int, ...]:
    return tuple((code // 5**r) % 5 for r in range(RANKS))


def _pack(category: int, b1: int, b2: int, kickers: Sequence[int]) -> int:
    tail = 0
    for k in kickers:
        tail = tail * 10 + k
    return category * 10**7 + b1 * 10**6 + b2 * 10**5 + tail


def score_of_counts(counts: Sequence[int]) -> int:
    """Score of the best five cards among 5..7 cards given by rank counts (reads the groups directly)."""
    desc = [r for r in range(RANKS - 1, -1, -1) if counts[r] > 0]
    quads = [r for r in desc if counts[r] == 4]
    trips = [r for r in desc if counts[r] == 3]
    pairs = [r for r in desc if counts[r] == 2]
    if quads:
        q = quads[0]
        return _pack(5, q, 0, [r for r in desc if r != q][:1])
    if trips and (len(trips) >= 2 or pairs):
        t = trips[0]
        return _pack(4, t, max(trips[1:] + pairs), [])
    if trips:
        t = trips[0]
        return _pack(3, t, 0, [r for r in desc if r != t][:2])
    if len(pairs) >= 2:
        high, low = pairs[0], pairs[1]
        return _pack(2, high, low, [r for r in desc if r not in (high, low)][:1])
    if pairs:
        p = pairs[0]
        return _pack(1, p, 0, [r for r in desc if r != p][:3])
    return _pack(0, 0, 0, desc[:5])


def score5_reference(ranks: Sequence[int]) -> int:
    """Score of exactly five cards (ranks), written independently of `score_of_counts` as a test oracle:
    order the ranks by (multiplicity, rank) descending and read the category off the count pattern."""
    assert len(ranks) == 5
    mult = {r: ranks.count(r) for r in set(ranks)}
    order = sorted(mult, key=lambda r: (mult[r], r), reverse=True)
    pattern = tuple(mult[r] for r in order)
    category = {(4, 1): 5, (3, 2): 4, (3, 1, 1): 3, (2, 2, 1): 2, (2, 1, 1, 1): 1, (1, 1, 1, 1, 1): 0}[pattern]
    groups = [r for r in order if mult[r] >= 2]
    singles = [r for r in order if mult[r] == 1]
    b1 = groups[0] if groups else 0
    b2 = groups[1] if len(groups) > 1 else 0
    return _pack(category, b1, b2, singles)


def best_of_seven_brute(ranks: Sequence[int]) -> int:
    """Best score over all 21 five-card subsets (the definition, slow)."""
    return max(score5_reference(list(sub)) for sub in combinations(ranks, 5))


def score_code(score: int) -> str:
    """8-digit score -> "A.BB.CCCCC"."""
    digits = f"{score:08d}"
    return f"{digits[0]}.{digits[1:3]}.{digits[3:]}"


def category_of(score: int) -> int:
    return score // 10**7


def multiset_codes(cards: int) -> list[int]:
    """Codes (base-5 rank counts) of every rank multiset of `cards` cards with at most 4 of a rank."""
    out: list[int] = []

    def rec(r: int, left: int, code: int) -> None:
        if r == RANKS:
            if left == 0:
                out.append(code)
            return
        for c in range(min(SUITS, left) + 1):
            rec(r + 1, left - c, code + c * 5**r)

    rec(0, cards, 0)
    return out


def seven_card_codes() -> list[int]:
    """Codes of every rank multiset of 7 cards with at most 4 of a rank."""
    return multiset_codes(7)


@functools.cache
def score7(code: int) -> int:
    """The score of the 7-card rank multiset `code` (an entry of `score_table`, without building it)."""
    return score_of_counts(counts_of_code(code))


@functools.cache
def score_table() -> np.ndarray:
    """SCORE7[code] for every 7-card rank multiset; -1 for codes that are not one."""
    import numpy as np

    table = np.full(CODE_SIZE, -1, dtype=np.int32)
    for code in seven_card_codes():
        table[code] = score7(code)
    table.setflags(write=False)
    return table


def evaluate_batch(cards: np.ndarray) -> np.ndarray:
    """Scores of many 7-card hands: `cards` is an (n, 7) integer array of card ids 0..31."""
    import numpy as np

    from parlour.games.winorlose.kernels import evaluate_kernel

    cards = np.ascontiguousarray(cards, dtype=np.int8)
    if cards.ndim != 2 or cards.shape[1] != 7:
        raise ValueError("evaluate_batch needs an (n, 7) array of cards")
    out = np.empty(cards.shape[0], dtype=np.int32)
    evaluate_kernel(cards, score_table(), np.array(POW5, dtype=np.int64), out)
    return out


def evaluate(cards: Sequence[int]) -> int:
    """Score of one 7-card hand (card ids)."""
    return score7(sum(5 ** (c // SUITS) for c in cards))
