"""The summary of a game of Memory that `parlour memory solve` prints: expected pairs of both players,
the first player's advantage, the stalemate, the optimal tactics at the start; from the full <k,B,P>
recursion (exact), or the reduced model (exact up to REDUCED_EXACT_LIMIT pairs, floats beyond)."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

from parlour.analyses.memory.exact import (
    MAX_EXACT_PAIRS,
    check_pairs,
    solve_exact,
    to_fraction,
)
from parlour.analyses.memory.reduced import (
    solve_reduced_exact,
    solve_reduced_float,
)
from parlour.results import Result, Status, exact

REDUCED_EXACT_LIMIT = 300  # above this the default `solve` uses the float reduced model


@dataclass(frozen=True)
class MemorySummary(Result):
    pairs: int
    model: str  # "full <k,B,P>, exact" | "reduced (pairs left, known cards), exact" | "... float"
    first_player_expected_pairs: Fraction | None
    second_player_expected_pairs: Fraction | None
    advantage: Fraction | None  # first's expected pairs minus the second's
    advantage_float: float
    stalemate_probability: Fraction | None  # canonical optimal policy
    stalemate_probability_float: float | None
    expected_pairs_left_at_stalemate: float | None  # given a stalemate
    optimal_tactics_at_start: tuple[str, ...]

    def payload(self) -> dict[str, object]:
        out: dict[str, object] = {"pairs": self.pairs, "model": self.model}
        for name in ("first_player_expected_pairs", "second_player_expected_pairs"):
            value = getattr(self, name)
            out.update(exact(name, value) if value is not None else {name: None})
        out.update(exact("advantage", self.advantage) if self.advantage is not None
                   else {"advantage": self.advantage_float})
        out.update(exact("stalemate_probability", self.stalemate_probability)
                   if self.stalemate_probability is not None
                   else {"stalemate_probability": self.stalemate_probability_float})
        out["expected_pairs_left_at_stalemate"] = self.expected_pairs_left_at_stalemate
        out["optimal_tactics_at_start"] = list(self.optimal_tactics_at_start)
        return out


def sorted_tactics(names: frozenset[str]) -> tuple[str, ...]:
    return tuple(sorted(names, key=lambda x: int(x[1:])))


def summarize(
    pairs: int, exact: bool = False, on_level: Callable[[int], None] | None = None
) -> MemorySummary:
    """exact: the full <k,B,P> recursion (no assumption); otherwise the reduced model, exact up to
    REDUCED_EXACT_LIMIT pairs and in floats beyond (it assumes T1, which the full one checks)."""
    check_pairs(pairs, limit=MAX_EXACT_PAIRS if exact else 20000)
    t0 = time.perf_counter()
    if exact:
        sol = solve_exact(pairs, keep=lambda st: st.k == 2 * pairs and st.B == 0, on_level=on_level)
        start = sol.start()
        p = to_fraction(sol.stalemate[start])
        left = to_fraction(sol.pairs_left_at_stalemate[start])
        return MemorySummary(
            pairs, "full <k,B,P>, exact", sol.first_player_pairs, sol.second_player_pairs,
            sol.advantage, float(sol.advantage), p, float(p), float(left / p) if p else None,
            sorted_tactics(sol.optimal[start]), method="exact-dp", seconds=time.perf_counter() - t0)
    if pairs <= REDUCED_EXACT_LIMIT:
        red = solve_reduced_exact(pairs)
        w = to_fraction(red.values[(pairs, 0)])
        p = to_fraction(red.stalemate[(pairs, 0)])
        left = to_fraction(red.pairs_left_at_stalemate[(pairs, 0)])
        return MemorySummary(
            pairs, "reduced (pairs left, known cards), exact", w / 2, pairs - w / 2, w - pairs,
            float(w - pairs), p, float(p), float(left / p) if p else None,
            sorted_tactics(red.optimal[(pairs, 0)]), method="reduced-exact-dp",
            seconds=time.perf_counter() - t0)
    flt = solve_reduced_float(pairs)
    bits = int(flt.optimal_bits[pairs, 0])
    names = tuple(f"T{c + 1}" for c in range(10) if bits >> c & 1)
    return MemorySummary(pairs, "reduced (pairs left, known cards), float", None, None, None,
                         flt.advantage, None, None, None, names, method="reduced-float-dp",
                         status=Status.ESTIMATE, seconds=time.perf_counter() - t0)


