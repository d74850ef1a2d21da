"""Benchmark of the guessing game's column-generation master (issue 17, item 4): stabilisations and
master settings against the default, each pair timed back to back in one run (the 2-core machine is
shared, so only same-run comparisons mean anything), then the large N's.

    python bench/bench_guess_master.py --compare 500,510,1000 --ns 1023 --name guess_master
    python bench/bench_guess_master.py --compare "" --ns 1000,1023 --large-variant "" --anchor 9bd46c6,cb35461 \
        --name guess_anchor
    python bench/bench_guess_master.py --compare "" --ns 2048 --large-variant "" --name guess_2048

--anchor REV[,REV...] also solves each large N with the code of each git revision (a temporary worktree,
a process of its own, its JIT warmed up on a small N first), back to back with this code: the same-run
"before".
Per solve: wall seconds, iterations, master LP pivots, and the split LP / oracle / certificate (the
exact certificate is built and checked in every run: each value is proven).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from bench.common import peak_rss_gib, write
from parlour.analyses.guess.solve import solve_guess
from parlour.solvers.colgen import TraceStep

DEFAULT = ("default (2N rounds of no-regret play first; dense Devex master; Wentges c=0.95 x5 points; 5 extra "
           "trees/point within 0.001, narrowed to 10x the gap; purge after 10 idle solves)")
BEFORE = "the default before (no play first, extra trees within 0.001 throughout, purge after 30)"
VARIANTS: dict[str, dict[str, Any]] = {
    DEFAULT: {},
    BEFORE: {"harvest": 0, "slack_per_gap": 0.0, "purge_after": 30},
    "without the play first": {"harvest": 0},
    "without narrowing the extra trees to the gap": {"slack_per_gap": 0.0},
}


def run(n: int, **kwargs: Any) -> dict[str, Any]:
    t = time.perf_counter()

    def progress(step: TraceStep) -> None:  # a long run shows it is alive (stderr, every 50 rounds)
        if step.iteration % 50 == 0:
            print(f"  N = {n}: round {step.iteration}, {time.perf_counter() - t:.0f} s, bounds "
                  f"[{step.lower:.12g}, {step.upper:.12g}]", file=sys.stderr, flush=True)

    s = solve_guess(n, progress=progress, **kwargs)
    wall = time.perf_counter() - t
    return {
        "n": n,
        "certified": s.certified,
        "seconds": round(wall, 2),
        "iterations": s.iterations,
        "lp_pivots": s.counters.get("lp_iterations"),
        "lp_seconds": round(s.lp_seconds, 2),
        "oracle_seconds": round(s.oracle_seconds, 2),
        "certify_seconds": round(s.certify_seconds, 2),
        "other_seconds (unfold + check in the original game)": round(
            wall - s.lp_seconds - s.oracle_seconds - s.certify_seconds, 2),
        "columns_generated": s.columns_generated,
        "columns_from_the_play_first": s.counters.get("harvested_columns"),
        "final_master_rows": s.master_rows,
        "devex_weight_resets": s.counters.get("devex_resets"),
        "value_exact": f"{s.value.numerator}/{s.value.denominator}" if s.value is not None else None,
    }


ANCHOR_RUN = """
import json, sys, time
from parlour.analyses.guess.solve import solve_guess
solve_guess(200)  # the JIT compiles into this worktree's own cache: not timed
n = int(sys.argv[1])
t = time.perf_counter()
s = solve_guess(n)
print(json.dumps({"n": n, "certified": s.certified, "seconds": round(time.perf_counter() - t, 2),
                  "iterations": s.iterations, "lp_pivots": s.counters.get("lp_iterations"),
                  "lp_seconds": round(s.lp_seconds, 2), "oracle_seconds": round(s.oracle_seconds, 2),
                  "certify_seconds": round(s.certify_seconds, 2),
                  "value_exact": f"{s.value.numerator}/{s.value.denominator}" if s.value is not None else None}))
"""


def run_anchor(worktree: Path, n: int) -> dict[str, Any]:
    """V(n) solved by the anchor's code, in a process of its own (its src first on the path)."""
    out = subprocess.run([sys.executable, "-c", ANCHOR_RUN, str(n)], check=True, capture_output=True, text=True,
                         env={"PYTHONPATH": str(worktree / "src"), "PATH": "/usr/bin:/bin"})
    return dict(json.loads(out.stdout.strip().splitlines()[-1]))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--compare", default="500,510,1000", help="N's at which every variant runs")
    ap.add_argument("--ns", default="1023", help="large N's: the default and --large-variant")
    ap.add_argument("--large-variant", default=BEFORE, help='a variant also run at the large N\'s ("": none)')
    ap.add_argument("--anchor", default="", help="git revisions (comma-separated) whose code also solves the large N's")
    ap.add_argument("--name", default="guess_master")
    args = ap.parse_args()
    figures: dict[str, Any] = {"note": "2-core machine; compare only within this run (variants ran back to "
                                       "back)"}
    solve_guess(200)  # compile, or load the JIT cache: not timed
    compare: dict[str, Any] = {}
    for n in (int(v) for v in args.compare.split(",") if v):
        compare[str(n)] = {}
        for name, kwargs in VARIANTS.items():
            compare[str(n)][name] = run(n, **kwargs)
            print(n, name, compare[str(n)][name], flush=True)
    figures["compare"] = compare
    large: dict[str, Any] = {}
    anchors = [a for a in args.anchor.split(",") if a]
    with tempfile.TemporaryDirectory() as scratch:
        trees = {a: Path(scratch) / f"anchor-{k}" for k, a in enumerate(anchors)}
        for anchor, tree in trees.items():
            subprocess.run(["git", "worktree", "add", "--detach", str(tree), anchor], check=True, capture_output=True)
        figures["anchors"] = {a: subprocess.run(["git", "rev-parse", a], check=True, capture_output=True,
                                                text=True).stdout.strip() for a in anchors}
        try:
            for n in (int(v) for v in args.ns.split(",") if v):
                large[str(n)] = {}
                for name in (DEFAULT, args.large_variant):
                    if name:
                        large[str(n)][name] = run(n, **VARIANTS[name])
                        print(n, name, large[str(n)][name], flush=True)
                for anchor, tree in trees.items():
                    large[str(n)][f"anchor {anchor}"] = run_anchor(tree, n)
                    print(n, "anchor", anchor, large[str(n)][f"anchor {anchor}"], flush=True)
        finally:
            for tree in trees.values():
                subprocess.run(["git", "worktree", "remove", "--force", str(tree)], check=False)
    figures["large"] = large
    figures["targets (issue 17)"] = {"1000_seconds": 40, "1023_seconds": 60, "2048_minutes": 60}
    figures["peak_rss_gib"] = round(peak_rss_gib(), 3)
    write(args.name, figures)


if __name__ == "__main__":
    main()
