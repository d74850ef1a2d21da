"""Two-player zero-sum extensive games with chance and perfect recall, solved in sequence form (Koller,
Megiddo & von Stengel 1996) with an exact certificate. Game-independent: a source (a toolkit module, a Gambit
file, an OpenSpiel game) walks its own tree and feeds a `Builder`; what comes out is a `SequenceForm`.

The representation: each player's sequences are numbered from 0 (the empty sequence); an information set
(`Infoset`) is entered after one sequence of its player (`parent`: perfect recall) and its moves are the
sequences first, first + 1, ...; the payoffs are summed per pair of sequences, weighted by chance
(`payoff[(s1, s2)]`: the sum over the leaves reached by s1 and s2 of chance probability times player 1's
payoff), all in Fractions. Building is one pass over the nodes: a source keeps, on its walk, each player's
last sequence and the chance probability so far, and calls `Builder.infoset` at a decision and
`Builder.leaf` at an end. A source whose children are `history + (move,)` (a toolkit module) leaves that walk
to `walk` and only says what each node is.

The solve (`solve`): player 1's sequence-form LP in HiGHS (`lp.Program`; player 2's realization plan is its
row duals), its optimal basis re-solved in rationals (`exactlp.basic_solution`); both plans become behaviour
strategies and each is checked by the other's exact best reply (`guarantee`, in Fractions). When player 1's
strategy guarantees exactly what player 2's holds him to, that is the value and both strategies are optimal.
The basis is re-solved by sparse elimination (FLINT's dense solve only for a small basis that fills in).
When the basis gives no proof (or is too large to re-solve cheaply, `EXACT_BASIS`), the float plans rounded
to ever finer fractions are tried, and the best pair's guarantees are proven bounds. Nothing is believed
from the LP: the guarantees are the certificate.
"""

from __future__ import annotations

import bisect
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np

from parlour.errors import InvalidInput, shown
from parlour.results import Status, exact, label
from parlour.solvers import exactlp, limits, lp

# Denominators tried in turn when the basis gives no proof: the smallest fractions that prove themselves.
DENOMINATORS = (2, 6, 12, 60, 360, 2520, 10**4, 10**6, 10**9)
# The optimal basis is re-solved in rationals up to this many basic columns, by sparse elimination
# (`exactlp.solve_sparse`): the sequence form's basis has two to three entries a row and fills in little
# (plain Leduc, 1,163 columns: 7,300 updates, 0.3 s for both systems; liars_dice(numdice=1), 23,403
# columns: 18,000 updates, 2 s), where FLINT's dense solve grows as the cube (Leduc's 357 columns in 0.5 s,
# 903 in 4.2 s, plain Leduc's 1,163 in 3.8 s a system), which is why the limit was once 640 columns. A basis
# that fills in beyond FILL updates (about 2 s of Fractions) goes to the dense solve when it has at most
# DENSE_BASIS columns; else only the rounded strategies are tried.
EXACT_BASIS = 100_000
FILL = 200_000
DENSE_BASIS = 640
# The slack by which a strategy mapped by `optimal_ranges` may fall short of the value (the LP is in floats),
# and the digits its ranges are given to (HiGHS's feasibility tolerance is 1e-7: more digits would be noise).
RANGE_SLACK = 1e-10
RANGE_DIGITS = 6
RANGE_SEQUENCES = 100  # the family of optimal strategies is mapped for trees up to this many sequences

Behaviour = dict[Hashable, dict[Any, Fraction]]  # infoset name -> move -> probability


@dataclass(frozen=True)
class Infoset:
    """One information set of one player: `name` is the source's own key (what the player knows), `parent`
    the player's sequence that leads to it, `moves` his choices; move i is the sequence `first + i`."""

    name: Hashable
    parent: int
    moves: tuple[Hashable, ...]
    first: int


@dataclass(frozen=True)
class SequenceForm:
    """A two-player zero-sum extensive game in sequence form. `infosets[p - 1]` are player p's information sets,
    each after the one its parent sequence belongs to (parents first); `sequences[p - 1]` counts his sequences,
    the empty one included; `payoff[(s1, s2)]` is player 1's payoff summed over the leaves s1 and s2 reach,
    each weighted by its chance probability; `nodes` counts the tree's nodes (for reports)."""

    infosets: tuple[tuple[Infoset, ...], tuple[Infoset, ...]]
    sequences: tuple[int, int]
    payoff: Mapping[tuple[int, int], Fraction]
    nodes: int

    def of(self, player: int) -> tuple[Infoset, ...]:
        return self.infosets[player - 1]

    def count(self, player: int) -> int:
        return self.sequences[player - 1]


