"""Which rule makes the Goose's Gauss-Seidel sweep slow (issue 38): the plain sweep's contraction per sweep (the
ratio of the last two increments' max norms after --sweeps sweeps from 0) on the stored chain of the study's
rules and of variants that each drop one rule. A rule whose removal brings the contraction down is where a
faster sweep (a better splitting) must look. Usage:

    .venv/bin/python bench/bench_markov_contraction.py --players 3 [--sweeps 80]
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from bench import sweeps
from bench.common import write

VARIANTS: dict[str, dict[str, Any]] = {
    "study": {},
    "no geese": {"geese": ()},
    "no start jumps (3+6, 4+5)": {"start_jumps": ()},
    "no wells": {"wells": ()},
    "no death square (58 -> 0)": {"jumps": ((6, 12), (42, 30))},
    "no backward jumps": {"jumps": ((6, 12),)},
    "no occupancy rule": {"occupancy": False},
}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--sweeps", type=int, default=80)
    args = ap.parse_args()

    from parlour.analyses.goose import chain as gchain
    from parlour.games.goose.rules import STUDY

    rows = []
    for k, (name, change) in enumerate(VARIANTS.items()):
        rules = dataclasses.replace(STUDY, name=f"variant{k}", **change)
        ch = gchain.markov_chain(gchain.space(rules, args.players))
        ratio = sweeps.contraction(sweeps.expanded(ch), args.sweeps)
        rows.append({"rules": name, "states": int(ch.n), "contraction_per_sweep": round(ratio, 4)})
        print(rows[-1], flush=True)
    write(f"markov_contraction_{args.players}p", {
        "note": "plain Gauss-Seidel sweeps from 0 on the stored chain's expanded system (float64, no rounding "
                "down); the contraction is the ratio of the last two increments' max norms",
        "players": args.players, "sweeps": args.sweeps, "variants": rows,
        "load_average_1min": round(os.getloadavg()[0], 2),
    })


if __name__ == "__main__":
    main()
