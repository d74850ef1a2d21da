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

    import numba
    import numpy as np
    import scipy.sparse as sp

    from parlour.analyses.goose import chain as gchain
    from parlour.games.goose.rules import STUDY
    from parlour.solvers.markov.chain import integer_system

    @numba.njit(cache=True)
    def sweep(indptr: Any, cols: Any, data: Any, rhs: Any, diag: Any, x: Any) -> None:
        for i in range(x.size):
            s = rhs[i]
            for e in range(indptr[i], indptr[i + 1]):
                s += data[e] * x[cols[e]]
            x[i] = s / diag[i]

    rows = []
    for k, (name, change) in enumerate(VARIANTS.items()):
        rules = dataclasses.replace(STUDY, name=f"variant{k}", **change)
        ch = gchain.markov_chain(gchain.space(rules, args.players))
        a, b, _ = integer_system(ch)
        a = a.tocsr().astype(np.float64)
        diag = a.diagonal()
        off = (sp.diags(diag) - a).tocsr()
        off.eliminate_zeros()
        x = np.zeros(b.size)
        steps = []
        for _ in range(args.sweeps):
            before = x.copy()
            sweep(off.indptr.astype(np.int64), off.indices.astype(np.int64), off.data, b.astype(np.float64), diag, x)
            steps.append(float(np.abs(x - before).max()))
        rows.append({"rules": name, "states": int(ch.n), "contraction_per_sweep": round(steps[-1] / steps[-2], 4)})
        print(rows[-1], flush=True)
    write(f"markov_contraction_{args.players}p", {
        "note": "plain Gauss-Seidel sweeps from 0 on the stored chain's expanded system (float64, no rounding "
                "down); the contraction is the ratio of the last two increments' max norms",
        "players": args.players, "sweeps": args.sweeps, "variants": rows,
        "load_average_1min": round(os.getloadavg()[0], 2),
    })


if __name__ == "__main__":
    main()
