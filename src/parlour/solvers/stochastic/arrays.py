"""A turn-based game explored into arrays (`TurnArrays`): the exploration (`explore_arrays`, breadth first from
the start, within the size limits) fills an `ArrayBuilder` through a game's own `expand`, and the compiled
fast path (`turns`) reads the arrays. Plain numpy: an explorer imports this without the compiled engine."""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np

from parlour.errors import InvalidInput

__all__ = ["BYTES_PER_STATE", "MAX_LP_STATES", "MAX_TURN_STATES", "ArrayBuilder", "KnownPairs", "KnownWeights",
           "MoveArrays", "TurnArrays", "explore_arrays", "integer_weights", "too_large"]

# Beyond these a game is refused with its estimate: turn-based arrays cost ~100 bytes a state (with
# Python's index of the states), the stage-LP engine keeps Python objects and solves an LP per state.
MAX_TURN_STATES = 20_000_000
MAX_LP_STATES = 200_000
BYTES_PER_STATE = 400  # the explorer's dict and tuples dominate (measured on Pig: ~350 bytes a state)


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


class KnownWeights:
    """Chance's probabilities as integer weights (`integer_weights`), worked out once per list of probability
    objects: a game builds the same few lists again and again (a die's faces), recognised by the identities of
    their objects (kept alive here, so an identity cannot be reused by another object). `check` reads a list
    the first time it is met (the game's own checks); `where` names the move in a message."""

    def __init__(self, check: Callable[[Any], Sequence[Fraction]], where: Callable[[], str]) -> None:
        self.check, self.where = check, where
        self.known: dict[tuple[int, ...], tuple[tuple[Any, ...], int, list[int]]] = {}

    def of(self, weights: Mapping[Any, Any]) -> tuple[int, list[int]]:
        """{outcome: probability} as (common denominator, integer weights), in the order of its outcomes."""
        probs = tuple(weights.values())
        key = tuple(map(id, probs))
        hit = self.known.get(key)
        if hit is None or any(a is not b for a, b in zip(hit[0], probs, strict=True)):
            hit = (probs, *integer_weights(self.check(weights), self.where))
            if len(self.known) < 10_000:
                self.known[key] = hit
        return hit[1], hit[2]


class KnownPairs:
    """A game's `fn(state)` that answers a pair of tuples (each side's moves), checked once per pair of tuple
    objects: the pair is usually new, its two tuples the same constants, so they are what is recognised, by
    identity (kept alive here, so an identity cannot be reused by another object). Any other answer (a list
    could be changed between two calls) or a new pair goes to `check(state)` (the game's own reading)."""

    def __init__(self, fn: Callable[[Any], Any], check: Callable[[Any], tuple[Any, Any]]) -> None:
        self.fn, self.check = fn, check
        self.known: dict[tuple[int, int], tuple[Any, tuple[Any, Any]]] = {}  # ids of the two -> (them, checked)

    def of(self, state: Any) -> tuple[Any, Any]:
        try:
            raw = self.fn(state)
        except KeyboardInterrupt:
            raise
        except Exception:
            raw = None  # `check` calls it again and says where it failed
        pair = type(raw) is tuple and len(raw) == 2 and type(raw[0]) is tuple and type(raw[1]) is tuple
        parts = raw if pair else None
        key = (id(parts[0]), id(parts[1])) if parts is not None else None
        known = self.known.get(key) if key is not None else None
        if known is not None and known[0][0] is parts[0] and known[0][1] is parts[1]:  # type: ignore[index]
            return known[1]
        checked = self.check(state)
        if key is not None and len(self.known) < 10_000:
            self.known[key] = (parts, checked)
        return checked


def too_large(reached: int, limit: int, kind: str = "of this kind") -> str:
    gib = limit * BYTES_PER_STATE / 2**30
    return (f"the game has more than {reached:,} states (explored that far, then stopped): parlour solves at most "
            f"{limit:,} states {kind}, which take about {gib:.0f} GiB; make the game smaller")


class ArrayBuilder:
    """The arrays of a turn-based game as an explorer fills them: `state(t)` numbers a state (a new one is
    queued, within `limit`), `add_state` appends a state's mover and move names, `add_move` a move's chance
    branches (their targets numbered here, terminal outcomes coded by the caller's `end_code`)."""

    def __init__(self, start: Hashable, limit: int | None = None) -> None:
        self.states: list[Hashable] = [start]
        self.index: dict[Hashable, int] = {start: 0}
        self.names: list[tuple[Any, ...]] = []
        self.mover: list[int] = []
        self.move_ptr = [0]
        self.branch_ptr = [0]
        self.den: list[int] = []
        self.weight: list[int] = []
        self.target: list[int] = []
        self.terminal: dict[Fraction, int] = {}
        self.limit = MAX_TURN_STATES if limit is None else limit

    def state(self, t: Hashable) -> int:
        k = self.index.get(t, -1)
        if k < 0:
            if len(self.states) >= self.limit:
                raise InvalidInput(too_large(len(self.states), self.limit))
            k = self.index[t] = len(self.states)
            self.states.append(t)
        return k

    def end(self, payoff: Fraction) -> int:
        """The code of a terminal payoff (-1 - its number; equal payoffs share one)."""
        return -1 - self.terminal.setdefault(payoff, len(self.terminal))

    def add_state(self, who: int, names: tuple[Any, ...]) -> None:
        self.names.append(names)
        self.mover.append(who)

    def add_move(self, den: int, weights: list[int], outcomes: Iterable[Any], terminal: tuple[type, ...],
                 end_code: Callable[[Any], int]) -> None:
        """A move's branches: integer weights over `den`, each leading to a state, or to an outcome of one of
        the `terminal` types (a tuple is always a state), which `end_code` codes. A million states call this
        for every move: the common case (a state already numbered) is read from the index here."""
        index, target = self.index, self.target
        for t in outcomes:
            if type(t) is tuple or not isinstance(t, terminal):
                k = index.get(t, -1)  # TypeError for an unhashable state: the caller names it
                target.append(k if k >= 0 else self.state(t))
            else:
                target.append(end_code(t))
        self.den.append(den)
        self.weight.extend(weights)
        self.branch_ptr.append(len(target))

    def arrays(self) -> TurnArrays:
        return TurnArrays(mover=np.array(self.mover, dtype=np.int8), move_ptr=np.array(self.move_ptr, dtype=np.int64),
                          branch_ptr=np.array(self.branch_ptr, dtype=np.int64),
                          den=np.array(self.den, dtype=np.float64), weight=np.array(self.weight, dtype=np.float64),
                          target=np.array(self.target, dtype=np.int64), states=self.states, index=self.index,
                          names=self.names, payoffs=list(self.terminal))


def explore_arrays(start: Hashable, expand: Callable[[Any, ArrayBuilder], bool],
                   progress: Callable[[str], None] | None = None, limit: int | None = None) -> TurnArrays | None:
    """Every state reachable from `start`, breadth first, as arrays: `expand(state, built)` adds the state
    (`add_state`, then `add_move` for each of its moves) and returns False where both players move there
    (the game is not turn-based: None)."""
    built = ArrayBuilder(start, limit)
    states = built.states
    head = 0
    while head < len(states):
        state = states[head]
        head += 1
        if progress is not None and head % 100_000 == 0:
            progress(f"exploring: {head:,} states, {len(states) - head:,} waiting")
        if not expand(state, built):
            return None
        built.move_ptr.append(len(built.den))
    return built.arrays()
