"""The certified engine's two extrapolations on the stored Goose chain (issue 38): the one-mode step
(`history=0`, the engine's only way before issue 38) against reduced-rank extrapolation over the last m sweeps
pulled back by its measured residual (`history=m`, by default the engine's accelerate.HISTORY,
`solvers/markov/accelerate.py`), alternated in one process on one numba thread, so both see the same
machine. Pass counts (sweeps + checks) do not depend on the machine; seconds do. Usage:

    .venv/bin/python bench/bench_markov_accel.py --players 3 --rounds 2 [--tol 1e-12] [--history M]
        [--threads 1,2,4,8] [--name NAME]

--threads times every thread count in turn (the sweep's own threads, `ChainOperator.threads`, set as given and
not by the machine rule, which would cap 4 players at 4, nor by the engine's trial of threads against one): a
many-core machine's scaling, issue 38 item 4. Threaded passes are steady (one map, `stored._pass`) unless --free.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from bench.common import write


def one(ch: Any, idx: int, tol: float, history: int, threads: int, steady: bool) -> dict[str, Any]:
    import importlib

    from parlour.solvers import markov

    # The thread count as given: the engine's own choice (a trial of threads against one) is not made here.
    importlib.import_module("parlour.solvers.markov.certified").THREADS_PAY = 0.0
    op = markov.ChainOperator(ch)
    op.threads, op.steady = threads, steady
    load = os.getloadavg()[0]
    t0 = time.perf_counter()
    b = markov.certified(op, watch=[idx], tol=tol, history=history)
    seconds = time.perf_counter() - t0
    lo, hi = b.interval(idx, 0)
    return {"history": history, "threads": threads, "steady": steady and threads > 1, "seconds": round(seconds, 2),
            "sweeps": b.sweeps,
            "checks": b.repair_sweeps,
            "passes": b.sweeps + b.repair_sweeps, "jumps": b.jumps, "player1_bounds": [lo, hi],
            "load_average_1min_before": round(load, 2)}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--tol", type=float, default=1e-12)
    ap.add_argument("--history", type=int, default=None, help="default: the engine's accelerate.HISTORY")
    ap.add_argument("--threads", default="1", help="thread counts, comma-separated (default 1)")
    ap.add_argument("--free", action="store_true", help="threads read their neighbours' blocks live, not from a "
                    "copy (ChainOperator.steady off): passes that are not one map")
    ap.add_argument("--name", default=None)
    args = ap.parse_args()
    counts = [int(k) for k in args.threads.split(",")]
    os.environ.setdefault("NUMBA_NUM_THREADS", str(max(counts)))  # before numba is imported
    if args.history is None:
        from parlour.solvers.markov import accelerate

        args.history = accelerate.HISTORY

    from parlour.analyses.goose import chain as gchain
    from parlour.games.goose.rules import STUDY, start_state

    t0 = time.perf_counter()
    sp = gchain.space(STUDY, args.players)
    ch = gchain.markov_chain(sp)
    idx, _ = gchain.locate(sp, start_state(STUDY, args.players))
    build = time.perf_counter() - t0
    from parlour.solvers import markov

    small = gchain.space(STUDY, 2)
    for history in (0, args.history):  # compile the kernels before anything is timed (a fresh machine)
        markov.certified(gchain.markov_chain(small), watch=[0], tol=1e-9, history=history)
    runs: list[dict[str, Any]] = []
    for r in range(args.rounds):
        order = (0, args.history) if r % 2 == 0 else (args.history, 0)
        for threads in counts:
            for history in order:
                got = one(ch, idx, args.tol, history, threads, not args.free)
                got["round"] = r + 1
                print(got, flush=True)
                runs.append(got)
                # written after every run, so that a run cut short keeps the ones it finished
                write(args.name or f"markov_accel_{args.players}p", {
                    "note": "one process, the two extrapolations alternated (round 1 one-mode first) at each "
                            "thread count; passes = sweeps + check passes; the chain is built once "
                            "(build_seconds) and not timed; the kernels are compiled before the first run",
                    "load_average_1min_after": round(os.getloadavg()[0], 2),
                    "players": args.players, "tol": args.tol, "states": int(ch.n), "build_seconds": round(build, 1),
                    "runs": runs,
                })

if __name__ == "__main__":
    main()
