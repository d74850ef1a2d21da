"""A certified sweep of the guessing game over a range of N, as `parlour guess sweep` runs it (issue 4).

    .venv/bin/python bench/bench_guess_sweep.py --to 600             # N = 1..600, 2 local Dask workers
    .venv/bin/python bench/bench_guess_sweep.py --to 1024 --db sweep.sqlite --stop-after 7200
    .venv/bin/python bench/bench_guess_sweep.py --to 1024 --db sweep.sqlite --continue   # the rest

Runs the command in a subprocess (wall time of the whole sweep, warm starts and Dask included), then
reads every stored solution back and writes bench/results/guess_sweep.json: per N the time,
iterations, LP and oracle time; totals; and, while N's up to 1024 are missing, a projection of the
rest by octaves (`_projection`). `--project-only --db STORE` rewrites the JSON from a filled store.

A sweep longer than a sitting runs in pieces: `--stop-after S` stops the sweep after S seconds (the
N's in flight are lost, their time is counted), `--continue` resumes it from the store and adds its
wall time to the pieces recorded before in the JSON; the total wall time is the sum of the pieces.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import signal
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


def _sweep(cmd: list[str], stop_after: float) -> tuple[float, bool]:
    """(wall seconds, stopped early): the sweep in its own process group, stopped (with its Dask
    workers) after `stop_after` seconds when that is > 0."""
    t0 = time.perf_counter()
    proc = subprocess.Popen(cmd, start_new_session=True)
    try:
        proc.wait(timeout=stop_after or None)
        if proc.returncode:
            raise SystemExit(f"the sweep failed with exit code {proc.returncode}")
        return time.perf_counter() - t0, False
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
        return time.perf_counter() - t0, True


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--from", dest="lo", type=int, default=1)
    ap.add_argument("--to", dest="hi", type=int, default=600)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--db", type=Path, default=None, help="store to fill (default: a fresh temporary one)")
    ap.add_argument("--project-only", action="store_true", help="no sweep: the JSON again from --db")
    ap.add_argument("--stop-after", type=float, default=0.0, help="stop the sweep after this many seconds")
    ap.add_argument("--continue", dest="resume", action="store_true",
                    help="add this piece to the pieces of the same sweep recorded in the JSON")
    a = ap.parse_args()
    if (a.resume or a.stop_after) and a.db is None:
        ap.error("--continue and --stop-after need --db: the store is what carries the sweep over")

    from parlour.analyses.guess.store import open_store

    before = json.loads(RESULT.read_text()) if RESULT.exists() else None
    pieces: list[dict[str, Any]] = []
    if a.resume or a.project_only:
        if before is None or before["figures"].get("range") != [a.lo, a.hi] or "pieces" not in before["figures"]:
            raise SystemExit(f"{RESULT} records no pieces of a sweep over {a.lo}..{a.hi}")
        pieces = list(before["figures"]["pieces"])
    with tempfile.TemporaryDirectory() as tmp:
        db = a.db or Path(tmp) / "sweep.sqlite"
        cmd = [sys.executable, "-m", "parlour", "guess", "sweep", "--from", str(a.lo), "--to", str(a.hi),
               "--db", str(db), "--workers", str(a.workers), "--quiet"]
        if not a.project_only:
            with open_store(db) as store:
                had = len(store.solved() & set(range(a.lo, a.hi + 1)))
            wall, stopped = _sweep(cmd, a.stop_after)
        with open_store(db) as store:
            rows = sorted((s for s in store.all() if a.lo <= s.n <= a.hi), key=lambda s: s.n)
        if not a.project_only:
            pieces.append({"command": " ".join([Path(sys.executable).name, *sys.argv]),
                           "when": time.strftime("%Y-%m-%dT%H:%M:%S%z"), "wall_seconds": round(wall, 1),
                           "solved_in_piece": sum(s.certified for s in rows) - had, "stopped_early": stopped})
    per_n = [{"n": s.n, "certified": s.certified, "seconds": round(s.seconds, 3), "iterations": s.iterations,
              "lp_seconds": round(s.lp_seconds, 3), "oracle_seconds": round(s.oracle_seconds, 3)} for s in rows]
    wall = sum(float(p["wall_seconds"]) for p in pieces)
    figures: dict[str, object] = {
        "range": [a.lo, a.hi],
        "workers": a.workers,
        "wall_seconds": round(wall, 1),
        "pieces": pieces,
        "solved": len(rows),
        "complete": len(rows) == a.hi - a.lo + 1,
        "all_certified": all(s.certified for s in rows),
        "solve_seconds_sum": round(sum(s.seconds for s in rows), 1),
        "slowest": sorted(per_n, key=lambda r: -float(r["seconds"]))[:10],  # type: ignore[arg-type]
        "per_n": per_n,
    }
    solved, done = {s.n for s in rows}, a.lo - 1  # the projection needs an unbroken run of N's from 1
    while done + 1 in solved:
        done += 1
    if a.lo == 1 and 8 <= done < 1024:
        figures.update(_projection(rows, done, wall, a.workers))
    write("guess_sweep", figures)


if __name__ == "__main__":
    main()