class Builder:
    """Collects a game met node by node, in any depth-first order: each information set once, on first
    sight (later sights are checked against it), and each leaf's weighted payoff."""

    def __init__(self) -> None:
        self._infosets: tuple[list[Infoset], list[Infoset]] = ([], [])
        self._where: dict[tuple[int, Hashable], Infoset] = {}
        self._next = [1, 1]  # each player's next free sequence (0 is the empty one)
        self._payoff: dict[tuple[int, int], Fraction] = {}

    def infoset(self, player: int, name: Hashable, parent: int, moves: tuple[Hashable, ...]) -> int:
        """The first sequence of `player`'s information set `name`, met after his sequence `parent` with these
        `moves`: a new set is numbered here; one seen before must offer the same moves after the same
        sequence (perfect recall), else one sentence (InvalidInput) that the caller may prefix with where."""
        try:
            known = self._where.get((player, name))
        except TypeError:
            raise InvalidInput(f"the infoset {shown(name)} is not hashable") from None
        if known is None:
            return self._new(player, name, parent, moves)
        if known.moves != moves:
            raise InvalidInput(f"player {player}'s infoset {shown(name)} offers {shown(moves)} here but "
                               f"{shown(known.moves)} elsewhere")
        if known.parent != parent:
            raise InvalidInput(f"player {player}'s infoset {shown(name)} is reached after different moves of his "
                               "own (he must remember what he did: perfect recall)")
        return known.first

    def above(self, player: int, name: Hashable, sequence: int) -> Infoset | None:
        """Player `player`'s infoset `name` where one of its moves lies on the path to his `sequence` (the
        sequences of an infoset are consecutive, numbered in the order the sets were met), else None."""
        infosets = self._infosets[player - 1]
        firsts = [info.first for info in infosets]
        while sequence > 0:
            info = infosets[bisect.bisect_right(firsts, sequence) - 1]
            if info.name == name:
                return info
            sequence = info.parent
        return None

    def _new(self, player: int, name: Hashable, parent: int, moves: tuple[Hashable, ...]) -> int:
        if player not in (1, 2):
            raise InvalidInput(f"a decision's player is 1 or 2, not {shown(player)}")
        if not moves or len(set(moves)) != len(moves):
            raise InvalidInput(f"player {player}'s infoset {shown(name)} needs at least one move and no move twice")
        first = self._next[player - 1]
        self._next[player - 1] += len(moves)
        info = Infoset(name, parent, moves, first)
        self._where[(player, name)] = info
        self._infosets[player - 1].append(info)
        return first

    def leaf(self, seq1: int, seq2: int, probability: Fraction, payoff: Fraction) -> None:
        """A leaf reached by player 1's sequence seq1 and player 2's seq2 with chance probability
        `probability`, where player 1 receives `payoff`."""
        if probability and payoff:
            key = (seq1, seq2)
            self._payoff[key] = self._payoff.get(key, Fraction(0)) + probability * payoff

    def held(self) -> int:
        """The pairs of sequences that reach a leaf and the information sets so far: what the form holds
        (`limits.PAIR_BYTES` each)."""
        return len(self._payoff) + len(self._where)

    def finish(self, nodes: int) -> SequenceForm:
        return SequenceForm((tuple(self._infosets[0]), tuple(self._infosets[1])), (self._next[0], self._next[1]),
                            self._payoff, nodes)


@dataclass(frozen=True)
class Decision:
    """A decision node as a source reads it (`walk`): `player`'s information set `name`, with these `moves`."""

    player: int
    name: Hashable
    moves: tuple[Hashable, ...]


# What a source reads a node as (`walk`): a leaf's payoff to player 1, a decision, or chance's (move, probability)
# pairs. A node on the walk: its depth, the move to it, its chance probability, player 1's and player 2's last
# sequence.
Read = Fraction | Decision | list[tuple[Hashable, Fraction]]
_Node = tuple[int, Any, Fraction, int, int]


