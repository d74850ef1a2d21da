"""The column-generation loop with stabilisation: master, pricing, bounds, and the exact check.

`solve` reads as its steps: check the settings (`_check`), start the centre (`_first_centre`: its best
response, the no-regret harvest), then rounds of master solve -> pricing points (`_pricing_points`) ->
the oracle -> columns that cut off the master's x (`_collect_columns`, which also moves the centre) -> the
stall rule (`_relax_stalled_centre`), and at convergence the exact certificate (`_certify`, with HiGHS
re-solves as its fallbacks). Each master is a `protocol.MasterLP`.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal

import numpy as np

from parlour.errors import CertificateError, InvalidInput, SolverError
from parlour.infra.checks import renamed_keywords
from parlour.results import Result, Status
from parlour.solvers.colgen.certificate import ColGenCertificate, try_certificate
from parlour.solvers.colgen.dense import DenseMaster
from parlour.solvers.colgen.harvest import harvest
from parlour.solvers.colgen.master import Master
from parlour.solvers.colgen.oracle import Column, Oracle, Priced, price
from parlour.solvers.colgen.protocol import MasterLP


@dataclass(frozen=True)
class Stabilisation:
    kind: Literal["wentges", "fixed", "none"] = "wentges"
    c: float = 0.95  # initial weight of the centre
    points: int = 5  # pricing points per iteration on the segment centre → x (the last is x itself)
    guess: tuple[float, ...] | None = None  # the centre for kind="fixed"
    # When the best lower bound has not moved for `stall` iterations, trust the centre less
    # (c ← c·decay): a stale centre (e.g. the uniform start) otherwise pins every pricing point. 0: off.
    stall: int = 0
    decay: float = 0.7
    # `scatter` more pricing points per iteration drawn around the centre, each weight scaled by
    # exp(sigma·N(0, 1)) (seeded, so runs repeat): near the optimum the degenerate master's x only ever
    # finds a few of the many columns tied at the optimum; points scattered about the centre find others.
    # Measured (bench/bench_guess_master.py): 1.5-2x fewer iterations near powers of two, no faster in
    # wall time (the LP per iteration grows), so off by default. 0: off.
    scatter: int = 0
    sigma: float = 1e-3
    # One more pricing point per iteration: an exponential average of the master's x (Neame's smoothing;
    # weight `average` for the newest x). The degenerate master's x jumps between vertices of a large
    # optimal face; their average lies nearer the optimum (the oracle's value is concave in x, so it is
    # at least the average of the values there), and as the best point so far it becomes the Wentges
    # centre. Measured (bench/bench_guess_master.py, weight 0.02): without a harvest (below) N = 500 took
    # 416 rounds instead of 769; after the guessing game's harvest it costs time (N = 1000: 76 s against
    # 62 s), so off by default. 0: off; kind "none" prices at x alone anyway.
    average: float = 0.0


@dataclass(frozen=True)
class TraceStep:
    iteration: int
    upper: float  # master optimum: the value can be no larger
    lower: float  # best oracle value so far: the value is at least this
    lower_here: float  # oracle value at this iteration's master strategy (not monotone)
    master_rows: int
    added: int
    smoothing: float  # the centre's weight c used at this iteration



@dataclass(frozen=True)
class ColGenResult(Result):
    """Value, strategies, trace and timings of a column-generation run. `status` is EXACT when the exact
    certificate holds (`certificate`: the value and both strategies as rationals, checked against every row
    and every column), ESTIMATE when the float phase stopped without one (`exact=False`: `value` is the
    master's float optimum, within `tolerance` of the oracle's lower bound)."""

    value: float
    certificate: ColGenCertificate | None
    row_strategy: tuple[float, ...]
    columns: tuple[Column, ...]  # the columns in the column player's final float mixture
    column_weights: tuple[float, ...]
    iterations: int
    trace: tuple[TraceStep, ...]
    lp_seconds: float
    oracle_seconds: float
    certify_seconds: float
    lp_iterations: int
    columns_generated: int
    columns_purged: int

    @property
    def certified(self) -> bool:
        return self.certificate is not None


MasterKind = Literal["highs", "dense", "dense-dantzig"]
HIGHS_FALLBACKS = (1, 4)  # HiGHS's dual, then primal simplex: the certificate's second and third chance


@dataclass
class _Search:
    """The stabilisation's state from round to round: the centre, the best lower bound found (the oracle's
    value at the centre, when Wentges moves it), the centre's weight c and the moving average of x."""

    centre: np.ndarray
    best_lower: float
    c: float
    x_average: np.ndarray
    last_improved: int = 0


