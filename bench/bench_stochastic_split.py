"""The stochastic-game engine before and after it became a package (issue 35, item 3): the same games, the
same counts. A split that moved code without changing it does the same work: every count the solve keeps
(sweeps, exact stage solves, exact checks, strategy rounds, ...) and every proven value must be equal, and
the CPU seconds should match. Counts do not depend on the load; wall-clock seconds do (the load average is
written beside them), CPU seconds much less.

Run: python -m bench.bench_stochastic_split [--label after] [--out NAME]
     (with the code to measure first on PYTHONPATH; the JSON names the commit it ran)

The games: Everett's recursive game (no optimal stationary strategy: the pessimistic-game fallback),
40 random cyclic games of 30 states (value iteration, exact fixed points, certified bounds) and 40
random acyclic ones (backward induction), all seeded.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import subprocess
import time
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

import numpy as np

from bench.common import write
from parlour.solvers import stochastic
from parlour.solvers.stochastic import End, Lottery, Stage


class Everett:
    """(a, c) repeats, (b, d) ends at 0, the other two cells end at 1: value 1, never reached."""

    def stage(self, state: str) -> Stage:
        return Stage(1, ("a", "b"), ("c", "d"), ((0, 1), (1, 2)), ("A", End(Fraction(1)), End(Fraction(0))))


@dataclass(frozen=True)
class Table:
    stages: dict[int, Stage]

    def stage(self, state: int) -> Stage:
        return self.stages[state]


def random_game(seed: int, n: int, acyclic: bool) -> Table:
    """n states of simultaneous 2x2 stages; each cell ends, moves, or draws between moving and ending."""
    rng = np.random.default_rng(seed)
    stages = {}
    for s in range(n):
        targets: list[Any] = []
        for _ in range(4):
            later = [t for t in range(n) if not acyclic or t > s]
            kind = rng.integers(0, 3)
            if kind == 0 or not later:
                targets.append(End(Fraction(int(rng.integers(-3, 4)), 2)))
            elif kind == 1:
                targets.append(int(rng.choice(later)))
            else:
                targets.append(Lottery(((Fraction(1, 3), int(rng.choice(later))),
                                        (Fraction(2, 3), End(Fraction(int(rng.integers(-2, 3))))))))
        stages[s] = Stage(int(rng.integers(1, 3)), ("r0", "r1"), ("c0", "c1"), ((0, 1), (2, 3)), tuple(targets))
    return Table(stages)


def solved(game: Any, roots: list[Any]) -> tuple[dict[str, int], str, float, float]:
    """The solve's counts, a digest of every state's proven bounds, its seconds and its CPU seconds (this
    process's: on a shared machine the wall clock mostly measures the other processes)."""
    t0, c0 = time.perf_counter(), time.process_time()
    sol = stochastic.solve(game, roots, tol=1e-12, max_sweeps=2_000)
    seconds, cpu = time.perf_counter() - t0, time.process_time() - c0
    digest = hashlib.sha256(repr([(s.lower, s.upper) for s in sol.solutions]).encode()).hexdigest()[:16]
    return dict(sol.counters), digest, seconds, cpu


def run_set(games: list[tuple[Any, list[Any]]]) -> dict[str, Any]:
    counts: dict[str, int] = {}
    digests = []
    seconds = cpu = 0.0
    for game, roots in games:
        c, d, s, p = solved(game, roots)
        for k, v in c.items():
            counts[k] = counts.get(k, 0) + v
        digests.append(d)
        seconds += s
        cpu += p
    return {"games": len(games), "counters": dict(sorted(counts.items())),
            "bounds_digest": hashlib.sha256("".join(digests).encode()).hexdigest()[:16], "seconds": round(seconds, 3),
            "cpu_seconds": round(cpu, 3)}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--label", default="after")
    parser.add_argument("--out", default="stochastic_split")
    args = parser.parse_args()
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True,
                            cwd=Path(stochastic.__file__).parent, check=False).stdout.strip()
    load_before = os.getloadavg()[0]
    figures = {
        "label": args.label,
        "code": {"commit": commit, "stochastic_is_a_package": Path(stochastic.__file__).name == "__init__.py"},
        "everett": run_set([(Everett(), ["A"])]),
        "cyclic_30_states": run_set([(random_game(5000 + k, 30, False), list(range(30))) for k in range(40)]),
        "acyclic_30_states": run_set([(random_game(6000 + k, 30, True), list(range(30))) for k in range(40)]),
        "load_average_1min": [round(load_before, 2), round(os.getloadavg()[0], 2)],
    }
    write(args.out, figures)


if __name__ == "__main__":
    main()
