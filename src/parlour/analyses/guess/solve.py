"""V(N) of the higher–lower game, exact, with certified optimal strategies for both players.

The game is symmetric under the mirror k ↦ N+1−k (a tree ↦ its mirror image), so both players may
play mirror-symmetric strategies. Folded, Alice chooses a weight x_k on each orbit {k, N+1−k}
(k ≤ ⌈N/2⌉) and a tree T pays her s_T(k) = d_T(k) + d_T(N+1−k) on a pair and 2·d_T(k) on the middle
key; the folded game's value is 2V(N). The folded game is solved by column generation
(`parlour.solvers.colgen`), then *unfolded* and re-checked in the original game, exactly:
Alice's α against every one of the Catalan(N) trees (Knuth's DP on integers), and Bob's mixture (each
tree and its mirror with half the weight) against every number 1..N.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any, Literal

import numba
import numpy as np

from parlour.analyses.guess.oracle import GuessOracle, near_optimal_trees, optimal_bst_exact_tree
from parlour.errors import CertificateError, InvalidInput, shown
from parlour.games.guess.trees import Tree
from parlour.results import Status
from parlour.solvers import colgen
from parlour.solvers.colgen import Column, Stabilisation, TraceStep

from .result import GuessSolution


def check_solution(n: int, value: Fraction, alice: Sequence[Fraction], bob: Sequence[tuple[Tree, Fraction]]) -> None:
    """Exact minimax check in the original (unfolded) game; raises CertificateError on any failure.

    min over all trees of Σ α_k d_T(k) (exact Knuth DP) = value = max over k of Σ_T p_T d_T(k).
    """
    if len(alice) != n or any(p < 0 for p in alice) or sum(alice, Fraction(0)) != 1:
        raise CertificateError("Alice's strategy is not a probability vector on 1..N")
    if any(p < 0 for _, p in bob) or sum((p for _, p in bob), Fraction(0)) != 1:
        raise CertificateError("Bob's mixture is not a probability distribution")
    if any(t.n != n for t, _ in bob):
        raise CertificateError("one of Bob's trees has the wrong number of keys")
    den = math.lcm(*(a.denominator for a in alice))
    low = Fraction(optimal_bst_exact_tree([int(a * den) for a in alice])[0], den)
    bden = math.lcm(*(p.denominator for _, p in bob))
    depth = np.array([t.depths for t, _ in bob], dtype=object)
    weights = np.array([int(p * bden) for _, p in bob], dtype=object)
    high = Fraction(int(max(weights @ depth)), bden)
    if not low == value == high:
        raise CertificateError(f"N={n}: Alice guarantees {low}, Bob holds to {high}, claimed {value}")


def initial_trees(n: int, count: int | None = None) -> list[Tree]:
    """Bob's first columns: the balanced tree and its mirror, plus `count` (default ⌈N/2⌉) random
    trees that are within 5 % of optimal per subtree against the uniform hider (the family of
    near-complete trees, from which Bob's optimal mixtures draw)."""
    t = Tree.complete(n)
    count = (n + 1) // 2 if count is None else count
    family = near_optimal_trees(np.ones(n), count, slack=0.05) if count else np.zeros((0, n), dtype=np.int64)
    return [t, t.mirror(), *(Tree(tuple(int(v) for v in d)) for d in family)]


def stretch(alpha: Sequence[float], n: int) -> np.ndarray:
    """Alice's distribution for another N stretched onto 1..n, mass-preserving: α as a step density on
    [0, 1], each of the n new cells taking the mass over its interval (a warm start's first centre)."""
    a = np.clip(np.asarray(alpha, dtype=np.float64), 0.0, None)
    if a.size == 0 or a.sum() <= 0:
        return np.full(n, 1.0 / n)
    cdf = np.r_[0.0, np.cumsum(a / a.sum())]
    mass = np.diff(np.interp(np.linspace(0.0, 1.0, n + 1), np.linspace(0.0, 1.0, a.size + 1), cdf))
    return mass / mass.sum()


def extend_tree(depths: Sequence[int]) -> Tree:
    """A tree for N+1 from one for N: hang the new largest key below the old largest (a warm start)."""
    d = list(depths)
    return Tree((*d, d[-1] + 1)) if d else Tree((1,))


def stabilisation(kind: str, n: int, symmetric: bool = True) -> Stabilisation:
    """The dual smoothing named by `kind` (wentges, fixed or none) for the N-number game; "fixed" blends
    with the uniform guess (one weight per row of the folded or plain game)."""
    if kind not in ("wentges", "fixed", "none"):
        raise InvalidInput(f"smoothing must be wentges, fixed or none, got {shown(kind)}")
    if kind == "fixed":
        return Stabilisation("fixed", guess=tuple([1.0] * ((n + 1) // 2 if symmetric else n)))
    return Stabilisation(kind)  # type: ignore[arg-type]


def _threads(threads: int | None) -> int:
    """The cores for the dense master's pivots: the one asked for, else numba's count, at most numba's limit."""
    if threads is not None and (isinstance(threads, bool) or not isinstance(threads, int) or threads < 1):
        raise InvalidInput(f"threads must be a whole number ≥ 1, got {shown(threads)}")
    return min(threads or numba.get_num_threads(), numba.config.NUMBA_NUM_THREADS)  # type: ignore[attr-defined]


def _unfolded(oracle: GuessOracle, res: colgen.ColGenResult, symmetric: bool
              ) -> tuple[Fraction | None, tuple[Any, ...], tuple[tuple[Tree, Any], ...]]:
    """(V(N) or None, Alice's α, Bob's mixture of trees) in the original game: the certificate's fractions
    when there is one, else the floats; a folded column is a tree and its mirror, half the weight each."""
    scale = 2 if symmetric else 1
    cert = res.certificate
    if cert is not None:
        value: Fraction | None = cert.value / scale
        alice: tuple[Any, ...] = tuple(oracle.unfold(list(cert.row_strategy)))
        pairs: list[tuple[Column, Any]] = list(zip(cert.columns, cert.column_weights, strict=True))
    else:
        value = None
        alice = tuple(float(a) for a in oracle.unfold(list(res.row_strategy)))
        pairs = list(zip(res.columns, res.column_weights, strict=True))
    bob: dict[tuple[int, ...], Any] = {}
    for col, p in pairs:
        d = oracle.trees[col]
        if symmetric:
            for tree in (d, d[::-1]):
                bob[tree] = bob.get(tree, 0) + p / 2
        else:
            bob[d] = bob.get(d, 0) + p
    return value, alice, tuple(sorted(((Tree(d), p) for d, p in bob.items()), key=lambda tp: tp[0].depths))


def solve_guess(
    n: int,
    *,
    symmetric: bool = True,
    stabilisation: Stabilisation | None = None,
    warm_trees: Sequence[Tree] = (),
    near_alice: Sequence[float] = (),
    exact: bool = True,
    purge_after: int = 10,
    harvest: int | None = None,
    master: Literal["dense", "dense-dantzig", "highs"] = "dense",
    extra: int = 5,
    slack: float = 0.001,
    slack_per_gap: float = 10.0,
    threads: int | None = None,
    progress: Callable[[TraceStep], None] | None = None,
) -> GuessSolution:
    """V(N) and optimal strategies; exact and checked in the original game when `exact`.

    master: "dense" (numba primal simplex with Devex pricing, the fast default), "dense-dantzig", or
        "highs" (HiGHS dual simplex, rows added with addRows).
    warm_trees, near_alice: Bob's trees and Alice's α from a nearby N (a sweep's warm start): the trees
        become first columns, α stretched to N the first stabilisation centre (N = 1000 from 999's: 681
        iterations, 85 s, against 2,185 and 215 s with the trees alone).
    extra, slack: per pricing point, `extra` more trees drawn from the same DP table among roots within
    `slack` × (subtree weight) of the best, narrowed near the optimum to `slack_per_gap` × the relative gap
    (`GuessOracle.slack_per_gap`; 0: never narrowed): many useful columns per oracle call (extra = 0
    switches them off).
    harvest: rounds of no-regret play before the first master solve (default 2N; 0: none), each one
        oracle call: its best responses are first columns, its averaged α a first centre (N = 1000: 2,000
        rounds, 7 s since session 8, put the first master within 5e-4 of V(N)).
    purge_after: trees unused for this many master solves leave the master (a small master pivots faster).
    threads: cores for the dense master's pivots (numba threads; the oracle prices its points in threads of
        its own); default numba's thread count, i.e. every core unless NUMBA_NUM_THREADS says fewer. Nothing
        but the time depends on it: each pivot computes the same numbers on any number of threads.
    """
    if isinstance(n, bool) or not isinstance(n, int | np.integer) or n < 1:
        raise InvalidInput(f"N must be a whole number ≥ 1, got {shown(n)}")
    n = int(n)
    threads = _threads(threads)
    start = time.perf_counter()
    oracle = GuessOracle(n, symmetric)
    oracle.slack = slack
    oracle.slack_per_gap = slack_per_gap
    cols = [oracle.fold(t.depths) for t in [*initial_trees(n), *warm_trees] if t.n == n]
    centre = oracle.fold_weights(stretch(near_alice, n)) if len(near_alice) else None
    before = numba.get_num_threads()
    numba.set_num_threads(threads)  # this thread's parallel regions: the dense master's pivots
    try:
        res = colgen.solve(
            oracle, cols, stabilisation, exact=exact, purge_after=purge_after, progress=progress,
            master_kind=master, extra=extra, start_point=centre,
            harvest_rounds=2 * n if harvest is None else harvest,
        )
    finally:
        numba.set_num_threads(before)
    value, alice, bob_list = _unfolded(oracle, res, symmetric)
    certified = False
    if value is not None:
        check_solution(n, value, alice, bob_list)
        certified = True
    return GuessSolution(
        numbers=n,
        value=value if value is not None else res.value / (2 if symmetric else 1),
        value_float=float(value) if value is not None else res.value / (2 if symmetric else 1),
        certified=certified,
        alice=alice,
        bob=bob_list,
        iterations=res.iterations,
        trace=res.trace,
        seconds=time.perf_counter() - start,
        lp_seconds=res.lp_seconds,
        oracle_seconds=res.oracle_seconds,
        certify_seconds=res.certify_seconds,
        columns_generated=res.columns_generated,
        master_rows=int(res.counters.get("final_master_rows", 0)),
        counters={"lp_iterations": res.lp_iterations, "columns_purged": res.columns_purged, **res.counters},
        method=res.method,
        status=Status.EXACT if certified else Status.ESTIMATE,  # an exact V(N) with its checked certificate
    )


__all__ = ["check_solution", "extend_tree", "initial_trees", "solve_guess", "stabilisation", "stretch"]