@dataclass
class _Clock:
    """Where the time went: the master LP, the oracle, the exact certificate."""

    lp: float = 0.0
    oracle: float = 0.0
    certify: float = 0.0


def _check(stab: Stabilisation, oracle: Oracle, initial_columns: Sequence[Sequence[int]], harvest_rounds: int) -> None:
    if stab.kind == "fixed" and (stab.guess is None or len(stab.guess) != oracle.m):
        raise InvalidInput("fixed stabilisation needs a guess with one weight per row strategy")
    if not initial_columns:
        raise InvalidInput("column generation needs at least one initial column")
    if stab.scatter < 0 or not stab.sigma > 0:
        raise InvalidInput("scatter must be ≥ 0 and sigma > 0")
    if not 0 <= stab.average <= 1 or harvest_rounds < 0:
        raise InvalidInput("average must be in [0, 1] and harvest_rounds ≥ 0")


def _new_master(kind: MasterKind, m: int) -> MasterLP:
    return Master(m) if kind == "highs" else DenseMaster(m, devex=kind == "dense")


def _column(values: Sequence[int] | np.ndarray) -> Column:
    return tuple(int(v) for v in values)


def _first_centre(oracle: Oracle, master: MasterLP, stab: Stabilisation, start_point: Sequence[float] | np.ndarray |
                  None, harvest_rounds: int) -> tuple[np.ndarray, float, int]:
    """(centre, its lower bound, harvested columns): the start point (uniform, a guess, or the fixed guess)
    and its best response, the first lower bound and a first useful column: starting from a sensible point
    spares the master its wild first iterations. With a harvest, its columns join the master and the play's
    average or best strategy becomes the centre when it prices better."""
    m = oracle.m
    centre = np.full(m, 1.0 / m) if start_point is None else np.asarray(start_point, dtype=np.float64)
    if stab.kind == "fixed":
        centre = np.asarray(stab.guess, dtype=np.float64)
    centre = centre / centre.sum()
    best_lower, first = oracle.best_response(centre)
    master.add([_column(first)])
    harvested = 0
    if harvest_rounds:
        played = harvest(oracle, harvest_rounds, start=centre)
        harvested = master.add(list(played.columns))
        at_average, column = oracle.best_response(played.average)
        master.add([_column(column)])
        for point, value in ((played.average, at_average), (played.best, played.best_value)):
            if stab.kind != "fixed" and value > best_lower:
                best_lower, centre = value, point / point.sum()
    return centre, best_lower, harvested


def _pricing_points(search: _Search, x: np.ndarray, stab: Stabilisation, rng: np.random.Generator,
                    iteration: int) -> tuple[list[np.ndarray], list[float]]:
    """(points, weights): the segment centre -> x from the most smoothed point to x itself (weight 0), then
    the moving average of x and the scattered points, priced as segment points of weight -1: never the
    mis-price test's first point, never x itself."""
    c, centre = search.c, search.centre
    n_points = max(1, stab.points) if c > 0 else 1
    weights = [c * (n_points - 1 - k) / (n_points - 1) for k in range(n_points)] if n_points > 1 else [c]
    if weights[-1] != 0.0:
        weights.append(0.0)
    points = [ck * centre + (1 - ck) * x if ck > 0 else x for ck in weights]
    if stab.average > 0 and stab.kind != "none":
        search.x_average = x if iteration == 1 else (1 - stab.average) * search.x_average + stab.average * x
        points.append(search.x_average)
    for _ in range(stab.scatter):
        p = centre * np.exp(stab.sigma * rng.standard_normal(centre.shape[0]))
        points.append(p / p.sum())
    weights += [-1.0] * (len(points) - len(weights))
    return points, weights


def _collect_columns(
    search: _Search, points: Sequence[np.ndarray], weights: Sequence[float], priced: Sequence[Priced], x: np.ndarray,
    cut_below: float, stab: Stabilisation, iteration: int,
) -> tuple[list[Column], float]:
    """(new columns, the oracle's value at x): every best (and near-best) response that cuts off the master's
    x. A better lower bound moves the centre (Wentges); a first point that cuts nothing is a mis-price, and
    the centre is trusted less (c halved)."""
    new: list[Column] = []
    lower_here = math.nan
    for k, ck in enumerate(weights):
        value, column, others = priced[k]
        if value > search.best_lower:
            search.best_lower = value
            search.last_improved = iteration
            if stab.kind == "wentges":
                search.centre = points[k].copy()
        if ck == 0:
            lower_here = value
        cuts = float(np.dot(x, column)) < cut_below
        if cuts:
            new.append(_column(column))
        new += [_column(other) for other in others if float(np.dot(x, other)) < cut_below]
        if not cuts and k == 0 and ck > 0:
            search.c = search.c / 2 if search.c > 1e-3 else 0.0  # mis-price: trust the centre less
    return new, lower_here


