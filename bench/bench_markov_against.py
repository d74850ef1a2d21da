"""The certified engine on the stored Goose chain under an earlier revision's source and under this checkout's,
at each thread count in turn, the two alternated (issue 38 item 4: 1, 2, 4 and 8 threads on a many-core machine).
Each run is a process of its own that imports one source tree, so the two codes never share a module; the engine
runs its own default policy (extrapolation, steady or free threads) on exactly the thread count given
(`ChainOperator.threads`), not on the machine rule's choice. Usage:

    .venv/bin/python bench/bench_markov_against.py --base 1b963aa [--base-src DIR] --players 4 \\
        --threads 1,2,4,8 [--tol 1e-12] [--codes this,base] [--name NAME]

--base-src runs the base from a folder holding its `src` (e.g. made with `git archive 1b963aa src | tar -x -C DIR`)
where this checkout has no git history to make a worktree from (a machine the tree was copied to).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from contextlib import AbstractContextManager, nullcontext
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from bench.common import ROOT, revision_tree, write


def child(players: int, threads: int, tol: float) -> None:
    """One solve by whatever `parlour` is first on the path; its figures as one JSON line on stdout."""
    from parlour.analyses.goose import chain as gchain
    from parlour.games.goose.rules import STUDY, start_state
    from parlour.solvers import markov

    small = gchain.space(STUDY, 2)
    markov.certified(gchain.markov_chain(small), watch=[0], tol=1e-9)  # compiled (or read from numba's cache)
    t0 = time.perf_counter()
    sp = gchain.space(STUDY, players)
    ch = gchain.markov_chain(sp)
    idx, _ = gchain.locate(sp, start_state(STUDY, players))
    build = time.perf_counter() - t0
    op = markov.ChainOperator(ch)
    op.threads = threads
    load = os.getloadavg()[0]
    t0 = time.perf_counter()
    b = markov.certified(op, watch=[idx], tol=tol)
    seconds = time.perf_counter() - t0
    print(json.dumps({"threads": threads, "seconds": round(seconds, 2), "sweeps": b.sweeps,
                      "checks": b.repair_sweeps, "passes": b.sweeps + b.repair_sweeps,
                      "steady": bool(getattr(op, "one_map", False)) and threads > 1,
                      "player1_bounds": list(b.interval(idx, 0)), "build_seconds": round(build, 1),
                      "load_average_1min_before": round(load, 2)}))


def short_rev(rev: str) -> str:
    """`rev` as a short hash where git knows it, else as given (a copied tree has no history)."""
    got = subprocess.run(["git", "rev-parse", "--short", rev], cwd=ROOT, capture_output=True, text=True, check=False)
    return got.stdout.strip() if got.returncode == 0 else rev


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--base", required=True, help="the earlier revision (with --base-src: its name only)")
    ap.add_argument("--base-src", type=Path, default=None, help="a folder holding the base's src")
    ap.add_argument("--this", default="HEAD", help="this checkout's revision, as recorded")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--threads", default="1,2,4,8", help="thread counts, comma-separated")
    ap.add_argument("--tol", type=float, default=1e-12)
    ap.add_argument("--codes", default="this,base", help="which codes to run: this, base or both (default)")
    ap.add_argument("--name", default=None)
    ap.add_argument("--child", type=int, default=0, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        child(args.players, args.child, args.tol)
        return
    counts = [int(k) for k in args.threads.split(",")]
    tree: AbstractContextManager[Path] = (nullcontext(args.base_src) if args.base_src
                                          else revision_tree(short_rev(args.base)))
    runs: list[dict[str, Any]] = []
    with tree as base_tree, tempfile.TemporaryDirectory(prefix="parlour-cache-") as cache:
        sources = {"base": Path(base_tree).resolve() / "src", "this": ROOT / "src"}
        env = {**os.environ, "PARLOUR_CACHE": cache, "NUMBA_NUM_THREADS": str(max(counts))}
        for k, threads in enumerate(counts):
            for label in (("this", "base") if k % 2 == 0 else ("base", "this")):
                if label not in args.codes.split(","):
                    continue
                out = subprocess.run([sys.executable, __file__, "--base", args.base, "--players", str(args.players),
                                      "--tol", str(args.tol), "--child", str(threads)], check=True,
                                     capture_output=True, text=True, env={**env, "PYTHONPATH": str(sources[label])})
                runs.append({"code": label, **json.loads(out.stdout.splitlines()[-1])})
                print(runs[-1], flush=True)
                # written after every run, so that a run cut short keeps the ones it finished
                write(args.name or f"markov_against_{args.players}p", {
                    "note": "each run a process of its own (the chain read from a cache the first run built, the "
                            "kernels compiled before the timed solve); the engine's default policy on exactly "
                            "the threads given; the two codes alternated, this checkout first at the first count",
                    "base": short_rev(args.base), "this": short_rev(args.this), "players": args.players,
                    "tol": args.tol, "load_average_1min_after": round(os.getloadavg()[0], 2), "runs": runs})


if __name__ == "__main__":
    main()
