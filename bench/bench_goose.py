"""Game of the Goose: parlour against Storm (stormpy) on the same chains, in one run.

Every case runs in a fresh subprocess, so each time includes its own state generation and each peak
memory (ru_maxrss) is that case's alone. Usage:

    .venv/bin/python bench/bench_goose.py            # 2p exact, 2p/3p/4p certified, Storm 2p/3p
    .venv/bin/python bench/bench_goose.py --no-four  # skip the 4-player case (about 1 minute)
    .venv/bin/python bench/bench_goose.py --storm-four  # add Storm on 4 players (~10 min, ~14 GB)

Storm 4p is left out by default: its explicit export alone is ~150M lines, and Storm needed ~7.5 min
and 13.4 GB for it on this machine (issue 3).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from bench.common import peak_rss_gib, run_case, write


def case(name: str) -> dict[str, object]:
    from parlour.analyses.goose import peer, solve
    from parlour.games.goose.rules import STUDY

    # an empty cache root per case: the kept spaces (analyses.goose.chain) would skip the state generation
    # that every case here is meant to include
    cache = tempfile.mkdtemp(prefix="parlour-bench-")
    os.environ["PARLOUR_CACHE"] = cache
    t0 = time.perf_counter()
    out: dict[str, object] = {"case": name}
    if name == "parlour-2p-exact":
        s = solve(STUDY, 2, exact=True)
        out.update(win=list(s.win), digits=s.denominator_digits)
    elif name.startswith("parlour-"):
        players = int(name.split("-")[1][0])
        tol = 1e-12 if players < 4 else 1e-10
        s = solve(STUDY, players, tol=tol)
        out.update(win=list(s.win), bounds=[list(b) for b in s.win_bounds], sweeps=s.sweeps, tol=tol,
                   states=s.states.reachable)
    elif name.startswith("storm-"):
        players = int(name.split("-")[1][0])
        with tempfile.TemporaryDirectory() as tmp:
            r = peer.solve(STUDY, players, Path(tmp), precision=1e-12 if players < 4 else 1e-10)  # as parlour's tol
        out.update(win=list(r.win), bounds=[list(b) for b in r.bounds], export_s=r.export_seconds,
                   build_s=r.build_seconds, check_s=r.check_seconds, storm_s=r.build_seconds + r.check_seconds)
    out["seconds"] = time.perf_counter() - t0
    out["peak_rss_gib"] = round(peak_rss_gib(), 3)
    shutil.rmtree(cache, ignore_errors=True)
    return out


def run(name: str) -> dict[str, object]:
    return run_case(__file__, name)


def main() -> None:
    if "--case" in sys.argv:
        print(json.dumps(case(sys.argv[sys.argv.index("--case") + 1])))
        return
    # warm numba's on-disk cache so no case pays the compile time
    subprocess.run([sys.executable, "-c", "from parlour.analyses.goose import solve; solve(players=2)"], check=True)
    names = ["parlour-2p-exact", "parlour-2p", "parlour-3p"]
    if "--no-four" not in sys.argv:
        names.append("parlour-4p")
    from parlour.analyses.goose import peer

    if peer.available():
        names += ["storm-2p", "storm-3p"]
        if "--storm-four" in sys.argv:
            names.append("storm-4p")
    results = {n: run(n) for n in names}
    for r in results.values():
        print(json.dumps(r), flush=True)
    ratios: dict[str, object] = {}
    for p in (2, 3, 4):
        a, b = results.get(f"parlour-{p}p", {}), results.get(f"storm-{p}p", {})
        if "seconds" in a and "storm_s" in b:
            ratios[f"{p}p storm build+check / parlour total"] = round(float(b["storm_s"]) / float(a["seconds"]), 2)  # type: ignore[arg-type]
            ratios[f"{p}p storm incl. export / parlour total"] = round(float(b["seconds"]) / float(a["seconds"]), 2)  # type: ignore[arg-type]
            ratios[f"{p}p max |parlour - storm|"] = max(
                abs(x - y) for x, y in zip(a["win"], b["win"], strict=True)  # type: ignore[call-overload]
            )
    write("goose", {
        "note": "2 shared, contended cores; each case in its own process (state generation included); "
                "parlour certified = monotone Gauss-Seidel interval (+-tol) with verified extrapolation; "
                "Storm = sound mode, precision 1e-12 (4p: 1e-10, as parlour); "
                + ("Storm 4p included" if "--storm-four" in sys.argv else "Storm 4p skipped (see module docstring)"),
        "cases": results,
        "ratios": ratios,
    })


if __name__ == "__main__":
    main()
