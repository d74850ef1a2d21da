"""The last cow trade as a zero-sum game: the winner matrix of the rules becomes player 1's payoff
matrix, dominated bids are eliminated (with witnesses), the LP is solved with an exact certificate, and
the closed forms (the study's and parlour's) give the value without an LP."""

from __future__ import annotations

import math
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from pathlib import Path

import numpy as np

from parlour.analyses.cowtrade.result import CowTradeSolution
from parlour.games.cowtrade import (
    CowTrade,
    SecondInitiative,
    combined_symbols,
    payoff_matrix,
    winner_matrix,
)
from parlour.results import Status, jsonable
from parlour.solvers import dominance, nfg, zerosum


def is_inspection(matrix: np.ndarray) -> bool:
    """n x n with +1 (player 1 wins) on the diagonal and -1 elsewhere."""
    m, n = matrix.shape
    return m == n and bool((matrix == np.where(np.eye(n, dtype=bool), 1, -1)).all())


def inspection_size(reduced: np.ndarray) -> int | None:
    """n when elimination left an n x n inspection matrix (up to order); a single cell that player 1
    wins is the 1 x 1 inspection matrix. None otherwise (a cell player 3 wins: he always wins)."""
    if reduced.shape == (1, 1):
        return 1 if reduced[0, 0] == 1 else None
    # order the columns so each row's +1 is on the diagonal, when that is possible
    wins = [np.flatnonzero(row == 1) for row in reduced]
    if reduced.shape[0] != reduced.shape[1] or any(len(w) != 1 for w in wins):
        return None
    order = [int(w[0]) for w in wins]
    if sorted(order) != list(range(reduced.shape[1])):
        return None
    return reduced.shape[0] if is_inspection(reduced[:, order]) else None


def solve(game: CowTrade, eliminate: bool = True) -> CowTradeSolution:
    start = time.perf_counter()
    matrix = payoff_matrix(game)
    elimination = dominance.eliminate(matrix, weak=True, mixed=False) if eliminate else None
    sol = zerosum.solve(matrix, exact=True)
    cert = sol.certificate
    assert cert is not None  # exact=True raises instead of returning without a certificate
    n = None
    if elimination is not None:
        n = inspection_size(np.asarray(elimination.reduced(matrix), dtype=np.int64))
    return CowTradeSolution(
        game=game,
        value=cert.value,
        strategy1={b: p for b, p in zip(game.bids1, cert.row_strategy, strict=True) if p},
        strategy3={b: p for b, p in zip(game.bids3, cert.col_strategy, strict=True) if p},
        elimination=elimination,
        inspection_size=n,
        method="pure weak dominance, then " + sol.method if eliminate else sol.method,
        status=Status.EXACT,
        seconds=time.perf_counter() - start,
        counters={**sol.counters, "removals": len(elimination.steps) if elimination else 0,
                  "lp_milliseconds": round(1000 * sol.seconds, 3)},
    )


def matrices(game: CowTrade) -> dict[str, list[list[int]]]:
    """The winner of every bid pair (1 or 3) and the study's combined 1/2/3/4 notation."""
    return {"matrix": jsonable(winner_matrix(game)), "combined": jsonable(combined_symbols(game))}


def write_nfg(path: str | Path, game: CowTrade) -> None:
    """The game as a Gambit .nfg file (rows: player 1's bids, columns: player 3's)."""
    nfg.write(path, payoff_matrix(game), row_names=[str(b) for b in game.bids1],
              col_names=[str(b) for b in game.bids3], title=f"cow trade t1={game.money1} t3={game.money3}")


