"""What `parlour memory` asks besides the summary: the MEMORYTABLE, one state's tactic values, the tactic
classes, and a simulation of real decks against the exact DP. Each answer is a `Result` in the JSON
convention (docs/json.md)."""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from parlour.analyses.memory.exact import check_pairs, solve_exact, tactic_values, to_fraction
from parlour.analyses.memory.summary import sorted_tactics
from parlour.errors import InvalidInput
from parlour.games.memory.rules import all_states, formula, make_state, tactic_classes
from parlour.games.memory.simulate import SimulationSummary, simulate
from parlour.infra.stats import Z95
from parlour.results import Result, Status, exact

TABLE_LIMIT = 40
SIMULATE_LIMIT = 40


@dataclass(frozen=True)
class StateRow:
    """One state <k, B, P> of the MEMORYTABLE."""

    k: int
    B: int
    P: int
    w: Fraction  # expected cards the player to move still gets
    optimal: tuple[str, ...]
    stalemate_probability: float

    def to_json(self) -> dict[str, Any]:
        return {"k": self.k, "B": self.B, "P": self.P, **exact("w", self.w), "optimal": list(self.optimal),
                "stalemate_probability": self.stalemate_probability}


@dataclass(frozen=True)
class MemoryTable(Result):
    pairs: int
    tactics: dict[str, str]  # class name -> its label
    states: tuple[StateRow, ...]


@dataclass(frozen=True)
class TacticValue:
    name: str
    label: str
    formula: str
    value: Fraction
    optimal: bool

    def to_json(self) -> dict[str, Any]:
        return {"tactic": self.name, "label": self.label, "formula": self.formula, **exact("value", self.value),
                "optimal": self.optimal}


@dataclass(frozen=True)
class StateValues(Result):
    state: tuple[int, int, int]  # (k, B, P)
    w: Fraction
    optimal: tuple[str, ...]
    tactics: tuple[TacticValue, ...]


@dataclass(frozen=True)
class TacticClassInfo:
    name: str
    label: str
    members: tuple[str, ...]
    formula: str


@dataclass(frozen=True)
class TacticList(Result):
    tactics: tuple[TacticClassInfo, ...]


@dataclass(frozen=True)
class SimulationCheck(Result):
    """Simulated games against the exact DP's expectation for the same policy."""

    simulation: SimulationSummary
    first_player_expected_pairs: Fraction  # the DP's exact value
    stalemate_probability: float  # the DP's
    z_first: float  # (simulated mean - exact) / standard error

    def payload(self) -> dict[str, Any]:
        s = self.simulation
        half = Z95 * s.first_stderr
        return {"pairs": s.pairs, "games": s.games, "seed": s.seed,
                "simulated_first_player_pairs": s.first_mean,
                "simulated_first_player_pairs_ci": [s.first_mean - half, s.first_mean + half],
                "simulated_stalemate_rate": s.stalemate_rate,
                "simulated_advantage": s.advantage_mean,
                **exact("first_player_expected_pairs", self.first_player_expected_pairs),
                "stalemate_probability": self.stalemate_probability, "z_first": self.z_first}


def memory_table(pairs: int, p0_only: bool = False) -> MemoryTable:
    """w(k,B,P) and the optimal tactics in every state up to `pairs` pairs (P = 0 only with p0_only)."""
    check_pairs(pairs, limit=TABLE_LIMIT)
    t0 = time.perf_counter()
    sol = solve_exact(pairs)
    rows = tuple(
        StateRow(st.k, st.B, st.P, to_fraction(sol.values[st]), sorted_tactics(sol.optimal[st]),
                 float(sol.stalemate[st]))
        for st in sorted(all_states(pairs), key=lambda s: (s.k, s.B, s.P))
        if st.k and not (p0_only and st.P))
    return MemoryTable(pairs, {c.name: c.label for c in tactic_classes()}, rows, method="exact-dp",
                       seconds=time.perf_counter() - t0, counters={"states": len(rows)})


def state_values(k: int, known: int, known_paired: int) -> StateValues:
    """Every tactic's value in the state <k, B, P>, and which are optimal."""
    st = make_state(k, known, known_paired)
    if st.k == 0:
        raise InvalidInput("the state <0,0,0> is the end of the game: nothing to choose")
    check_pairs(st.k // 2, limit=TABLE_LIMIT * 2)
    t0 = time.perf_counter()
    sol = solve_exact(st.k // 2)
    labels = {c.name: c for c in tactic_classes()}
    values = tuple(TacticValue(n, labels[n].label, formula(labels[n].members[0]), to_fraction(v),
                               n in sol.optimal[st]) for n, v in tactic_values(sol, st).items())
    return StateValues((st.k, st.B, st.P), to_fraction(sol.values[st]), sorted_tactics(sol.optimal[st]), values,
                       method="exact-dp", seconds=time.perf_counter() - t0)


def tactic_list() -> TacticList:
    """The 19 tactics, merged into classes with identical gains, with their gain formulas."""
    return TacticList(tuple(TacticClassInfo(c.name, c.label, tuple(str(m) for m in c.members), formula(c.members[0]))
                            for c in tactic_classes()), method="rules")


def simulation_check(pairs: int, games: int, seed: int = 0) -> SimulationCheck:
    """Play real shuffled decks with the exact optimal policy and compare with the DP."""
    check_pairs(pairs, limit=SIMULATE_LIMIT)
    if games < 2 or games > 10_000_000:
        raise InvalidInput(f"--games must be between 2 and 10000000, got {games}")
    t0 = time.perf_counter()
    sol = solve_exact(pairs)
    r = simulate(pairs, games, sol.policy, seed)
    expected = sol.first_player_pairs
    z = (r.first_mean - float(expected)) / r.first_stderr if r.first_stderr > 0 else math.nan
    return SimulationCheck(r, expected, float(sol.stalemate[sol.start()]), z, method="monte-carlo",
                           status=Status.ESTIMATE, seconds=time.perf_counter() - t0, counters={"games": games})
