"""The exact-LP recipe's five callers, timed on the code before the recipe (a base commit) and on this tree,
alternated in one run: zerosum (a random 60 x 60 integer matrix, the cow trade's 91 x 91 bid matrix),
signalled (a random 40 x 30 stage with 4 signals; a cow-trade end game, whose stages it solves, timed whole
and, as `signalled-endgame-stages`, its stage LPs alone, since the end game also runs its own proofs),
bayesian (the hidden-money last cow trade), the column-generation master (V(N) of the guessing game, the dense master
and the HiGHS one) and the guessing game's conjectures (Johnson's second for N = 30).

Every case runs in a fresh process on one tree (`PYTHONPATH=<tree>/src`), its first call untimed (numba's
compilation, caches), then `--repeat` timed calls (more for a fast case, until they add up to a second);
the two trees alternate case by case and round by round, which goes first swapping each round, so that the
machine's load falls on both alike. Each call's wall time and its process's CPU time are both kept: on a
shared machine the CPU time is the steadier of the two. Each case also reports its exact answer, which must
be the same on both trees.

Run: python -m bench.bench_exactlp --base 3a8fda0 [--rounds 3] [--repeat 3] [--cases zerosum-60 ...]
(`--base` is a commit: a temporary detached worktree of it is made and removed again.)
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bench.common import ROOT, revision_tree, write

MIN_SECONDS = 1.0  # a worker's timed calls: at least --repeat, and at least this long together


def _zerosum_random() -> Any:
    import numpy as np

    from parlour.solvers import zerosum

    matrix = np.random.default_rng(60).integers(-50, 51, (60, 60))
    return zerosum.solve(matrix).value_exact


def _zerosum_cowtrade() -> Any:
    from parlour.games.cowtrade import CowTrade
    from parlour.games.cowtrade.rules import payoff_matrix
    from parlour.solvers import zerosum

    # CowTrade itself (not a front door's helper): the game both trees build alike
    return zerosum.solve(payoff_matrix(CowTrade(90, 90, 1, (), ())), exact=True).value_exact


def _signalled_random() -> Any:
    import numpy as np

    from parlour.solvers import signalled

    matrix = np.random.default_rng(40).integers(-20, 21, (40, 30)).tolist()
    return signalled.solve_exact(matrix, [i % 4 for i in range(40)]).value


def _signalled_endgame() -> Any:
    import parlour.cowtrade

    return parlour.cowtrade.endgame(money=(3, 3), set_size=3).to_json()["value"]


@functools.cache
def _endgame_stages() -> list[tuple[str, Any, Any]]:
    """Every stage LP the cow-trade end game of `_signalled_endgame` hands to `signalled` (its float solves and
    its exact ones), recorded while it runs: its own proofs and iterations are not timed with them."""
    import parlour.cowtrade
    from parlour.solvers import signalled

    calls: list[tuple[str, Any, Any]] = []
    solvers = {"solve_exact": signalled.solve_exact, "solve_float": signalled.solve_float}

    def recording(kind: str) -> Callable[..., Any]:
        def solve(matrix: Any, signals: Any = None) -> Any:
            calls.append((kind, matrix, signals))
            return solvers[kind](matrix, signals)
        return solve

    # the stochastic solver calls `signalled.solve_*` through the module (both trees): swapped for the one run
    signalled.solve_exact, signalled.solve_float = recording("solve_exact"), recording("solve_float")  # type: ignore[assignment]
    try:
        parlour.cowtrade.endgame(money=(3, 3), set_size=3)
    finally:
        signalled.solve_exact, signalled.solve_float = solvers["solve_exact"], solvers["solve_float"]  # type: ignore[assignment]
    return calls


def _signalled_endgame_stages() -> Any:
    import hashlib

    from parlour.solvers import signalled

    stages = _endgame_stages()  # recorded in the untimed first call
    values = [getattr(signalled, kind)(matrix, signals).value for kind, matrix, signals in stages]
    # the answer: how many stage LPs and a digest of their values, the same on both trees when they solve alike
    return f"{len(stages)} stages, values {hashlib.sha256(repr(values).encode()).hexdigest()[:16]}"


def _bayesian_hidden() -> Any:
    from parlour.analyses.cowtrade.hidden import hidden_last_trade

    return hidden_last_trade(3, 1).value


def _colgen(master: str, n: int) -> Callable[[], Any]:
    def run() -> Any:
        from parlour.analyses.guess.solve import solve_guess

        return solve_guess(n, master=master, threads=1).value  # type: ignore[arg-type]
    return run


@functools.cache
def _guess_solution(n: int) -> Any:
    from parlour.analyses.guess.solve import solve_guess

    return solve_guess(n, threads=1)


def _conjectures() -> Any:
    from parlour.analyses.guess import conjectures as cj

    sol = _guess_solution(30)  # V(30) and Bob's trees: the claim's input, solved in the untimed first call
    assert sol.value is not None
    check = cj.some_optimal_alpha(30, sol.value, [t for t, _ in sol.bob], eq=cj.johnson_2(30))
    return (check.holds, check.margin)


CASES: dict[str, Callable[[], Any]] = {
    "zerosum-60": _zerosum_random,
    "zerosum-cowtrade-91": _zerosum_cowtrade,
    "signalled-40x30": _signalled_random,
    "signalled-endgame": _signalled_endgame,
    "signalled-endgame-stages": _signalled_endgame_stages,
    "bayesian-hidden-3": _bayesian_hidden,
    "colgen-guess-200-dense": _colgen("dense", 200),
    "colgen-guess-120-highs": _colgen("highs", 120),
    "conjectures-johnson2-30": _conjectures,
}


def worker(case: str, repeat: int) -> None:
    """One case on the tree this process imports parlour from: JSON on stdout."""
    import parlour

    fn = CASES[case]
    answer = fn()  # warm-up: numba compilation, caches; not timed
    seconds: list[float] = []
    cpu: list[float] = []  # the process's CPU time (all its threads): what other programs' load hardly moves
    while len(seconds) < repeat or sum(seconds) < MIN_SECONDS:  # a fast case is called until it adds up
        start, start_cpu = time.perf_counter(), time.process_time()
        answer = fn()
        seconds.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
    src = Path(parlour.__file__).resolve().parents[1]
    print(json.dumps({"seconds": seconds, "cpu_seconds": cpu, "answer": str(answer), "src": str(src)}))


def _run(tree: Path, case: str, repeat: int) -> dict[str, Any]:
    env = {**os.environ, "PYTHONPATH": str(tree / "src"), "NUMBA_NUM_THREADS": "1"}
    # the bench's own code from this tree (cwd), parlour from `tree` (PYTHONPATH comes first)
    out = subprocess.run([sys.executable, "-m", "bench.bench_exactlp", "--worker", case, "--repeat", str(repeat)],
                         env=env, capture_output=True, text=True, check=True, cwd=ROOT)
    record: dict[str, Any] = json.loads(out.stdout.strip().splitlines()[-1])
    if Path(record["src"]) != (tree / "src").resolve():
        raise RuntimeError(f"the worker imported parlour from another tree than {tree.name}")
    return record


def compare(base: Path, cases: list[str], rounds: int, repeat: int) -> dict[str, Any]:
    trees = {"base": base, "branch": ROOT}
    times: dict[str, dict[str, list[float]]] = {c: {"base": [], "branch": []} for c in cases}
    cpu: dict[str, dict[str, list[float]]] = {c: {"base": [], "branch": []} for c in cases}
    answers: dict[str, dict[str, str]] = {c: {} for c in cases}
    loads = []
    for r in range(rounds):
        for case in cases:
            for side in (("base", "branch") if r % 2 == 0 else ("branch", "base")):
                loads.append(os.getloadavg()[0])
                record = _run(trees[side], case, repeat)
                times[case][side] += record["seconds"]
                cpu[case][side] += record["cpu_seconds"]
                answers[case][side] = record["answer"]
                print(f"round {r + 1} {case:26s} {side:6s} median {statistics.median(record['seconds']):.3f} s, "
                      f"CPU {statistics.median(record['cpu_seconds']):.3f} s", flush=True)
    figures = {}
    for case in cases:
        base_s, branch_s = statistics.median(times[case]["base"]), statistics.median(times[case]["branch"])
        base_cpu, branch_cpu = statistics.median(cpu[case]["base"]), statistics.median(cpu[case]["branch"])
        figures[case] = {"base_median_s": base_s, "branch_median_s": branch_s, "branch_over_base": branch_s / base_s,
                         "base_best_s": min(times[case]["base"]), "branch_best_s": min(times[case]["branch"]),
                         "base_cpu_median_s": base_cpu, "branch_cpu_median_s": branch_cpu,
                         "branch_over_base_cpu": branch_cpu / base_cpu,
                         "base_cpu_best_s": min(cpu[case]["base"]), "branch_cpu_best_s": min(cpu[case]["branch"]),
                         "calls_each": len(times[case]["base"]),
                         "same_answer": answers[case]["base"] == answers[case]["branch"]}
    return {"cases": figures, "load_average_1min": {"min": min(loads), "max": max(loads),
                                                    "mean": statistics.fmean(loads)}}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--base", help="the commit to compare with (a detached worktree of it is made)")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--cases", nargs="*", default=list(CASES), choices=list(CASES))
    parser.add_argument("--worker", choices=list(CASES), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        worker(args.worker, args.repeat)
        return
    if not args.base:
        parser.error("--base COMMIT is needed: the code to compare this tree with")
    base_rev = subprocess.run(["git", "-C", str(ROOT), "rev-parse", args.base], check=True, capture_output=True,
                              text=True).stdout.strip()
    branch_rev = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "HEAD"], check=True, capture_output=True,
                                text=True).stdout.strip()
    with revision_tree(base_rev) as base:
        figures = compare(base, args.cases, args.rounds, args.repeat)
    write("exactlp", {"base": base_rev, "branch": branch_rev, "rounds": args.rounds, "repeat": args.repeat,
                             "numba_threads": 1, **figures})


if __name__ == "__main__":
    main()