def walk(root: tuple[Any, ...], read: Callable[[tuple[Any, ...]], Read], limit: int,
         where: Callable[[tuple[Any, ...]], str], progress: Callable[[str], None] | None = None) -> SequenceForm:
    """A tree whose children are `history + (move,)`, met node by node from `root` (depth first, an explicit
    stack) into sequence form: `read(history)` says what the node is. Refused with one sentence: a tree the
    growth seen so far puts past `limit` nodes, or that passes it (`limits.Growth`), a history of more than
    `limits.MAX_HISTORY` moves, play that comes back to an information set of a player after his own move
    there (a loop), a decision that breaks perfect recall (the last two begun by `where(history)`). `progress`
    hears the nodes walked about every half second (`limits.Growth`); Ctrl-C stops the walk (pure Python)."""
    builder = Builder()
    base = len(root)
    stack: list[_Node] = [(base, None, Fraction(1), 0, 0)]
    # One list holds the moves to the node being read (depth first, it is the path to every node on the stack's
    # top): a node's history is copied from it when the node is read, not when it is put on the stack, so
    # pending siblings hold no copies (memory linear in the depth, not quadratic).
    moves = list(root)
    growth = limits.Growth(limit, held=builder.held, progress=progress)
    while stack:
        depth, move, prob, s1, s2 = stack.pop()
        if depth > base:
            del moves[depth - 1:]
            moves.append(move)
        h = tuple(moves)
        kind = read(h)
        below = depth + 1
        if isinstance(kind, Decision):
            growth.met(depth - base, len(kind.moves), h)
            mine = s1 if kind.player == 1 else s2
            try:
                first = builder.infoset(kind.player, kind.name, mine, kind.moves)
            except InvalidInput as exc:
                raise InvalidInput(f"{where(h)}: {_loop(builder, kind, mine) or exc}") from None
            if kind.player == 1:
                stack.extend((below, m, prob, first + i, s2) for i, m in enumerate(kind.moves))
            else:
                stack.extend((below, m, prob, s1, first + i) for i, m in enumerate(kind.moves))
        elif isinstance(kind, list):
            growth.met(depth - base, len(kind), h)
            stack.extend((below, m, prob * p, s1, s2) for m, p in kind)
        else:
            growth.met(depth - base, 0, h)
            builder.leaf(s1, s2, prob, kind)
    return builder.finish(growth.count)


def _loop(builder: Builder, kind: Decision, parent: int) -> str:
    """Why a decision is refused when its information set lies on its own path (play loops), else ""."""
    if builder.above(kind.player, kind.name, parent) is None:
        return ""
    return (f"play comes back to player {kind.player}'s infoset {shown(kind.name)} after his own move there: a "
            "game tree's play must end (a game whose states recur is a stochastic game: START, moves, play)")


# --- exact checks ----------------------------------------------------------------------------------------

def realization(game: SequenceForm, player: int, behaviour: Mapping[Hashable, Mapping[Any, Any]]) -> list[Fraction]:
    """The realization plan of a behaviour strategy (infosets come parents first)."""
    x = [Fraction(0)] * game.count(player)
    x[0] = Fraction(1)
    for info in game.of(player):
        probs = behaviour.get(info.name)
        if probs is None:
            raise InvalidInput(f"the strategy of player {player} gives nothing at infoset {shown(info.name)}")
        if sum(probs.values(), Fraction(0)) != 1 or any(v < 0 for v in probs.values()):
            raise InvalidInput(f"the strategy of player {player} at infoset {shown(info.name)} is not a distribution")
        for i, m in enumerate(info.moves):
            x[info.first + i] = x[info.parent] * Fraction(probs.get(m, 0))
    return x


def guarantee(game: SequenceForm, player: int, behaviour: Mapping[Hashable, Mapping[Any, Any]]) -> Fraction:
    """What `behaviour` guarantees its player exactly (player 1's payoff): the other's best reply, information
    set by information set, deepest first (an infoset's moves are the parents of its successors)."""
    x = realization(game, player, behaviour)
    other = 3 - player
    cost = [Fraction(0)] * game.count(other)
    for (s1, s2), pay in game.payoff.items():
        mine, theirs = (s1, s2) if player == 1 else (s2, s1)
        if x[mine]:
            cost[theirs] += x[mine] * pay
    pick = min if player == 1 else max  # the replier: player 2 minimises player 1's payoff
    for info in reversed(game.of(other)):
        cost[info.parent] += pick(cost[info.first + i] for i in range(len(info.moves)))
    return cost[0]


