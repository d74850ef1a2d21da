"""A two-player zero-sum game tree with hidden information (deals, private cards, betting), solved in
sequence form (Koller, Megiddo & von Stengel 1996) with an exact check.

The module defines ROOT and `node(history)` -> `Chance({move: probability})`, `Turn(player, infoset,
moves)` or `End(payoff)`; the children of a history are `history + (move,)`. Both players must have
perfect recall (an information set is reached after the same own moves of its player).

The sequence-form LP (HiGHS, in floats) gives both players' realization plans; they are turned into
behaviour strategies, rounded to nearby fractions, and checked exactly: each player's best reply to the
other's strategy is computed in fractions, information set by information set. When player 1's
strategy guarantees exactly what player 2's holds him to, that number is the value and both strategies
are optimal (status EXACT); otherwise the two guarantees are proven bounds.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from parlour.errors import InvalidInput, SolverError, shown
from parlour.results import Status, exact
from parlour.solvers import exactlp
from parlour.toolkit.reading import call, number, payoff_range
from parlour.toolkit.result import GameSolution, label
from parlour.toolkit.terms import Chance, End, Turn

MAX_NODES = 2_000_000
DENOMINATORS = (2, 6, 12, 60, 360, 2520, 10**4, 10**6, 10**9)


@dataclass
class Tree:
    """The game in sequence form. Sequences of player p are numbered from 0 (the empty sequence);
    infosets[p][k] = (name, parent sequence, moves, first sequence of its moves)."""

    infosets: dict[int, list[tuple[Hashable, int, tuple[Any, ...], int]]] = field(
        default_factory=lambda: {1: [], 2: []})
    where: dict[tuple[int, Hashable], int] = field(default_factory=dict)
    sequences: dict[int, int] = field(default_factory=lambda: {1: 1, 2: 1})
    payoff: dict[tuple[int, int], Fraction] = field(default_factory=dict)  # (seq1, seq2) -> sum chance * payoff
    nodes: int = 0


def build(namespace: Mapping[str, Any]) -> Tree:
    low, high = payoff_range(namespace)
    node_fn = namespace["node"]
    tree = Tree()
    # Depth first with an explicit stack: (history, chance probability, player 1's and 2's last sequence)
    stack: list[tuple[tuple[Any, ...], Fraction, int, int]] = []
    root = namespace["ROOT"]
    if not isinstance(root, tuple):
        raise InvalidInput(f"ROOT must be a tuple (the empty history, usually ()), got {shown(root)}")
    stack.append((root, Fraction(1), 0, 0))
    while stack:
        h, prob, s1, s2 = stack.pop()
        tree.nodes += 1
        if tree.nodes > MAX_NODES:
            raise InvalidInput(f"the tree has more than {MAX_NODES:,} nodes (explored that far, then stopped): "
                               "make the game smaller")
        what = f"node({shown(h, 80)})"
        kind = call(node_fn, h, what=what)
        if isinstance(kind, End):
            pay = Fraction(number(kind.payoff, f"{what}: the payoff"))
            if not low <= pay <= high:
                raise InvalidInput(f"{what}: the payoff {pay} lies outside PAYOFF_RANGE ({low}, {high})")
            if prob:
                tree.payoff[(s1, s2)] = tree.payoff.get((s1, s2), Fraction(0)) + prob * pay
        elif isinstance(kind, Chance):
            items = list(kind.weights.items()) if isinstance(kind.weights, Mapping) else []
            if not items:
                raise InvalidInput(f"{what}: a Chance needs a non-empty mapping of move to probability")
            total = Fraction(0)
            for move, p in items:
                p = Fraction(number(p, f"{what}: the probability of {shown(move)}"))
                if p <= 0:
                    raise InvalidInput(f"{what}: the probability of {shown(move)} is {p}, not positive")
                total += p
                stack.append(((*h, move), prob * p, s1, s2))
            if total != 1:
                raise InvalidInput(f"{what}: the chance probabilities sum to {total}, not 1")
        elif isinstance(kind, Turn):
            if kind.player not in (1, 2):
                raise InvalidInput(f"{what}: a Turn's player is 1 or 2, not {shown(kind.player)}")
            moves = tuple(kind.moves)
            if not moves or len(set(moves)) != len(moves):
                raise InvalidInput(f"{what}: a Turn needs at least one move and no move twice")
            p = kind.player
            try:
                key = (p, kind.infoset)
                k = tree.where.get(key)
            except TypeError:
                raise InvalidInput(f"{what}: the infoset {shown(kind.infoset)} is not hashable") from None
            parent = s1 if p == 1 else s2
            if k is None:
                k = tree.where[key] = len(tree.infosets[p])
                tree.infosets[p].append((kind.infoset, parent, moves, tree.sequences[p]))
                tree.sequences[p] += len(moves)
            _, known_parent, known_moves, first = tree.infosets[p][k]
            if known_moves != moves:
                raise InvalidInput(f"{what}: player {p}'s infoset {shown(kind.infoset)} offers {shown(moves)} "
                                   f"here but {shown(known_moves)} elsewhere")
            if known_parent != parent:
                raise InvalidInput(f"{what}: player {p}'s infoset {shown(kind.infoset)} is reached after different "
                                   "moves of his own (he must remember what he did: perfect recall)")
            for i, m in enumerate(moves):
                seq = first + i
                stack.append(((*h, m), prob, seq if p == 1 else s1, seq if p == 2 else s2))
        else:
            raise InvalidInput(f"{what} must return a Chance, a Turn or an End, got {shown(kind)}")
    return tree


# --- exact checks ----------------------------------------------------------------------------------------

Behaviour = dict[Hashable, dict[Any, Fraction]]  # infoset -> move -> probability


def realization(tree: Tree, player: int, behaviour: Behaviour) -> list[Fraction]:
    """The realization plan of a behaviour strategy (infosets are numbered parents first)."""
    x = [Fraction(0)] * tree.sequences[player]
    x[0] = Fraction(1)
    for name, parent, moves, first in tree.infosets[player]:
        probs = behaviour.get(name)
        if probs is None:
            raise InvalidInput(f"the strategy of player {player} gives nothing at infoset {shown(name)}")
        if sum(probs.values(), Fraction(0)) != 1 or any(v < 0 for v in probs.values()):
            raise InvalidInput(f"the strategy of player {player} at infoset {shown(name)} is not a distribution")
        for i, m in enumerate(moves):
            x[first + i] = x[parent] * Fraction(probs.get(m, 0))
    return x


def guarantee(tree: Tree, player: int, behaviour: Behaviour) -> Fraction:
    """What `behaviour` guarantees its player exactly: the other's best reply, infoset by infoset (deepest
    first: an infoset's moves' sequences are the parents of its successors)."""
    x = realization(tree, player, behaviour)
    other = 3 - player
    cost = [Fraction(0)] * tree.sequences[other]
    for (s1, s2), pay in tree.payoff.items():
        mine, theirs = (s1, s2) if player == 1 else (s2, s1)
        if x[mine]:
            cost[theirs] += x[mine] * pay
    pick = min if player == 1 else max  # the replier: player 2 minimises player 1's payoff
    for _name, parent, moves, first in reversed(tree.infosets[other]):
        cost[parent] += pick(cost[first + i] for i in range(len(moves)))
    return cost[0]


def _behaviour(tree: Tree, player: int, plan: Any, denominator: int) -> Behaviour:
    out: Behaviour = {}
    for name, parent, moves, first in tree.infosets[player]:
        reach = float(plan[parent])
        raw = [max(0.0, float(plan[first + i])) / reach if reach > 1e-9 else 1.0 / len(moves)
               for i in range(len(moves))]
        total = sum(raw) or 1.0
        probs = exactlp.rounded([r / total for r in raw], denominator)
        probs[-1] = 1 - sum(probs[:-1], Fraction(0))
        if probs[-1] < 0:  # rounding overshot: put the excess back on the largest
            probs[-1] = Fraction(0)
            big = max(range(len(probs)), key=lambda i: probs[i])
            probs[big] += 1 - sum(probs, Fraction(0))
        out[name] = dict(zip(moves, probs, strict=True))
    return out


# --- the LP ------------------------------------------------------------------------------------------

def _constraints(tree: Tree, player: int) -> tuple[list[tuple[int, int, float]], int]:
    """E x = e as (row, column, coefficient): x(empty) = 1; per infoset, the sum of its moves = its parent."""
    entries = [(0, 0, 1.0)]
    for k, (_name, parent, moves, first) in enumerate(tree.infosets[player], start=1):
        entries.append((k, parent, -1.0))
        entries.extend((k, first + i, 1.0) for i in range(len(moves)))
    return entries, len(tree.infosets[player]) + 1


def _lp(tree: Tree, player: int, objective: int | None = None, at_least: float | None = None,
        sense: float = 1.0) -> tuple[Any, float]:
    """max over player 1's plans x of min over player 2's replies (player=1), or the mirror (player=2):
    max f'q s.t. F'q <= A'x, E x = e, x >= 0 (von Stengel's LP), with scipy's HiGHS. With `objective` (a
    sequence of the player) and `at_least` (his value): max (sense 1) or min (sense -1) of that sequence's
    realization probability over his optimal plans (f'q >= at_least)."""
    import numpy as np
    import scipy.sparse as sp
    from scipy.optimize import linprog

    other = 3 - player
    sign = 1.0 if player == 1 else -1.0  # player 2 maximises -payoff
    n_x, n_y = tree.sequences[player], tree.sequences[other]
    e_entries, e_rows = _constraints(tree, player)
    f_entries, f_rows = _constraints(tree, other)
    # variables: x (n_x, >= 0), q (f_rows, free); objective: max q_0
    cost = np.zeros(n_x + f_rows)
    if objective is None:
        cost[n_x] = -1.0
    else:
        cost[objective] = -sense
    rows, cols, vals = [], [], []
    for (s1, s2), pay in tree.payoff.items():
        mine, theirs = (s1, s2) if player == 1 else (s2, s1)
        rows.append(theirs)
        cols.append(mine)
        vals.append(-sign * float(pay))
    for r, c, v in f_entries:  # F' q: column c of F is row c here
        rows.append(c)
        cols.append(n_x + r)
        vals.append(v)
    n_ub = n_y
    if at_least is not None:  # -q_0 <= -(value - slack): the plan stays optimal (up to float slack)
        rows.append(n_y)
        cols.append(n_x)
        vals.append(-1.0)
        n_ub += 1
    a_ub = sp.csr_matrix((vals, (rows, cols)), shape=(n_ub, n_x + f_rows))
    a_eq = sp.csr_matrix(([v for _, _, v in e_entries], ([r for r, _, _ in e_entries], [c for _, c, _ in e_entries])),
                         shape=(e_rows, n_x + f_rows))
    b_eq = np.zeros(e_rows)
    b_eq[0] = 1.0
    bnds = [(0, None)] * n_x + [(None, None)] * f_rows
    b_ub = np.zeros(n_ub)
    if at_least is not None:
        b_ub[n_y] = -(sign * at_least - 1e-10)
    res = linprog(cost, A_ub=a_ub, b_ub=b_ub, A_eq=a_eq, b_eq=b_eq, bounds=bnds, method="highs")
    if res.status != 0:
        raise SolverError(f"the sequence-form LP was not solved: {res.message}")
    return res.x[:n_x], sign * -res.fun


RANGE_SEQUENCES = 100  # the family of optimal strategies is mapped for trees up to this many sequences


def optimal_ranges(tree: Tree, player: int, value: float) -> dict[str, list[float]]:
    """For each of the player's first decisions (infosets reached by no earlier move of his), the least
    and the most probability an optimal strategy gives each move: the family of optimal strategies, as
    intervals (LP in floats, 2 per move). Kuhn poker: player 1 bets a J with any alpha in [0, 1/3]."""
    out: dict[str, list[float]] = {}
    for name, parent, moves, first in tree.infosets[player]:
        if parent != 0:
            continue
        ranges = []
        for i in range(len(moves) if len(moves) > 2 else 1):  # of two moves, the second's range follows
            low = _lp(tree, player, first + i, value, -1.0)[0][first + i]
            high = _lp(tree, player, first + i, value, 1.0)[0][first + i]
            ranges.append([round(float(low), 6), round(float(high), 6)])  # float LP
        if len(moves) == 2:
            ranges.append([round(1 - ranges[0][1], 6), round(1 - ranges[0][0], 6)])
        for m, r in zip(moves, ranges, strict=True):
            out[f"{label(name)}: {label(m)}"] = r
    return out


def solve(namespace: Mapping[str, Any], name: str, *, progress: Callable[[str], None] | None) -> GameSolution:
    started = time.perf_counter()
    tree = build(namespace)
    if progress is not None:
        progress(f"{tree.nodes:,} nodes; solving the sequence-form LPs")
    x, _ = _lp(tree, 1)
    y, _ = _lp(tree, 2)
    best: tuple[Fraction, Fraction, Behaviour, Behaviour] | None = None
    for d in DENOMINATORS:  # the smallest fractions near the LP's strategies that prove themselves
        b1, b2 = _behaviour(tree, 1, x, d), _behaviour(tree, 2, y, d)
        low, high = guarantee(tree, 1, b1), guarantee(tree, 2, b2)
        if best is None or high - low < best[1] - best[0]:
            best = (low, high, b1, b2)
        if low == high:
            break
    assert best is not None
    low, high, b1, b2 = best
    exact = low == high
    strategies: dict[str, Any] = {"player1": _named(b1), "player2": _named(b2)}
    if exact and tree.sequences[1] + tree.sequences[2] <= RANGE_SEQUENCES:
        strategies["optimal_ranges"] = {f"player{p}": optimal_ranges(tree, p, float(low)) for p in (1, 2)}
    return GameSolution(
        kind="tree", name=name, value_low=low, value_high=high,
        proof=("exact: player 1's strategy guarantees the value and player 2's holds him to it (best replies "
               "computed in fractions)" if exact else
               "bounds: what each player's rounded strategy guarantees, computed in fractions"),
        states=tree.nodes, strategies=strategies,
        extra={"engine": "sequence form (HiGHS) + exact best replies",
               "infosets": [len(tree.infosets[1]), len(tree.infosets[2])]},
        method="game tree in sequence form: LP in floats, strategies rounded to fractions, checked by exact "
        "best replies", status=Status.EXACT if exact else Status.CERTIFIED,
        message="value and both strategies exact" if exact else f"proven interval of width {float(high - low):.1e}",
        seconds=time.perf_counter() - started,
        counters={"nodes": tree.nodes, "sequences1": tree.sequences[1], "sequences2": tree.sequences[2]})


def _named(behaviour: Behaviour) -> dict[str, dict[str, Any]]:
    """Each information set's move probabilities in the JSON convention (`bet` and `bet_exact`)."""
    return {label(k): {key: x for m, p in v.items() for key, x in exact(label(m), p).items()}
            for k, v in behaviour.items()}


__all__ = [
    "DENOMINATORS", "MAX_NODES", "RANGE_SEQUENCES", "Behaviour", "Tree", "build", "guarantee", "optimal_ranges",
    "realization", "solve",
]