def _relax_stalled_centre(search: _Search, stab: Stabilisation, iteration: int) -> None:
    """A best lower bound that has not moved for `stab.stall` rounds: trust the centre less (c <- c * decay)."""
    if stab.stall and iteration - search.last_improved >= stab.stall and search.c > 0:
        search.c *= stab.decay
        search.last_improved = iteration


def _certify(master: MasterLP, oracle: Oracle) -> tuple[ColGenCertificate | None, Column | None, int]:
    """(certificate, a column that beats the exact x, HiGHS re-solves used). When the master's basis is not
    exactly optimal (float tolerances accepted a tiny violation) and yields no new column, the same columns
    are re-solved from scratch in HiGHS, dual then primal simplex, and certified from that basis instead."""
    certificate, better = try_certificate(master, oracle)
    fallbacks = 0
    if certificate is None and (better is None or better in master.known):
        for strategy in HIGHS_FALLBACKS:
            fallback = Master(master.m, simplex_strategy=strategy)
            fallback.add(master.columns)
            fallback.solve()
            certificate, better = try_certificate(fallback, oracle)
            fallbacks += 1
            if certificate is not None or (better is not None and better not in master.known):
                break
    return certificate, better, fallbacks


@dataclass(frozen=True)
class _Round:
    """What one round leaves: the master's optimum, its strategies (y aligned with `columns`, the master's
    columns at its solve), the columns it added and the trace step."""

    upper: float
    x: np.ndarray
    y: np.ndarray
    columns: list[Column]
    added: int
    step: TraceStep


def _one_round(master: MasterLP, oracle: Oracle, search: _Search, stab: Stabilisation, rng: np.random.Generator,
               clock: _Clock, iteration: int, tolerance: float, extra: int) -> _Round:
    """Solve the master, price the points, add the columns that cut off its x."""
    t0 = time.perf_counter()
    upper, x, y = master.solve()
    columns = list(master.columns)  # y is aligned with these
    clock.lp += time.perf_counter() - t0
    c_used = search.c
    cut_below = upper - tolerance * max(1.0, abs(upper)) * 1e-3  # a column below this cuts off x
    t0 = time.perf_counter()
    points, weights = _pricing_points(search, x, stab, rng, iteration)
    priced = price(oracle, points, extra, (upper - search.best_lower) / max(1.0, abs(upper)))
    new, lower_here = _collect_columns(search, points, weights, priced, x, cut_below, stab, iteration)
    clock.oracle += time.perf_counter() - t0
    _relax_stalled_centre(search, stab, iteration)
    added = master.add(new)
    step = TraceStep(iteration, upper, search.best_lower, lower_here, len(master.columns), added, c_used)
    return _Round(upper, x, y, columns, added, step)


def _finish(master: MasterLP, oracle: Oracle, clock: _Clock, added: int) -> tuple[ColGenCertificate | None, int, bool]:
    """At convergence: (the certificate or None, HiGHS re-solves used, whether a better column joined the
    master). Raises CertificateError when nothing certifies and nothing new is left to add."""
    t0 = time.perf_counter()
    certificate, better, used = _certify(master, oracle)
    clock.certify += time.perf_counter() - t0
    if certificate is not None:
        return certificate, used, False
    if better is not None and master.add([better]):
        return None, used, True
    if added == 0:
        raise CertificateError(
            "column generation stalled: no basis of the final master (dense, HiGHS dual, HiGHS "
            "primal) solves exactly to a certificate"
            + (" (the exact best response is already a master column)" if better is not None else "")
        )
    return None, used, False