def study_closed_form(t1: int, t3: int) -> Fraction:
    """The study's conclusion: v = 2 / (floor(t3 / ceil((t1 - t3)/2)) + 1) - 1 (for t1 > t3)."""
    i = math.ceil((t1 - t3) / 2)
    return Fraction(2, t3 // i + 1) - 1


def band_width(t1: int, t3: int, initiative: int, second: SecondInitiative = SecondInitiative.ALTERNATE) -> int:
    """How many bids i1 win against a given i3 when every amount can be bid: player 1 wins iff
    i1 - i3 lies in a run of this many consecutive integers (0.. for initiative 1, 1.. for 3)."""
    d = t1 - t3
    if d <= 0:
        return 0
    if initiative == 1:
        return (d + 1) // 2  # 0 <= i1 - i3 < d/2
    if second is SecondInitiative.ALTERNATE:
        return d // 2  # 1 <= i1 - i3 <= d/2 (a money tie goes to player 1, now the initiator)
    return (d - 1) // 2  # 1 <= i1 - i3 < d/2


def closed_form(t1: int, t3: int, initiative: int,
                second: SecondInitiative = SecondInitiative.ALTERNATE) -> Fraction:
    """parlour's closed form, for the full game (every bid 0..t): with w the band width,
    v = 2 / ceil((t3 + 1) / w) - 1, and v = -1 when w = 0 (player 1 can never win).

    Player 3 can place ceil((t3+1)/w) bids w apart so that no bid of player 1 beats two of them;
    player 1 can cover 0..t3 with that many disjoint windows; so player 1 wins with probability
    exactly 1/n. For initiative 1 this equals the study's formula (floor(t3/i) + 1 = ceil((t3+1)/i)).
    """
    w = band_width(t1, t3, initiative, second)
    if w == 0:
        return Fraction(-1)
    return Fraction(2, -(-(t3 + 1) // w)) - 1


def format_matrix(symbols: np.ndarray | Sequence[Sequence[int]], row_labels: tuple[int, ...],
                  col_labels: tuple[int, ...]) -> str:
    width = max(len(str(b)) for b in (*row_labels, *col_labels))
    head = " " * (width + 2) + " ".join(f"{b:>{width}}" for b in col_labels)
    lines = [head]
    for b, row in zip(row_labels, symbols, strict=True):
        lines.append(f"{b:>{width}} |" + " ".join(f"{int(s):>{width}}" for s in row))
    return "\n".join(lines)


@dataclass(frozen=True)
class ClosedFormCheck:
    t1: int
    t3: int
    initiative: int
    lp_value: Fraction
    study: Fraction | None  # None where the study's formula is undefined (t3 >= t1)
    ours: Fraction


def closed_form_checks(max_money: int, second: SecondInitiative = SecondInitiative.ALTERNATE
                       ) -> Iterator[ClosedFormCheck]:
    """Every 0 <= t3 < t1 <= max_money and both initiatives, each solved by LP with a certificate."""
    for t1 in range(1, max_money + 1):
        for t3 in range(t1):
            for initiative in (1, 3):
                game = CowTrade(t1, t3, initiative, second_initiative=second)
                lp = zerosum.solve(payoff_matrix(game), exact=True).proven_value()
                yield ClosedFormCheck(t1, t3, initiative, lp, study_closed_form(t1, t3),
                                      closed_form(t1, t3, initiative, second))


def always_winning_bid(game: CowTrade) -> int | None:
    """A bid of player 1 that wins against every bid of player 3, if there is one."""
    rows = np.flatnonzero((winner_matrix(game) == 1).all(axis=1))
    return game.bids1[int(rows[0])] if rows.size else None


def expected_inspection_size(t1: int, t3: int, initiative: int) -> int | None:
    """ceil((t3 + 1)/w) with w the band width; None when player 3 always wins (w = 0)."""
    w = band_width(t1, t3, initiative)
    return None if w == 0 else -(-(t3 + 1) // w)


def ends_as_predicted(result: CowTradeSolution) -> bool:
    """Elimination left a cell player 3 wins (value -1) or an n x n inspection matrix (value 2/n - 1)."""
    assert result.elimination is not None
    reduced = np.asarray(result.elimination.reduced(payoff_matrix(result.game)), dtype=np.int64)
    if result.inspection_size is None:
        return reduced.shape == (1, 1) and result.value == -1
    return result.value == Fraction(2, result.inspection_size) - 1


@cache
def closed_form_table(max_money: int = 100) -> tuple[ClosedFormCheck, ...]:
    return tuple(closed_form_checks(max_money))


__all__ = [
    "ClosedFormCheck", "always_winning_bid", "band_width", "closed_form", "closed_form_checks", "closed_form_table",
    "ends_as_predicted", "expected_inspection_size", "format_matrix", "inspection_size", "is_inspection", "matrices",
    "solve", "study_closed_form", "write_nfg",
]
