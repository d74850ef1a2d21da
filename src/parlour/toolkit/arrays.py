"""A turn-based game's moves as arrays: what the explorer (`stochastic.explore_turns`) writes and the compiled
engine (`turns`) reads, in a light module of its own so that neither imports the other for it."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True)
class MoveArrays:
    """The moves of a turn-based game as arrays: state s is moved by mover[s] (1 or 2) and has moves
    move_ptr[s]..move_ptr[s+1]; move m has chance branches branch_ptr[m]..branch_ptr[m+1], each with an
    integer weight over den[m] and a target (a state, or -1 - t for the terminal payoff t)."""

    mover: np.ndarray
    move_ptr: np.ndarray
    branch_ptr: np.ndarray
    den: np.ndarray
    weight: np.ndarray
    target: np.ndarray
