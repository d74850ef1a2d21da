"""parlour against OpenSpiel's own solvers on OpenSpiel's games, side by side in one run (issue 45 item 2).

For each game (default kuhn_poker, leduc_poker, liars_dice(numdice=1)) these methods, each call in a fresh
process (its own import, its own peak memory), the methods' order rotated round by round when there are
several rounds, so that the machine's load falls on all alike:

* `parlour`: `parlour.solve("openspiel:GAME")`, the walk into the sequence form included: its value, exact or
  with a proven interval (the width is what it proves);
* `parlour-module` and `parlour-efg`, for the games parlour also has as a module of its own (kuhn_poker:
  examples/kuhn_poker.py, leduc_poker: bench/leduc_poker.py): `parlour.solve` on the module, and on the .efg
  file written from it (written untimed first): the same exact value from all three sources (`agree`);
* `lp`: OpenSpiel's `sequence_form_lp.solve_zero_sum_game` (cvxpy with ECOS, dense matrices): its float value
  and, untimed, the exploitability of its strategies by OpenSpiel's best responses;
* `cfr+`: OpenSpiel's C++ `pyspiel.CFRPlusSolver`, iterated until the exploitability of its average strategy
  (`pyspiel.exploitability`: the mean of the two players' best-response gains) is at most each accuracy of
  `--accuracies` in turn (default 1e-2 down to 1e-4; parlour is exact on these games, which no float method
  can match, so CFR+ is timed to the accuracies it can reach), or until `--cfr-seconds`. The exploitability is
  computed after 1, 2, 3, 5, 8, ... iterations (each check is a full best response: on liars_dice it costs
  more than an iteration), so an accuracy is reached at the first check that shows it: the iterations and
  seconds are those of that check, at most 1.6 times the fewest that would do. Only the iterations' own time
  is counted as seconds (the checks' time is reported beside it).

Each worker runs under an address-space limit (`--memory-gib`, default 8): OpenSpiel's LP on liars_dice(numdice=1)
asks for more than 20 GB and then fails with a MemoryError, recorded as such, rather than taking the machine down.
Seconds are wall and CPU of the solve alone (the import and the game's loading excluded, parlour's walk included).
The record (bench/results/openspiel.json) holds the machine, its load before and after, the command, every call
and a summary per game and method (median wall seconds; for CFR+ the seconds to each accuracy).

Run from the repository root: python -m bench.bench_openspiel [--rounds 1] [--games kuhn_poker leduc_poker]
[--cfr-seconds 300] [--accuracies 1e-2 1e-3 1e-4]
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from bench.common import ROOT, peak_rss_gib, write

GAMES = ("kuhn_poker", "leduc_poker", "liars_dice(numdice=1)")
METHODS = ("parlour", "parlour-module", "parlour-efg", "lp", "cfr+")
# parlour's own modules of the same games (the same value as OpenSpiel's: the tests check it)
MODULES = {"kuhn_poker": "examples/kuhn_poker.py", "leduc_poker": "bench/leduc_poker.py"}
ACCURACIES = (1e-2, 1e-3, 1e-4)


def _solved(game: Any) -> dict[str, Any]:
    import importlib

    import parlour

    # imported untimed, as the other methods' modules are: parlour's front door loads them on first use (1.2 s
    # of a cold Kuhn poker's 1.26 s)
    for module in ("parlour.toolkit.front", "parlour.toolkit.tree", "parlour.solvers.openspiel", "pyspiel"):
        importlib.import_module(module)
    wall, cpu = time.perf_counter(), time.process_time()
    result = parlour.solve(game)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    low, high = result.value_bounds
    return {"value": float(result.value), "value_exact": str(result.value) if result.exact else None,
            "width": float(high - low), "status": result.status.value, "wall_s": wall, "cpu_s": cpu}


def _parlour(name: str, args: argparse.Namespace) -> dict[str, Any]:
    return _solved(f"openspiel:{name}")


def _parlour_module(name: str, args: argparse.Namespace) -> dict[str, Any]:
    return _solved(ROOT / MODULES[name])


def _parlour_efg(name: str, args: argparse.Namespace) -> dict[str, Any]:
    import tempfile

    from parlour.toolkit.front import write_efg

    with tempfile.TemporaryDirectory(prefix="parlour-bench-") as tmp:
        path = write_efg(ROOT / MODULES[name], Path(tmp) / f"{name}.efg")
        return _solved(path)


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
    pending = sorted(args.accuracies, reverse=True)
    reached: dict[str, dict[str, float]] = {}
    while pending and (iterations == 0 or wall < args.cfr_seconds):
        w, c = time.perf_counter(), time.process_time()
        while iterations < check_at:
            solver.evaluate_and_update_policy()
            iterations += 1
        wall, cpu = wall + time.perf_counter() - w, cpu + time.process_time() - c
        w = time.perf_counter()
        average = solver.average_policy()
        gap = pyspiel.exploitability(game, average)
        checks += time.perf_counter() - w
        while pending and gap <= pending[0]:
            reached[f"{pending.pop(0):g}"] = {"iterations": iterations, "wall_s": wall, "cpu_s": cpu}
        check_at = max(check_at + 1, int(check_at * 1.6))
    value = pyspiel.expected_returns(game.new_initial_state(), average, -1, True)[0]
    return {"value": float(value), "exploitability": float(gap), "reached": reached,
            "unreached": [f"{a:g}" for a in pending], "iterations": iterations, "wall_s": wall, "cpu_s": cpu,
            "check_wall_s": checks}


WORKERS = {"parlour": _parlour, "parlour-module": _parlour_module, "parlour-efg": _parlour_efg, "lp": _lp,
           "cfr+": _cfr}


def _worker(method: str, name: str, args: argparse.Namespace) -> None:
    limit = int(args.memory_gib * 2**30)
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    try:
        out = WORKERS[method](name, args)
    except MemoryError:
        out = {"error": f"MemoryError (address space limited to {args.memory_gib:g} GiB)"}
    print(json.dumps({**out, "peak_rss_gib": round(peak_rss_gib(), 3)}))


def _call(method: str, name: str, args: argparse.Namespace) -> dict[str, Any]:
    command = [sys.executable, "-m", "bench.bench_openspiel", "--case", method, name, "--cfr-seconds",
               str(args.cfr_seconds), "--memory-gib", str(args.memory_gib), "--accuracies",
               *map(str, args.accuracies)]
    proc = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)
    lines = proc.stdout.strip().splitlines()
    if proc.returncode != 0 or not lines:
        return {"error": (proc.stderr.strip().splitlines() or [f"exit {proc.returncode}"])[-1]}
    return dict(json.loads(lines[-1]))


def _arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", nargs="+", default=list(GAMES))
    parser.add_argument("--methods", nargs="+", default=list(METHODS), choices=METHODS)
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--accuracies", nargs="+", type=float, default=list(ACCURACIES),
                        help="the exploitabilities CFR+ is timed to (default: 1e-2 1e-3 1e-4)")
    parser.add_argument("--cfr-seconds", type=float, default=300.0, help="CFR+'s iterations' time, per call")
    parser.add_argument("--memory-gib", type=float, default=8.0)
    parser.add_argument("--case", nargs=2, metavar=("METHOD", "GAME"), help=argparse.SUPPRESS)
    parser.add_argument("--name", default="openspiel", help="the results file: bench/results/NAME.json")
    return parser.parse_args()


def main() -> None:
    args = _arguments()
    if args.case:
        _worker(args.case[0], args.case[1], args)
        return
    load_before = os.getloadavg()
    calls: list[dict[str, Any]] = []
    for r in range(args.rounds):
        for name in args.games:
            methods = [m for m in args.methods if name in MODULES or m not in ("parlour-module", "parlour-efg")]
            shift = r % len(methods)
            for method in methods[shift:] + methods[:shift]:
                out = _call(method, name, args)
                calls.append({"round": r, "game": name, "method": method, "load": os.getloadavg()[0], **out})
                print(json.dumps(calls[-1]), flush=True)
    write(args.name, {"load_before": load_before, "load_after": os.getloadavg(), "accuracies": args.accuracies,
                      "cfr_seconds": args.cfr_seconds, "memory_gib": args.memory_gib, "calls": calls,
                      "summary": _summary(calls)})


def _median(values: list[float]) -> float | None:
    import statistics

    return round(statistics.median(values), 4) if values else None


def _summary(calls: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """Per game: each method's median wall seconds over the calls that answered, CFR+'s median seconds to each
    accuracy (None where a round did not reach it), and whether parlour's sources agree on one exact value
    (None with one source)."""
    out: dict[str, dict[str, Any]] = {}
    for game in dict.fromkeys(c["game"] for c in calls):
        mine = [c for c in calls if c["game"] == game]
        figures: dict[str, Any] = {}
        for method in dict.fromkeys(c["method"] for c in mine):
            runs = [c for c in mine if c["method"] == method]
            figures[method] = {"wall_s": _median([c["wall_s"] for c in runs if "wall_s" in c])}
            if method == "cfr+":
                accuracies = dict.fromkeys(a for c in runs for a in [*c.get("reached", {}), *c.get("unreached", [])])
                figures[method]["to_accuracy_wall_s"] = {
                    a: None if any(a not in c.get("reached", {}) for c in runs)
                    else _median([c["reached"][a]["wall_s"] for c in runs]) for a in accuracies}
        sources = [c.get("value_exact") for c in mine if c["method"].startswith("parlour")]
        figures["agree"] = len(set(sources)) == 1 and None not in sources if len(sources) > 1 else None
        out[game] = figures
    return out


if __name__ == "__main__":
    main()
