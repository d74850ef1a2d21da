"""Memory with perfect memory: the optimal tactic in every state, exactly.

exact.py     the Bellman recursion over <k, B, P> in rationals (every tactic's value in every state)
reduced.py   the reduced model (pairs left, known cards), exact or float, for thousands of pairs
variants.py  the forgetful player (imperfect memory)
summary.py   the game from the start: expected pairs, advantage, stalemate (`parlour memory solve`)
queries.py   the MEMORYTABLE, one state's tactics, the tactic classes, the simulation check
claims.py    the claims of `parlour reproduce`
"""

from parlour.analyses.memory.exact import MAX_EXACT_PAIRS, check_pairs
from parlour.analyses.memory.queries import (
    SIMULATE_LIMIT,
    TABLE_LIMIT,
    memory_table,
    simulation_check,
    state_values,
    tactic_list,
)
from parlour.analyses.memory.summary import MemorySummary, summarize

__all__ = [
    "MAX_EXACT_PAIRS",
    "SIMULATE_LIMIT",
    "TABLE_LIMIT",
    "MemorySummary",
    "check_pairs",
    "memory_table",
    "simulation_check",
    "state_values",
    "summarize",
    "tactic_list",
]
