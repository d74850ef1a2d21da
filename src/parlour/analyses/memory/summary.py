"""What `parlour memory ...` prints, as results: the figures from the start (`summarize`), the
MEMORYTABLE (`memory_table`), one state's tactic values (`state_values`), the tactic classes
(`tactic_list`) and the simulation against the DP (`simulation_check`)."""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, ClassVar

from parlour.analyses.memory.dp import (
    MAX_EXACT_PAIRS,
    MAX_FLOAT_PAIRS,
    check_pairs,
    to_fraction,
)
from parlour.analyses.memory.exact import solve_exact, tactic_values
from parlour.errors import InvalidInput
from parlour.games.memory.rules import (
    State,
    all_states,
    by_number,
    formula,
    make_state,
    tactic_classes,
)
from parlour.games.memory.simulate import SimulationSummary, simulate, standard_error
from parlour.infra import spelling
from parlour.infra.stats import Interval
from parlour.results import Result, Status, exact

REDUCED_EXACT_LIMIT = 300  # above this the default `solve` uses the float reduced model
TABLE_LIMIT = 40  # `memory table` and `memory simulate` solve every state up to this many pairs
STATE_LIMIT = 2 * TABLE_LIMIT  # `memory state` solves up to k/2 pairs


@dataclass(frozen=True)
class MemorySummary(Result):
    """The figures from the start of an n-pair game: exact (Fraction) in the exact models, floats in
    the float reduced model."""

    pairs: int
    model: str  # "full <k,B,P>, exact" | "reduced (pairs left, known cards), exact" | "... float"
    first_player_expected_pairs: Fraction | float
    second_player_expected_pairs: Fraction | float
    advantage: Fraction | float  # first's expected pairs minus the second's
    stalemate_probability: Fraction | None  # canonical optimal policy (exact models only)
    expected_pairs_left_at_stalemate: Fraction | None  # given a stalemate (exact models only)
    optimal_tactics_at_start: tuple[str, ...]


def summarize(
    pairs: int, exact: bool = False, progress: Callable[[int], None] | None = None
) -> MemorySummary:
    """exact: the full <k,B,P> recursion (no assumption); otherwise the reduced model, exact up to
    REDUCED_EXACT_LIMIT pairs and in floats beyond (it assumes T1, which the full one checks)."""
    check_pairs(pairs, limit=MAX_EXACT_PAIRS if exact else MAX_FLOAT_PAIRS)
    # numba's kernels load only for the reduced model: `memory state` and `table` start without them
    from parlour.analyses.memory.reduced import solve_reduced_exact, solve_reduced_float

    t0 = time.perf_counter()
    if exact:
        sol = solve_exact(pairs, keep=lambda st: st.k == 2 * pairs and st.B == 0, progress=progress)
        start = sol.start()
        p = to_fraction(sol.stalemate[start])
        left = to_fraction(sol.pairs_left_at_stalemate[start])
        return MemorySummary(
            pairs, "full <k,B,P>, exact", sol.first_player_pairs, sol.second_player_pairs,
            sol.advantage, p, left / p if p else None, by_number(sol.optimal[start]),
            method="bellman-full-exact", status=Status.EXACT, seconds=time.perf_counter() - t0)
    if pairs <= REDUCED_EXACT_LIMIT:
        red = solve_reduced_exact(pairs)
        w = to_fraction(red.values[(pairs, 0)])
        p = to_fraction(red.stalemate[(pairs, 0)])
        left = to_fraction(red.pairs_left_at_stalemate[(pairs, 0)])
        return MemorySummary(
            pairs, "reduced (pairs left, known cards), exact", w / 2, pairs - w / 2, w - pairs,
            p, left / p if p else None, by_number(red.optimal[(pairs, 0)]),
            method="bellman-reduced-exact", status=Status.EXACT, seconds=time.perf_counter() - t0)
    flt = solve_reduced_float(pairs)
    w_float = float(flt.values[pairs, 0])
    return MemorySummary(
        pairs, "reduced (pairs left, known cards), float", w_float / 2, pairs - w_float / 2,
        flt.advantage, None, None, by_number(flt.optimal(pairs, 0)),
        method="bellman-reduced-float", status=Status.ESTIMATE,
        message=f"floats; optimal tactics within {flt.tol:g}", seconds=time.perf_counter() - t0)


@dataclass(frozen=True)
class StateRow:
    state: State
    w: Fraction  # expected cards of the player to move
    optimal: tuple[str, ...]
    stalemate_probability: Fraction


def _state_json(st: State) -> dict[str, int]:
    return {"k": st.k, "B": st.B, "P": st.P}


def _tactic_labels() -> dict[str, dict[str, Any]]:
    return {c.name: {"label": c.label} for c in tactic_classes()}


@dataclass(frozen=True)
class MemoryTable(Result):
    """MEMORYTABLE: w(k,B,P) and the optimal tactics in every state up to `pairs` pairs."""

    TABLE: ClassVar[str | None] = "states"
    RENAMED: ClassVar[Mapping[str, str]] = {"rows": "states"}  # the JSON's name, one release of the old

    pairs: int
    states: tuple[StateRow, ...] = field(repr=False)

    @property
    def tactics(self) -> dict[str, dict[str, Any]]:
        """The tactic classes' labels, for reading each state's `optimal`."""
        return _tactic_labels()

    def payload(self) -> dict[str, Any]:
        return {
            "pairs": self.pairs,
            "tactics": self.tactics,
            "states": [
                {**_state_json(r.state), **exact("w", r.w), "optimal": list(r.optimal),
                 **exact("stalemate_probability", r.stalemate_probability)}
                for r in self.states
            ],
        }


