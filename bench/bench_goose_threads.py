"""Game of the Goose: certified solves on 1 thread, on 2, and on the thread-count rule's choice
("default"), in one process, runs alternated so all see the same load; optionally beside one busy
competing process (issue 25, items 2 and 4). Usage:

    .venv/bin/python bench/bench_goose_threads.py --players 4 [--busy] [--rounds 1] [--tol 1e-12]
        [--runs 1,2,default]

--busy starts `python -c "while True: pass"` (nice 0) for the timed runs and stops it after.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from bench.common import peak_rss_gib, write


def read_only_scaling(ch, rounds: int = 5) -> dict[str, float]:  # type: ignore[no-untyped-def]
    """Median seconds of a read-only check pass on 1 and on 2 threads, alternated: every thread reads and
    nobody writes, so nothing but the machine limits the speed-up (the ceiling for the sweeps')."""
    import statistics

    import numpy as np

    from parlour.solvers import markov
    from parlour.solvers.markov import kernels

    lower = np.full((ch.n, ch.outcomes), 0.1)
    offsets = np.zeros(lower.shape, kernels.OFFSET_DTYPE)
    times: dict[str, list[float]] = {"1": [], "2": []}
    for _ in range(rounds):
        for label in times:
            op = markov.ChainOperator(ch)
            op.threads = int(label)
            t0 = time.perf_counter()
            op.lowered(lower, offsets, False)
            times[label].append(time.perf_counter() - t0)
    return {k: round(statistics.median(v), 4) for k, v in times.items()}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--tol", type=float, default=1e-12)  # the stored chain's default
    ap.add_argument("--busy", action="store_true")
    ap.add_argument("--rounds", type=int, default=1)
    ap.add_argument("--runs", default="1,2,default", help="thread counts to time, and/or 'default' (the rule's)")
    args = ap.parse_args()
    from parlour.analyses.goose import chain as gchain
    from parlour.games.goose.rules import STUDY
    from parlour.solvers import markov
    from parlour.solvers.markov.threads import sweep_threads

    t0 = time.perf_counter()
    sp = gchain.space(STUDY, args.players)
    ch = gchain.markov_chain(sp)
    build = time.perf_counter() - t0
    start = int(sp.index[0])
    markov.certified(gchain.markov_chain(gchain.space(STUDY, 2)), watch=[0], tol=1e-6)  # compile the kernels
    rule_idle = sweep_threads(sp.size)
    ceiling = read_only_scaling(ch)
    print("read-only pass, seconds (median of 5):", ceiling, flush=True)
    busy = subprocess.Popen([sys.executable, "-c", "while True: pass"]) if args.busy else None
    runs = []
    try:
        time.sleep(2 if busy else 0)
        for _ in range(args.rounds):
            for label in args.runs.split(","):
                op = markov.ChainOperator(ch)  # the rule decides here, as in a solve
                chosen = op.threads
                if label != "default":
                    op.threads = int(label)
                load = os.getloadavg()[0]
                t1 = time.perf_counter()
                b = markov.certified(op, watch=[start], tol=args.tol)
                runs.append({"threads": label, "used": op.threads, "seconds": round(time.perf_counter() - t1, 2),
                             "passes": b.sweeps, "jumps": b.jumps, "repair_passes": b.repair_sweeps,
                             "load_before": round(load, 2), "rule_would_choose": chosen,
                             "start_interval_player1": list(b.interval(start, 0))})
                print(runs[-1], flush=True)
    finally:
        if busy is not None:
            busy.kill()
            busy.wait()
    def total(label: str) -> float:
        return sum(r["seconds"] for r in runs if r["threads"] == label)

    write(f"goose_threads_{args.players}p{'_busy' if args.busy else ''}", {
        "note": "one process; 1 thread, 2 threads and the rule's choice alternated"
                + ("; one busy competing process (python while True) beside it" if args.busy else ""),
        "players": args.players, "states": sp.size, "tol": args.tol, "build_seconds": round(build, 2),
        "rule_choice_at_start": rule_idle, "runs": runs,
        "read_only_pass_seconds": ceiling,
        "read_only_pass_speedup": round(ceiling["1"] / ceiling["2"], 3),
        "speedup_two_over_one": round(total("1") / total("2"), 3) if total("1") and total("2") else None,
        "default_over_one": round(total("default") / total("1"), 3) if total("1") and total("default") else None,
        "peak_rss_gib": round(peak_rss_gib(), 3),
    })


if __name__ == "__main__":
    main()
