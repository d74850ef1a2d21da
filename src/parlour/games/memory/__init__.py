"""Memory (Concentration) with perfect memory: model, exact and float solvers, simulation."""

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
