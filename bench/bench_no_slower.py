"""No slower (issue 47 item 7): seven games solved from the command line under a base revision and under this
checkout, alternated in one run, so both see the same machine; none may be more than 5 % slower. Usage:

    python bench/bench_no_slower.py --base d2a3861 [--rounds 5] [--cases pig,kuhn] [--threads N] [--name NAME]

The base revision is checked out into a temporary git worktree (or, with --base-src DIR, run from a folder
holding its `src`: a machine the tree was copied to without its history) and run from its source with this
checkout's virtual environment. Every run is a process of its own (`python -m parlour ...` with PYTHONPATH at
one code's src), from the repository root, so both codes solve the same game files (this checkout's examples
and bench/leduc_poker.py); each case is run once per code untimed first (numba compiles into a cache of its
own per code, the Goose's state space is built into a fresh PARLOUR_CACHE), then timed `--rounds` times, the
order of the two codes swapped every round. A case whose command the base revision lacks (its CLI refuses it)
is timed under this checkout only and says so.

Written: bench/results/no_slower.json (--name NAME: no_slower_NAME.json): the machine, the load average
before and after, the command to rerun it, and per case the median wall and CPU seconds of each code, this
over base, and whether this is more than 5 % slower (by the wall medians).
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from contextlib import AbstractContextManager, nullcontext
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from bench.bench_markov_against import short_rev
from bench.common import ROOT, revision_tree, write

# Each case's `parlour` arguments, run from the repository root (--quiet is added: no progress bar).
CASES: dict[str, tuple[str, ...]] = {
    "pig": ("solve", "examples/pig.py"),  # Pig to 100, certified to 1e-10
    "kuhn": ("solve", "examples/kuhn_poker.py"),
    "leduc": ("solve", "bench/leduc_poker.py"),  # a Leduc-size tree: 9,457 nodes
    "snakes-2p-exact": ("solve", "examples/snakes-and-ladders.toml", "--players", "2"),
    # every start with 8 money in all (162 starts): where the separate-games choice is wrong
    "cowtrade-quartet-table": ("cowtrade", "quartets", "--money1", "4", "--money2", "4", "--table"),
    # a set of 6 at 3-3 with 1 against 1 (issue 35): play may cycle, the value is an exact 0
    "cowtrade-endgame-set-of-6": ("cowtrade", "endgame", "--set-size", "6", "--animals1", "3", "--money1", "1",
                                  "--money2", "1"),
    "goose-3p": ("goose", "solve", "--players", "3"),
}
SLOWER = 1.05  # this over base, by the median wall seconds: "more than 5 % slower"


def run(case: str, source: Path, env: dict[str, str]) -> dict[str, Any]:
    """One process solving `case` under the code in `source` (a src folder): wall and CPU seconds (user +
    system of the child), the load average before, and the exit code with the last line of its errors."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    load = os.getloadavg()[0]
    t0 = time.perf_counter()
    out = subprocess.run([sys.executable, "-m", "parlour", *CASES[case], "--quiet"], cwd=ROOT, check=False,
                         stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                         env={**env, "PYTHONPATH": str(source)})
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    got: dict[str, Any] = {"wall_s": round(wall, 3), "cpu_s": round(cpu, 3), "load_1min_before": round(load, 2)}
    if out.returncode != 0:
        got.update(exit_code=out.returncode, error=(out.stderr.strip().splitlines() or ["(no message)"])[-1])
    return got


def lacks_command(result: dict[str, Any]) -> bool:
    """Whether a failed run is the CLI refusing the command line (click's usage error: exit code 2, "No such
    command" / "No such option"), i.e. the revision has no such command, rather than the solve failing."""
    return result.get("exit_code") == 2 and "No such" in result.get("error", "")


def summary(runs: list[dict[str, Any]], missing: str | None) -> dict[str, Any]:
    """A case's medians per code, this over base, and the verdict."""
    out: dict[str, Any] = {}
    for code in ("base", "this"):
        mine = [r for r in runs if r["code"] == code and "exit_code" not in r]
        if mine:
            out[f"{code}_median_wall_s"] = round(statistics.median(r["wall_s"] for r in mine), 3)
            out[f"{code}_median_cpu_s"] = round(statistics.median(r["cpu_s"] for r in mine), 3)
    if missing is not None:
        out["base_lacks_the_command"] = missing
    if "base_median_wall_s" in out and "this_median_wall_s" in out:
        out["wall_this_over_base"] = round(out["this_median_wall_s"] / out["base_median_wall_s"], 3)
        out["cpu_this_over_base"] = round(out["this_median_cpu_s"] / max(out["base_median_cpu_s"], 1e-9), 3)
        out["more_than_5_percent_slower"] = out["wall_this_over_base"] > SLOWER
    failed = [r for r in runs if "exit_code" in r and not (r["code"] == "base" and missing is not None)]
    if failed:
        out["failed_runs"] = len(failed)
    return out


