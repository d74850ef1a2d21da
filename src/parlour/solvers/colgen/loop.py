"""The column-generation loop with stabilisation: master, pricing, bounds, and the exact check."""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal

import numpy as np

from parlour.errors import CertificateError, InvalidInput, SolverError
from parlour.results import Result, Status
from parlour.solvers.colgen.certificate import ColGenCertificate, try_certificate
from parlour.solvers.colgen.dense import DenseMaster
from parlour.solvers.colgen.harvest import harvest
from parlour.solvers.colgen.master import Master
from parlour.solvers.colgen.oracle import Column, Oracle, price


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
    """Value, strategies, trace and timings of a column-generation run; `status` is CERTIFIED when the
    exact certificate holds, ESTIMATE when the float phase stopped without one (`exact=False`)."""

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
    master_kind: Literal["highs", "dense", "dense-dantzig"] = "highs",
    start_point: Sequence[float] | np.ndarray | None = None,
    on_iteration: Callable[[TraceStep], None] | None = None,
    harvest_rounds: int = 0,
) -> ColGenResult:
    """Solve the game by column generation; certify exactly when `exact`.

    tolerance: relative gap upper − lower at which the float phase stops and the exact check begins.
    purge_after: master rows unused for this many solves are deleted (0 disables purging).
    harvest_rounds: rounds of no-regret play before the first master solve (`harvest.py`): their best
        responses become columns (those not in the first master's basis are purged after its first solve),
        and the play's averaged or best strategy becomes the first centre when it prices better.
    extra: further near-best responses asked per pricing point (oracles with `responses`).
    start_point: the first stabilisation centre (a guess of the row player's optimum); uniform if None.
    master_kind: "highs" (HiGHS dual simplex, rows added with addRows) or "dense" (our numba primal
        simplex on the column player's LP with an explicit basis inverse and Devex pricing: far cheaper per
        pivot here), or "dense-dantzig" (the same with Dantzig's rule, for comparison).
    """
    stab = stabilisation or Stabilisation()
    if stab.kind == "fixed" and (stab.guess is None or len(stab.guess) != oracle.m):
        raise InvalidInput("fixed stabilisation needs a guess with one weight per row strategy")
    if not initial_columns:
        raise InvalidInput("column generation needs at least one initial column")
    if stab.scatter < 0 or not stab.sigma > 0:
        raise InvalidInput("scatter must be ≥ 0 and sigma > 0")
    if not 0 <= stab.average <= 1 or harvest_rounds < 0:
        raise InvalidInput("average must be in [0, 1] and harvest_rounds ≥ 0")
    start = time.perf_counter()
    m = oracle.m
    master: Master | DenseMaster = (
        Master(m) if master_kind == "highs" else DenseMaster(m, devex=master_kind == "dense")
    )
    master.add([tuple(int(v) for v in c) for c in initial_columns])
    lp_seconds = oracle_seconds = certify_seconds = 0.0
    centre = np.full(m, 1.0 / m) if start_point is None else np.asarray(start_point, dtype=np.float64)
    if stab.kind == "fixed":
        centre = np.asarray(stab.guess, dtype=np.float64)
    centre = centre / centre.sum()
    # The centre's own best response is the first lower bound and a first useful column: starting
    # from a sensible point (uniform, or a guess) spares the master its wild first iterations.
    t0 = time.perf_counter()
    best_lower, first = oracle.best_response(centre)
    master.add([tuple(int(v) for v in first)])
    harvested = 0
    if harvest_rounds:
        played = harvest(oracle, harvest_rounds, start=centre)
        harvested = master.add(list(played.columns))
        at_average, column = oracle.best_response(played.average)
        master.add([tuple(int(v) for v in column)])
        for point, value in ((played.average, at_average), (played.best, played.best_value)):
            if stab.kind != "fixed" and value > best_lower:
                best_lower, centre = value, point / point.sum()
    oracle_seconds += time.perf_counter() - t0
    c = stab.c if stab.kind != "none" else 0.0
    rng = np.random.default_rng(20261123)  # the scattered points only
    trace: list[TraceStep] = []
    certificate: ColGenCertificate | None = None
    x = centre
    y = np.zeros(0)
    solved_columns: list[Column] = []
    fallbacks = 0
    x_average = centre
    last_improved = 0
    upper = math.inf
    iteration = 0
    while iteration < max_iterations:
        iteration += 1
        t0 = time.perf_counter()
        upper, x, y = master.solve()
        solved_columns = list(master.columns)  # y is aligned with these
        lp_seconds += time.perf_counter() - t0
        # Pricing points on the segment centre -> x, from the most smoothed to x itself.
        n_points = max(1, stab.points) if c > 0 else 1
        weights = [c * (n_points - 1 - k) / (n_points - 1) for k in range(n_points)] if n_points > 1 else [c]
        if weights[-1] != 0.0:
            weights.append(0.0)
        c_used = c
        new: list[Column] = []
        lower_here = math.nan
        cut_below = upper - tolerance * max(1.0, abs(upper)) * 1e-3  # a column below this cuts off x
        t0 = time.perf_counter()
        points = [ck * centre + (1 - ck) * x if ck > 0 else x for ck in weights]
        if stab.average > 0 and stab.kind != "none":
            x_average = x if iteration == 1 else (1 - stab.average) * x_average + stab.average * x
            points.append(x_average)
        for _ in range(stab.scatter):
            p = centre * np.exp(stab.sigma * rng.standard_normal(m))
            points.append(p / p.sum())
        # The average and the scattered points are priced as segment points of weight -1: never the
        # mis-price test's first point, never x itself.
        weights += [-1.0] * (len(points) - len(weights))
        gap = (upper - best_lower) / max(1.0, abs(upper))
        priced = price(oracle, points, extra, gap)
        for k, ck in enumerate(weights):
            point = points[k]
            value, column, others = priced[k]
            col = tuple(int(v) for v in column)
            if value > best_lower:
                best_lower = value
                last_improved = iteration
                if stab.kind == "wentges":
                    centre = point.copy()
            if ck == 0:
                lower_here = value
            cuts = float(np.dot(x, column)) < cut_below
            if cuts:
                new.append(col)
            for other in others:
                if float(np.dot(x, other)) < cut_below:
                    new.append(tuple(int(v) for v in other))
            if not cuts and k == 0 and ck > 0:
                c = c / 2 if c > 1e-3 else 0.0  # mis-price: trust the centre less
        oracle_seconds += time.perf_counter() - t0
        if stab.stall and iteration - last_improved >= stab.stall and c > 0:
            c *= stab.decay
            last_improved = iteration
        added = master.add(new)
        step = TraceStep(iteration, upper, best_lower, lower_here, len(master.columns), added, c_used)
        trace.append(step)
        if on_iteration is not None:
            on_iteration(step)
        converged = upper - max(best_lower, lower_here) <= tolerance * max(1.0, abs(upper))
        if converged or added == 0:
            if not exact:
                break
            t0 = time.perf_counter()
            certificate, better = try_certificate(master, oracle)
            if certificate is None and (better is None or better in master.known):
                # The basis is not exactly optimal (float tolerances accepted a tiny violation):
                # re-solve the same columns from scratch in HiGHS, dual then primal simplex, and certify
                # from that basis instead.
                for strategy in (1, 4):
                    fallback = Master(m)
                    fallback.h.setOptionValue("simplex_strategy", strategy)
                    fallback.add(master.columns)
                    fallback.solve()
                    certificate, better = try_certificate(fallback, oracle)
                    fallbacks += 1
                    if certificate is not None or (better is not None and better not in master.known):
                        break
            certify_seconds += time.perf_counter() - t0
            if certificate is not None:
                break
            if better is not None and master.add([better]):
                continue
            if added == 0:
                raise CertificateError(
                    "column generation stalled: no basis of the final master (dense, HiGHS dual, HiGHS "
                    "primal) solves exactly to a certificate"
                    + (" (the exact best response is already a master column)" if better is not None else "")
                )
        # the harvest's columns outside the first basis go at once: a large master pivots slowly
        after_harvest = bool(harvest_rounds) and iteration == 1
        if purge_after or after_harvest:
            master.purge(0 if after_harvest else purge_after)
    else:
        raise SolverError(f"column generation did not converge in {max_iterations} iterations")
    support_cols = [solved_columns[j] for j in range(len(solved_columns)) if y[j] > 0]
    support_w = [float(y[j]) for j in range(len(solved_columns)) if y[j] > 0]
    return ColGenResult(
        value=float(certificate.value) if certificate else upper,
        certificate=certificate,
        row_strategy=tuple(float(p) for p in x),
        columns=tuple(support_cols),
        column_weights=tuple(support_w),
        iterations=iteration,
        trace=tuple(trace),
        lp_seconds=lp_seconds,
        oracle_seconds=oracle_seconds,
        certify_seconds=certify_seconds,
        seconds=time.perf_counter() - start,
        lp_iterations=master.lp_iterations,
        columns_generated=len(master.known) + master.purged,
        columns_purged=master.purged,
        counters={"final_master_rows": len(master.columns), "highs_certificate_fallbacks": fallbacks,
                  "harvested_columns": harvested, "devex_resets": getattr(master, "devex_resets", 0)},
        method=f"column generation ({master_kind} master, {stab.kind} stabilisation)",
        status=Status.EXACT if certificate is not None else Status.ESTIMATE,  # exact: the rational certificate
    )
