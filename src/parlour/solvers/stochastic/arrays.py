"""A turn-based game as arrays (`TurnArrays`), which an explorer (`rules.explore_turns`) fills and the compiled
fast path (`turns`) reads, and the size limits of both engines with the refusal of a game too large (from its
growth, before the limit is reached). Plain numpy: an explorer imports this without the compiled engine."""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np

from parlour.errors import InvalidInput
from parlour.solvers.stochastic.growth import Horizon, Projection, project

__all__ = ["BYTES_PER_STATE", "LP_BYTES_PER_STATE", "MAX_LP_STATES", "MAX_TURN_STATES", "MoveArrays", "TurnArrays",
           "about", "growth_check", "integer_weights", "memory", "to_arrays", "too_large",
           "too_large_projected"]

# Beyond these a game is refused, early from its projection (`growth_check`): the turn-based engine holds its
# arrays and Python's index of the states, the stage-LP engine Python objects and an LP per state.
MAX_TURN_STATES = 20_000_000
MAX_LP_STATES = 200_000
# The peak of a whole turn-based solve (the explorer's dict and tuples, the arrays, the engine's bounds): its
# resident memory grows by 743 bytes a state from a grid of counters 70 a side to one 80 a side (343,000 to
# 512,000 states) and is 761 bytes a state over the interpreter's on Pig to 100 (960,894 states).
BYTES_PER_STATE = 750
# The stage-LP engine keeps each state's stage and solution as Python objects: ~6,400 bytes a state measured
# on a 3,600-state game of two moves a side (the peak of the whole solve); 1,700 where every value is 0 or 1,
# tens of thousands where the exact values have long denominators.
LP_BYTES_PER_STATE = 8_000
FIRST_LOOK = 2**16  # states expanded before the growth is first looked at (then at every doubling)
MARGIN = 2  # a game is refused early when estimated at more than this many times the limit
PROGRESS_EVERY = 100_000  # states expanded between two progress lines


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


@dataclass(frozen=True)
class TurnArrays(MoveArrays):
    """A turn-based game as the explorer found it: its moves, the states they number (START is 0), each
    state's move names, and the terminal payoffs the targets -1 - t name."""

    states: list[Hashable]
    index: dict[Hashable, int]
    names: list[tuple[Any, ...]]  # each state's moves, as the game names them
    payoffs: list[Fraction]


def integer_weights(probabilities: Sequence[Fraction], where: Callable[[], str]) -> tuple[int, list[int]]:
    """A move's probabilities as integer weights over their common denominator, which must stay below 2**53 (the
    arrays hold them as floats: exact below it); `where` names the move in the message."""
    d = math.lcm(*(p.denominator for p in probabilities))
    if d >= 2**53:
        raise InvalidInput(f"{where()}: the probabilities' common denominator {d} is too large (< 2**53)")
    return d, [p.numerator * (d // p.denominator) for p in probabilities]


def memory(states: float, per_state: int) -> str:
    """What `states` states take at `per_state` bytes each, as a sentence says it (MiB below a GiB; past 10,000
    GiB as a count says it: 1.2×10^8 GiB)."""
    size = states * per_state
    if size < 2**30:
        return f"{size / 2**20:.1f} MiB"
    return f"{size / 2**30:.1f} GiB" if size < 10_000 * 2**30 else f"{about(size / 2**30)} GiB"


def too_large(reached: int, limit: int, per_state: int = BYTES_PER_STATE, kind: str = "of this kind") -> str:
    return (f"the game has more than {reached:,} states (explored that far, then stopped): parlour solves at most "
            f"{limit:,} states {kind}, which take about {memory(limit, per_state)}; make the game smaller")


def growth_check(limit: int, per_state: int = BYTES_PER_STATE, kind: str = "of this kind", first: int | None = None,
                 probe: Callable[[Sequence[int]], Horizon | None] | None = None
                 ) -> Callable[[int, int, Callable[[str], None] | None], None]:
    """What a breadth-first explorer calls when it has expanded a layer: `check(expanded, known, progress)`, the
    states expanded so far and the states known (those and the next layer). It refuses a game past `limit`
    known states (proven: explored that far), and earlier, when the expanded count has doubled since the last
    look (from `first` on), one whose projection (`growth.project`: the layers' growth, down to the depth
    random play reaches, `probe(sizes)`; None: half the depth again) passes MARGIN times the limit, with the
    memory the projected states would take at `per_state` bytes each. `progress` hears the counts every
    PROGRESS_EVERY states."""
    sizes = [1]  # the layers' sizes, the start's first
    due = [FIRST_LOOK if first is None else first, PROGRESS_EVERY]

    def check(expanded: int, known: int, progress: Callable[[str], None] | None) -> None:
        sizes.append(known - expanded)
        if known > limit:
            raise InvalidInput(too_large(limit, limit, per_state, kind))
        if progress is not None and expanded >= due[1]:
            due[1] = expanded + PROGRESS_EVERY
            progress(f"exploring: {expanded:,} states, {known - expanded:,} waiting")
        if expanded >= due[0]:
            due[0] = 2 * expanded
            guess = project(sizes, known, None if probe is None else probe(sizes))
            if guess.states > MARGIN * limit:
                raise InvalidInput(too_large_projected(guess, limit, per_state, kind))

    return check


def too_large_projected(guess: Projection, limit: int, per_state: int = BYTES_PER_STATE,
                        kind: str = "of this kind") -> str:
    """The refusal of a game projected past the limit (`growth_check`), in one sentence: the count ("or more"
    where only part of the depth is counted), how it was projected, the limit and the projected memory."""
    law = {"geometric": f"{guess.rate:.3g} times as many states each move",
           "power": f"layers that grow as the depth to the power {guess.rate:.1f}",
           "flat": "layers as large as the last", "none": "no layer more"}[guess.law]
    if guess.horizon is None:
        reach = "half as deep again (random play did not end)"
    elif guess.law == "geometric":
        reach = f"where random play ends after {guess.horizon.moves:,} moves"
    else:
        reach = f"half as deep as random play goes in {guess.horizon.moves:,} moves"
    return (f"the game has about {about(guess.states)} states{' or more' * guess.partial} (extrapolated from the "
            f"growth of the first {guess.known:,} over {guess.depth:,} moves: {law}, counted to depth "
            f"{guess.upto:,}, {reach}), more than the {limit:,} parlour solves {kind}, which would take about "
            f"{memory(guess.states, per_state)}: make the game smaller")


def about(n: float) -> str:
    """A large count as a sentence says it: 2,500,000 or 1.3×10^8."""
    if n < 10**7:
        return f"{n:,.0f}"
    mantissa, exponent = f"{n:.1e}".split("e")
    return f"{mantissa}×10^{int(exponent)}"


def to_arrays(states: list[Hashable], index: dict[Hashable, int], names: list[tuple[Any, ...]], mover: list[int],
              moves: tuple[list[int], ...], payoffs: list[Fraction]) -> TurnArrays:
    """An explorer's lists as `TurnArrays`: `moves` is (move_ptr, branch_ptr, den, weight, target)."""
    move_ptr, branch_ptr, den, weight, target = moves
    return TurnArrays(mover=np.array(mover, dtype=np.int8), move_ptr=np.array(move_ptr, dtype=np.int64),
                      branch_ptr=np.array(branch_ptr, dtype=np.int64), den=np.array(den, dtype=np.float64),
                      weight=np.array(weight, dtype=np.float64), target=np.array(target, dtype=np.int64),
                      states=states, index=index, names=names, payoffs=payoffs)
