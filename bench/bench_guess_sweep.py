"""A certified sweep of the guessing game over a range of N, as `parlour guess sweep` runs it (issue 4).

    .venv/bin/python bench/bench_guess_sweep.py --to 600             # N = 1..600, 2 local Dask workers
    .venv/bin/python bench/bench_guess_sweep.py --to 1024 --db sweep.sqlite   # the full target; resumable

Runs the command in a subprocess (wall time of the whole sweep, warm starts and Dask included), then
reads every stored solution back and writes bench/results/guess_sweep.json: per N the time,
iterations, LP and oracle time; totals; and, when the range stops short of 1024, a projection of the
rest from a power law fitted to the largest fifth of the measured N's.
"""

from __future__ import annotations

import argparse
import math
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from bench.common import write


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--from", dest="lo", type=int, default=1)
    ap.add_argument("--to", dest="hi", type=int, default=600)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--db", type=Path, default=None, help="store to fill (default: a fresh temporary one)")
    a = ap.parse_args()

    from parlour.games.guess.store import open_store

    with tempfile.TemporaryDirectory() as tmp:
        db = a.db or Path(tmp) / "sweep.sqlite"
        cmd = [sys.executable, "-m", "parlour", "guess", "sweep", "--from", str(a.lo), "--to", str(a.hi),
               "--db", str(db), "--workers", str(a.workers), "--quiet"]
        t0 = time.perf_counter()
        subprocess.run(cmd, check=True)
        wall = time.perf_counter() - t0
        with open_store(db) as store:
            rows = sorted((s for s in store.all() if a.lo <= s.n <= a.hi), key=lambda s: s.n)
    per_n = [{"n": s.n, "certified": s.certified, "seconds": round(s.seconds, 3), "iterations": s.iterations,
              "lp_seconds": round(s.lp_seconds, 3), "oracle_seconds": round(s.oracle_seconds, 3)} for s in rows]
    figures: dict[str, object] = {
        "range": [a.lo, a.hi],
        "workers": a.workers,
        "wall_seconds": round(wall, 1),
        "solved": len(rows),
        "all_certified": all(s.certified for s in rows),
        "solve_seconds_sum": round(sum(s.seconds for s in rows), 1),
        "slowest": sorted(per_n, key=lambda r: -float(r["seconds"]))[:10],  # type: ignore[arg-type]
        "per_n": per_n,
    }
    tail = [s for s in rows if s.n >= max(2, a.hi - a.hi // 5) and s.seconds > 0]
    if a.hi < 1024 and len(tail) >= 10:
        xs = [math.log(s.n) for s in tail]
        ys = [math.log(s.seconds) for s in tail]
        mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
        slope = sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True)) / sum((x - mx) ** 2 for x in xs)
        rest = sum(math.exp(my + slope * (math.log(n) - mx)) for n in range(a.hi + 1, 1025))
        figures["projection_to_1024"] = {
            "power_law_exponent": round(slope, 2),
            "remaining_solve_seconds": round(rest),
            "total_wall_hours_if_workers_stay_busy": round((wall + rest / a.workers) / 3600, 2),
        }
    write("guess_sweep", figures)


if __name__ == "__main__":
    main()
