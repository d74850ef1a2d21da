"""CPU seconds of `import parlour.<game>`, each Python front door in a fresh interpreter (issue 35: a front door
costs what a cheap command costs, well under 0.3 s), this checkout against an earlier revision, alternated.

    python bench/bench_front_doors.py                      # this checkout alone
    python bench/bench_front_doors.py --base 9d33b89       # and an earlier revision, from a temporary worktree

Each import runs as a fresh `python -c "import parlour.X"`; its user + system CPU comes from wait4. Also listed:
the heavy libraries each import loaded (numba, scipy, HiGHS, FLINT, numpy), from one more run.
"""

from __future__ import annotations

import argparse
import json
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
DOORS = ("goose", "guess", "memory", "winorlose", "cowtrade", "solvers.zerosum")
HEAVY = ("numba", "llvmlite", "scipy", "highspy", "flint", "numpy", "matplotlib", "pandas", "fastapi")


def cpu_seconds(python: str, source: Path, code: str) -> tuple[float, float]:
    """(user + system CPU seconds, wall seconds) of `python -c CODE` with `source` first on the path."""
    env = {**os.environ, "PYTHONPATH": str(source)}
    began = time.perf_counter()
    proc = subprocess.Popen([python, "-c", code], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env,
                            cwd=ROOT)
    _pid, status, usage = os.wait4(proc.pid, 0)
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"{code!r} failed under {source}")
    return usage.ru_utime + usage.ru_stime, time.perf_counter() - began


def heavy_loaded(python: str, source: Path, door: str) -> list[str]:
    code = (f"import json, sys, parlour.{door}; "
            f"print(json.dumps(sorted({{m.split('.')[0] for m in sys.modules}} & set({HEAVY!r}))))")
    out = subprocess.run([python, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT,
                         env={**os.environ, "PYTHONPATH": str(source)}).stdout
    return list(json.loads(out))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", help="an earlier revision to compare with (git rev)")
    parser.add_argument("--rounds", type=int, default=7)
    args = parser.parse_args()
    load_before = os.getloadavg()
    with revision_tree(args.base) if args.base else nullcontext(None) as tree:
        codes: dict[str, Path] = {"this": ROOT / "src"}
        if tree is not None:
            codes = {"base": tree / "src", **codes}
        for source in codes.values():  # untimed: byte-compile the sources once
            for door in DOORS:
                cpu_seconds(sys.executable, source, f"import parlour.{door}")
        runs: dict[str, dict[str, list[tuple[float, float]]]] = {c: {d: [] for d in DOORS} for c in codes}
        for r in range(args.rounds):
            for label in (codes if r % 2 == 0 else reversed(codes)):
                for door in DOORS:
                    runs[label][door].append(cpu_seconds(sys.executable, codes[label], f"import parlour.{door}"))
        loaded = {label: {d: heavy_loaded(sys.executable, source, d) for d in DOORS}
                  for label, source in codes.items()}
    table: list[dict[str, Any]] = []
    for door in DOORS:
        row: dict[str, Any] = {"import": f"parlour.{door}"}
        for label in codes:
            samples = runs[label][door]
            row.update({f"{label}_{k}": v for k, v in median_seconds(samples).items()})
            row[f"{label}_loads"] = loaded[label][door]
        row["within_limit"] = row["this_cpu_s"] <= LIMIT_S
        table.append(row)
        print(row, flush=True)
    write("front_doors", {
        "note": "median over the rounds of user + system CPU seconds (wait4) of one `python -c 'import parlour.X'`, "
                "codes alternated; the limit is the start-up rule's 0.3 s; `*_loads`: the heavy libraries loaded",
        "limit_cpu_s": LIMIT_S,
        "base": args.base,
        "rounds": args.rounds,
        "load_average": {"before": load_before, "after": os.getloadavg()},
        "imports": table,
    })


if __name__ == "__main__":
    main()
