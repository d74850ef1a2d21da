"""A certified sweep of the guessing game over a range of N, as `parlour guess sweep` runs it (issue 4).

    .venv/bin/python bench/bench_guess_sweep.py --to 600             # N = 1..600, 2 local Dask workers
    .venv/bin/python bench/bench_guess_sweep.py --to 1024 --db sweep.sqlite   # the full target; resumable

Runs the command in a subprocess (wall time of the whole sweep, warm starts and Dask included), then
reads every stored solution back and writes bench/results/guess_sweep.json: per N the time,
iterations, LP and oracle time; totals; and, when the range stops short of 1024, a projection of the
rest by octaves (`_projection`). `--project-only --db STORE` rewrites the JSON from a filled store.
"""

from __future__ import annotations

import argparse
import json
import math
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from bench.common import write

RESULT = Path(__file__).parent / "results" / "guess_sweep.json"


def _projection(rows: list[Any], hi: int, wall: float, workers: int) -> dict[str, object]:
    """The rest of N <= 1024 by octaves: times are periodic in log N (dearest just below a power of
    two), so the last measured octave (2^(k-1), 2^k] times the growth from the octave before it
    predicts (2^k, 2^(k+1)]."""
    if hi >= 1024:
        return {}
    t = {s.n: s.seconds for s in rows}
    k = int(math.log2(hi))
    if any(n not in t for n in range(2 ** (k - 2) + 1, 2**k + 1)):
        return {}
    before = sum(t[n] for n in range(2 ** (k - 2) + 1, 2 ** (k - 1) + 1))
    last = sum(t[n] for n in range(2 ** (k - 1) + 1, 2**k + 1))
    growth = last / before
    rest = 0.0
    for n in range(hi + 1, 1025):
        octave = math.ceil(math.log2(n)) - k  # 1 for (2^k, 2^(k+1)], ...
        rest += t.get(n // 2**octave, 0.0) * growth**octave
    return {"projection_to_1024": {
        "octave_growth": round(growth, 2),
        "remaining_solve_seconds": round(rest),
        "total_wall_hours_if_workers_stay_busy": round((wall + rest / workers) / 3600, 2),
        "how": "each N beyond the range as the time of N / 2^j (measured) times the growth from octave "
               f"({2 ** (k - 2)}, {2 ** (k - 1)}] to ({2 ** (k - 1)}, {2**k}] per octave j",
    }}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--from", dest="lo", type=int, default=1)
    ap.add_argument("--to", dest="hi", type=int, default=600)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--db", type=Path, default=None, help="store to fill (default: a fresh temporary one)")
    ap.add_argument("--project-only", action="store_true", help="no sweep: the JSON again from --db")
    a = ap.parse_args()

    from parlour.games.guess.store import open_store

    with tempfile.TemporaryDirectory() as tmp:
        db = a.db or Path(tmp) / "sweep.sqlite"
        cmd = [sys.executable, "-m", "parlour", "guess", "sweep", "--from", str(a.lo), "--to", str(a.hi),
               "--db", str(db), "--workers", str(a.workers), "--quiet"]
        t0 = time.perf_counter()
        swept_by = None
        if a.project_only:  # recompute the JSON from a filled store and the recorded wall time
            before = json.loads(RESULT.read_text())
            wall = float(before["figures"]["wall_seconds"])
            swept_by = before["figures"].get("swept_by") or {k: before[k] for k in ("command", "when", "machine")}
        else:
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
    if swept_by is not None:
        figures["swept_by"] = swept_by  # the run that measured wall_seconds
    figures.update(_projection(rows, a.hi, float(figures["wall_seconds"]), a.workers))  # type: ignore[arg-type]
    write("guess_sweep", figures)


if __name__ == "__main__":
    main()