def memory_table(pairs: int, p0: bool = False) -> MemoryTable:
    """Every state up to `pairs` pairs (only those with P = 0 when p0), k, B, P ascending."""
    check_pairs(pairs, limit=TABLE_LIMIT)
    t0 = time.perf_counter()
    sol = solve_exact(pairs)
    rows = tuple(
        StateRow(st, to_fraction(sol.values[st]), by_number(sol.optimal[st]),
                 to_fraction(sol.stalemate[st]))
        for st in sorted(all_states(pairs), key=lambda s: (s.k, s.B, s.P))
        if st.k and not (p0 and st.P)
    )
    return MemoryTable(pairs, rows, method=sol.method, status=Status.EXACT, seconds=time.perf_counter() - t0)


@dataclass(frozen=True)
class StateValues(Result):
    """The value of every playable tactic class in one state, and which are optimal."""

    TABLE: ClassVar[str | None] = "tactics"
    TABLE_INDEX: ClassVar[str] = "tactic"
    RENAMED: ClassVar[Mapping[str, str]] = {"values": "tactics"}  # the JSON's name; the old one for a release

    state: State
    w: Fraction
    optimal: tuple[str, ...]
    tactics: Mapping[str, Fraction] = field(repr=False)  # class name -> value (cards of the mover)

    def payload(self) -> dict[str, Any]:
        classes = {c.name: c for c in tactic_classes()}
        return {
            "state": _state_json(self.state),
            **exact("w", self.w),
            "optimal": list(self.optimal),
            "tactics": {
                name: {**exact("value", v), "label": classes[name].label,
                       "formula": formula(classes[name].members[0])}
                for name, v in self.tactics.items()
            },
        }


def state_values(k: int, known: int, known_paired: int) -> StateValues:
    st = make_state(k, known, known_paired)
    if st.k == 0:
        raise InvalidInput("the state <0,0,0> is the end of the game: nothing to choose")
    check_pairs(st.k // 2, limit=STATE_LIMIT)
    t0 = time.perf_counter()
    sol = solve_exact(st.k // 2)
    values = {name: to_fraction(v) for name, v in tactic_values(sol, st).items()}
    return StateValues(st, to_fraction(sol.values[st]), by_number(sol.optimal[st]), values,
                       method=sol.method, status=Status.EXACT, seconds=time.perf_counter() - t0)


@dataclass(frozen=True)
class TacticList(Result):
    """The 19 tactics merged into classes with identical gains, with their gain formulas."""

    @property
    def tactics(self) -> dict[str, dict[str, Any]]:
        """Each class by name: its label, its member tactics and its gain formula."""
        return {c.name: {"label": c.label, "members": [str(m) for m in c.members], "formula": formula(c.members[0])}
                for c in tactic_classes()}

    def payload(self) -> dict[str, Any]:
        return {"tactics": self.tactics}


def tactic_list() -> TacticList:
    return TacticList(method="generated from the rules", status=Status.EXACT)


@dataclass(frozen=True)
class SimulationCheck(Result):
    """Simulated games under the exact optimal policy beside the DP's exact figures."""

    RENAMED: ClassVar[Mapping[str, str]] = {"simulation": "simulated"}  # the JSON's name; the old one for a release

    simulated: SimulationSummary
    first_player_expected_pairs: Fraction  # the DP's
    stalemate_probability: Fraction  # the DP's

    @property
    def pairs(self) -> int:
        return self.simulated.pairs

    @property
    def games(self) -> int:
        return self.simulated.games

    @property
    def seed(self) -> int:
        return self.simulated.seed

    @property
    def z_first(self) -> float:
        """(simulated mean - DP) / standard error of the first player's pairs."""
        se = standard_error(self.simulated.first_pairs)
        diff = self.simulated.first_pairs.estimate - float(self.first_player_expected_pairs)
        return diff / se if se > 0 else math.nan

    @property
    def z_stalemate(self) -> float:
        se = standard_error(self.simulated.stalemate_rate)
        diff = self.simulated.stalemate_rate.estimate - float(self.stalemate_probability)
        return diff / se if se > 0 else math.nan

    def payload(self) -> dict[str, Any]:
        r = self.simulated

        def interval(name: str, iv: Interval) -> dict[str, Any]:
            # a 95 % confidence interval, not a certified one: `_ci`, never `_bounds` (docs/json.md)
            return {name: iv.estimate, f"{name}_ci": [iv.low, iv.high]}

        return {
            "pairs": self.pairs,
            "games": self.games,
            "seed": self.seed,
            "simulated": {
                **interval("first_player_pairs", r.first_pairs),
                **interval("advantage", r.advantage),
                **interval("stalemate_rate", r.stalemate_rate),
                "mean_pairs_left_at_stalemate": r.mean_pairs_left_at_stalemate,
            },
            **exact("first_player_expected_pairs", self.first_player_expected_pairs),
            **exact("stalemate_probability", self.stalemate_probability),
            "z_first": self.z_first,
            "z_stalemate": self.z_stalemate,
        }


def simulation_check(pairs: int, games: int, seed: int = 0,
                     progress: Callable[[int], None] | None = None) -> SimulationCheck:
    """Play `games` shuffled decks with the canonical optimal policy of the exact DP (`progress` hears
    the games played so far)."""
    check_pairs(pairs, limit=TABLE_LIMIT)
    if games < 2 or games > 10_000_000:
        raise InvalidInput(f"{spelling.parameter('games')} must be between 2 and 10000000, got {games}")
    t0 = time.perf_counter()
    sol = solve_exact(pairs)
    r = simulate(pairs, games, sol.policy, seed, progress)
    return SimulationCheck(r, sol.first_player_pairs, to_fraction(sol.stalemate[sol.start()]),
                           method="simulation (card identities) against the exact DP",
                           status=Status.ESTIMATE, seconds=time.perf_counter() - t0)
