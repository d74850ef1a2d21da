"""Memory (Concentration) with perfect memory: the rules (state <k,B,P>, the tactics as data, their
transitions), the forgetful player's turn and the card-level simulator. The solving is in
`parlour.analyses.memory`."""

from parlour.games.memory.rules import (
    Card,
    Move,
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
    "Move",
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