def _result(master: MasterLP, last: _Round, certificate: ColGenCertificate | None, trace: list[TraceStep],
            clock: _Clock, start: float, counters: dict[str, int], method: str) -> ColGenResult:
    support = [j for j in range(len(last.columns)) if last.y[j] > 0]
    return ColGenResult(
        value=float(certificate.value) if certificate else last.upper,
        certificate=certificate,
        row_strategy=tuple(float(p) for p in last.x),
        columns=tuple(last.columns[j] for j in support),
        column_weights=tuple(float(last.y[j]) for j in support),
        iterations=len(trace),
        trace=tuple(trace),
        lp_seconds=clock.lp,
        oracle_seconds=clock.oracle,
        certify_seconds=clock.certify,
        seconds=time.perf_counter() - start,
        lp_iterations=master.lp_iterations,
        columns_generated=len(master.known) + master.purged,
        columns_purged=master.purged,
        counters={"final_master_rows": len(master.columns), **counters, "devex_resets": master.devex_resets},
        method=method,
        status=Status.EXACT if certificate is not None else Status.ESTIMATE,  # exact: the rational certificate
    )


@renamed_keywords(on_iteration="progress")
def solve(
    oracle: Oracle,
    initial_columns: Sequence[Sequence[int]],
    stabilisation: Stabilisation | None = None,
    *,
    tolerance: float = 1e-9,
    purge_after: int = 30,
    max_iterations: int = 100_000,
    exact: bool = True,
    extra: int = 0,
    master_kind: MasterKind = "highs",
    start_point: Sequence[float] | np.ndarray | None = None,
    progress: Callable[[TraceStep], None] | None = None,
    harvest_rounds: int = 0,
) -> ColGenResult:
    """Solve the game by column generation; certify exactly when `exact` (status EXACT with the checked
    rational certificate; without `exact`, status ESTIMATE: the float bounds met within `tolerance`).

    tolerance: relative gap upper − lower at which the float phase stops and the exact check begins.
    purge_after: master rows unused for this many solves are deleted (0 disables purging).
    harvest_rounds: rounds of no-regret play before the first master solve (`harvest.py`): their best
        responses become columns (those not in the first master's basis are purged after its first solve),
        and the play's averaged or best strategy becomes the first centre when it prices better.
    extra: further near-best responses asked per pricing point (oracles with `responses`).
    progress: called with each round's `TraceStep` (`on_iteration=`, its old name, works for one release).
    start_point: the first stabilisation centre (a guess of the row player's optimum); uniform if None.
    master_kind: "highs" (HiGHS dual simplex, rows added with addRows) or "dense" (our numba primal
        simplex on the column player's LP with an explicit basis inverse and Devex pricing: far cheaper per
        pivot here), or "dense-dantzig" (the same with Dantzig's rule, for comparison).
    Raises CertificateError when no basis of the final master certifies, SolverError after max_iterations.
    """
    stab = stabilisation or Stabilisation()
    _check(stab, oracle, initial_columns, harvest_rounds)
    start = time.perf_counter()
    master = _new_master(master_kind, oracle.m)
    master.add([_column(c) for c in initial_columns])
    clock = _Clock()
    t0 = time.perf_counter()
    centre, best_lower, harvested = _first_centre(oracle, master, stab, start_point, harvest_rounds)
    clock.oracle += time.perf_counter() - t0
    search = _Search(centre, best_lower, stab.c if stab.kind != "none" else 0.0, centre)
    rng = np.random.default_rng(20261123)  # the scattered points only
    trace: list[TraceStep] = []
    certificate: ColGenCertificate | None = None
    fallbacks = 0
    for iteration in range(1, max_iterations + 1):
        last = _one_round(master, oracle, search, stab, rng, clock, iteration, tolerance, extra)
        trace.append(last.step)
        if progress is not None:
            progress(last.step)
        converged = last.upper - max(search.best_lower, last.step.lower_here) <= tolerance * max(1.0, abs(last.upper))
        if (converged or last.added == 0) and not exact:
            break
        if converged or last.added == 0:
            certificate, used, better_added = _finish(master, oracle, clock, last.added)
            fallbacks += used
            if certificate is not None:
                break
            if better_added:
                continue
        # the harvest's columns outside the first basis go at once: a large master pivots slowly
        after_harvest = bool(harvest_rounds) and iteration == 1
        if purge_after or after_harvest:
            master.purge(0 if after_harvest else purge_after)
    else:
        raise SolverError(f"column generation did not converge in {max_iterations} iterations")
    return _result(master, last, certificate, trace, clock, start,
                   {"highs_certificate_fallbacks": fallbacks, "harvested_columns": harvested},
                   f"column generation ({master_kind} master, {stab.kind} stabilisation)")
