"""A game in sequence form (`sequence.SequenceForm`, from any source: a module's walk, a Gambit file, an
OpenSpiel game) as flat numpy arrays for the compiled kernels of CFR+ (`cfr_kernels`).

Why the sequence form and not the tree: a tree's leaves reached by the same pair of sequences (the same moves
of both players, whatever chance dealt) add up to one number, so the pairs are at most the leaves and usually
far fewer (Leduc with 52 cards: 9,984,781 nodes, about 10^5 pairs), and one CFR pass over the pairs and the
information sets is one pass over the tree. The walk keeps no node (only the pairs' sums), so a tree of 10^7
nodes is built in the memory of its pairs: 32 bytes a pair here, plus the form's Fractions while it is read.

Each pair's payoff is kept three ways: the nearest float (what the iterations use) and the floats either side
of it (what the certificate uses: Python's float of a Fraction is correctly rounded, so the exact payoff lies
between them).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from parlour.solvers.sequence import Infoset, SequenceForm

__all__ = ["FlatForm", "Side", "flat"]


@dataclass(frozen=True)
class Side:
    """One player's information sets, parents first: the sequence each is reached by (`parent`), its first
    move's sequence (`first`) and its number of moves (`size`); `sequences` counts his sequences."""

    parent: np.ndarray
    first: np.ndarray
    size: np.ndarray
    sequences: int

    @property
    def arrays(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        return self.parent, self.first, self.size


@dataclass(frozen=True)
class FlatForm:
    """A two-player zero-sum game in sequence form as arrays: `sides` (player 1's, player 2's); for each pair
    of sequences reached together, player 1's sequence `row`, player 2's `col` and player 1's payoff summed
    over their leaves, chance-weighted: `pay` the nearest float, `low` <= exact <= `high`; `nodes` the tree's."""

    sides: tuple[Side, Side]
    row: np.ndarray
    col: np.ndarray
    pay: np.ndarray
    low: np.ndarray
    high: np.ndarray
    nodes: int

    @property
    def nbytes(self) -> int:
        arrays = (self.row, self.col, self.pay, self.low, self.high)
        return sum(a.nbytes for a in arrays) + sum(a.nbytes for s in self.sides for a in s.arrays)


def _side(infosets: tuple[Infoset, ...], sequences: int) -> Side:
    def column(values: object) -> np.ndarray:
        return np.fromiter(values, dtype=np.int64, count=len(infosets))  # type: ignore[call-overload]

    return Side(column(i.parent for i in infosets), column(i.first for i in infosets),
                column(len(i.moves) for i in infosets), sequences)


def flat(game: SequenceForm) -> FlatForm:
    """The game's arrays, in one pass over its pairs and information sets."""
    n = len(game.payoff)
    row = np.fromiter((k[0] for k in game.payoff), dtype=np.int32, count=n)
    col = np.fromiter((k[1] for k in game.payoff), dtype=np.int32, count=n)
    pay = np.fromiter(map(float, game.payoff.values()), dtype=np.float64, count=n)
    return FlatForm((_side(game.of(1), game.count(1)), _side(game.of(2), game.count(2))), row, col, pay,
                    np.nextafter(pay, -np.inf), np.nextafter(pay, np.inf), game.nodes)
