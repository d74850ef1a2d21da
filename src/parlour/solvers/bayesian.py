"""Two-person zero-sum games of incomplete information, one-shot (Bayesian games).

Nature draws a pair of types (t1, t2) from a common prior P; each player sees only his own type and
chooses an action from the actions his type allows; player 1 receives u(t1, t2, a1, a2) from player 2.
A strategy is one probability per type and action (the sequence form of a one-shot game), so the game
is the LP

    max  sum_t2 z_t2
    s.t. z_t2 <= sum_t1 P(t1, t2) sum_a1 x(a1|t1) u(t1, t2, a1, a2)   for every t2 and a2 in A2(t2),
         sum_a1 x(a1|t1) = 1 for every t1,  x >= 0,

whose duals on the first rows are player 2's strategy y(a2|t2). HiGHS solves it in floats; the final
basis is then re-solved in rational arithmetic (the recipe of `exactlp`), and the exact x and y are checked:

    player 1 guarantees  sum_t2 min_a2 sum_t1 P u x  =  value  =  sum_t1 max_a1 sum_t2 P u y,
    which player 2 guarantees to hold him to.

Both guarantees are best replies evaluated exactly, type by type, so equality proves the value and that
both strategies are optimal. When the basis does not give a proof, strategies rounded to nearby
fractions are tried; when nothing passes, `solve` raises CertificateError (never calls a float exact).
"""

from __future__ import annotations

import itertools
import math
import time
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import numpy as np

from parlour.errors import CertificateError, InvalidInput, shown
from parlour.results import Result, Status, exact, jsonable
from parlour.solvers import exactlp, lp

Rational = int | Fraction
TypePair = tuple[int, int]  # indices into types1, types2


def _rational(name: str, value: object) -> Fraction:
    if isinstance(value, bool) or not isinstance(value, int | Fraction | np.integer):
        raise InvalidInput(f"{name} must be an int or a Fraction, got {shown(value)}")
    return Fraction(int(value)) if isinstance(value, np.integer) else Fraction(value)


