"""Memory with perfect memory: the optimal tactic in every state, exactly.

Modules: `dp` (what the recursions share), `exact` (the full <k,B,P> Bellman recursion), `reduced`
(the (pairs left, known cards) model, exact and numba floats), `variants` (the forgetful opponent),
`summary` (what the commands print), `p0` (the rule for states without known pairs), `figures`, and
`claims` (registered with `parlour reproduce` on import).
"""

from parlour.analyses.memory.dp import MAX_EXACT_PAIRS, MAX_FLOAT_PAIRS, check_pairs
from parlour.analyses.memory.exact import MemorySolution, solve_exact
from parlour.analyses.memory.summary import (
    TABLE_LIMIT,
    MemorySummary,
    MemoryTable,
    SimulationCheck,
    StateValues,
    TacticList,
    memory_table,
    simulation_check,
    state_values,
    summarize,
    tactic_list,
)

__all__ = [
    "MAX_EXACT_PAIRS",
    "MAX_FLOAT_PAIRS",
    "TABLE_LIMIT",
    "MemorySolution",
    "MemorySummary",
    "MemoryTable",
    "SimulationCheck",
    "StateValues",
    "TacticList",
    "check_pairs",
    "memory_table",
    "simulation_check",
    "solve_exact",
    "state_values",
    "summarize",
    "tactic_list",
]
