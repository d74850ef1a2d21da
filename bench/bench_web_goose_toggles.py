"""The Goose page's rule toggles (issue 46 item 4): seconds from a change of the toggles until the 2 players'
certified chances are back, over HTTP (uvicorn on loopback, timed with httpx), for every combination of the eight
toggles the page has, against the target of 2 s. Each request is the one the page sends (`POST /goose/api/rules`
with the TOML that goose.js writes for the toggles left off, and `quick: true`), on a server whose cache of
answers starts empty, so every combination is solved in its request.

Run: python bench/bench_web_goose_toggles.py [--combinations 256] [--seed 1]
(--combinations K times K combinations drawn at random, the study's rules first; all 256 by default)
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # `python bench/...` from the root
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))  # this checkout's parlour, not the venv's

from bench.common import write
from bench.web import serve_in_thread

TARGET_S = 2.0
JUMPS = {"bridge": "6 = 12", "maze": "42 = 30", "death": "58 = 0"}


def toggles_toml(off: frozenset[str]) -> str:
    """The TOML goose.js writes (`togglesToml`) for the toggles in `off` left off."""
    lines = [f"name = {json.dumps('study without ' + ', '.join(sorted(off)))}"] if off else []
    if "geese" in off:
        lines.append("geese = []")
    lines.append("jumps = { " + ", ".join(v for k, v in JUMPS.items() if k not in off) + " }")
    if "wells" in off:
        lines += ["inns = []", "wells = []"]
    if "bounce" in off:
        lines.append("bounce = false")
    if "occupancy" in off:
        lines.append("occupancy = false")
    if "start" in off:
        lines.append("start_jumps = {}")
    return "\n".join(lines) + "\n"


def combinations(names: list[str], count: int, seed: int) -> list[frozenset[str]]:
    every = [frozenset(c) for r in range(len(names) + 1) for c in itertools.combinations(names, r)]
    if count >= len(every):
        return every
    rest = every[1:]
    random.Random(seed).shuffle(rest)
    return [every[0], *rest[: count - 1]]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--combinations", type=int, default=256)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    os.environ["PARLOUR_CACHE"] = tempfile.mkdtemp(prefix="parlour-bench-toggles-")
    import httpx

    from parlour.web.goose import TOGGLES

    load_before = os.getloadavg()
    url, server = serve_in_thread()
    rows: list[dict[str, Any]] = []
    with httpx.Client(base_url=url, timeout=120) as http:
        http.get("/goose/").raise_for_status()
        for off in combinations(list(TOGGLES), args.combinations, args.seed):
            began = time.perf_counter()
            reply = http.post("/goose/api/rules", json={"toml": toggles_toml(off), "quick": True})
            seconds = time.perf_counter() - began
            reply.raise_for_status()
            data = reply.json()
            half_width = max((hi - lo) / 2 for lo, hi in data["changed"]["win_bounds"])
            rows.append({"off": sorted(off), "seconds": round(seconds, 4), "win": data["changed"]["win"],
                         "half_width": half_width})
            print(f"{seconds:7.3f} s  off: {', '.join(sorted(off)) or '(none)'}", flush=True)
    server.should_exit = True
    # the first request also loads the kernels (numba's disk cache) and solves the study's own rules
    later = [r["seconds"] for r in rows[1:]] or [rows[0]["seconds"]]
    ordered = sorted(later)
    slowest = max(rows[1:] or rows, key=lambda r: r["seconds"])
    figures = {
        "note": "seconds of POST /goose/api/rules {toml, quick: true} per combination of the toggles, each solved in "
                "its request (fresh server cache); the first request (the study's rules, kernels loaded) apart",
        "target_s": TARGET_S, "load_average": {"before": load_before, "after": os.getloadavg()},
        "combinations": len(rows), "first_s": rows[0]["seconds"],
        "median_s": round(statistics.median(later), 4), "p95_s": ordered[int(0.95 * (len(ordered) - 1))],
        "max_s": slowest["seconds"], "slowest_off": slowest["off"],
        "over_target": [r["off"] for r in rows if r["seconds"] > TARGET_S],
        "max_half_width": max(r["half_width"] for r in rows), "rows": rows,
    }
    path = write("web_goose_toggles", figures)
    print(f"wrote {path}: median {figures['median_s']} s, p95 {figures['p95_s']} s, max {figures['max_s']} s "
          f"({', '.join(slowest['off'])} off), {len(figures['over_target'])} over {TARGET_S} s")


if __name__ == "__main__":
    main()