@dataclass(frozen=True)
class BayesianGame:
    """The game: types, each type's actions, the prior over type pairs and one payoff block per pair.

    `prior` maps (i, j), indices into `types1` and `types2`, to P(types1[i], types2[j]) > 0 (pairs left
    out have probability 0); `payoffs[(i, j)]` is player 1's payoff matrix for that pair, rows the
    actions of types1[i], columns those of types2[j]. Types with probability 0 must be left out.
    """

    types1: tuple[Hashable, ...]
    types2: tuple[Hashable, ...]
    actions1: tuple[tuple[Hashable, ...], ...]
    actions2: tuple[tuple[Hashable, ...], ...]
    prior: Mapping[TypePair, Fraction]
    payoffs: Mapping[TypePair, np.ndarray] = field(repr=False)

    def __post_init__(self) -> None:
        for who, types, actions in (("player 1", self.types1, self.actions1),
                                    ("player 2", self.types2, self.actions2)):
            if not types:
                raise InvalidInput(f"{who} needs at least one type")
            if len(set(types)) != len(types):
                raise InvalidInput(f"the types of {who} contain duplicates")
            if len(actions) != len(types):
                raise InvalidInput(f"{who} needs one list of actions per type")
            for t, acts in zip(types, actions, strict=True):
                if not acts:
                    raise InvalidInput(f"type {shown(t)} of {who} has no action")
                if len(set(acts)) != len(acts):
                    raise InvalidInput(f"the actions of type {shown(t)} of {who} contain duplicates")
        prior = {}
        for (i, j), p in self.prior.items():
            if not (0 <= i < len(self.types1) and 0 <= j < len(self.types2)):
                raise InvalidInput(f"prior names an unknown type pair {shown((i, j))}")
            p = _rational("a prior probability", p)
            if p < 0:
                raise InvalidInput(f"a prior probability must not be negative, got {p}")
            if p > 0:
                prior[(i, j)] = p
        if sum(prior.values(), Fraction(0)) != 1:
            raise InvalidInput(f"the prior must sum to 1, got {sum(prior.values(), Fraction(0))}")
        used1 = {i for i, _ in prior}
        used2 = {j for _, j in prior}
        if len(used1) != len(self.types1) or len(used2) != len(self.types2):
            raise InvalidInput("every type must have positive probability (leave the others out)")
        blocks = {}
        for (i, j) in prior:
            if (i, j) not in self.payoffs:
                raise InvalidInput(f"no payoff for the type pair {shown((self.types1[i], self.types2[j]))}")
            given = self.payoffs[(i, j)]
            block = np.array(given, dtype=object)
            if block.shape != (len(self.actions1[i]), len(self.actions2[j])):
                raise InvalidInput(f"the payoff block of the type pair {shown((i, j))} has shape {block.shape}, "
                                   f"expected {(len(self.actions1[i]), len(self.actions2[j]))}")
            if isinstance(given, np.ndarray) and given.dtype.kind in "iu":
                blocks[(i, j)] = given.astype(object)  # Python ints: exact already (numerator, denominator)
            else:
                blocks[(i, j)] = np.array([_rational("a payoff", v) for v in block.flat],
                                          dtype=object).reshape(block.shape)
        object.__setattr__(self, "prior", prior)
        object.__setattr__(self, "payoffs", blocks)

    @classmethod
    def from_function(
        cls,
        prior: Mapping[tuple[Hashable, Hashable], Rational],
        actions1: Callable[[Any], Sequence[Hashable]],
        actions2: Callable[[Any], Sequence[Hashable]],
        payoff: Callable[[Any, Any, Any, Any], Rational],
    ) -> BayesianGame:
        """The game from a prior over named type pairs, each type's actions and u(t1, t2, a1, a2)."""
        positive = {pair: p for pair, p in prior.items() if _rational("a prior probability", p) != 0}
        types1 = tuple(dict.fromkeys(t1 for t1, _ in positive))
        types2 = tuple(dict.fromkeys(t2 for _, t2 in positive))
        index1 = {t: i for i, t in enumerate(types1)}
        index2 = {t: j for j, t in enumerate(types2)}
        acts1 = tuple(tuple(actions1(t)) for t in types1)
        acts2 = tuple(tuple(actions2(t)) for t in types2)
        pairs = {(index1[t1], index2[t2]): Fraction(p) for (t1, t2), p in positive.items()}
        blocks = {
            (i, j): np.array([[payoff(types1[i], types2[j], a1, a2) for a2 in acts2[j]] for a1 in acts1[i]],
                             dtype=object)
            for (i, j) in pairs
        }
        return cls(types1, types2, acts1, acts2, pairs, blocks)

    @property
    def lp_size(self) -> dict[str, int]:
        """The LP's size: columns (one per type and action of player 1, one per type of player 2), rows
        (one per type and action of player 2, one per type of player 1) and nonzeros."""
        n1 = sum(len(a) for a in self.actions1)
        n2 = sum(len(a) for a in self.actions2)
        nonzeros = sum(int(np.count_nonzero(b != 0)) for b in self.payoffs.values()) + n1 + n2
        return {"columns": n1 + len(self.types2), "rows": n2 + len(self.types1), "nonzeros": nonzeros}

    def offsets(self) -> tuple[list[int], list[int]]:
        """Where each type's actions start among all (type, action) pairs of its player."""
        return _offsets(self.actions1), _offsets(self.actions2)

    def integer_blocks(self) -> tuple[dict[TypePair, np.ndarray], int]:
        """({(i, j): D * P(t1, t2) * u(t1, t2, ., .) as Python ints}, D): the blocks of the sequence-form
        payoff matrix M[(t1, a1), (t2, a2)] = P(t1, t2) u(t1, t2, a1, a2) on one common denominator D
        (the prior's times the payoffs'). M is zero outside the blocks of type pairs in the prior."""
        scale_p = math.lcm(*(p.denominator for p in self.prior.values()))
        scale_u = math.lcm(*(v.denominator for b in self.payoffs.values() for v in b.flat))
        blocks = {}
        for (i, j), p in self.prior.items():
            u = self.payoffs[(i, j)]
            ints = (np.array([v.numerator for v in u.flat], dtype=object) if scale_u == 1 else
                    np.array([v.numerator * (scale_u // v.denominator) for v in u.flat], dtype=object))
            blocks[(i, j)] = (ints * (p.numerator * (scale_p // p.denominator))).reshape(u.shape)
        return blocks, scale_p * scale_u

    def float_blocks(self) -> dict[TypePair, np.ndarray]:
        return {(i, j): float(p) * self.payoffs[(i, j)].astype(np.float64) for (i, j), p in self.prior.items()}

    def integer_matrix(self) -> tuple[np.ndarray, int]:
        """(D * M as one dense array of Python ints, D): for small games and tests."""
        blocks, scale = self.integer_blocks()
        off1, off2 = self.offsets()
        m = np.zeros((off1[-1], off2[-1]), dtype=object)
        m[:] = 0
        for (i, j), block in blocks.items():
            m[off1[i]:off1[i + 1], off2[j]:off2[j + 1]] = block
        return m, scale


def _offsets(actions: Sequence[Sequence[Hashable]]) -> list[int]:
    out = [0]
    for acts in actions:
        out.append(out[-1] + len(acts))
    return out


Strategy = tuple[tuple[Fraction, ...], ...]  # per type (in the game's order), one probability per action


def _integer_strategy(strategy: Strategy) -> tuple[list[int], int]:
    """All probabilities as integers on one common denominator."""
    den = math.lcm(*(p.denominator for probs in strategy for p in probs))
    return [p.numerator * (den // p.denominator) for probs in strategy for p in probs], den


def _check_strategy(who: str, strategy: Strategy, actions: Sequence[Sequence[Hashable]]) -> None:
    if len(strategy) != len(actions):
        raise CertificateError(f"{who}'s strategy does not have one mixture per type")
    for probs, acts in zip(strategy, actions, strict=True):
        if len(probs) != len(acts) or min(probs) < 0 or sum(probs, Fraction(0)) != 1:
            raise CertificateError(f"{who}'s strategy is not a probability vector for every type")


def guarantees(game: BayesianGame, strategy1: Strategy, strategy2: Strategy,
               blocks: tuple[dict[TypePair, np.ndarray], int] | None = None) -> tuple[Fraction, Fraction]:
    """Exactly: what strategy1 guarantees player 1 (each type of player 2 replying best) and what strategy2
    holds him to (each type of player 1 replying best). A strategy pair is optimal iff the two are equal."""
    _check_strategy("player 1", strategy1, game.actions1)
    _check_strategy("player 2", strategy2, game.actions2)
    ints, scale = blocks if blocks is not None else game.integer_blocks()
    off1, off2 = game.offsets()
    x, x_den = _integer_strategy(strategy1)
    y, y_den = _integer_strategy(strategy2)
    x_arr, y_arr = np.array(x, dtype=object), np.array(y, dtype=object)
    # x^T M per type of player 2 and M y per type of player 1, block by block in Python integers
    xm = [np.zeros(off2[j + 1] - off2[j], dtype=object) for j in range(len(game.types2))]
    my = [np.zeros(off1[i + 1] - off1[i], dtype=object) for i in range(len(game.types1))]
    for (i, j), block in ints.items():
        xm[j] = xm[j] + x_arr[off1[i]:off1[i + 1]].dot(block)
        my[i] = my[i] + block.dot(y_arr[off2[j]:off2[j + 1]])
    low = sum(int(min(v)) for v in xm)
    high = sum(int(max(v)) for v in my)
    return Fraction(low, x_den * scale), Fraction(high, y_den * scale)


@dataclass(frozen=True)
class BayesianSolution(Result):
    """The value of a Bayesian zero-sum game and both players' type-contingent optimal strategies.

    status EXACT: `value` is a Fraction proven by `check()` (both guarantees equal it exactly);
    ESTIMATE (exact=False): floats, with `gap` the float residual between the two guarantees."""

    game: BayesianGame = field(repr=False)
    value: Fraction | float
    strategy1: tuple[tuple[Fraction | float, ...], ...]  # per type of player 1, one probability per action
    strategy2: tuple[tuple[Fraction | float, ...], ...]
    gap: float

    def check(self) -> None:
        """Re-prove the value from scratch: raise CertificateError unless both players' guarantees equal it."""
        if self.status is not Status.EXACT or not isinstance(self.value, Fraction):
            raise CertificateError("this solution is not exact: there is no certificate to check")
        s1 = tuple(tuple(Fraction(p) for p in probs) for probs in self.strategy1)
        s2 = tuple(tuple(Fraction(p) for p in probs) for probs in self.strategy2)
        low, high = guarantees(self.game, s1, s2)
        if not low == self.value == high:
            raise CertificateError(f"certificate fails: player 1 guarantees {low}, player 2 holds him to {high}, "
                                   f"claimed value {self.value}")

    def mixture1(self, t1: Hashable) -> dict[Hashable, Fraction | float]:
        """Player 1's optimal mixture for type t1: action -> probability (zero probabilities left out)."""
        i = self.game.types1.index(t1)
        return {a: p for a, p in zip(self.game.actions1[i], self.strategy1[i], strict=True) if p}

    def mixture2(self, t2: Hashable) -> dict[Hashable, Fraction | float]:
        j = self.game.types2.index(t2)
        return {a: p for a, p in zip(self.game.actions2[j], self.strategy2[j], strict=True) if p}

    def payload(self) -> dict[str, Any]:
        def strategies(types: Sequence[Hashable], actions: Sequence[Sequence[Hashable]],
                       strategy: Sequence[Sequence[Fraction | float]]) -> list[dict[str, Any]]:
            out = []
            for t, acts, probs in zip(types, actions, strategy, strict=True):
                mix = [{"action": jsonable(a), **(exact("probability", p) if isinstance(p, Fraction)
                                                  else {"probability": float(p)})}
                       for a, p in zip(acts, probs, strict=True) if p]
                out.append({"type": jsonable(t), "strategy": mix})
            return out

        value = exact("value", self.value) if isinstance(self.value, Fraction) else {"value": self.value}
        return {
            **value,
            "certified": self.status is Status.EXACT,
            "gap": self.gap,
            "strategy1": strategies(self.game.types1, self.game.actions1, self.strategy1),
            "strategy2": strategies(self.game.types2, self.game.actions2, self.strategy2),
            "lp_size": self.game.lp_size,
        }


# --- the LP ------------------------------------------------------------------------------------------

def _columns(game: BayesianGame, blocks: Mapping[TypePair, np.ndarray]) -> list[dict[int, Any]]:
    """The LP's columns as {row: coefficient}, the sequence-form matrix given by its blocks.

    Columns: x (one per type and action of player 1), then z (one per type of player 2).
    Rows: one per type and action of player 2 (z_t2 - (x^T M)_(t2,a2) <= 0), then one per type of player 1
    (sum_a1 x(a1|t1) = 1). With integer blocks D*M the z columns are scaled by D: the basis is the same."""
    off1, off2 = game.offsets()
    n_y = off2[-1]
    partners: dict[int, list[int]] = {}
    for i, j in blocks:
        partners.setdefault(i, []).append(j)
    cols: list[dict[int, Any]] = []
    for i in range(len(game.types1)):
        for k in range(off1[i + 1] - off1[i]):
            col: dict[int, Any] = {}
            for j in partners.get(i, []):
                row = blocks[(i, j)][k]
                for c in np.flatnonzero(row != 0):
                    col[off2[j] + int(c)] = -row[c]
            col[n_y + i] = 1
            cols.append(col)
    for j in range(len(game.types2)):
        cols.append({r: 1 for r in range(off2[j], off2[j + 1])})
    return cols


def _program(game: BayesianGame, floats: Mapping[TypePair, np.ndarray], tolerance: float | None) -> lp.Program:
    off1, off2 = game.offsets()
    n_x, n_y = off1[-1], off2[-1]
    n_t1, n_t2 = len(game.types1), len(game.types2)
    return lp.Program.build(
        lp.Sparse.from_columns(_columns(game, floats)), np.concatenate([np.zeros(n_x), np.ones(n_t2)]),
        row_lower=np.concatenate([np.full(n_y, -lp.INF), np.ones(n_t1)]),
        row_upper=np.concatenate([np.zeros(n_y), np.ones(n_t1)]),
        col_lower=np.concatenate([np.zeros(n_x), np.full(n_t2, -lp.INF)]), maximise=True, tolerance=tolerance,
        name="the Bayesian game's LP")


def _exact_lp(game: BayesianGame, ints: Mapping[TypePair, np.ndarray]) -> exactlp.ExactLP:
    """The LP on the integer blocks D*M (the z columns scaled by D with them: the same basis)."""
    off1, off2 = game.offsets()
    n_x, n_y = off1[-1], off2[-1]
    n_t1, n_t2 = len(game.types1), len(game.types2)
    return exactlp.ExactLP(_columns(game, ints), [0] * n_x + [1] * n_t2,
                           row_lower=[None] * n_y + [1] * n_t1, row_upper=[0] * n_y + [1] * n_t1,
                           col_lower=[0] * n_x + [None] * n_t2, integral=True)


def _per_type(flat: Sequence[Fraction], offsets: Sequence[int]) -> Strategy | None:
    """Split into one mixture per type, each normalised; None if a type's weights are negative or zero."""
    out = []
    for a, b in itertools.pairwise(offsets):
        mix = exactlp.mixture(flat[a:b])
        if mix is None:
            return None
        out.append(mix)
    return tuple(out)


def components(game: BayesianGame) -> list[tuple[list[int], list[int]]]:
    """The independent parts of the game: types linked by positive prior probability, directly or through
    other types. A type of one part never meets a type of another, so each part is a game of its own."""
    parent = list(range(len(game.types1) + len(game.types2)))

    def root(k: int) -> int:
        while parent[k] != k:
            parent[k] = parent[parent[k]]
            k = parent[k]
        return k

    for i, j in game.prior:
        a, b = root(i), root(len(game.types1) + j)
        if a != b:
            parent[a] = b
    parts: dict[int, tuple[list[int], list[int]]] = {}
    for i in range(len(game.types1)):
        parts.setdefault(root(i), ([], []))[0].append(i)
    for j in range(len(game.types2)):
        parts.setdefault(root(len(game.types1) + j), ([], []))[1].append(j)
    return list(parts.values())


def _part(game: BayesianGame, ones: list[int], twos: list[int]) -> tuple[BayesianGame, Fraction]:
    """One independent part as a game of its own (its prior renormalised) and its probability."""
    new1 = {i: k for k, i in enumerate(ones)}
    new2 = {j: k for k, j in enumerate(twos)}
    pairs = [(i, j) for (i, j) in game.prior if i in new1]
    weight = sum((game.prior[pair] for pair in pairs), Fraction(0))
    sub = BayesianGame(tuple(game.types1[i] for i in ones), tuple(game.types2[j] for j in twos),
                       tuple(game.actions1[i] for i in ones), tuple(game.actions2[j] for j in twos),
                       {(new1[i], new2[j]): game.prior[(i, j)] / weight for i, j in pairs},
                       {(new1[i], new2[j]): game.payoffs[(i, j)] for i, j in pairs})
    return sub, weight


def solve(game: BayesianGame, exact: bool = True) -> BayesianSolution:
    """Value and optimal type-contingent strategies of a Bayesian zero-sum game (player 1 maximises).

    exact=True proves the value by a rational certificate (raises CertificateError when none passes the
    exact check); exact=False returns HiGHS's floats as an ESTIMATE with their residual `gap`.

    Independent parts of the game (`components`) are solved one by one: the value is their values weighed
    by their probabilities, and the joined strategies are checked exactly on the whole game."""
    start = time.perf_counter()
    parts = components(game)
    if len(parts) == 1:
        return _solve_connected(game, exact)
    strategy1: list[Any] = [None] * len(game.types1)
    strategy2: list[Any] = [None] * len(game.types2)
    value: Any = Fraction(0) if exact else 0.0
    gap, iterations, largest = 0.0, 0, 0
    for ones, twos in parts:
        sub, weight = _part(game, ones, twos)
        sol = _solve_connected(sub, exact)
        value += weight * sol.value if exact else float(weight) * float(sol.value)
        gap += float(weight) * sol.gap
        iterations += int(sol.counters.get("lp_iterations", 0))
        largest = max(largest, sub.lp_size["rows"])
        for k, i in enumerate(ones):
            strategy1[i] = sol.strategy1[k]
        for k, j in enumerate(twos):
            strategy2[j] = sol.strategy2[k]
    counters = {"components": len(parts), "lp_iterations": iterations, "largest_component_rows": largest,
                **{f"lp_{k}": v for k, v in game.lp_size.items()}}
    if exact:
        low, high = guarantees(game, tuple(strategy1), tuple(strategy2))
        if not low == value == high:
            raise CertificateError(f"the parts' strategies do not prove the value: {low} < {high}")
    return BayesianSolution(
        game=game, value=value, strategy1=tuple(strategy1), strategy2=tuple(strategy2), gap=gap,
        method=f"{len(parts)} independent parts, each by HiGHS simplex on the sequence-form LP"
               + (" + exact rational certificate, checked on the whole game" if exact else ""),
        status=Status.EXACT if exact else Status.ESTIMATE, seconds=time.perf_counter() - start, counters=counters,
    )


# HiGHS's default tolerances (1e-7) can end on a basis that is optimal in floats but not exactly: then the
# LP is solved again with these, before rounding is tried.
TIGHT_TOLERANCE = lp.TIGHT


def _solve_connected(game: BayesianGame, exact: bool) -> BayesianSolution:
    try:
        return _solve_lp(game, exact, None)
    except CertificateError:
        return _solve_lp(game, exact, TIGHT_TOLERANCE)


FloatStrategy = tuple[tuple[float, ...], ...]


def _float_strategies(game: BayesianGame, sol: lp.Solution) -> tuple[FloatStrategy, FloatStrategy]:
    """Both players' float strategies from the LP: x per type, and the row duals (sign dropped) per type."""
    off1, off2 = game.offsets()
    x_float = np.maximum(sol.x[:off1[-1]], 0.0)
    y_float = np.abs(sol.row_dual[:off2[-1]])  # the sign of a dual is HiGHS's convention
    strategy1 = tuple(tuple(float(p) / max(x_float[a:b].sum(), 1e-300) for p in x_float[a:b])
                      for a, b in itertools.pairwise(off1))
    strategy2 = tuple(tuple(float(p) / max(y_float[a:b].sum(), 1e-300) for p in y_float[a:b])
                      for a, b in itertools.pairwise(off2))
    return strategy1, strategy2


def _float_gap(game: BayesianGame, floats: Mapping[TypePair, np.ndarray], x_n: np.ndarray, y_n: np.ndarray) -> float:
    """The float residual between what x guarantees and what y holds player 1 to."""
    off1, off2 = game.offsets()
    xm, my = np.zeros(off2[-1]), np.zeros(off1[-1])
    for (i, j), block in floats.items():
        xm[off2[j]:off2[j + 1]] += x_n[off1[i]:off1[i + 1]] @ block
        my[off1[i]:off1[i + 1]] += block @ y_n[off2[j]:off2[j + 1]]
    low = sum(xm[a:b].min() for a, b in itertools.pairwise(off2))
    high = sum(my[a:b].max() for a, b in itertools.pairwise(off1))
    return float(high - low)


def _solve_lp(game: BayesianGame, exact: bool, tolerance: float | None) -> BayesianSolution:
    start = time.perf_counter()
    floats = game.float_blocks()
    program = _program(game, floats, tolerance)
    sol = program.solve()
    strategy1_f, strategy2_f = _float_strategies(game, sol)
    x_n, y_n = np.concatenate(strategy1_f), np.concatenate(strategy2_f)
    gap = _float_gap(game, floats, x_n, y_n)
    counters: dict[str, int | float] = {"lp_iterations": sol.iterations,
                                        **{f"lp_{k}": v for k, v in game.lp_size.items()}}
    if not exact:
        return BayesianSolution(game=game, value=sol.objective, strategy1=strategy1_f, strategy2=strategy2_f,
                                gap=gap, method="HiGHS simplex on the sequence-form LP", status=Status.ESTIMATE,
                                seconds=time.perf_counter() - start, counters=counters)
    blocks = game.integer_blocks()
    off1, off2 = game.offsets()
    # the second try, with tight tolerances, rounds too; the first trusts the basis alone
    rounding = exactlp.ROUNDING if tolerance is not None else ()
    y_full = np.concatenate([y_n, np.zeros(len(game.types1))])  # the candidates' y covers every row
    for source, cand in exactlp.candidates(_exact_lp(game, blocks[0]), program.basis(), x_n, y_full, rounding):
        s1, s2 = _per_type(cand.x[:off1[-1]], off1), _per_type(cand.y[:off2[-1]], off2)
        if s1 is None or s2 is None:
            continue
        lo, hi = guarantees(game, s1, s2, blocks)
        if lo == hi:
            return BayesianSolution(
                game=game, value=lo, strategy1=s1, strategy2=s2, gap=0.0,
                method=f"HiGHS simplex on the sequence-form LP + exact rational certificate from the {source}"
                       + (f" (tolerances {tolerance:g})" if tolerance is not None else ""),
                status=Status.EXACT, seconds=time.perf_counter() - start, counters={**counters, "float_gap": gap},
            )
    raise CertificateError("no exact certificate could be built from the LP solution of the Bayesian game")


def normal_form(game: BayesianGame) -> tuple[np.ndarray, list[tuple[int, ...]], list[tuple[int, ...]]]:
    """The Harsanyi normal form: a pure strategy picks one action per type; the matrix entry is the
    expected payoff under the prior (exact Fractions). Exponential in the number of types: for tests
    and small games only."""
    pure1 = list(itertools.product(*(range(len(a)) for a in game.actions1)))
    pure2 = list(itertools.product(*(range(len(a)) for a in game.actions2)))
    m = np.empty((len(pure1), len(pure2)), dtype=object)
    for r, s1 in enumerate(pure1):
        for c, s2 in enumerate(pure2):
            m[r, c] = sum((p * game.payoffs[(i, j)][s1[i], s2[j]] for (i, j), p in game.prior.items()),
                          Fraction(0))
    return m, pure1, pure2


__all__ = [
    "TIGHT_TOLERANCE", "BayesianGame", "BayesianSolution", "FloatStrategy", "Rational", "Strategy", "TypePair",
    "components", "guarantees", "normal_form", "solve",
]
