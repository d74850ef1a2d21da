"""Who wins the Game of the Goose how often: the model (a chain from the rules, stored or computed on the
fly), solved exactly (2 players) or with certified bounds by the one engine of `solvers.markov`."""

from __future__ import annotations

import shutil
import time
from collections.abc import Callable
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import Any

from parlour.analyses.goose import chain as gchain
from parlour.analyses.goose.operator import BOUNDS_FILE, OnTheFly, WorkFolder, check_absorbing, write_work_folder
from parlour.analyses.goose.result import GooseSolution, position_json  # noqa: F401  (named here for its callers)
from parlour.analyses.goose.solveplan import SolvePlan
from parlour.analyses.goose.space import Counts
from parlour.errors import InvalidInput, SolverError
from parlour.games.goose.rules import RuleSet, State, start_state
from parlour.results import Status, decimal_digits, down, up
from parlour.solvers import markov

EXACT_LIMIT = 50_000  # unknowns (states x outcome columns) up to which the exact solver is offered


def solve(plan: SolvePlan, progress: Callable[[int, float], None] | None = None, *, client: Any = None,
          parts: int | None = None) -> GooseSolution:
    """P(each player wins) and P(draw) from the plan's position, by the plan's engine at its tolerance and
    storage (`policy.plan` decided them, and checked them; nothing is decided here again). `client`: the
    Dask client of a "dask" plan, sweeping the states in `parts` parts in the plan's work folder."""
    t0 = time.perf_counter()
    rules, players = plan.rules, plan.players
    state = plan.start if plan.start is not None else start_state(rules, players)
    if plan.engine == "exact":
        sp = gchain.space(rules, players)
        idx, mover = gchain.locate(sp, state)
        return exact_at(rules, players, state, exact_solution(rules, players), idx, mover, sp.counts, t0)
    if plan.engine == "stored chain":
        return _solve_stored(rules, players, state, plan.tol, progress, plan.checkpoint, t0)
    if plan.engine == "chain-free":
        return _solve_chain_free(rules, players, state, plan.tol, progress, plan.checkpoint, plan.packed, t0)
    if plan.checkpoint is None:
        raise SolverError("a Dask plan without its work folder")  # policy.decide always gives one: a bug
    return _solve_partitioned(rules, players, state, plan.tol, progress, plan.checkpoint.path, client, parts, t0)


def _solve_stored(rules: RuleSet, players: int, state: State, tol: float,
                  progress: Callable[[int, float], None] | None, checkpoint: markov.Checkpoint | None,
                  t0: float) -> GooseSolution:
    """Up to 4 players: certified bounds on the stored chain."""
    sp = gchain.space(rules, players)
    idx, mover = gchain.locate(sp, state)
    b = markov.certified(gchain.markov_chain(sp), watch=[idx], tol=tol, progress=progress, checkpoint=checkpoint)
    return _from_bounds(rules, players, state, sp.counts, b, idx, mover, sp.size, t0,
                        "monotone Gauss-Seidel from below on the stored chain (+ extrapolations proven "
                        "sub-solutions); upper = 1 - other lower bounds")


def exact_at(rules: RuleSet, players: int, state: State, sol: markov.AbsorptionExact, idx: int, mover: int,
             counts: Counts | None, t0: float) -> GooseSolution:
    """The exact solution at state `idx` (relabelled so that `mover` is player 0) from the solved chain: what
    `solve(exact=True)` answers, also for a chain read back from a cache (the web page's)."""
    cols = sol.columns
    vals = [sol.value(idx, o) for o in range(cols)]
    draw_x = vals[players] if cols > players else Fraction(0)
    wins_x = tuple(vals[(p - mover) % players] for p in range(players))
    digits = max(decimal_digits(v.denominator) for v in (*wins_x, draw_x))
    return GooseSolution(
        rules, players, state, counts,
        tuple(float(v) for v in wins_x), tuple((down(v), up(v)) for v in wins_x),
        float(draw_x), (down(draw_x), up(draw_x)), True, wins_x, draw_x, sol.refinement_steps, digits,
        method="exact (iterative refinement + rational reconstruction, exact residual 0)", status=Status.EXACT,
        seconds=time.perf_counter() - t0,
    )


def _from_bounds(rules: RuleSet, players: int, state: State, counts: Counts | None, b: markov.Bounds, idx: int,
                 mover: int, size: int, t0: float, method: str) -> GooseSolution:
    """The solution at state `idx` (relabelled so that `mover` is player 0) from the engine's bounds."""
    cols = b.lower.shape[1]
    intervals = [b.interval(idx, o) for o in range(cols)]
    win_b = tuple(intervals[(p - mover) % players] for p in range(players))
    draw_b = intervals[players] if cols > players else (0.0, 0.0)
    mid = tuple((lo + hi) / 2 for lo, hi in win_b)
    return GooseSolution(
        rules, players, state, counts, mid, win_b, (draw_b[0] + draw_b[1]) / 2, draw_b, False, None, None,
        b.sweeps, None, b.resumed_from, b.jumps, size,
        method=method, status=Status.CERTIFIED, seconds=time.perf_counter() - t0, counters=b.counters,
    )


