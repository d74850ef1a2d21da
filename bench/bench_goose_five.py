"""The certified 5-player run without a stored chain (issue 7), for the background.

    .venv/bin/python bench/bench_goose_five.py --checkpoint /path/run5.npy     # hours; rerun to resume
    .venv/bin/python bench/bench_goose_five.py --players 3 --checkpoint /tmp/run3.npy   # a quick check
    .venv/bin/python bench/bench_goose_five.py --checkpoint /tmp/m5.npy --max-sweeps 2  # the peak memory

Builds the relabelled states in sweep order (codes + rank table, 0.8 GB at 5 players, minutes), then
runs the certified engine on `analyses.goose.operator.OnTheFly` to width --tol at the start, with the
bounds stored as `parlour goose solve` stores them (from a half-width of PACKED_FROM_TOL on, each bound
and its extrapolation offset in 8 bytes: 6.9 GB at 5 players; finer, float64 bounds + float32 offsets,
10.3 GB), saving a checkpoint every --every seconds (default 600: a SIGKILL loses at most ten minutes).
Every sweep prints one line (sweep, certified gap, seconds); the result goes to
bench/results/goose_five.json (goose_<N>p_run.json for other N; with --max-sweeps, a run cut short to
measure its memory, goose_<N>p_memory.json).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import numba
import numpy as np

from bench.common import peak_rss_gib, write


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--players", type=int, default=5)
    ap.add_argument("--tol", type=float, default=1e-8, help="certified width at the start")
    ap.add_argument("--checkpoint", type=Path, required=True)
    ap.add_argument("--every", type=float, default=600.0, help="seconds between checkpoints")
    ap.add_argument("--max-sweeps", type=int, default=100_000, help="stop after this many (the peak memory)")
    a = ap.parse_args()

    from parlour.analyses.goose.operator import OnTheFly
    from parlour.analyses.goose.policy import PACKED_FROM_TOL
    from parlour.analyses.goose.space import layout
    from parlour.errors import SolverError
    from parlour.games.goose.rules import STUDY
    from parlour.solvers import markov

    t0 = time.perf_counter()
    lay = layout(STUDY, a.players)
    print(f"{lay.size:,} relabelled states in {lay.seconds:.0f} s; peak {peak_rss_gib():.2f} GiB", flush=True)
    start = lay.row(0)  # everybody on the start square: code 0 in every digit
    last = [time.perf_counter()]
    log: list[dict[str, float]] = []

    def tick(k: int, gap: float) -> None:
        now = time.perf_counter()
        log.append({"sweep": k, "gap_before": gap, "seconds": round(now - last[0], 2)})
        print(f"sweep {k} gap {gap:.3e} {now - last[0]:.1f} s", flush=True)
        last[0] = now

    packed = a.tol / 2 >= PACKED_FROM_TOL
    try:
        b = markov.certified(OnTheFly(lay), watch=[start], tol=a.tol / 2, progress=tick,  # tol: a half-width
                             checkpoint=markov.Checkpoint(a.checkpoint, every_seconds=a.every),
                             max_sweeps=a.max_sweeps, packed_bounds=packed)
    except SolverError as e:
        if a.max_sweeps >= 100_000:
            raise
        write(f"goose_{a.players}p_memory", {
            "note": f"a run cut short after --max-sweeps passes to measure its memory ({e})",
            "players": a.players, "states_relabelled": lay.size, "packed_bounds": packed,
            "threads": numba.get_num_threads(), "layout_seconds": lay.seconds, "sweep_log": log,
            "peak_rss_gib": round(peak_rss_gib(), 3)})
        return
    bounds = [b.interval(start, o) for o in range(a.players)]
    storage = ("bounds and offsets packed in 8 bytes a value" if packed
               else "float64 bounds, float32 offsets")
    write("goose_five" if a.players == 5 else f"goose_{a.players}p_run", {
        "note": f"chain-free certified Gauss-Seidel ({storage}, verified extrapolation), "
                "sweep order by (sum of squares, waiting prefix), whole blocks per numba thread; "
                f"{numba.get_num_threads()} threads; 'seconds' of a sweep is the time since the previous one "
                "(checkpoint writes and extrapolation checks included)",
        "players": a.players, "states_relabelled": lay.size, "tol_width": a.tol, "packed_bounds": packed,
        "win_bounds": bounds, "win": [(lo + hi) / 2 for lo, hi in bounds],
        "sweeps": b.sweeps, "repair_sweeps": b.repair_sweeps, "extrapolations": b.jumps,
        "resumed_from": b.resumed_from, "layout_seconds": lay.seconds, "solve_seconds": b.seconds,
        "total_seconds": time.perf_counter() - t0, "peak_rss_gib": round(peak_rss_gib(), 3),
        "median_sweep_seconds": float(np.median([r["seconds"] for r in log])) if log else None,
        "sweep_log": log,
    })


if __name__ == "__main__":
    main()
