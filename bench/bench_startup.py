"""CPU seconds a cheap command spends from start to exit (issue 34: at most 0.3 s), this checkout against an
earlier revision, alternated in one run.

    python bench/bench_startup.py                                  # this checkout alone
    python bench/bench_startup.py --base f76a252 --base-python OLD/bin/python

Each command runs as a fresh `python -m parlour ...`; its user + system CPU (the process and every process it
waited for, the supervised child included) comes from wait4. The base revision is checked out into a
temporary git worktree and run from its source with --base-python (an environment with that revision's
locked dependencies: the Typer it pinned matters, 0.29 loads pydantic for every parameter).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from contextlib import nullcontext
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from bench.common import ROOT, median_seconds, revision_tree, write

LIMIT_S = 0.3

CHEAP = [  # the cheap commands
    ["--help"],
    *([game, "--help"] for game in ("cowtrade", "goose", "guess", "memory", "winorlose", "zerosum")),
    ["guess", "value", "1000", "--json"],
    ["cowtrade", "solve", "--money1", "8", "--money3", "5", "--initiative", "1", "--json"],
    ["winorlose", "chance", "--hand", "3,5", "--table", "0,3,6,6,7"],
    ["memory", "state", "12", "5", "2"],
]


def cpu_seconds(python: str, source: Path, args: list[str]) -> tuple[float, float, int]:
    """(user + system CPU seconds, wall seconds, exit code) of `python -m parlour ARGS` from `source`."""
    env = {**os.environ, "PYTHONPATH": str(source), "CI": "true"}
    began = time.perf_counter()
    proc = subprocess.Popen([python, "-m", "parlour", *args], stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL, env=env, cwd=ROOT)
    _pid, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - began
    return usage.ru_utime + usage.ru_stime, wall, os.waitstatus_to_exitcode(status)


def typer_version(python: str) -> str:
    return subprocess.run([python, "-c", "import typer; print(typer.__version__)"], capture_output=True,
                          text=True, check=False).stdout.strip()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", help="an earlier revision to compare with (git rev)")
    parser.add_argument("--base-python", default=sys.executable, help="the interpreter that runs the base")
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    load_before = os.getloadavg()
    with revision_tree(args.base) if args.base else nullcontext(None) as tree:
        codes: dict[str, tuple[str, Path]] = {"this": (sys.executable, ROOT / "src")}
        if tree is not None:
            codes = {"base": (args.base_python, tree / "src"), **codes}
        for python, source in codes.values():  # untimed: byte-compile the sources once
            cpu_seconds(python, source, ["--help"])
        runs: dict[str, dict[str, list[tuple[float, float, int]]]] = {c: {} for c in codes}
        for r in range(args.rounds):
            for label in (codes if r % 2 == 0 else reversed(codes)):
                python, source = codes[label]
                for command in CHEAP:
                    runs[label].setdefault(" ".join(command), []).append(cpu_seconds(python, source, command))
    table: list[dict[str, Any]] = []
    for command in CHEAP:
        key = " ".join(command)
        row: dict[str, Any] = {"command": f"parlour {key}"}
        for label in codes:
            samples = runs[label][key]
            row.update({f"{label}_{k}": v for k, v in median_seconds(samples).items()})
            row[f"{label}_exit"] = samples[-1][2]
        row["within_limit"] = row["this_cpu_s"] <= LIMIT_S
        table.append(row)
        print(row, flush=True)
    write("startup", {
        "note": "median over the rounds of user + system CPU seconds (wait4) of one `python -m parlour` run, "
                "codes alternated; the limit is the issue's 0.3 s",
        "limit_cpu_s": LIMIT_S,
        "base": args.base,
        "typer": {label: typer_version(python) for label, (python, _source) in codes.items()},
        "load_average": {"before": load_before, "after": os.getloadavg()},
        "commands": table,
        "all_within_limit": all(row["within_limit"] for row in table),
    })


if __name__ == "__main__":
    main()
