"""How many passes the best acceleration of the Gauss-Seidel sweep could need (issue 38): GMRES on the stored
Goose chain's system, preconditioned by the sweep, with no restart (or a long one), counts every application of
the sweep; no polynomial method in the sweep (RRE, Anderson, Chebyshev, any Krylov method using one sweep per
step) makes the residual smaller in as many sweeps. It is a float solve, not a certified one: it bounds from
below the passes any extrapolation of these sweeps needs before its check pass.

The sweep here is the plain Gauss-Seidel pass of `bench/sweeps.py`. Usage:

    .venv/bin/python bench/bench_markov_krylov.py --players 3 [--restart 200] [--rtol 1e-13]

Memory: (restart + 2) float64 vectors of states x columns values (4 players with --restart 50: about 10 GB).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from bench import sweeps
from bench.common import peak_rss_gib, write

MILESTONES = (1e-3, 1e-6, 1e-9, 1e-12)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--restart", type=int, default=200, help="GMRES restart length (default: no restart in reach)")
    ap.add_argument("--rtol", type=float, default=1e-13)
    ap.add_argument("--plain", type=int, default=60, help="plain sweeps timed for the contraction per sweep")
    args = ap.parse_args()

    import numpy as np
    import scipy.sparse.linalg as sla

    from parlour.analyses.goose import chain as gchain
    from parlour.games.goose.rules import STUDY

    system = sweeps.expanded(gchain.markov_chain(gchain.space(STUDY, args.players)))
    rhs, zero = system.rhs, np.zeros_like(system.rhs)
    contraction = sweeps.contraction(system, args.plain)

    # GMRES on (I - M) x = G(0), M v = the sweep of v with no absorbing weights: one sweep per application.
    count = [0]

    def image(v: Any) -> Any:
        y = np.array(v, dtype=np.float64)
        sweeps.sweep(system, y, zero)
        count[0] += 1
        return v - y

    c = np.zeros_like(rhs)
    sweeps.sweep(system, c)
    op = sla.LinearOperator((rhs.size, rhs.size), matvec=image, dtype=np.float64)
    trace: list[tuple[int, float]] = []
    t0 = time.perf_counter()
    sla.gmres(op, c, rtol=args.rtol, atol=0.0, restart=args.restart, maxiter=max(1, 400 // args.restart),
              callback=lambda r: trace.append((count[0], float(r))), callback_type="pr_norm")
    seconds = time.perf_counter() - t0
    reached = {f"{t:g}": next((k for k, r in trace if r <= t), None) for t in MILESTONES}
    print({"contraction_per_sweep": round(contraction, 4), "sweeps_to_relative_residual": reached}, flush=True)
    write(f"markov_krylov_{args.players}p", {
        "note": "GMRES preconditioned by the Gauss-Seidel sweep on the stored Goose chain's expanded system, "
                "float64: the sweeps (one per application) to reach each relative residual; a lower bound on "
                "the passes of any acceleration of these sweeps before its check",
        "players": args.players, "unknowns": int(rhs.size), "columns": system.columns, "restart": args.restart,
        "plain_sweep_contraction": round(contraction, 4),
        "plain_sweeps_per_decade": round(float(-1 / np.log10(contraction)), 1),
        "sweeps_to_relative_residual": reached,
        "residual_trace": [(k, f"{r:.2e}") for k, r in trace],
        "gmres_seconds": round(seconds, 1), "load_average_1min": round(os.getloadavg()[0], 2),
        "peak_rss_gib": round(peak_rss_gib(), 2),
    })


if __name__ == "__main__":
    main()
