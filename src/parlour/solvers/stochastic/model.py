"""What a recursive game is (its states' stages: `Stage`, built by `tabulate`; what a cell leads to: a
state, an `End` or a `Lottery`) and what a solve answers (`StateSolution`, `StochasticSolution`)."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Protocol

from parlour.errors import InvalidInput, shown
from parlour.results import Result, exact, label

State = Hashable


@dataclass(frozen=True)
class SolveProgress:
    """Where a solve stands, for a progress bar: `done` of `total` (None: not known yet, as while the
    states are explored) and what is counted, in words ("states explored", "states solved", ...)."""

    what: str
    done: int
    total: int | None


Counter = Callable[[SolveProgress], None]


def labelled(counter: Counter | None, label: str) -> Counter | None:
    """`counter` with `label` before each count's words: which of several solves a bar is counting."""
    if counter is None:
        return None
    return lambda step: counter(SolveProgress(f"{label}: {step.what}", step.done, step.total))


@dataclass(frozen=True)
class End:
    """The game ends; player 1 receives `payoff` (player 2 loses it)."""

    payoff: Fraction


@dataclass(frozen=True)
class Lottery:
    """Chance picks the next state or end: (probability, state or End) pairs summing to 1."""

    branches: tuple[tuple[Fraction, Any], ...]


@dataclass(frozen=True)
class Stage:
    """The stage game at one state.

    leader: 1 or 2, whose moves are the rows; signals[i]: what the responder sees of row i before he
    answers (None: nothing, so the stage is a simultaneous matrix game); outcome[i][j]: the index in
    `targets` of what rows i and column j lead to (a state, an End or a Lottery)."""

    leader: int
    rows: tuple[Any, ...]
    cols: tuple[Any, ...]
    outcome: tuple[tuple[int, ...], ...]
    targets: tuple[Any, ...]
    signals: tuple[int, ...] | None = None

    def __post_init__(self) -> None:
        if self.leader not in (1, 2):
            raise InvalidInput(f"a stage's leader is player 1 or 2, not {self.leader!r}")
        if not self.rows or not self.cols:
            raise InvalidInput("a stage needs at least one move for each player")
        if len(self.outcome) != len(self.rows) or any(len(r) != len(self.cols) for r in self.outcome):
            raise InvalidInput("a stage's outcome table must have one entry per pair of moves")


def tabulate(leader: int, rows: Sequence[Any], cols: Sequence[Any], move: Callable[[Any, Any], Any],
             seen: Sequence[Any] | None = None) -> Stage:
    """A stage from its moves and a function giving what a pair of moves leads to; equal targets are
    stored once. `seen`: what the responder sees of each row (any hashable), numbered here as signals;
    None, or the same for every row, makes the moves simultaneous."""
    targets: list[Any] = []
    where: dict[Any, int] = {}
    outcome = []
    for r in rows:
        row = []
        for c in cols:
            t = move(r, c)
            if t not in where:
                where[t] = len(targets)
                targets.append(t)
            row.append(where[t])
        outcome.append(tuple(row))
    signals = None
    if seen is not None and len(set(seen)) > 1:
        numbering = {v: k for k, v in enumerate(sorted(set(seen)))}
        signals = tuple(numbering[v] for v in seen)
    return Stage(leader, tuple(rows), tuple(cols), tuple(outcome), tuple(targets), signals)


def stage_of(moves1: Sequence[Any], moves2: Sequence[Any], move: Callable[[Any, Any], Any],
             seen: Sequence[Any] | None = None) -> Stage:
    """The stage of a state where player 1 has `moves1` and player 2 `moves2`, one side possibly empty (the other
    moves alone, against the one move None); where both move, player 1 leads and `seen` is what player 2 sees of
    his move. `move(a, b)` gives what player 1's a and player 2's b lead to (None for a side that does not move)."""
    if moves1 and moves2:
        return tabulate(1, moves1, moves2, move, seen)
    if moves1:
        return tabulate(1, moves1, (None,), move)
    return tabulate(2, moves2, (None,), lambda b, _a: move(None, b))


class Game(Protocol):
    def stage(self, state: Any, /) -> Stage: ...