def exact_behaviour(game: SequenceForm, player: int, plan: Sequence[Fraction]) -> Behaviour | None:
    """The behaviour strategy of an exact realization plan (uniform where the plan never arrives); None when
    the plan is not one (a negative entry, or moves that do not add up to their parent)."""
    out: Behaviour = {}
    for info in game.of(player):
        reach = plan[info.parent]
        moves = [plan[info.first + i] for i in range(len(info.moves))]
        if reach <= 0:
            probs = [Fraction(1, len(moves))] * len(moves)
        elif min(moves) < 0 or sum(moves, Fraction(0)) != reach:
            return None
        else:
            probs = [m / reach for m in moves]
        out[info.name] = dict(zip(info.moves, probs, strict=True))
    return out


def rounded_behaviour(game: SequenceForm, player: int, plan: Sequence[float] | np.ndarray,
                      denominator: int) -> Behaviour:
    """The behaviour strategy of a float realization plan, each information set's probabilities rounded to
    fractions of denominator at most `denominator` and summing to 1 (uniform where the plan never arrives)."""
    out: Behaviour = {}
    for info in game.of(player):
        n = len(info.moves)
        reach = float(plan[info.parent])
        raw = [max(0.0, float(plan[info.first + i])) / reach if reach > 1e-9 else 1.0 / n for i in range(n)]
        total = sum(raw) or 1.0
        probs = exactlp.rounded([r / total for r in raw], denominator)
        probs[-1] = max(Fraction(0), 1 - sum(probs[:-1], Fraction(0)))
        excess = sum(probs, Fraction(0)) - 1
        # rounding overshot: the excess is taken back from the largest first, none below 0 (with many moves
        # and a coarse denominator it can exceed the largest: liars_dice's 12 bids rounded to halves)
        for i in sorted(range(n), key=lambda i: -probs[i]):
            if excess <= 0:
                break
            cut = min(excess, probs[i])
            probs[i] -= cut
            excess -= cut
        out[info.name] = dict(zip(info.moves, probs, strict=True))
    return out


# --- the LP ------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class SequenceLP:
    """Player p's sequence-form LP (von Stengel's): max q_0 over his plan x (x >= 0, E x = e) and the free
    q (one per row of the other's F) s.t. F'q - A'x <= 0, A his payoff per pair of sequences. Columns: x
    (`plan` of them), then q; rows: one per sequence of the other (their duals are the other's plan), then
    E's rows. The coefficients are the game's Fractions: the same LP solved in floats and re-solved exactly."""

    columns: tuple[dict[int, Fraction | int], ...]
    plan: int  # columns 0..plan-1 are the player's sequences; column `plan` is q_0
    replies: int  # rows 0..replies-1 are the other's sequences
    rows: int

    @property
    def row_bounds(self) -> tuple[list[int | None], list[int]]:
        equal = [1] + [0] * (self.rows - self.replies - 1)  # E x = e: the empty sequence has probability 1
        return [None] * self.replies + equal, [0] * self.replies + equal

    @property
    def col_lower(self) -> list[int | None]:
        return [0] * self.plan + [None] * (len(self.columns) - self.plan)

    def program(self) -> lp.Program:
        """The LP in HiGHS, maximising q_0 (the player's value)."""
        lower, upper = self.row_bounds
        cost = np.zeros(len(self.columns))
        cost[self.plan] = 1.0
        return lp.Program.build(lp.Sparse.from_columns(self.columns), cost,
                                row_lower=[-lp.INF if v is None else v for v in lower],
                                row_upper=np.asarray(upper, dtype=np.float64),
                                col_lower=[-lp.INF if v is None else v for v in self.col_lower],
                                maximise=True, tolerance=lp.TIGHT, name="the sequence-form LP")

    def exact(self) -> exactlp.ExactLP:
        lower, upper = self.row_bounds
        cost = [0] * len(self.columns)
        cost[self.plan] = 1
        return exactlp.ExactLP(self.columns, cost, row_lower=lower, row_upper=upper, col_lower=self.col_lower)


