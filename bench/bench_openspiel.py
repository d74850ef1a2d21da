"""parlour against OpenSpiel's own solvers on OpenSpiel's games, side by side in one run (issue 45 item 2).

For each game (default kuhn_poker, leduc_poker, liars_dice(numdice=1)) three methods, each call in a fresh
process (its own import, its own peak memory), the methods' order rotated round by round so that the machine's
load falls on all alike:

* `parlour`: `parlour.solve("openspiel:GAME")`, the walk into the sequence form included: its value, exact or
  with a proven interval (the width is what it proves);
* `lp`: OpenSpiel's `sequence_form_lp.solve_zero_sum_game` (cvxpy with ECOS, dense matrices): its float value
  and, untimed, the exploitability of its strategies by OpenSpiel's best responses;
* `cfr+`: OpenSpiel's C++ `pyspiel.CFRPlusSolver`, iterated until the exploitability of its average strategy
  (`pyspiel.exploitability`: the mean of the two players' best-response gains) is at most `--target` (1e-6:
  parlour is exact or proves an interval below 1e-14 on these games, which no float method can match), or
  until `--cfr-seconds`; the exploitability is computed after 1, 2, 3, 5, 8, ... iterations, and only the
  iterations' own time is counted as its seconds (the checks' time is reported beside it).

Each worker runs under an address-space limit (`--memory-gib`, default 8): OpenSpiel's LP on liars_dice(numdice=1)
asks for more than 20 GB and then fails with a MemoryError, recorded as such, rather than taking the machine down.
Seconds are wall and CPU of the solve alone (the import and the game's loading excluded, parlour's walk included).
The record (bench/results/openspiel.json) holds the machine, its load before and after, the command and every call.

Run: python -m bench.bench_openspiel [--rounds 3] [--games kuhn_poker leduc_poker] [--cfr-seconds 600]
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import time
from typing import Any

from bench.common import ROOT, peak_rss_gib, write

GAMES = ("kuhn_poker", "leduc_poker", "liars_dice(numdice=1)")
METHODS = ("parlour", "lp", "cfr+")


def _parlour(name: str, args: argparse.Namespace) -> dict[str, Any]:
    import parlour

    wall, cpu = time.perf_counter(), time.process_time()
    result = parlour.solve(f"openspiel:{name}")
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    low, high = result.value_bounds
    return {"value": float(result.value), "value_exact": str(result.value) if result.exact else None,
            "width": float(high - low), "status": result.status.value, "wall_s": wall, "cpu_s": cpu}


def _lp(name: str, args: argparse.Namespace) -> dict[str, Any]:
    import pyspiel
    from open_spiel.python.algorithms import exploitability, sequence_form_lp

    game = pyspiel.load_game(name)
    wall, cpu = time.perf_counter(), time.process_time()
    value, _, pi1, pi2 = sequence_form_lp.solve_zero_sum_game(game)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    from open_spiel.python import policy

    joint = policy.merge_tabular_policies([pi1, pi2], game)
    return {"value": float(value), "exploitability": float(exploitability.exploitability(game, joint)),
            "wall_s": wall, "cpu_s": cpu}


def _cfr(name: str, args: argparse.Namespace) -> dict[str, Any]:
    import pyspiel

    game = pyspiel.load_game(name)
    solver = pyspiel.CFRPlusSolver(game)
    wall = cpu = checks = 0.0
    iterations, check_at, gap = 0, 1, float("inf")
    while gap > args.target and wall < args.cfr_seconds:
        w, c = time.perf_counter(), time.process_time()
        while iterations < check_at:
            solver.evaluate_and_update_policy()
            iterations += 1
        wall, cpu = wall + time.perf_counter() - w, cpu + time.process_time() - c
        w = time.perf_counter()
        average = solver.average_policy()
        gap = pyspiel.exploitability(game, average)
        checks += time.perf_counter() - w
        check_at = max(check_at + 1, int(check_at * 1.6))
    value = pyspiel.expected_returns(game.new_initial_state(), average, -1, True)[0]
    return {"value": float(value), "exploitability": float(gap), "reached": gap <= args.target,
            "iterations": iterations, "wall_s": wall, "cpu_s": cpu, "check_wall_s": checks}


WORKERS = {"parlour": _parlour, "lp": _lp, "cfr+": _cfr}


def _worker(method: str, name: str, args: argparse.Namespace) -> None:
    limit = int(args.memory_gib * 2**30)
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    try:
        out = WORKERS[method](name, args)
    except MemoryError:
        out = {"error": f"MemoryError (address space limited to {args.memory_gib:g} GiB)"}
    print(json.dumps({**out, "peak_rss_gib": round(peak_rss_gib(), 3)}))


def _call(method: str, name: str, args: argparse.Namespace) -> dict[str, Any]:
    command = [sys.executable, "-m", "bench.bench_openspiel", "--case", method, name, "--target", str(args.target),
               "--cfr-seconds", str(args.cfr_seconds), "--memory-gib", str(args.memory_gib)]
    proc = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)
    lines = proc.stdout.strip().splitlines()
    if proc.returncode != 0 or not lines:
        return {"error": (proc.stderr.strip().splitlines() or [f"exit {proc.returncode}"])[-1]}
    return dict(json.loads(lines[-1]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", nargs="+", default=list(GAMES))
    parser.add_argument("--methods", nargs="+", default=list(METHODS), choices=METHODS)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--target", type=float, default=1e-6)
    parser.add_argument("--cfr-seconds", type=float, default=600.0)
    parser.add_argument("--memory-gib", type=float, default=8.0)
    parser.add_argument("--case", nargs=2, metavar=("METHOD", "GAME"), help=argparse.SUPPRESS)
    parser.add_argument("--name", default="openspiel", help="the results file: bench/results/NAME.json")
    args = parser.parse_args()
    if args.case:
        _worker(args.case[0], args.case[1], args)
        return
    load_before = os.getloadavg()
    calls: list[dict[str, Any]] = []
    for r in range(args.rounds):
        for name in args.games:
            shift = r % len(args.methods)
            for method in args.methods[shift:] + args.methods[:shift]:
                out = _call(method, name, args)
                calls.append({"round": r, "game": name, "method": method, "load": os.getloadavg()[0], **out})
                print(json.dumps(calls[-1]), flush=True)
    write(args.name, {"load_before": load_before, "load_after": os.getloadavg(), "target": args.target,
                      "cfr_seconds": args.cfr_seconds, "memory_gib": args.memory_gib, "calls": calls,
                      "median_wall_s": _medians(calls)})


def _medians(calls: list[dict[str, Any]]) -> dict[str, dict[str, float | None]]:
    """Per game and method, the median wall seconds of the calls that answered."""
    import statistics

    out: dict[str, dict[str, float | None]] = {}
    for call in calls:
        out.setdefault(call["game"], {}).setdefault(call["method"], None)
    for game, methods in out.items():
        for method in methods:
            times = [c["wall_s"] for c in calls if (c["game"], c["method"]) == (game, method) and "wall_s" in c]
            methods[method] = round(statistics.median(times), 4) if times else None
    return out


if __name__ == "__main__":
    main()
