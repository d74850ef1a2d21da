"""Exact win chances, and the grid of every deal counted by rank multisets.

A view is a player's 2 cards plus the 5 table cards. The opponent holds 2 of the 25 unseen cards:
C(25, 2) = 300 holdings, each equally likely. Suits never matter, so holdings are counted by rank
pair with multiplicity (n_a * n_b ways for ranks a != b, C(n_a, 2) for a pair, n_r = unseen cards of
rank r).

The same counting gives the whole deal space: a deal is (table multiset t, Frank's rank pair f, Tina's
rank pair g) with C(4, t_r) * C(4 - t_r, f_r) * C(4 - t_r - f_r, g_r) suit choices per rank. There are
784 table multisets and 36 rank pairs, so the grid has 784 * 36 * 36 cells instead of the
C(32,5) * C(27,2) * C(25,2) ~ 2.1e10 card deals.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations_with_replacement
from math import comb
from typing import TYPE_CHECKING

from parlour.errors import InvalidInput
from parlour.games.winorlose.cards import RANKS, SUITS, check_distinct, rank_counts
from parlour.games.winorlose.evaluate import CODE_SIZE, POW5, multiset_code, multiset_codes, score7, score_table
from parlour.games.winorlose.rules import Rules
from parlour.results import exact

if TYPE_CHECKING:  # the grid of every deal is numpy's; one view's chances are counted without it
    import numpy as np

HOLDINGS = comb(25, 2)  # opponent holdings seen from one view
PAIRS: tuple[tuple[int, int], ...] = tuple(combinations_with_replacement(range(RANKS), 2))
TOTAL_DEALS = comb(32, 5) * comb(27, 2) * comb(25, 2)


@dataclass(frozen=True)
class WinChance:
    """Counts over the opponent's 300 holdings and the exact probabilities."""

    wins: int
    ties: int
    losses: int

    @property
    def holdings(self) -> int:
        return self.wins + self.ties + self.losses

    @property
    def win(self) -> Fraction:
        return Fraction(self.wins, self.holdings)

    @property
    def tie(self) -> Fraction:
        return Fraction(self.ties, self.holdings)

    @property
    def lose(self) -> Fraction:
        return Fraction(self.losses, self.holdings)

    def chance(self, rules: Rules) -> Fraction:
        """The win chance the players act on (P(win), or P(win) + P(tie)/2; see ChanceRule)."""
        return rules.chance_value(self.wins, self.ties)

    def to_json(self) -> dict[str, object]:
        return {
            **exact("win", self.win),
            **exact("tie", self.tie),
            **exact("lose", self.lose),
            "wins": self.wins,
            "ties": self.ties,
            "losses": self.losses,
            "holdings": self.holdings,
        }


def _pair_ways(unseen: Sequence[int], a: int, b: int) -> int:
    return comb(unseen[a], 2) if a == b else unseen[a] * unseen[b]


def win_chance(own: Sequence[int], table: Sequence[int]) -> WinChance:
    """Exact P(win), P(tie), P(lose) of the view (own 2 cards, table 5 cards) over all opponent holdings."""
    if len(own) != 2 or len(table) != 5:
        raise InvalidInput(f"a view is 2 own cards and 5 table cards, got {len(own)} and {len(table)}")
    check_distinct([*own, *table])
    return win_chance_counts(rank_counts(own), rank_counts(table))


def tally(mine: int, theirs: int, ways: int, wins: int, ties: int, losses: int) -> tuple[int, int, int]:
    """(wins, ties, losses) with `ways` more deals in which a hand scoring `mine` meets one scoring `theirs`.

    Plain Python so that this module stays free of numpy; simulate's kernel compiles the same function."""
    if mine > theirs:
        return wins + ways, ties, losses
    if mine == theirs:
        return wins, ties + ways, losses
    return wins, ties, losses + ways


def win_chance_counts(own: Sequence[int], table: Sequence[int]) -> WinChance:
    """The same from rank counts (own: 2 cards, table: 5 cards)."""
    known = [o + t for o, t in zip(own, table, strict=True)]
    if any(k > SUITS for k in known) or sum(own) != 2 or sum(table) != 5:
        raise InvalidInput("a view needs 2 own and 5 table cards with at most 4 of a rank")
    unseen = [SUITS - k for k in known]
    mine = score7(multiset_code(known))
    base = multiset_code(table)
    wins = ties = losses = 0
    for a, b in PAIRS:
        ways = _pair_ways(unseen, a, b)
        if ways == 0:
            continue
        wins, ties, losses = tally(mine, score7(base + 5**a + 5**b), ways, wins, ties, losses)
    return WinChance(wins, ties, losses)


