"""Game of the Goose: certified solves on 1 thread against 2 (and the thread-count rule's choice), in one
process, runs alternated so both see the same load; optionally beside one busy competing process
(issue 25, items 2 and 4). Usage:

    .venv/bin/python bench/bench_goose_threads.py --players 4 [--busy] [--rounds 1]

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


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--tol", type=float, default=5e-11)
    ap.add_argument("--busy", action="store_true")
    ap.add_argument("--rounds", type=int, default=1)
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
    busy = subprocess.Popen([sys.executable, "-c", "while True: pass"]) if args.busy else None
    runs = []
    try:
        time.sleep(2 if busy else 0)
        for _ in range(args.rounds):
            for threads in (1, 2):
                op = markov.ChainOperator(ch)
                chosen = op.threads
                op.threads = threads
                load = os.getloadavg()[0]
                t1 = time.perf_counter()
                b = markov.certified(op, watch=[start], tol=args.tol)
                runs.append({"threads": threads, "seconds": round(time.perf_counter() - t1, 2), "passes": b.sweeps,
                             "jumps": b.jumps, "repair_passes": b.repair_sweeps, "load_before": round(load, 2),
                             "rule_would_choose": chosen,
                             "start_interval_player1": list(b.interval(start, 0))})
                print(runs[-1], flush=True)
    finally:
        if busy is not None:
            busy.kill()
            busy.wait()
    one = [r["seconds"] for r in runs if r["threads"] == 1]
    two = [r["seconds"] for r in runs if r["threads"] == 2]
    write(f"goose_threads_{args.players}p{'_busy' if args.busy else ''}", {
        "note": "2 cores shared with other agents' work (their load is in load_before); one process, 1 and 2 "
                "threads alternated" + ("; one busy competing process (python while True) beside it" if args.busy
                                        else ""),
        "players": args.players, "states": sp.size, "tol": args.tol, "build_seconds": round(build, 2),
        "rule_choice_at_start": rule_idle, "runs": runs,
        "speedup_two_over_one": round(sum(one) / sum(two), 3) if two else None,
        "peak_rss_gib": round(peak_rss_gib(), 3),
    })


if __name__ == "__main__":
    main()