def measure(cases: list[str], rounds: int, sources: dict[str, Path], env: dict[str, str]) -> dict[str, Any]:
    """Every case warmed once per code, then `rounds` rounds of every case, the two codes' order swapped every
    round; per case its runs and `summary`."""
    missing: dict[str, str] = {}
    for case in cases:
        for code, source in sources.items():
            warm = run(case, source, env)
            print(case, code, "warm", warm, flush=True)
            if code == "base" and lacks_command(warm):
                missing[case] = warm["error"]
    runs: dict[str, list[dict[str, Any]]] = {case: [] for case in cases}
    for r in range(rounds):
        order = ("base", "this") if r % 2 == 0 else ("this", "base")
        for case in cases:
            for code in order:
                if code == "base" and case in missing:
                    continue
                runs[case].append({"round": r + 1, "code": code, **run(case, sources[code], env)})
                print(case, runs[case][-1], flush=True)
    return {case: {"command": "parlour " + " ".join(CASES[case]), **summary(runs[case], missing.get(case)),
                   "runs": runs[case]} for case in cases}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--base", required=True, help="the earlier revision (with --base-src: its name only)")
    ap.add_argument("--base-src", type=Path, default=None, help="a folder holding the base's src")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--cases", default=",".join(CASES), help=f"comma-separated, of: {', '.join(CASES)}")
    ap.add_argument("--threads", type=int, default=0, help="NUMBA_NUM_THREADS for both (0: numba's default)")
    ap.add_argument("--name", default="", help="result file suffix: bench/results/no_slower_NAME.json")
    args = ap.parse_args()
    cases = [c for c in args.cases.split(",") if c]
    unknown = [c for c in cases if c not in CASES]
    if unknown:
        raise SystemExit(f"unknown cases {unknown}; the cases are {', '.join(CASES)}")
    dirty = bool(subprocess.run(["git", "status", "--porcelain", "src", "bench/leduc_poker.py"], cwd=ROOT,
                                capture_output=True, text=True, check=False).stdout.strip())
    tree: AbstractContextManager[Path] = (nullcontext(args.base_src) if args.base_src
                                          else revision_tree(short_rev(args.base)))
    load_before = [round(x, 2) for x in os.getloadavg()]
    with tree as base_tree, tempfile.TemporaryDirectory(prefix="parlour-no-slower-") as tmp:
        sources = {"base": Path(base_tree).resolve() / "src", "this": ROOT / "src"}
        # a fresh numba cache per code: this checkout's own __pycache__ may hold kernels compiled before a change
        # to a function they inline from another module, which numba's cache does not notice
        env = {**os.environ, "PARLOUR_CACHE": str(Path(tmp) / "parlour"), "NUMBA_CACHE_DIR": str(Path(tmp) / "numba")}
        if args.threads:
            env["NUMBA_NUM_THREADS"] = str(args.threads)
        figures = measure(cases, args.rounds, sources, env)
    slower = [c for c, f in figures.items() if f.get("more_than_5_percent_slower")]
    write(f"no_slower_{args.name}" if args.name else "no_slower", {
        "note": "each run a process of its own from the repository root, after one untimed run per case and code; "
                "the two codes alternated, base first in odd rounds; medians over the rounds; 'more than 5 % "
                "slower' compares the wall medians (CPU medians beside them: the machine may be shared)",
        "base": short_rev(args.base), "this": short_rev("HEAD") + ("+changes" if dirty else ""),
        "rounds": args.rounds, "numba_threads": args.threads or "default",
        "load_average_before": load_before, "load_average_after": [round(x, 2) for x in os.getloadavg()],
        "more_than_5_percent_slower": slower,
        "base_lacks_the_command": [c for c, f in figures.items() if "base_lacks_the_command" in f],
        "cases": figures,
    })
    for case, f in figures.items():
        print(f"{case}: base {f.get('base_median_wall_s', '-')} s, this {f.get('this_median_wall_s', '-')} s, "
              f"this/base {f.get('wall_this_over_base', '-')}" + (" (base lacks the command)"
                                                                  if "base_lacks_the_command" in f else ""))


if __name__ == "__main__":
    main()
