"""Memory (Concentration) with perfect memory: the state <k, B, P>, the tactics as data, their moves, and a
simulator of the real card game (the test oracle). The solvers are in parlour.analyses.memory."""

from parlour.games.memory.rules import (
    Card,
    State,
    Tactic,
    TacticClass,
    all_states,
    all_tactics,
    applicable,
    class_transitions,
    make_state,
    tactic_classes,
    template,
    transitions,
)

__all__ = [
    "Card",
    "State",
    "Tactic",
    "TacticClass",
    "all_states",
    "all_tactics",
    "applicable",
    "class_transitions",
    "make_state",
    "tactic_classes",
    "template",
    "transitions",
]
