"""Would a locality-friendly state encoding speed up the chain-free sweep? (issue 7, next step)

Today's canonical code puts the mover in the least significant base-49 digit; the successors of a
state are then 49^(n-1) codes apart, so each costs two random reads (index entry, bounds row). With
the mover as the *most* significant digit, the successors of (c0, c1..c_{n-1}) are rest * 49 + new:
12 codes inside one block of 49, and in code order their bounds rows lie together too. This script
times one kernel against the other on the same states (4 players by default) and counts the passes
each order needs to width 1e-8 on 3 players.

    .venv/bin/python bench/bench_goose_locality.py [--players 4]
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import numba
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from bench.common import peak_rss_gib, write
from parlour.games.goose.kernels import landing, others_mask


@numba.njit(cache=True)
def _sweep_reversed(codes, index, n, t, L, shrink):
    """The chain-free sweep for codes with the mover as the most significant digit (no stuck states)."""
    m = L.shape[1]
    c, den = t.codes, t.den
    ncls = t.dest.shape[1]
    acc = np.empty(m)
    inv = 1.0 / den
    top = 1
    for _ in range(n - 1):
        top *= c
    for i in range(codes.size):
        code = np.int64(codes[i])
        here = code // top
        rest = code % top
        occ = others_mask(rest, n, t)
        for o in range(m):
            acc[o] = 0.0
        nxt = -1
        if t.pending[here] == 1:
            nxt = t.served[here]
        elif t.well[here] == 1 and (occ >> np.uint64(t.squares[here])) & np.uint64(1) == 0:
            nxt = here
        if nxt >= 0:
            u = index[rest * c + nxt]
            acc[0] += den * L[u, n - 1]
            for o in range(1, n):
                acc[o] += den * L[u, o - 1]
        else:
            for k in range(ncls):
                w = t.weight[k]
                d = t.dest[here, k]
                if d == t.end_code:
                    acc[0] += w
                    continue
                d = landing(here, d, occ, t)
                u = index[rest * c + d]
                acc[0] += w * L[u, n - 1]
                for o in range(1, n):
                    acc[o] += w * L[u, o - 1]
        for o in range(m):
            v = acc[o] * inv * shrink
            if v > L[i, o]:
                L[i, o] = v


def dense_index(codes: np.ndarray, size: int) -> np.ndarray:
    """code -> place in `codes` over every code 0..size-1 (-1: not a state): the reversed kernel's map."""
    index = np.full(size, -1, np.int32)
    index[codes] = np.arange(codes.size, dtype=np.int32)
    return index


def passes_by_order() -> dict[str, int]:
    """Gauss-Seidel passes (sweeps + verification sweeps) to width 1e-8 at the start, 3 players, for
    today's order and for the order of the reversed encoding (same kernel: only the order differs)."""
    from parlour.analyses.goose.operator import OnTheFly
    from parlour.analyses.goose.space import Layout, layout
    from parlour.games.goose.rules import STUDY
    from parlour.solvers import markov
    from parlour.solvers.markov.ranks import bitmap_of, code_ranks

    numba.set_num_threads(1)  # one block on one thread: plain Gauss-Seidel in each order
    lay = layout(STUDY, 3)
    c = 49
    codes = lay.codes.astype(np.int64)
    rev = sum((codes // c**i) % c * c ** (2 - i) for i in range(3))
    out = {}
    for name, order in (("progress order (today)", lay.codes),
                        ("reversed, descending code", lay.codes[np.argsort(-rev, kind="stable")])):
        cs = np.ascontiguousarray(order).astype(np.int32)
        lo = Layout(STUDY, 3, cs, code_ranks(bitmap_of(cs, c**3)), np.array([0, cs.size]), 0.0)
        b = markov.certified(OnTheFly(lo), watch=[lo.row(0)], tol=5e-9)  # width 1e-8
        out[name] = b.sweeps + b.repair_sweeps
    return out


def main() -> None:
    players = int(sys.argv[sys.argv.index("--players") + 1]) if "--players" in sys.argv else 4
    from parlour.analyses.goose.operator import OnTheFly
    from parlour.analyses.goose.space import layout
    from parlour.games.goose.rules import STUDY
    from parlour.games.goose.tables import tables
    from parlour.solvers.markov.kernels import SHRINK

    t = tables(STUDY)
    c = t.codes
    lay = layout(STUDY, players)
    codes = lay.codes.astype(np.int64)
    digits = np.stack([(codes // c**i) % c for i in range(players)], axis=1)
    rev = np.zeros(codes.size, np.int64)
    for i in range(players):
        rev = rev * c + digits[:, i]
    rev_codes = np.sort(rev)[::-1].astype(np.int32)  # mover most advanced first, then the next player...
    rev_index = dense_index(rev_codes, c**players)
    today = OnTheFly(lay)
    today.threads = 1  # one thread in order, as the reversed kernel
    whole = np.array([0, lay.size], np.int64)
    La = np.zeros((lay.size, players))
    Lb = np.zeros((lay.size, players))
    args = (players, t)
    _sweep_reversed(rev_codes[:10], rev_index, *args, Lb, SHRINK)  # compile
    now, new = [], []
    for _ in range(4):  # alternate, so both see the same load on the shared machine
        t0 = time.perf_counter()
        today.sweep(La, None, blocks=whole)
        now.append(time.perf_counter() - t0)
        t0 = time.perf_counter()
        _sweep_reversed(rev_codes, rev_index, *args, Lb, SHRINK)
        new.append(time.perf_counter() - t0)
    write(f"goose_locality_{players}p", {
        "note": "2 shared cores; chain-free sweep, today's encoding (mover least significant, progress order) "
                "vs mover most significant in descending code order; alternating sweeps",
        "players": players, "states": lay.size,
        "sweep_seconds_today": now, "sweep_seconds_reversed": new,
        "speedup_median": float(np.median(now) / np.median(new)),
        "passes_to_1e-8_3p": passes_by_order(),
        "peak_rss_gib": round(peak_rss_gib(), 3),
    })


if __name__ == "__main__":
    main()