@dataclass(frozen=True)
class StateSolution:
    """What is known of one state: its value (exact when lower == upper) and both stationary strategies.

    strategy1 / strategy2: the player's mixture at this state: over rows when he leads, one mixture
    over columns per signal when he responds (floats where the value is an interval)."""

    lower: Fraction
    upper: Fraction
    strategy1: tuple[Any, ...]
    strategy2: tuple[Any, ...]
    how: str  # "backward induction", "fixed point of the exact stage solves", "certified bounds"

    @property
    def exact(self) -> bool:
        return self.lower == self.upper

    @property
    def value(self) -> float:
        return float((self.lower + self.upper) / 2)


@dataclass(frozen=True, kw_only=True)
class StochasticSolution(Result):
    """Every explored state's value and strategies; `status` EXACT when every value is proven exactly,
    CERTIFIED when some are intervals with proven exact-rational ends."""

    states: tuple[State, ...]
    solutions: tuple[StateSolution, ...]
    stages: tuple[Stage, ...] = field(repr=False)
    components: tuple[tuple[int, ...], ...] = field(repr=False)  # state indices, last component first
    index: dict[State, int] = field(repr=False, default_factory=dict)
    endless_count: int = 0  # states from which play never ends, whatever is played and drawn
    endless_states: tuple[State, ...] = ()  # the first few of them

    def at(self, state: State) -> StateSolution:
        try:
            return self.solutions[self.index[state]]
        except KeyError:
            raise InvalidInput(f"{state!r} is not a state of this game") from None

    @property
    def width(self) -> Fraction:
        return max((s.upper - s.lower for s in self.solutions), default=Fraction(0))

    def payload(self) -> dict[str, Any]:
        return {"states": len(self.states), "components": len(self.components),
                "cyclic_components": sum(1 for c in self.components if self.cyclic(c)),
                **exact("width", self.width)}

    def strategy_json(self, k: int) -> dict[str, Any]:
        """State k's stationary strategies in the JSON convention: {"state", "player<leader>": {move:
        probability}, "player<responder>": one such mixture per signal} (no responder where he has no move)."""
        stage = self.stages[k]
        s = self.solutions[k]
        lead, resp = (s.strategy1, s.strategy2) if stage.leader == 1 else (s.strategy2, s.strategy1)
        out: dict[str, Any] = {"state": label(self.states[k]), f"player{stage.leader}": _mixture(stage.rows, lead)}
        if stage.cols != (None,):
            out[f"player{3 - stage.leader}"] = [_mixture(stage.cols, mix) for mix in resp]
        return out

    def per_state(self) -> list[dict[str, Any]]:
        """Every state's stationary strategies as JSON rows (`strategy_json`)."""
        return [self.strategy_json(k) for k in range(len(self.states))]

    def policy(self, state: State) -> dict[str, Any]:
        """Both players' stationary strategies at `state`, in the JSON convention (`strategy_json`)."""
        if state not in self.index:
            raise InvalidInput(f"{shown(state)} is not a state of this game (not reachable from START)")
        return self.strategy_json(self.index[state])

    @property
    def proof(self) -> str:
        """How the states' values were proven, each way once ("; " between them)."""
        return "; ".join(sorted({s.how for s in self.solutions}))

    def cyclic(self, component: Sequence[int]) -> bool:
        """Whether play can go round within this component (more than one state, or a state's own loop)."""
        return len(component) > 1 or component[0] in next_states(self.stages[component[0]], self.index)


def _mixture(moves: Sequence[Any], probabilities: Sequence[Any]) -> dict[str, Any]:
    """The moves played, in the JSON convention: `rock` a float, `rock_exact` its fraction where exact."""
    out: dict[str, Any] = {}
    for move, p in zip(moves, probabilities, strict=True):
        if p:
            out.update(exact(label(move), p) if isinstance(p, Fraction) else {label(move): float(p)})
    return out


def target_states(target: Any) -> list[State]:
    if isinstance(target, End):
        return []
    if isinstance(target, Lottery):
        return [t for _, t in target.branches if not isinstance(t, End)]
    return [target]


def may_end(stage: Stage) -> bool:
    """Whether some cell of the stage may end the game (an End, or a Lottery with an End among its branches)."""
    return any(isinstance(t, End) or (isinstance(t, Lottery) and any(isinstance(x, End) for _, x in t.branches))
               for t in stage.targets)


def next_states(stage: Stage, index: dict[State, int]) -> set[int]:
    return {index[s] for t in stage.targets for s in target_states(t)}


__all__ = [
    "Counter", "End", "Game", "Lottery", "SolveProgress", "Stage", "State", "StateSolution", "StochasticSolution",
    "labelled", "may_end", "next_states", "tabulate", "target_states",
]