def table_codes() -> list[int]:
    """Codes of the 784 five-card rank multisets with at most 4 of a rank, in a fixed order."""
    return sorted(multiset_codes(5))


@dataclass(frozen=True, eq=False)
class DealGrid:
    """Every deal by rank multisets. Index t: table multiset, f / g / p / q: a rank pair (0..35).

    table_ways[t]: suit choices of the table; own_ways[t, p]: of a pair p next to table t;
    opp_ways[t, p, q]: of the opponent's pair q given t and p (this is also the weight of holding q
    seen from view (t, p)); key[t, p]: score of table + pair; wins/ties[t, p]: the view's counts over
    the 300 holdings. The weight of deal (t, f, g) is table_ways[t] * own_ways[t, f] * opp_ways[t, f, g],
    symmetric in f and g.
    """

    table_counts: np.ndarray  # (T, 8)
    table_code: np.ndarray  # (T,)
    table_index: np.ndarray  # (5**8,) code -> t, or -1
    pair_counts: np.ndarray  # (36, 8)
    pair_index: dict[tuple[int, int], int]
    table_ways: np.ndarray  # (T,)
    own_ways: np.ndarray  # (T, 36)
    opp_ways: np.ndarray  # (T, 36, 36)
    key: np.ndarray  # (T, 36)
    wins: np.ndarray  # (T, 36)
    ties: np.ndarray  # (T, 36)

    def deal_weights(self) -> np.ndarray:
        """(T, 36, 36) int64: number of card deals behind each (table, Frank pair, Tina pair)."""
        return self.table_ways[:, None, None] * self.own_ways[:, :, None] * self.opp_ways

    def view(self, own: Sequence[int], table: Sequence[int]) -> tuple[int, int]:
        """(t, p) indices of a view given as cards."""
        t = int(self.table_index[multiset_code(rank_counts(table))])
        a, b = sorted(c // SUITS for c in own)
        return t, self.pair_index[(a, b)]

    def chance_numerators(self, rules: Rules) -> np.ndarray:
        """(T, 36) win-chance numerators over rules.chance_denominator."""
        import numpy as np

        if rules.chance_denominator == HOLDINGS:
            return self.wins.astype(np.int64)
        return 2 * self.wins.astype(np.int64) + self.ties


@functools.cache
def deal_grid() -> DealGrid:
    import numpy as np

    codes = table_codes()
    n_t = len(codes)
    tcounts = np.array([[(c // 5**r) % 5 for r in range(RANKS)] for c in codes], dtype=np.int64)
    tindex = np.full(CODE_SIZE, -1, dtype=np.int32)
    tindex[codes] = np.arange(n_t, dtype=np.int32)
    pcounts = np.zeros((len(PAIRS), RANKS), dtype=np.int64)
    for i, (a, b) in enumerate(PAIRS):
        pcounts[i, a] += 1
        pcounts[i, b] += 1
    binom = np.array([[comb(n, k) for k in range(5)] for n in range(5)], dtype=np.int64)
    table_ways = np.prod(binom[SUITS, tcounts], axis=1)
    free = SUITS - tcounts  # (T, 8) cards of each rank not on the table
    left = free[:, None, :] - pcounts[None, :, :]  # (T, 36, 8) after the own pair
    own_ok: np.ndarray = np.asarray((left >= 0).all(axis=2))
    own_ways = np.where(own_ok, np.prod(binom[free[:, None, :], pcounts[None, :, :]], axis=2), 0)
    qa = np.array([a for a, _ in PAIRS])
    qb = np.array([b for _, b in PAIRS])
    n_a = np.clip(left[:, :, qa], 0, None)  # (T, 36, 36)
    n_b = np.clip(left[:, :, qb], 0, None)
    opp = np.where(qa == qb, n_a * (n_a - 1) // 2, n_a * n_b)
    opp = np.where(own_ok[:, :, None], opp, 0)
    pow5 = np.array(POW5, dtype=np.int64)
    pair_code = pow5[qa] + pow5[qb]
    seven = np.array(codes, dtype=np.int64)[:, None] + pair_code[None, :]
    key = np.where(own_ok, score_table()[np.where(own_ok, seven, 0)], -1).astype(np.int32)
    wins = (opp * (key[:, :, None] > key[:, None, :])).sum(axis=2)
    ties = (opp * (key[:, :, None] == key[:, None, :])).sum(axis=2)
    return DealGrid(
        table_counts=tcounts,
        table_code=np.array(codes, dtype=np.int64),
        table_index=tindex,
        pair_counts=pcounts,
        pair_index={p: i for i, p in enumerate(PAIRS)},
        table_ways=table_ways,
        own_ways=own_ways,
        opp_ways=opp,
        key=key,
        wins=wins,
        ties=ties,
    )
