"""Game of the Goose: one `parlour goose solve` command under an earlier revision and under this
checkout, alternated in one run, so both see the same machine (this machine's speed changes up to 2x
from hour to hour: a figure measured last week is no anchor). Usage:

    .venv/bin/python bench/bench_goose_against.py --base 576e44f^ --rounds 2 \\
        [--threads 1] [--name NAME] -- --players 4 --tol 5e-11

The base revision is checked out into a temporary git worktree and run from its source with this
checkout's virtual environment; --threads sets NUMBA_NUM_THREADS for both. Each run records the wall
seconds, the solve's own seconds and passes (from --json) and the bound of player 1 at the start.

With --chain-free-passes N it times N passes of the chain-free operator (the 5-player path) instead, up
sweeps and read-only checks alternated, on `--players` players and one thread (revisions since 576e44f,
where the operator lives in analyses/goose):

    .venv/bin/python bench/bench_goose_against.py --base HEAD~1 --chain-free-passes 5 -- --players 4
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from bench.common import write

ROOT = Path(__file__).resolve().parents[1]


def solve(source: Path, args: list[str], env: dict[str, str]) -> dict[str, Any]:
    """One `parlour goose solve ... --json` from `source` (a src folder); wall and the solve's figures."""
    t0 = time.perf_counter()
    out = subprocess.run([sys.executable, "-m", "parlour", "goose", "solve", *args, "--json"], check=True,
                         capture_output=True, text=True, env={**env, "PYTHONPATH": str(source)})
    wall = time.perf_counter() - t0
    got = json.loads(out.stdout)
    counters = got.get("counters", {})
    return {"wall_seconds": round(wall, 2), "solve_seconds": round(got["seconds"], 2),
            "sweeps": counters.get("sweeps"), "checks": counters.get("repair_sweeps"),
            "player1_bounds": got["win_bounds"][0]}


PASSES = """
import json, statistics, sys, time
import numpy as np
from parlour.analyses.goose.operator import OnTheFly
from parlour.analyses.goose.space import layout
from parlour.games.goose.rules import STUDY
lay = layout(STUDY, int(sys.argv[1]))
op = OnTheFly(lay)
op.threads = 1
lower = np.zeros(op.shape)
offsets = np.zeros(op.shape, np.float32)
op.sweep(lower, None)
op.lowered(lower, offsets, False)
up, check = [], []
for _ in range(int(sys.argv[2])):
    t = time.perf_counter(); op.sweep(lower, None); up.append(time.perf_counter() - t)
    t = time.perf_counter(); op.lowered(lower, offsets, False); check.append(time.perf_counter() - t)
print(json.dumps({"states": lay.size, "up_sweep_median_s": round(statistics.median(up), 3),
                  "check_median_s": round(statistics.median(check), 3),
                  "lower_digest": float(lower.sum())}))
"""


def passes(source: Path, players: int, count: int, env: dict[str, str]) -> dict[str, Any]:
    """Median seconds of `count` up sweeps and read-only checks of the chain-free operator, one thread."""
    out = subprocess.run([sys.executable, "-c", PASSES, str(players), str(count)], check=True,
                         capture_output=True, text=True, env={**env, "PYTHONPATH": str(source)})
    return dict(json.loads(out.stdout.strip().splitlines()[-1]))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--base", required=True, help="git revision to compare with (e.g. 576e44f^)")
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--threads", type=int, default=0, help="NUMBA_NUM_THREADS for both (0: numba's default)")
    ap.add_argument("--name", default="", help="result file suffix (default: the players)")
    ap.add_argument("--chain-free-passes", type=int, default=0,
                    help="time this many chain-free passes (--players after --) instead of the solve")
    ap.add_argument("solve_args", nargs=argparse.REMAINDER, help="after --: the arguments of goose solve")
    args = ap.parse_args()
    solve_args = [a for a in args.solve_args if a != "--"]
    base_rev = subprocess.run(["git", "rev-parse", "--short", args.base], cwd=ROOT, check=True,
                              capture_output=True, text=True).stdout.strip()
    head_rev = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, check=True,
                              capture_output=True, text=True).stdout.strip()
    dirty = bool(subprocess.run(["git", "status", "--porcelain", "src"], cwd=ROOT, check=True,
                                capture_output=True, text=True).stdout.strip())
    env = dict(os.environ)
    if args.threads:
        env["NUMBA_NUM_THREADS"] = str(args.threads)
    runs: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory(prefix="parlour-base-") as tmp:
        tree = Path(tmp) / "base"
        subprocess.run(["git", "worktree", "add", "--detach", str(tree), base_rev], cwd=ROOT, check=True,
                       capture_output=True)
        env["PARLOUR_CACHE"] = str(Path(tmp) / "cache")  # both start from no cached space or kernel
        try:
            sources = {"base": tree / "src", "this": ROOT / "src"}
            players = int(solve_args[solve_args.index("--players") + 1]) if "--players" in solve_args else 2
            for label, source in sources.items():  # untimed: build the spaces, compile the kernels
                if args.chain_free_passes:
                    passes(source, 3, 1, env)
                else:
                    solve(source, ["--players", "2", "--tol", "1e-6"], env)
                print(label, "warm", flush=True)
            for r in range(args.rounds):
                for label, source in (sources.items() if r % 2 == 0 else reversed(sources.items())):
                    got = (passes(source, players, args.chain_free_passes, env) if args.chain_free_passes
                           else solve(source, solve_args, env))
                    runs.append({"round": r + 1, "code": label, **got})
                    print(runs[-1], flush=True)
        finally:
            subprocess.run(["git", "worktree", "remove", "--force", str(tree)], cwd=ROOT, check=False,
                           capture_output=True)

    def total(label: str, key: str) -> float:
        return sum(r[key] for r in runs if r["code"] == label)

    name = args.name or "_".join(a for a in solve_args if not a.startswith("-"))
    if args.chain_free_passes:
        write(f"goose_against_chain_free_{name}", {
            "note": "one thread; medians of up sweeps and read-only checks of the chain-free operator, codes "
                    "alternated", "base": base_rev, "this": head_rev + ("+changes" if dirty else ""),
            "players": players, "passes": args.chain_free_passes, "runs": runs,
            "up_this_over_base": round(total("this", "up_sweep_median_s") / total("base", "up_sweep_median_s"), 3),
            "check_this_over_base": round(total("this", "check_median_s") / total("base", "check_median_s"), 3),
        })
        return
    write(f"goose_against_{name}", {
        "note": "one process runs both codes alternated (the first round base first, then this checkout); "
                "the first run of each code builds its chain (base: in memory; later code keeps it on disk)",
        "base": base_rev, "this": head_rev + ("+changes" if dirty else ""), "solve_args": solve_args,
        "numba_threads": args.threads or "default", "runs": runs,
        "wall_this_over_base": round(total("this", "wall_seconds") / total("base", "wall_seconds"), 3),
        "solve_this_over_base": round(total("this", "solve_seconds") / total("base", "solve_seconds"), 3),
    })


if __name__ == "__main__":
    main()
