"""Memory with perfect memory from Python: the optimal tactic in every state, exactly.

    >>> import parlour
    >>> res = parlour.memory.solve(pairs=20)
    >>> res.first_player_expected_pairs        # an exact Fraction (the reduced model, exact to 300 pairs)

Each function is the command of the same name (`parlour memory solve|table|state|tactics|simulate`)
with its options as keyword arguments, and returns the result that command prints under --json.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from parlour.analyses.memory import MemorySummary, MemoryTable, SimulationCheck, StateValues, TacticList

__all__ = ["simulate", "solve", "state", "table", "tactics"]


def solve(pairs: int, *, exact: bool = False, on_level: Callable[[int], None] | None = None) -> MemorySummary:
    """Both players' expected pairs from the start of a `pairs`-pair game under optimal play, the first
    player's advantage, the probability of a stalemate of mutual passes and the optimal tactics at the start.

    `exact=True` solves the full <k,B,P> recursion (no assumption; up to 400 pairs; `on_level(n)` after
    each level); otherwise the reduced model: exact Fractions up to 300 pairs (status EXACT), floats beyond
    (status ESTIMATE, up to 20,000 pairs). Returns a `MemorySummary`.
    """
    from parlour.analyses.memory import summarize

    return summarize(pairs, exact=exact, on_level=on_level)


def table(pairs: int, *, p0: bool = False) -> MemoryTable:
    """MEMORYTABLE: w(k,B,P), the exact expected cards of the player to move, and the optimal tactics in
    every state up to `pairs` pairs (only the states without known pairs when `p0`); exact (status EXACT).
    `to_pandas()` gives one row per state. Returns a `MemoryTable`."""
    from parlour.analyses.memory import memory_table

    return memory_table(pairs, p0=p0)


def state(k: int, known: int, known_paired: int) -> StateValues:
    """The exact value of every tactic in the state <k, B=known, P=known_paired> (k cards on the table,
    B of them known, P of those with their partner known) and which tactics are optimal (status EXACT).
    Returns a `StateValues`."""
    from parlour.analyses.memory import state_values

    return state_values(k, known, known_paired)


def tactics() -> TacticList:
    """The 19 tactics merged into classes with identical gains, with their gain formulas."""
    from parlour.analyses.memory import tactic_list

    return tactic_list()


def simulate(pairs: int, *, games: int = 2000, seed: int = 0,
             on_games: Callable[[int], None] | None = None) -> SimulationCheck:
    """`games` shuffled decks played with the exact optimal policy, beside the DP's exact figures: a Monte
    Carlo check (status ESTIMATE; 95 % intervals, z-scores). Returns a `SimulationCheck`."""
    from parlour.analyses.memory import simulation_check
    from parlour.infra.checks import check_seed

    check_seed(seed)
    return simulation_check(pairs, games, seed, on_games)
