"""Memory with perfect memory: the optimal tactic in every state, exactly.

Builds the summaries the CLI prints and registers the claims `parlour reproduce` checks: the
study's model (tactics, probabilities, formulas), its statements (T1 always optimal, the reduced
model, the P = 0 states), the MEMORYTABLE, the stalemate, the simulation check, variants, and the
comparison with Zwick & Paterson (1993).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

from parlour.games.memory.reduced import solve_reduced_exact, solve_reduced_float
from parlour.games.memory.solve import MAX_EXACT_PAIRS, check_pairs, solve_exact, to_fraction

REDUCED_EXACT_LIMIT = 300  # above this the default `solve` uses the float reduced model


@dataclass(frozen=True)
class MemorySummary:
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
    seconds: float

    def to_json(self) -> dict[str, object]:
        return {
            "pairs": self.pairs,
            "model": self.model,
            "first_player_expected_pairs": self.first_player_expected_pairs,
            "second_player_expected_pairs": self.second_player_expected_pairs,
            "first_player_expected_pairs_float": None
            if self.first_player_expected_pairs is None
            else float(self.first_player_expected_pairs),
            "advantage": self.advantage,
            "advantage_float": self.advantage_float,
            "stalemate_probability": self.stalemate_probability_float,
            "stalemate_probability_exact": self.stalemate_probability,
            "expected_pairs_left_at_stalemate": self.expected_pairs_left_at_stalemate,
            "optimal_tactics_at_start": list(self.optimal_tactics_at_start),
            "seconds": round(self.seconds, 3),
        }


def _sorted(names: frozenset[str]) -> tuple[str, ...]:
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
            _sorted(sol.optimal[start]), time.perf_counter() - t0)
    if pairs <= REDUCED_EXACT_LIMIT:
        red = solve_reduced_exact(pairs)
        w = to_fraction(red.values[(pairs, 0)])
        p = to_fraction(red.stalemate[(pairs, 0)])
        left = to_fraction(red.pairs_left_at_stalemate[(pairs, 0)])
        return MemorySummary(
            pairs, "reduced (pairs left, known cards), exact", w / 2, pairs - w / 2, w - pairs,
            float(w - pairs), p, float(p), float(left / p) if p else None,
            _sorted(red.optimal[(pairs, 0)]), time.perf_counter() - t0)
    flt = solve_reduced_float(pairs)
    bits = int(flt.optimal_bits[pairs, 0])
    names = tuple(f"T{c + 1}" for c in range(10) if bits >> c & 1)
    return MemorySummary(pairs, "reduced (pairs left, known cards), float", None, None, None,
                         flt.advantage, None, None, None, names, time.perf_counter() - t0)