def sequence_lp(game: SequenceForm, player: int) -> SequenceLP:
    """Player `player`'s LP (player 2 maximises minus player 1's payoff)."""
    me, other = game.of(player), game.of(3 - player)
    n_me, n_other = game.count(player), game.count(3 - player)
    columns: list[dict[int, Fraction | int]] = [{} for _ in range(n_me + len(other) + 1)]
    for (s1, s2), pay in game.payoff.items():
        if player == 1:
            columns[s1][s2] = -pay
        else:
            columns[s2][s1] = pay
    _constraint_matrix(columns, me, rows=n_other, cols=0, transposed=False)  # E x = e, below the payoff rows
    _constraint_matrix(columns, other, rows=0, cols=n_me, transposed=True)  # F'q
    return SequenceLP(tuple(columns), n_me, n_other, n_other + len(me) + 1)


def _constraint_matrix(columns: list[dict[int, Fraction | int]], infosets: Sequence[Infoset], *, rows: int,
                       cols: int, transposed: bool) -> None:
    """A player's E (row 0: the empty sequence; row k: infoset k's moves minus its parent) written into
    `columns` at offset (rows, cols), or its transpose."""
    def put(r: int, c: int, v: int) -> None:
        if transposed:
            columns[cols + r][rows + c] = v
        else:
            columns[cols + c][rows + r] = v

    put(0, 0, 1)
    for k, info in enumerate(infosets, start=1):
        put(k, info.parent, -1)
        for i in range(len(info.moves)):
            put(k, info.first + i, 1)


# --- the solve ---------------------------------------------------------------------------------------

@dataclass(frozen=True)
class SequenceSolution:
    """The game solved: player 1's payoff lies in [value_low, value_high], what `strategies[0]` guarantees
    player 1 and what `strategies[1]` holds him to, both computed exactly; equal ends make the value exact
    and both strategies optimal. `source` says which candidate proved it ("basis": the LP's optimal basis
    re-solved in rationals; "rounding (denominators <= d)": the float plans rounded), `iterations` the
    simplex iterations."""

    value_low: Fraction
    value_high: Fraction
    strategies: tuple[Behaviour, Behaviour]
    source: str
    iterations: int

    @property
    def exact(self) -> bool:
        return self.value_low == self.value_high

    @property
    def status(self) -> Status:
        return Status.EXACT if self.exact else Status.CERTIFIED

    @property
    def message(self) -> str:
        return ("value and both strategies exact" if self.exact else
                f"proven interval of width {float(self.value_high - self.value_low):.1e}")

    @property
    def proof(self) -> str:
        return ("exact: player 1's strategy guarantees the value and player 2's holds him to it (best replies "
                "computed in fractions)" if self.exact else
                "bounds: what each player's rounded strategy guarantees, computed in fractions")

    engine = "sequence form (HiGHS) + exact best replies"
    method = ("game tree in sequence form: LP in floats, its optimal basis re-solved in fractions (else the "
              "strategies rounded to fractions), checked by exact best replies")

    def strategy_json(self, player: int) -> dict[str, dict[str, Any]]:
        """The player's move probabilities at each information set in the JSON convention (`bet`, `bet_exact`)."""
        return {label(k): {key: x for m, p in v.items() for key, x in exact(label(m), p).items()}
                for k, v in self.strategies[player - 1].items()}

    def strategies_json(self, game: SequenceForm) -> dict[str, Any]:
        """Both players' strategies (`strategy_json`) and, where exact and the tree has at most RANGE_SEQUENCES
        sequences, the family of optimal strategies (`ranges_json`)."""
        out: dict[str, Any] = {f"player{p}": self.strategy_json(p) for p in (1, 2)}
        if self.exact and sum(game.sequences) <= RANGE_SEQUENCES:
            out["optimal_ranges"] = {f"player{p}": ranges_json(game, p, self.value_low) for p in (1, 2)}
        return out


