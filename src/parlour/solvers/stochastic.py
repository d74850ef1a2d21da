"""Two-person zero-sum stochastic games with payoff at the end (recursive games, Everett 1957).

A game is a set of states; at each state the two players play a stage (`Stage`): the leader's move
(rows) and the responder's (columns), the responder seeing only a signal of the leader's move (one
signal for all rows: both move at once). Every cell of a stage leads to another state, ends the game
with a payoff to player 1 (`End`), or draws one of these by chance (`Lottery`). Play that never ends
is worth `endless` (0 unless the rules say otherwise). Player 1 maximises, player 2 minimises.

`solve(game, roots)` explores the states, splits them into strongly connected components and solves
them from the last to the first:
- a component that cannot cycle (one state, no loop) by backward induction: its stage is solved
  exactly at its successors' values (the sequence-form LP of `signalled`, with a checked certificate);
- a cyclic component by value iteration with Shapley's operator (Gauss–Seidel sweeps in floats,
  warm-started), then two proofs from the stationary strategies it ends with:
  * exact: the values rounded to nearby fractions are a fixed point of the exact stage solves, and
    neither player can keep play going for ever where that would pay him more than the value;
  * certified bounds otherwise: L is a lower bound when player 1's stationary strategy x satisfies
    T_x(L) >= L exactly (every reply of player 2 is an MDP step) and L <= endless on every end
    component of player 2's MDP against x (staying there for ever pays `endless`); the same, mirrored,
    for the upper bound U. The proof holds against every strategy of the opponent, stationary or not:
    almost surely play ends or stays in an end component, so E[payoff] >= L(start).
Each state's result says which it is (exact, or an interval with its width) and why.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Protocol

import numpy as np

from parlour.errors import CertificateError, InvalidInput, SolverError
from parlour.results import Result, Status, exact
from parlour.solvers import signalled

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
EXPLORE_EVERY = 500  # states between reports while exploring (a stage with cards: ~1-10 ms to build)


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

    def cyclic(self, component: Sequence[int]) -> bool:
        """Whether play can go round within this component (more than one state, or a state's own loop)."""
        return len(component) > 1 or component[0] in _successors(self.stages[component[0]], self.index)


# --- exploring -----------------------------------------------------------------------------------

def _target_states(target: Any) -> list[State]:
    if isinstance(target, End):
        return []
    if isinstance(target, Lottery):
        return [t for _, t in target.branches if not isinstance(t, End)]
    return [target]


def _successors(stage: Stage, index: dict[State, int]) -> set[int]:
    return {index[s] for t in stage.targets for s in _target_states(t)}


def explore(game: Game, roots: Iterable[State], limit: int | None = None, counter: Counter | None = None
            ) -> tuple[list[State], list[Stage], dict[State, int]]:
    """Every state reachable from the roots, each with its stage (breadth first); `counter` hears the
    states built so far every EXPLORE_EVERY (building the stages is most of a large end game's time)."""
    states: list[State] = []
    stages: list[Stage] = []
    index: dict[State, int] = {}
    queue = list(roots)
    for root in queue:
        if root not in index:
            index[root] = len(states)
            states.append(root)
    head = 0
    while head < len(states):
        stage = game.stage(states[head])
        stages.append(stage)
        head += 1
        if counter is not None and head % EXPLORE_EVERY == 0:
            counter(SolveProgress("states explored", head, None))
        for target in stage.targets:
            for nxt in _target_states(target):
                if nxt not in index:
                    if limit is not None and len(states) >= limit:
                        raise InvalidInput(f"the game has more than {limit:,} states")
                    index[nxt] = len(states)
                    states.append(nxt)
    return states, stages, index


def components(successors: Sequence[Sequence[int]]) -> list[list[int]]:
    """Strongly connected components, each after every component it can reach (Tarjan, iterative).

    Written here because the order matters: scipy's labelling gives the components but not that order."""
    n = len(successors)
    order = [-1] * n
    low = [0] * n
    on_stack = [False] * n
    stack: list[int] = []
    out: list[list[int]] = []
    counter = 0
    for root in range(n):
        if order[root] >= 0:
            continue
        work = [(root, 0)]
        order[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack[root] = True
        while work:
            v, k = work[-1]
            succ = successors[v]
            if k < len(succ):
                work[-1] = (v, k + 1)
                w = succ[k]
                if order[w] < 0:
                    order[w] = low[w] = counter
                    counter += 1
                    stack.append(w)
                    on_stack[w] = True
                    work.append((w, 0))
                elif on_stack[w]:
                    low[v] = min(low[v], order[w])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[v])
            if low[v] == order[v]:
                comp = []
                while True:
                    w = stack.pop()
                    on_stack[w] = False
                    comp.append(w)
                    if w == v:
                        break
                out.append(sorted(comp))
    return out


# --- stage matrices ----------------------------------------------------------------------------

def _target_value(target: Any, index: dict[State, int], values: Sequence[Any]) -> Any:
    if isinstance(target, End):
        return target.payoff
    if isinstance(target, Lottery):
        return sum(p * _target_value(t, index, values) for p, t in target.branches)
    return values[index[target]]


def stage_matrix(stage: Stage, index: dict[State, int], values: Any, as_float: bool) -> Any:
    """Player 1's payoff in every cell, with `values` as the states' continuation values."""
    tv = [_target_value(t, index, values) for t in stage.targets]
    if as_float:
        floats = np.array([float(v) for v in tv])
        return floats[np.asarray(stage.outcome, dtype=np.int64)]
    return [[tv[k] for k in row] for row in stage.outcome]


def _oriented(matrix: Any, leader: int, as_float: bool) -> Any:
    """The stage as the leader sees it (the signalled solver's leader maximises)."""
    if leader == 1:
        return matrix
    return -matrix if as_float else [[-v for v in row] for row in matrix]


def solve_stage(stage: Stage, index: dict[State, int], values: Any, exact_: bool
                ) -> tuple[Any, tuple[Any, ...], tuple[Any, ...]]:
    """(value to player 1, strategy1, strategy2) of one stage at the given continuation values."""
    if exact_:
        return _solve_stage_exact(stage, index, values)
    matrix = _oriented(stage_matrix(stage, index, values, not exact_), stage.leader, not exact_)
    sol = (signalled.solve_exact(matrix, stage.signals) if exact_
           else signalled.solve_float(matrix, stage.signals))
    value = sol.value if stage.leader == 1 else -sol.value
    if stage.leader == 1:
        return value, sol.leader, sol.responder
    return value, sol.responder, sol.leader


def _solve_stage_exact(stage: Stage, index: dict[State, int], values: Any
                       ) -> tuple[Any, tuple[Any, ...], tuple[Any, ...]]:
    """The exact stage solve, with equal rows (within a signal) and equal columns dropped first.

    A stage's cells take few distinct values (one per target), so equal rows and columns are found on
    small integer codes of those values rather than on Fractions; a stage of thousands of moves then
    reaches the exact solver as the few that differ. Dropping exact copies changes neither the value nor
    what the kept strategies guarantee (a copy pays what its twin pays), so the certificate checked on
    the reduced matrix holds for the full one; the dropped moves get probability 0."""
    payoffs = [_target_value(t, index, values) for t in stage.targets]
    codes: dict[Any, int] = {}
    code_of = np.array([codes.setdefault(v, len(codes)) for v in payoffs], dtype=np.int64)
    grid = code_of[np.asarray(stage.outcome, dtype=np.int64)]
    m, n = grid.shape
    signals = np.asarray(stage.signals if stage.signals is not None else [0] * m, dtype=np.int64)
    keep_rows = np.sort(np.unique(np.column_stack([signals, grid]), axis=0, return_index=True)[1])
    keep_cols = np.sort(np.unique(grid[keep_rows].T, axis=0, return_index=True)[1])
    distinct = list(codes) if stage.leader == 1 else [-v for v in codes]  # as the leader sees it
    small = [[distinct[c] for c in row] for row in grid[np.ix_(keep_rows, keep_cols)].tolist()]
    sol = signalled.solve_exact(small, None if stage.signals is None else signals[keep_rows].tolist())
    leading = [Fraction(0)] * m
    for k, i in enumerate(keep_rows.tolist()):
        leading[i] = sol.leader[k]  # type: ignore[assignment]
    answering = []
    for mix in sol.responder:
        full = [Fraction(0)] * n
        for k, j in enumerate(keep_cols.tolist()):
            full[j] = mix[k]  # type: ignore[assignment]
        answering.append(tuple(full))
    value = sol.value if stage.leader == 1 else -sol.value
    if stage.leader == 1:
        return value, tuple(leading), tuple(answering)
    return value, tuple(answering), tuple(leading)


def guaranteed(stage: Stage, index: dict[State, int], values: Sequence[Fraction], player: int,
               strategy: tuple[Any, ...]) -> Fraction:
    """Exactly what `player`'s strategy at this stage guarantees him against every reply, with the
    given continuation values: T_x(values) at this state (player 1: a lower bound; 2: an upper one)."""
    matrix = _oriented(stage_matrix(stage, index, values, False), stage.leader, False)
    rows = len(stage.rows)
    count = (max(stage.signals) + 1) if stage.signals is not None else 1
    if player == stage.leader:
        leader = tuple(Fraction(p) for p in strategy)
        responder = tuple((Fraction(1),) + (Fraction(0),) * (len(stage.cols) - 1) for _ in range(count))
        low, _ = signalled.guarantees(matrix, stage.signals, leader, responder)
        oriented = low
    else:
        leader = (Fraction(1),) + (Fraction(0),) * (rows - 1)
        responder = tuple(tuple(Fraction(p) for p in mix) for mix in strategy)
        _, high = signalled.guarantees(matrix, stage.signals, leader, responder)
        oriented = high
    # the oriented payoff is the leader's; player 1's guarantee is it (leader 1) or minus it (leader 2)
    return oriented if stage.leader == 1 else -oriented


# --- end components ------------------------------------------------------------------------------

def _options(stage: Stage, index: dict[State, int], player_fixed: int, strategy: tuple[Any, ...]
             ) -> list[list[frozenset[int] | None]]:
    """The other player's choices at a stage once `player_fixed` plays `strategy`: groups of options
    (he must pick one option in every group), each option the set of states it may lead to, or None
    when it may end the game."""
    def cell_states(i: int, j: int) -> frozenset[int] | None:
        target = stage.targets[stage.outcome[i][j]]
        if isinstance(target, End) or (isinstance(target, Lottery)
                                       and any(isinstance(t, End) for _, t in target.branches)):
            return None
        return frozenset(index[s] for s in _target_states(target))

    def union(cells: Iterable[frozenset[int] | None]) -> frozenset[int] | None:
        out: set[int] = set()
        for c in cells:
            if c is None:
                return None
            out |= c
        return frozenset(out)

    signals = stage.signals if stage.signals is not None else (0,) * len(stage.rows)
    if player_fixed == stage.leader:  # the other responds to each signal the leader may send
        groups = []
        for c in sorted(set(signals)):
            rows = [i for i in range(len(stage.rows)) if signals[i] == c and strategy[i] > 0]
            if rows:
                groups.append([union(cell_states(i, j) for i in rows) for j in range(len(stage.cols))])
        return groups
    return [[union(cell_states(i, j) for j in range(len(stage.cols)) if strategy[signals[i]][j] > 0)
             for i in range(len(stage.rows))]]


def end_components(states: Sequence[int], options: dict[int, list[list[frozenset[int] | None]]]) -> set[int]:
    """The states of the component that lie in some end component of the opponent's MDP: where he can
    keep play going for ever (the classic refinement: drop states that cannot stay, split by SCCs)."""
    block = {s: 0 for s in states}
    while True:
        changed = False
        allowed: dict[int, list[frozenset[int]]] = {}
        for s in list(block):
            picks: list[frozenset[int]] = []
            for group in options[s]:
                inside = [o for o in group if o is not None and all(block.get(t) == block[s] for t in o)]
                if not inside:
                    picks = []
                    break
                picks.extend(inside)
            if not picks:
                del block[s]
                changed = True
            else:
                allowed[s] = picks
        if changed:
            continue
        members = sorted(block)
        position = {s: k for k, s in enumerate(members)}
        succ = [sorted({position[t] for o in allowed[s] for t in o if t in position}) for s in members]
        new_block: dict[int, int] = {}
        for label, comp in enumerate(components(succ)):
            for k in comp:
                new_block[members[k]] = label
        if len(set(new_block.values())) == len(set(block.values())):
            return set(block)
        block = new_block


# --- the solve ------------------------------------------------------------------------------------

@dataclass
class _Work:
    states: list[State]
    stages: list[Stage]
    index: dict[State, int]
    lower: list[Fraction | None]
    upper: list[Fraction | None]
    float_values: np.ndarray
    strategies: list[tuple[tuple[Any, ...], tuple[Any, ...]] | None]
    how: list[str]
    counters: dict[str, int]
    heard: Callable[[str], None] | None = None  # a cycle's proofs in words, for a progress bar (`solve`'s counter)


def _round_down(value: Fraction) -> Fraction:
    """A nearby float (as a Fraction) not above `value`: keeps a lower bound's numbers short."""
    f = float(value)
    while Fraction(f) > value:
        f = math.nextafter(f, -math.inf)
    return Fraction(f)


def _round_up(value: Fraction) -> Fraction:
    f = float(value)
    while Fraction(f) < value:
        f = math.nextafter(f, math.inf)
    return Fraction(f)


def _sweep(work: _Work, comp: list[int]) -> tuple[float, dict[int, tuple[Any, Any]]]:
    """One Gauss–Seidel sweep of Shapley's operator: (the largest change, the stage strategies)."""
    values = work.float_values
    change = 0.0
    strategies = {}
    for s in comp:
        value, s1, s2 = solve_stage(work.stages[s], work.index, values, exact_=False)
        change = max(change, abs(value - values[s]))
        values[s] = value
        strategies[s] = (s1, s2)
    work.counters["sweeps"] += 1
    return change, strategies


Cells = list[tuple[float, int, int]]  # (probability, row, column) of a stage's cells under some play


def _pair_cells(stage: Stage, pair: tuple[Any, Any]) -> Cells:
    """The cells both players' mixtures reach, with their probabilities."""
    lead, resp = pair if stage.leader == 1 else (pair[1], pair[0])
    classes = stage.signals if stage.signals is not None else (0,) * len(stage.rows)
    return [(float(p) * float(q), i, j) for i, p in enumerate(lead) if p > 0
            for j, q in enumerate(resp[classes[i]]) if q > 0]


def _reply_cells(stage: Stage, player: int, strategy: Any, reply: tuple[int, ...]) -> Cells:
    """The cells `player`'s mixture and the opponent's pure reply reach: the reply is a column per
    signal when `player` leads, one row when he responds."""
    classes = stage.signals if stage.signals is not None else (0,) * len(stage.rows)
    if player == stage.leader:
        return [(float(p), i, reply[classes[i]]) for i, p in enumerate(strategy) if p > 0]
    i = reply[0]
    return [(float(q), i, j) for j, q in enumerate(strategy[classes[i]]) if q > 0]


def _best_reply(stage: Stage, index: dict[State, int], values: np.ndarray, player: int, strategy: Any
                ) -> tuple[int, ...]:
    """The opponent's best pure reply to `player`'s mixture at the given continuation values."""
    matrix = stage_matrix(stage, index, values, True)
    sign = 1 if player == 1 else -1  # the opponent minimises player 1's payoff, maximises player 2's... as 1's
    classes = np.asarray(stage.signals if stage.signals is not None else (0,) * len(stage.rows))
    if player == stage.leader:
        x = np.asarray(strategy, dtype=np.float64)
        return tuple(int(np.argmin(sign * ((x * (classes == c)) @ matrix)))
                     for c in range(int(classes.max()) + 1))
    y = np.asarray(strategy, dtype=np.float64)
    return (int(np.argmin(sign * (matrix * y[classes]).sum(axis=1))),)


def _chain_values(work: _Work, comp: list[int], cells: dict[int, Cells], stuck: np.ndarray | float,
                  known: np.ndarray, payoffs: bool = True, beta: float = 1.0, worst: float = 0.0
                  ) -> np.ndarray | None:
    """The values of the Markov chain the given cells make over the component (a sparse solve), with
    the known values outside. States from which play never ends get `stuck` (the endless value, or
    their current values); None if the solve fails. With payoffs=False it counts steps instead: the
    expected number of stages until play ends or leaves the component. beta < 1: the pessimistic
    game's chain, in which every move to a state ends play instead with probability 1 - beta at `worst`."""
    from scipy.sparse import csr_matrix, identity
    from scipy.sparse.linalg import MatrixRankWarning, spsolve

    pos = {s: k for k, s in enumerate(comp)}
    rows: list[int] = []
    cols: list[int] = []
    data: list[float] = []
    rhs = np.zeros(len(comp))
    ends = np.zeros(len(comp), dtype=bool)
    for s in comp:
        stage = work.stages[s]
        for w, i, j in cells[s]:
            target = stage.targets[stage.outcome[i][j]]
            for b, t in (target.branches if isinstance(target, Lottery) else ((1, target),)):
                if isinstance(t, End):
                    rhs[pos[s]] += w * float(b) * float(t.payoff) if payoffs else 0.0
                    ends[pos[s]] = True
                    continue
                if beta < 1:
                    rhs[pos[s]] += w * float(b) * (1 - beta) * worst if payoffs else 0.0
                    ends[pos[s]] = True
                if work.index[t] in pos:
                    rows.append(pos[s])
                    cols.append(pos[work.index[t]])
                    data.append(w * float(b) * beta)
                else:
                    rhs[pos[s]] += w * float(b) * beta * known[work.index[t]] if payoffs else 0.0
                    ends[pos[s]] = True
    if not payoffs:
        rhs[:] = 1.0
    chain = csr_matrix((data, (rows, cols)), shape=(len(comp), len(comp)))
    reverse = chain.T.tocsr()
    frontier = [int(k) for k in np.flatnonzero(ends)]
    while frontier:  # the states that can reach an end (or leave the component)
        k = frontier.pop()
        for t in reverse[k].indices:
            if not ends[t]:
                ends[t] = True
                frontier.append(int(t))
    out = np.empty(len(comp))
    out[:] = stuck if np.isscalar(stuck) else np.asarray(stuck)[comp]
    live = np.flatnonzero(ends)
    kept = np.flatnonzero(~ends)
    if live.size:
        if kept.size:
            rhs[live] += chain[live][:, kept] @ out[kept]
        import warnings

        with warnings.catch_warnings():
            warnings.simplefilter("error", MatrixRankWarning)
            try:
                out[live] = spsolve((identity(live.size, format="csr") - chain[live][:, live]).tocsc(), rhs[live])
            except (MatrixRankWarning, RuntimeError):
                return None
    return out if np.all(np.isfinite(out)) else None


def _pair_values(work: _Work, comp: list[int], strategies: dict[int, tuple[Any, Any]]) -> np.ndarray | None:
    """The values of the chain both stationary strategies make; where play under them never ends the
    current values are kept (the stage solutions there are indifferent between ending and going round,
    which the chain cannot see)."""
    cells = {s: _pair_cells(work.stages[s], strategies[s]) for s in comp}
    return _chain_values(work, comp, cells, work.float_values, work.float_values)


PROGRESS_EVERY = 20  # components between progress reports (a quartet's stage: ~10-30 ms)
STALL_SWEEPS = 200  # value iteration that has not halved its step in this many sweeps is given up


def _value_iteration(work: _Work, comp: list[int], tol: float, max_sweeps: int, endless: float,
                     progress: Callable[[str], None] | None,
                     on_sweep: Callable[[int, float], None] | None = None) -> int:
    """Gauss–Seidel sweeps of Shapley's operator over one component, in floats, accelerated: every few
    sweeps the values of the chain the current strategies make are tried as the next iterate (as in
    Pollatschek and Avi-Itzhak's strategy iteration) and kept only when they move less under the
    operator than the plain sweep did. Returns the sweeps."""
    values = work.float_values
    history: list[float] = []
    for sweep in range(1, max_sweeps + 1):
        change, strategies = _sweep(work, comp)
        history.append(change)
        if progress is not None:
            progress(f"value iteration: sweep {sweep}, largest change {change:.2e}")
        if on_sweep is not None:
            on_sweep(sweep, change)
        if change < tol:
            return sweep
        if sweep >= STALL_SWEEPS and change > 0.5 * history[-STALL_SWEEPS]:
            # creeping, not converging geometrically (as where only nearly optimal strategies exist,
            # Everett's case): stop here; the bounds proven from the strategies say how far it got
            work.counters["stalled"] = work.counters.get("stalled", 0) + 1
            return sweep
        if sweep % 4 == 0:
            jump = _pair_values(work, comp, strategies)
            if jump is not None:
                saved = values[comp].copy()
                values[comp] = jump
                tried, _ = _sweep(work, comp)
                if tried < change:
                    work.counters["accepted_jumps"] = work.counters.get("accepted_jumps", 0) + 1
                    if tried < tol:
                        return sweep
                else:
                    values[comp] = saved
    return max_sweeps


def _exact_fixed_point(work: _Work, comp: list[int], endless: Fraction) -> bool:
    """Try the floats rounded to nearby fractions as the exact values: accept them when they are a
    fixed point of the exact stage solves and neither player's stationary strategy lets the opponent
    profit from endless play."""
    outside_exact = all(work.lower[t] is not None and work.lower[t] == work.upper[t]
                        for s in comp for t in _successors(work.stages[s], work.index) if t not in comp)
    if not outside_exact:
        return False
    for max_den in (10**3, 10**6, 10**9, 10**12):
        guess = {s: Fraction(float(work.float_values[s])).limit_denominator(max_den) for s in comp}
        if any(abs(float(guess[s]) - work.float_values[s]) > 1e-9 for s in comp):
            continue
        values: list[Any] = [work.lower[k] if k not in guess else guess[k] for k in range(len(work.states))]
        strategies = {}
        ok = True
        for s in comp:
            try:
                value, s1, s2 = solve_stage(work.stages[s], work.index, values, exact_=True)
            except CertificateError:
                ok = False
                break
            work.counters["exact_stage_solves"] += 1
            if work.heard is not None and work.counters["exact_stage_solves"] % PROGRESS_EVERY == 0:
                work.heard(f"trying exact values, {work.counters['exact_stage_solves']:,} exact stage solves")
            if value != guess[s]:
                ok = False
                break
            strategies[s] = (s1, s2)
        if not ok:
            continue
        if not _endless_ok(work, comp, guess, strategies, endless):
            continue
        for s in comp:
            work.lower[s] = work.upper[s] = guess[s]
            work.strategies[s] = strategies[s]
            work.how[s] = "exact: fixed point of the exact stage solves, endless play checked"
        return True
    return False


def _endless_ok(work: _Work, comp: list[int], values: dict[int, Fraction],
                strategies: dict[int, tuple[tuple[Any, ...], tuple[Any, ...]]], endless: Fraction) -> bool:
    """Player 2 cannot stay for ever where the value is above `endless` against player 1's strategy,
    nor player 1 where it is below, against player 2's."""
    for player, bad in ((1, lambda v: v > endless), (2, lambda v: v < endless)):
        opts = {s: _options(work.stages[s], work.index, player, strategies[s][player - 1]) for s in comp}
        if any(bad(values[s]) for s in end_components(comp, opts)):
            return False
    return True


def guaranteed_float(stage: Stage, index: dict[State, int], values: np.ndarray, player: int,
                     strategy: tuple[Any, ...]) -> float:
    """`guaranteed` in floats: the search for a bound runs on it, and only the bound found is proven."""
    matrix = stage_matrix(stage, index, values, True)
    matrix = matrix if stage.leader == 1 else -matrix
    classes = np.asarray(stage.signals if stage.signals is not None else (0,) * len(stage.rows))
    if player == stage.leader:
        x = np.asarray(strategy, dtype=np.float64)
        oriented = sum(float(((x * (classes == c)) @ matrix).min()) for c in np.unique(classes[x > 0]))
    else:
        y = np.asarray(strategy, dtype=np.float64)  # one mixture per signal
        oriented = float((matrix * y[classes]).sum(axis=1).max())
    return oriented if stage.leader == 1 else -oriented


NUDGE = 1e-6  # small enough to keep the stage solves optimal at the fixed point, large enough to be seen


def _search_bound(work: _Work, comp: list[int], player: int, strategies: dict[int, Any], endless: Fraction,
                  eta: float, start: np.ndarray, max_rounds: int = 60, max_sweeps: int = 2_000) -> np.ndarray:
    """What `player`'s stationary strategies guarantee him, found in floats by policy iteration on the
    opponent's Markov decision problem (his pure stationary replies; play he keeps going for ever is
    worth `endless`), then moved by eta toward safety. Nothing here is proven yet: `_prove_bound` does."""
    sign = 1 if player == 1 else -1
    values = start.copy()
    index = work.index
    reply = {s: _best_reply(work.stages[s], index, values, player, strategies[s]) for s in comp}
    for _ in range(max_rounds):
        cells = {s: _reply_cells(work.stages[s], player, strategies[s], reply[s]) for s in comp}
        got = _chain_values(work, comp, cells, float(endless), values)
        if got is None:
            break
        values[comp] = got
        # where the opponent could keep play going for ever against these strategies and that pays
        # him more than the value found, he does: endless play caps the value there
        opts = {s: _options(work.stages[s], index, player, strategies[s]) for s in comp}
        for s in end_components(comp, opts):
            values[s] = min(values[s], float(endless)) if player == 1 else max(values[s], float(endless))
        gains = {}
        for s in comp:
            stage = work.stages[s]
            better = _best_reply(stage, index, values, player, strategies[s])
            if better == reply[s]:
                continue
            now = _reply_value(stage, index, values, player, strategies[s], reply[s])
            then = _reply_value(stage, index, values, player, strategies[s], better)
            if sign * (now - then) > 1e-15:  # the opponent strictly gains by switching here
                gains[s] = (sign * (now - then), better)
        if not gains:
            break
        # Switching several states at once can close a loop that never ends, which is worth `endless`
        # and may be worse for the opponent than what he had (policy iteration's pitfall when endless
        # play is possible): take the switches only if no state gets worse for him, else the single
        # largest, else stop.
        if not _switch(work, comp, player, strategies, reply, values, endless, gains, sign):
            break
    values[comp] -= sign * eta
    # What policy iteration leaves may still fail T_x(L) >= L by float hairs, or where it had to stop
    # early: sweeps that only ever lower (raise) a state to its one-step guarantee settle that.
    for _ in range(max_sweeps):
        moved = False
        for s in comp:
            one_step = guaranteed_float(work.stages[s], index, values, player, strategies[s])
            if sign * (one_step - values[s]) < 0:
                values[s] = one_step - sign * eta
                moved = True
        if not moved:
            break
    return values


def _switch(work: _Work, comp: list[int], player: int, strategies: dict[int, Any], reply: dict[int, Any],
            values: np.ndarray, endless: Fraction, gains: dict[int, tuple[float, Any]], sign: int) -> bool:
    largest = max(gains, key=lambda s: gains[s][0])
    for chosen in (list(gains), [largest]):
        trial = {**reply, **{s: gains[s][1] for s in chosen}}
        cells = {s: _reply_cells(work.stages[s], player, strategies[s], trial[s]) for s in comp}
        got = _chain_values(work, comp, cells, float(endless), values)
        if got is not None and np.all(sign * (got - values[comp]) <= 1e-13):
            reply.update(trial)
            return True
    return False




def _reply_value(stage: Stage, index: dict[State, int], values: np.ndarray, player: int, strategy: Any,
                 reply: tuple[int, ...]) -> float:
    matrix = stage_matrix(stage, index, values, True)
    return float(sum(w * matrix[i, j] for w, i, j in _reply_cells(stage, player, strategy, reply)))


def _prove_bound(work: _Work, comp: list[int], player: int, strategies: dict[int, Any], endless: Fraction,
                 eta: float, floats: np.ndarray) -> dict[int, Fraction] | None:
    """The searched bound proven exactly: T_x(L) >= L at every state of the component (a state that
    fails by a float's hair is lowered and checked again), and L <= endless wherever the opponent can
    stay for ever. None when it cannot be proven."""
    sign = 1 if player == 1 else -1
    outside = work.lower if player == 1 else work.upper
    opts = {s: _options(work.stages[s], work.index, player, strategies[s]) for s in comp}
    trapped = end_components(comp, opts)
    bound = {s: (_round_down if player == 1 else _round_up)(Fraction(float(floats[s]))) for s in comp}
    if any(sign * (bound[s] - endless) > 0 for s in trapped):
        return None
    for _ in range(20):
        values: list[Any] = [outside[k] if k not in bound else bound[k] for k in range(len(work.states))]
        failed = False
        for s in comp:
            got = guaranteed(work.stages[s], work.index, values, player, strategies[s])
            work.counters["exact_checks"] += 1
            if work.heard is not None and work.counters["exact_checks"] % PROGRESS_EVERY == 0:
                work.heard(f"proving player {player}'s bound, {work.counters['exact_checks']:,} exact checks")
            if sign * (got - bound[s]) < 0:
                bound[s] = _round_down(got - Fraction(eta)) if player == 1 else _round_up(got + Fraction(eta))
                values[s] = bound[s]
                failed = True
        if not failed:
            return bound
    return None


PESSIMISM = (1e-3, 1e-5, 1e-7, 1e-9)  # 1 - beta: the pessimistic games' chance that play ends after a stage
NEWTON_STEPS = 60  # per pessimistic game


def _pessimistic_guarantee(work: _Work, comp: list[int], player: int, strategies: dict[int, Any], beta: float,
                           worst: float, start: np.ndarray, max_rounds: int = 60) -> np.ndarray:
    """What `player`'s stationary strategies guarantee him in the pessimistic game (every move to a
    state ends play instead, with probability 1 - beta, at `worst`): the opponent's decision problem
    solved by policy iteration. The game ends with probability at least 1 - beta a stage, so every
    chain is a plain linear solve and switching all improving replies at once is safe."""
    sign = 1 if player == 1 else -1
    index = work.index
    values = start.copy()

    continuation = beta * values + (1 - beta) * worst  # what a move to each state is worth in this game
    reply = {s: _best_reply(work.stages[s], index, continuation, player, strategies[s]) for s in comp}
    for _ in range(max_rounds):
        cells = {s: _reply_cells(work.stages[s], player, strategies[s], reply[s]) for s in comp}
        got = _chain_values(work, comp, cells, worst, values, beta=beta, worst=worst)
        if got is None:
            break
        values[comp] = got
        continuation = beta * values + (1 - beta) * worst  # once a round: the replies below do not change it
        switched = False
        for s in comp:
            stage = work.stages[s]
            better = _best_reply(stage, index, continuation, player, strategies[s])
            if better == reply[s]:
                continue
            now = _reply_value(stage, index, continuation, player, strategies[s], reply[s])
            then = _reply_value(stage, index, continuation, player, strategies[s], better)
            if sign * (now - then) > 1e-15:
                reply[s] = better
                switched = True
        if not switched:
            break
    return values


def _pessimistic_newton(work: _Work, comp: list[int], beta: float, worst: float, values: np.ndarray,
                        rounds: int = NEWTON_STEPS) -> np.ndarray:
    """The pessimistic game's values by Newton's method on T'(v) = v: the next iterate is the value of the
    chain both players' stage strategies at v make (Pollatschek and Avi-Itzhak), damped where it
    does not shrink the residual, a plain Jacobi step where no damping helps. T' contracts, so its
    fixed point is a simple root and Newton closes on it quadratically, however near beta is to 1,
    where value iteration and one-sided strategy iteration both creep (in Everett's game the error
    of either falls like 1 / n)."""
    values = values.copy()

    def step(v: np.ndarray) -> tuple[np.ndarray, dict[int, Cells], float]:
        continuation = beta * v + (1 - beta) * worst
        out = v.copy()
        cells = {}
        for s in comp:
            value, s1, s2 = solve_stage(work.stages[s], work.index, continuation, exact_=False)
            out[s] = value
            cells[s] = _pair_cells(work.stages[s], (s1, s2))
        work.counters["sweeps"] += 1
        return out, cells, float(np.abs(out[comp] - v[comp]).max())

    image, cells, residual = step(values)
    for _ in range(rounds):
        work.counters["pessimistic_rounds"] = work.counters.get("pessimistic_rounds", 0) + 1
        if residual <= 1e-15:
            break
        jump = _chain_values(work, comp, cells, worst, values, beta=beta, worst=worst)
        moved = False
        for damping in (1.0, 0.5, 0.25) if jump is not None else ():
            trial = values.copy()
            trial[comp] += damping * (jump - values[comp])
            trial_image, trial_cells, trial_residual = step(trial)
            if trial_residual < residual:
                values, image, cells, residual = trial, trial_image, trial_cells, trial_residual
                moved = True
                break
        if not moved:
            values = image
            image, cells, new_residual = step(values)
            if new_residual >= residual:
                break
            residual = new_residual
    return values


def _from_one_side(work: _Work, comp: list[int], player: int, endless: Fraction, eta: float
                   ) -> tuple[dict[int, Fraction], dict[int, Any]] | None:
    """A bound for `player` where the strategies read off the fixed point cannot be proven (Everett's case:
    only nearly optimal stationary strategies exist, and a stage LP at the fixed point does not care
    whether it ends the game or drags it on).

    It solves pessimistic games instead: after each stage play ends, with probability 1 - beta, at the
    payoff worst for `player`. Its operator T' is below the true one (T'_x(L) <= T_x(L) for every L
    that lies within the payoffs) and it contracts, so Hoffman–Karp strategy iteration solves it in a
    few rounds. Each beta of PESSIMISM (closer and closer to 1) starts from the last one's values and
    strategies (a sub-solution of the next game), and the best proven bound is kept. Its strategies x
    satisfy T_x(L) >= T'_x(L) >= L, and they cannot let the opponent linger where L is better than
    endless play: at the best such state of an end component, staying would pay the opponent at most L,
    while T_x exceeds T'_x there by a positive amount. `_prove_bound` checks both exactly. The price is
    the gap between the two games' values, which the result's width shows: where only nearly optimal
    strategies exist it shrinks like the square root of 1 - beta (Everett's own example)."""
    lo, hi = _payoff_range(work, comp, endless)
    worst = float(lo if player == 1 else hi)
    sign = 1 if player == 1 else -1
    values = work.float_values.copy()
    bounds_now = work.lower if player == 1 else work.upper
    inside = set(comp)
    for k, bound in enumerate(bounds_now):  # the pessimistic game starts from what is proven outside
        if k not in inside and bound is not None:
            values[k] = float(bound)
    values[comp] = worst
    strategies: dict[int, Any] = {}
    best: tuple[dict[int, Fraction], dict[int, Any]] | None = None
    for gap in PESSIMISM:
        beta = 1 - gap
        values = _pessimistic_newton(work, comp, beta, worst, values)
        continuation = beta * values + (1 - beta) * worst
        for s in comp:
            _, s1, s2 = solve_stage(work.stages[s], work.index, continuation, exact_=False)
            strategies[s] = _rational_strategy((s1, s2)[player - 1])
        # what these strategies guarantee in the pessimistic game (the opponent's problem solved exactly)
        values = _pessimistic_guarantee(work, comp, player, strategies, beta, worst, values)
        continuation = beta * values + (1 - beta) * worst
        # T'_x(L - m) - (L - m) = T'_x(L) - L + (1 - beta) m: a margin m of the float shortfall over
        # 1 - beta makes the check pass (the pessimistic game's slack does the rest)
        shortfall = max(0.0, max(-sign * (guaranteed_float(work.stages[s], work.index, continuation, player,
                                                           strategies[s]) - values[s]) for s in comp))
        proven = None
        for factor in (2.0, 20.0, 200.0):
            margin = eta + factor * (shortfall + 1e-16) / gap
            floats = values.copy()
            floats[comp] -= sign * margin
            proven = _prove_bound(work, comp, player, strategies, endless, eta, floats)
            if proven is not None:
                break
        if proven is not None and (best is None or sum(sign * (proven[s] - best[0][s]) for s in comp) > 0):
            best = (proven, dict(strategies))
    return best


def _certified_bounds(work: _Work, comp: list[int], endless: Fraction, tol: float, max_sweeps: int,
                      improvements: int = 30) -> None:
    """Lower and upper bounds proven from stationary strategies (module doc).

    The strategies start as the stage solutions at the value iteration's fixed point. Where such a
    strategy lets the opponent keep play going for ever although the value says he is losing (the
    stage LP is indifferent between winning now and moving to a state of the same value), its
    guarantee falls short; strategy iteration then re-solves each stage at the strategy's own
    guaranteed values, which makes the endless moves look as bad as they are, and repeats."""
    eta = tol / 50
    start = {1: work.float_values - eta, 2: work.float_values + eta}
    for k in range(len(work.states)):
        if k not in comp and work.lower[k] is not None:
            start[1][k] = float(work.lower[k])  # type: ignore[arg-type]
            start[2][k] = float(work.upper[k])  # type: ignore[arg-type]
    continuation = {1: work.float_values.copy(), 2: work.float_values.copy()}
    for k in range(len(work.states)):
        if k not in comp and work.lower[k] is not None:
            continuation[1][k], continuation[2][k] = start[1][k], start[2][k]
    best: dict[int, tuple[dict[int, Fraction], dict[int, Any]]] = {}
    last: dict[int, dict[int, Any]] = {}
    gave_up: set[int] = set()
    for rounds in range(improvements):
        done = True
        for player in (1, 2):
            if player in gave_up:
                continue
            if player in best and max(abs(float(best[player][0][s]) - work.float_values[s]) for s in comp) <= tol / 4:
                continue
            strategies = {}
            sign = 1 if player == 1 else -1
            for s in comp:
                value, s1, s2 = solve_stage(work.stages[s], work.index, continuation[player], exact_=False)
                previous = last.get(player, {}).get(s)
                # Hoffman–Karp: keep a strategy that is still optimal at the new continuation values,
                # switch only where another one does strictly better (switching everywhere to
                # whatever vertex the LP returns makes the strategies go round in circles)
                if previous is not None and sign * (value - guaranteed_float(
                        work.stages[s], work.index, continuation[player], player, previous)) <= tol / 100:
                    strategies[s] = previous
                else:
                    strategies[s] = _rational_strategy((s1, s2)[player - 1])
            last[player] = strategies
            floats = _search_bound(work, comp, player, strategies, endless, eta, start[player])
            proven = None
            for widen in (0.0, 1e-12, 1e-9, 1e-6):  # a wider margin where the float search was loose
                shifted = floats.copy()
                shifted[comp] -= (1 if player == 1 else -1) * widen
                proven = _prove_bound(work, comp, player, strategies, endless, eta, shifted)
                if proven is not None:
                    break
            work.counters["strategy_rounds"] = rounds + 1
            if proven is None:  # the same strategies would fail the same way next round
                gave_up.add(player)
                continue
            if player not in best or sum(sign * (proven[s] - best[player][0][s]) for s in comp) > 0:
                best[player] = (proven, strategies)
            if max(abs(float(proven[s]) - work.float_values[s]) for s in comp) > tol / 4:
                done = False
                # the next stage solves see the fixed point, nudged toward what the strategies
                # really guarantee: among the moves optimal at the fixed point, they prefer those
                # that do not let the opponent drag play on (a lexicographic tie-break by perturbation)
                continuation[player] = floats.copy()
                for s in comp:
                    continuation[player][s] = work.float_values[s] + NUDGE * (float(proven[s]) - work.float_values[s])
        if done or (len(best) == 2 and max(best[2][0][s] - best[1][0][s] for s in comp) <= Fraction(tol) / 2):
            break
    for player in (1, 2):
        if player not in best:
            best[player] = _from_one_side(work, comp, player, endless, eta) or (
                dict.fromkeys(comp, _payoff_range(work, comp, endless)[player - 1]), last[player])
    for s in comp:
        work.lower[s] = best[1][0][s]
        work.upper[s] = best[2][0][s]
        work.strategies[s] = (best[1][1][s], best[2][1][s])
        work.how[s] = "certified bounds from both stationary strategies (exact checks)"


def rational_pair(pair: tuple[tuple[Any, ...], tuple[Any, ...]]) -> tuple[tuple[Any, ...], tuple[Any, ...]]:
    return _rational_strategy(pair[0]), _rational_strategy(pair[1])


def _rational_strategy(strategy: tuple[Any, ...]) -> tuple[Any, ...]:
    """Float mixtures as exact probability vectors (the exact checks need them to sum to 1)."""
    if strategy and isinstance(strategy[0], tuple):
        return tuple(_rational_strategy(mix) for mix in strategy)
    fracs = [Fraction(max(float(p), 0.0)).limit_denominator(10**12) for p in strategy]
    total = sum(fracs, Fraction(0))
    return tuple(p / total for p in fracs)


def _payoff_range(work: _Work, comp: list[int], endless: Fraction) -> tuple[Fraction, Fraction]:
    found = [endless]
    for s in comp:
        for t in work.stages[s].targets:
            if isinstance(t, End):
                found.append(t.payoff)
            elif isinstance(t, Lottery):
                found.extend(b.payoff for _, b in t.branches if isinstance(b, End))
        for k in _successors(work.stages[s], work.index):
            if k not in comp:
                found.extend(v for v in (work.lower[k], work.upper[k]) if v is not None)
    return min(found), max(found)


def _stage_bounds(stage: Stage, work: _Work, values: Sequence[Any]) -> tuple[Fraction, Fraction, Any, Any]:
    """(lower, upper, strategy1, strategy2) of a stage at exact continuation values: equal bounds from
    the exact solve, or, where a near-tie beats the float LP, the interval its strategies still prove."""
    work.counters["exact_stage_solves"] += 1
    try:
        value, s1, s2 = solve_stage(stage, work.index, values, exact_=True)
        return value, value, s1, s2
    except signalled.NearTie as tie:
        work.counters["near_ties"] = work.counters.get("near_ties", 0) + 1
        if stage.leader == 1:
            return tie.low, tie.high, tie.leader, tie.responder
        return -tie.high, -tie.low, tie.responder, tie.leader


def _backward(work: _Work, s: int) -> None:
    """One state that cannot come back to itself: its stage solved exactly at its successors' values
    (twice, at their lower and upper bounds, where some successor is only bounded)."""
    stage = work.stages[s]
    lo, hi, s1, s2 = _stage_bounds(stage, work, work.lower)
    if any(work.lower[t] != work.upper[t] for t in _successors(stage, work.index)):
        hi = _stage_bounds(stage, work, work.upper)[1]
    work.how[s] = ("exact: backward induction" if lo == hi else
                   "bounds: backward induction (a bounded successor, or a near-tie below float precision)")
    work.lower[s], work.upper[s] = lo, hi
    work.strategies[s] = (s1, s2)
    work.float_values[s] = float((lo + hi) / 2)


def _sweep_counter(counter: Counter, size: int, solved: int, n: int) -> Callable[[int, float], None]:
    """A cyclic component's sweeps as the counter hears them: the states solved stay where they were
    (the component counts when it is done) and the text names the sweep and its largest change."""
    def heard(sweep: int, change: float) -> None:
        counter(SolveProgress(f"cycle of {size:,} states: sweep {sweep}, change {change:.1e}", solved, n))
    return heard


def _proof_counter(counter: Counter, size: int, solved: int, n: int) -> Callable[[str], None]:
    """A cyclic component's proofs after its sweeps (exact values tried, bounds checked stage by stage: in a
    large cycle most of the time) as the counter hears them."""
    def heard(text: str) -> None:
        counter(SolveProgress(f"cycle of {size:,} states: {text}", solved, n))
    return heard


def solve(game: Game, roots: Iterable[State], *, endless: Fraction | int = 0, tol: float = 1e-12,
          max_sweeps: int = 20_000, limit: int | None = None,
          progress: Callable[[str], None] | None = None, counter: Counter | None = None) -> StochasticSolution:
    """Values and stationary strategies of every state reachable from `roots` (see the module doc).

    progress hears lines of text (a page job's status); counter hears counts for a progress bar: the
    states explored, then the states solved of all of them (a cyclic component's sweeps in its text).

    tol: the sweeps of a cyclic component stop when no value moves by more than tol / 10; the result
    is EXACT when every value is proven exactly, CERTIFIED when some are proven intervals (the widest
    is `width`), STOPPED when a component's bounds are wider than tol."""
    started = time.perf_counter()
    endless = Fraction(endless)
    states, stages, index = explore(game, roots, limit, counter)
    successors = [sorted(_successors(st, index)) for st in stages]
    comps = components(successors)
    n = len(states)
    work = _Work(states, stages, index, [None] * n, [None] * n, np.zeros(n), [None] * n, [""] * n,
                 {"states": n, "components": len(comps), "cyclic_components": 0, "sweeps": 0,
                  "exact_stage_solves": 0, "exact_checks": 0})
    work.float_values[:] = float(endless)
    solved = 0
    for number, comp in enumerate(comps):
        if progress is not None and number % PROGRESS_EVERY == 0:
            # backward induction reports too: a caller's progress may raise to stop (a cancelled page job)
            progress(f"{solved:,} of {n:,} states solved")
        if counter is not None and number % PROGRESS_EVERY == 0:
            counter(SolveProgress("states solved", solved, n))
        solved += len(comp)
        if len(comp) == 1 and comp[0] not in successors[comp[0]]:
            _backward(work, comp[0])
            continue
        work.counters["cyclic_components"] += 1
        if progress is not None:
            progress(f"a cyclic component of {len(comp):,} states")
        _value_iteration(work, comp, tol / 100, max_sweeps, float(endless), progress,
                         None if counter is None else _sweep_counter(counter, len(comp), solved - len(comp), n))
        work.heard = None if counter is None else _proof_counter(counter, len(comp), solved - len(comp), n)
        if not _exact_fixed_point(work, comp, endless):
            _certified_bounds(work, comp, endless, tol, max_sweeps)
        work.heard = None
    if counter is not None:
        counter(SolveProgress("states solved", n, n))
    if any(v is None for v in (*work.lower, *work.upper)) or any(s is None for s in work.strategies):
        raise SolverError("a state was left unsolved")  # a bug, never a user's error
    solutions = tuple(StateSolution(work.lower[k], work.upper[k], *work.strategies[k], work.how[k])  # type: ignore[arg-type, misc, call-arg]
                      for k in range(n))
    width = max((s.upper - s.lower for s in solutions), default=Fraction(0))
    if width == 0:
        status, message = Status.EXACT, "every value exact, each with its checked certificate"
    elif width <= Fraction(tol):
        status, message = Status.CERTIFIED, f"proven intervals, the widest {float(width):.1e}"
    else:
        status, message = Status.STOPPED, f"proven intervals, the widest {float(width):.1e} > tol {tol:g}"
    return StochasticSolution(
        states=tuple(states), solutions=solutions, stages=tuple(stages), components=tuple(map(tuple, comps)),
        index=index, method="stochastic game: backward induction and Shapley value iteration, "
        "sequence-form stage LPs with exact certificates", status=status, message=message,
        seconds=time.perf_counter() - started, counters=dict(work.counters))