def _room(rules: RuleSet, players: int, disk: Path | None, value_bytes: int) -> Callable[[int], None]:
    """A `layout` check: refuses (InvalidInput) a board whose layout and bounds (`value_bytes` a value, with
    the extrapolation's offsets) need more than 90 % of this machine's memory, or of the free space under
    `disk` when the arrays live in files there (out of core, or a Dask work folder)."""
    from parlour.analyses.goose.space import layout_bytes
    from parlour.infra.resources import physical_memory

    def check(states: int) -> None:
        need = layout_bytes(rules, players, states) + states * players * value_bytes
        if disk is not None:
            where = disk
            while not where.exists():
                where = where.parent
            have, what = shutil.disk_usage(where).free, f"free on the disk of {disk}"
        else:
            have, what = physical_memory(), "of memory here"
        if need > 0.9 * have:
            counted = f"{states:,} states (layout and bounds)" if states else "the rank table alone"
            raise InvalidInput(
                f"{players} players need {need / 2**30:,.0f} GiB for {counted}; {have / 2**30:,.0f} GiB {what}. "
                "Use --out-of-core --checkpoint on a disk that large, or --dask on a cluster (docs/goose.md)")

    return check


def _solve_chain_free(rules: RuleSet, players: int, state: State, tol: float,
                      progress: Callable[[int, float], None] | None, checkpoint: markov.Checkpoint | None,
                      packed: bool, t0: float) -> GooseSolution:
    """5 players and more: successors computed from the rules in every sweep (`operator.OnTheFly`), each bound
    packed with its extrapolation offset in 8 bytes where the plan says so; the layout and the bounds in
    files beside an out-of-core checkpoint."""
    from parlour.analyses.goose.space import layout

    check_absorbing(rules, players)
    on_disk = checkpoint.path if checkpoint is not None and checkpoint.out_of_core else None
    folder = on_disk.with_name(on_disk.name + ".layout") if on_disk is not None else None
    disk = on_disk.parent if on_disk is not None else None
    lay = layout(rules, players, folder=folder, check=_room(rules, players, disk, 8 if packed else 12))
    idx, mover = gchain.locate(lay, state)
    b = markov.certified(OnTheFly(lay), watch=[idx], tol=tol, progress=progress, checkpoint=checkpoint,
                         packed_bounds=packed)
    storage = ("each bound and its offset packed in 8 bytes" if packed
               else "float64 bounds, float32 offsets")
    return _from_bounds(rules, players, state, None, b, idx, mover, lay.size, t0,
                        "monotone Gauss-Seidel from below without a stored chain (successors from the rules, "
                        f"whole blocks per thread, {storage}; + extrapolations proven sub-solutions); "
                        "upper = 1 - other lower bounds")


def _solve_partitioned(rules: RuleSet, players: int, state: State, tol: float,
                       progress: Callable[[int, float], None] | None, folder: Path, client: Any,
                       parts: int | None, t0: float) -> GooseSolution:
    """The chain-free operator swept in parts by Dask workers on a shared file (`solvers.markov.partitioned`)."""
    from parlour.analyses.goose.space import layout
    from parlour.solvers.markov.partitioned import Partitioned

    check_absorbing(rules, players)
    lay = layout(rules, players, folder=folder, check=_room(rules, players, folder, 8))
    idx, mover = gchain.locate(lay, state)
    write_work_folder(lay, folder)
    executor = Partitioned(OnTheFly(lay), WorkFolder(str(folder.resolve()), rules, players), client, parts)
    cp = markov.Checkpoint(folder / BOUNDS_FILE, every_seconds=0.0, out_of_core=True)
    b = markov.certified(executor, watch=[idx], tol=tol, progress=progress, checkpoint=cp, extrapolate=False)
    return _from_bounds(rules, players, state, None, b, idx, mover, lay.size, t0,
                        f"monotone Gauss-Seidel from below, {len(executor.parts)} parts swept by Dask workers on a "
                        "shared file (Jacobi between parts); upper = 1 - other lower bounds")


@cache
def exact_solution(rules: RuleSet, players: int) -> markov.AbsorptionExact:
    sp = gchain.space(rules, players)
    ch = gchain.markov_chain(sp)
    if sp.size * (players + 1) > EXACT_LIMIT:
        raise InvalidInput(
            f"exact solving is offered up to {EXACT_LIMIT} unknowns; {players} players need "
            f"{sp.size * players}: use the certified bounds instead"
        )
    return markov.exact(ch)


