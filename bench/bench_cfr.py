"""CFR+ with a proven interval on Leduc poker with a larger deck (issue 45 item 4): examples/leduc_poker.py with
RANKS x SUITS cards (default 13 x 4, a 52-card deck: 9,984,781 nodes), walked into the sequence form by the
toolkit's walk (`tree.build`, what `parlour solve` does), then bounded by `solvers.cfr` to `--tol` (the width;
2e-4 is the value to +-1e-4). Optionally (`--lp`) the sequence-form LP on the same form, for comparison: the
form is small (the suits' leaves add up: 95,316 pairs, 6,007 sequences a player), so the LP holds it too, and
`parlour solve examples/leduc_poker.py` takes the LP (`cfr.LP_SEQUENCES`).

Figures: nodes, pairs and sequences of the form, the walk's seconds, CFR+'s iterations and seconds (and per
iteration), the proven bounds and their width, the status, and the peak memory of the whole run.

Run: python -m bench.bench_cfr [--ranks 13] [--suits 4] [--tol 2e-4] [--lp]
"""

from __future__ import annotations

import argparse
import os
import runpy
import time
from typing import Any

from bench.common import ROOT, peak_rss_gib, write


def measure(ranks: int, suits: int, tol: float, lp: bool) -> dict[str, Any]:
    os.environ["LEDUC_RANKS"], os.environ["LEDUC_SUITS"] = str(ranks), str(suits)
    from parlour.solvers import cfr, sequence
    from parlour.toolkit import tree

    started = time.perf_counter()
    game = tree.build(runpy.run_path(str(ROOT / "examples" / "leduc_poker.py")))
    built = time.perf_counter() - started
    lines: list[str] = []

    def said(line: str) -> None:
        lines.append(line)
        print(line, flush=True)

    begun = time.perf_counter()
    solved = cfr.solve(game, tol=tol, progress=said)
    seconds = time.perf_counter() - begun
    figures: dict[str, Any] = {
        "deck": f"{ranks} ranks x {suits} suits", "nodes": game.nodes, "pairs": len(game.payoff),
        "sequences": list(game.sequences), "infosets": [len(game.of(1)), len(game.of(2))],
        "build_s": round(built, 2), "iterations": solved.iterations, "checks": solved.checks,
        "cfr_s": round(seconds, 2), "per_iteration_ms": round(1000 * seconds / max(solved.iterations, 1), 4),
        "total_s": round(time.perf_counter() - started, 2), "tol": tol,
        "value_bounds": [float(solved.value_low), float(solved.value_high)], "width": float(solved.width),
        "status": solved.status.value, "last_progress": lines[-1] if lines else None,
    }
    if lp:
        begun = time.perf_counter()
        exact = sequence.solve(game)
        figures["lp"] = {"seconds": round(time.perf_counter() - begun, 2), "status": exact.status.value,
                         "value_bounds": [float(exact.value_low), float(exact.value_high)],
                         "inside_cfr_bounds": bool(solved.value_low <= exact.value_low <= exact.value_high
                                                   <= solved.value_high)}
    figures["peak_rss_gib"] = round(peak_rss_gib(), 3)
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--ranks", type=int, default=13)
    parser.add_argument("--suits", type=int, default=4)
    parser.add_argument("--tol", type=float, default=2e-4, help="the proven width aimed at (default 2e-4: +-1e-4)")
    parser.add_argument("--lp", action="store_true", help="also the sequence-form LP on the same form")
    args = parser.parse_args()
    figures = measure(args.ranks, args.suits, args.tol, args.lp)
    suffix = "" if (args.ranks, args.suits) == (13, 4) else f"_{args.ranks}x{args.suits}"
    write(f"cfr_leduc{suffix}", figures)


if __name__ == "__main__":
    main()