def solve(game: SequenceForm) -> SequenceSolution:
    """Both players' optimal strategies, with exact guarantees (the module's docstring)."""
    problem = sequence_lp(game, 1)
    program = problem.program()
    floats = program.solve()
    n1, n2 = game.count(1), game.count(2)
    best: SequenceSolution | None = None
    solved = _basis_solution(problem, program.basis())
    if solved is not None:
        b1 = exact_behaviour(game, 1, solved.x[:n1])
        b2 = exact_behaviour(game, 2, _plan_of_duals(solved.y[:n2]))
        if b1 is not None and b2 is not None:
            best = _checked(game, b1, b2, "basis", floats.iterations)
            if best.exact:
                return best
    # Player 2's own LP: its primal plan rounds to tighter guarantees than the duals above (Leduc without
    # the basis: 1.2e-15 against 1.8e-15), and the duals were only needed for the basis.
    replies = sequence_lp(game, 2).program().solve()
    x, y = floats.x[:n1], replies.x[:n2]
    iterations = floats.iterations + replies.iterations
    for d in DENOMINATORS:
        candidate = _checked(game, rounded_behaviour(game, 1, x, d), rounded_behaviour(game, 2, y, d),
                             f"rounding (denominators <= {d})", iterations)
        if best is None or candidate.value_high - candidate.value_low < best.value_high - best.value_low:
            best = candidate
        if best.exact:
            break
    assert best is not None  # DENOMINATORS is not empty
    return best


def _basis_solution(problem: SequenceLP, basis: lp.Basis) -> exactlp.BasicSolution | None:
    """The optimal basis re-solved in rationals (sparse first, dense when it fills in; module constants)."""
    size = len(basis.basic_cols)
    if size > EXACT_BASIS:
        return None
    exact_lp = problem.exact()
    solved = exactlp.basic_solution(exact_lp, basis, fill=FILL)
    if solved is None and size <= DENSE_BASIS:
        solved = exactlp.basic_solution(exact_lp, basis)
    return solved


def _plan_of_duals(duals: Sequence[Any] | np.ndarray) -> Any:
    """Player 2's realization plan from the duals of player 1's payoff rows: its entry for the empty sequence
    is 1, whatever sign convention the duals come in."""
    if isinstance(duals, np.ndarray):
        return -duals if duals[0] < 0 else duals
    return [-v for v in duals] if duals[0] < 0 else list(duals)


def _checked(game: SequenceForm, b1: Behaviour, b2: Behaviour, source: str, iterations: int) -> SequenceSolution:
    return SequenceSolution(guarantee(game, 1, b1), guarantee(game, 2, b2), (b1, b2), source, iterations)


def optimal_ranges(game: SequenceForm, player: int, value: Fraction) -> list[tuple[Infoset, int, float, float]]:
    """For each of the player's first decisions (infosets reached by no earlier move of his), the least and
    the most probability an optimal strategy gives each move, as (infoset, move index, low, high) to
    RANGE_DIGITS digits: the family of optimal strategies, as intervals (LP in floats, 2 per move; of two
    moves the second's range follows from the first's). Kuhn poker: player 1 bets a J with any alpha in [0, 1/3]."""
    problem = sequence_lp(game, player)
    program = problem.program()
    own = float(value) if player == 1 else -float(value)
    program.add_row(own - RANGE_SLACK, lp.INF, np.array([problem.plan], dtype=np.int32), np.array([1.0]))
    program.set_column(problem.plan, cost=0.0)
    out: list[tuple[Infoset, int, float, float]] = []
    for info in game.of(player):
        if info.parent != 0:
            continue
        two = len(info.moves) == 2
        for i in range(1 if two else len(info.moves)):
            low, high = (round(_extreme(program, info.first + i, sense), RANGE_DIGITS) for sense in (-1.0, 1.0))
            out.append((info, i, low, high))
        if two:
            out.append((info, 1, round(1 - out[-1][3], RANGE_DIGITS), round(1 - out[-1][2], RANGE_DIGITS)))
    return out


def ranges_json(game: SequenceForm, player: int, value: Fraction) -> dict[str, list[float]]:
    """`optimal_ranges` under the JSON's names ("infoset: move")."""
    return {f"{label(info.name)}: {label(info.moves[i])}": [low, high]
            for info, i, low, high in optimal_ranges(game, player, value)}


def _extreme(program: lp.Program, column: int, sense: float) -> float:
    """The most (sense 1) or the least (sense -1) of one column over the LP's feasible set."""
    program.set_column(column, cost=sense)
    try:
        return float(program.solve().x[column])
    finally:
        program.set_column(column, cost=0.0)


__all__ = [
    "DENSE_BASIS", "EXACT_BASIS", "FILL", "RANGE_SEQUENCES", "Behaviour", "Builder", "Decision", "Infoset", "Read",
    "SequenceForm", "SequenceLP", "SequenceSolution", "exact_behaviour", "guarantee", "optimal_ranges", "ranges_json",
    "realization", "rounded_behaviour", "sequence_lp", "solve", "walk",
]
