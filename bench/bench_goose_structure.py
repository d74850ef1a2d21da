"""Game of the Goose: the structure of the relabelled chains, and whether an order that follows it cuts
the number of certified passes (issue 25, item 3).

For each player count: the strongly connected components of the transient states (scipy), how far a
throw moves the sum of squares (the sweep order's key), how many states can return to states swept
after them (a successor at the same or a later position of the sweep order), and the passes the
certified engine needs (1 thread, half-width --tol at the start) in today's order (decreasing sum of
squares, shorter waiting prefix first) against the components in topological order (successors' components
first, today's order inside a component). Usage:

    .venv/bin/python bench/bench_goose_structure.py --players 2 3 4
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from bench.common import peak_rss_gib, write


def sums_of_squares(codes: np.ndarray, players: int, squares: np.ndarray, c: int) -> np.ndarray:
    total = np.zeros(codes.size, np.int64)
    rest = codes.astype(np.int64)
    for _ in range(players):
        total += squares[rest % c]
        rest //= c
    return total


def reorder(ch, order: np.ndarray):  # type: ignore[no-untyped-def]
    """The chain with state order[k] renamed k (rows moved, targets renamed), one block: plain Gauss-Seidel."""
    from parlour.solvers import markov

    rename = np.empty(order.size, np.int64)
    rename[order] = np.arange(order.size)
    lengths = np.diff(ch.indptr)[order]
    indptr = np.zeros(order.size + 1, np.int64)
    np.cumsum(lengths, out=indptr[1:])
    rows = np.concatenate([np.arange(ch.indptr[s], ch.indptr[s + 1]) for s in order]) if order.size < 50_000 \
        else np.repeat(ch.indptr[order] - indptr[:-1], lengths) + np.arange(indptr[-1])
    target = ch.target[rows].astype(np.int64)
    inner = target >= 0
    target[inner] = rename[target[inner]]
    eperm = None if ch.edge_perm is None else ch.edge_perm[rows]
    return markov.Chain(indptr, target.astype(np.int32), ch.weight[rows], ch.den, ch.outcomes, eperm, ch.perms, None)


def passes(ch, start: int, tol: float) -> dict[str, float]:  # type: ignore[no-untyped-def]
    from parlour.solvers import markov

    op = markov.ChainOperator(ch)
    op.threads = 1
    t0 = time.perf_counter()
    b = markov.certified(op, watch=[start], tol=tol)
    return {"passes": b.sweeps, "jumps": b.jumps, "repair_passes": b.repair_sweeps,
            "seconds": round(time.perf_counter() - t0, 2)}


def structure(players: int, tol: float) -> dict[str, object]:
    from scipy.sparse import csr_matrix
    from scipy.sparse.csgraph import connected_components

    from parlour.analyses.goose import chain as gchain
    from parlour.games.goose.rules import STUDY
    from parlour.games.goose.tables import tables

    t = tables(STUDY)
    sp = gchain.space(STUDY, players)
    ch = gchain.markov_chain(sp)
    n = sp.size
    src = np.repeat(np.arange(n), np.diff(sp.indptr))
    inner = sp.target >= 0
    a, b, w = src[inner], sp.target[inner].astype(np.int64), sp.weight[inner].astype(np.int64)
    graph = csr_matrix((np.ones(a.size, np.int8), (a, b)), shape=(n, n))
    ncomp, label = connected_components(graph, directed=True, connection="strong")
    sizes = np.bincount(label)
    total = sums_of_squares(sp.codes, players, t.squares, t.codes)
    delta = total[b] - total[a]
    prob = w / sp.den
    later = b >= a  # the successor is swept at the same place or after: read from the previous pass
    back_states = np.unique(a[later]).size
    moves = {int(d): round(float(prob[delta == d].sum() / n), 6) for d in np.unique(delta)}
    # components in topological order, successors' components first (a condensation DAG sorted by its
    # longest path to a sink); inside a component, today's order
    comp_edges = label[a] != label[b]
    depth = np.zeros(ncomp, np.int64)
    ca, cb = label[a][comp_edges], label[b][comp_edges]
    for _ in range(ncomp):  # relax: depth(u) >= depth(v) + 1 for an edge u -> v (few rounds in practice)
        new = depth.copy()
        np.maximum.at(new, ca, depth[cb] + 1)
        if (new == depth).all():
            break
        depth = new
    order = np.lexsort((np.arange(n), depth[label]))
    start = int(sp.index[0])
    before = passes(ch, start, tol)
    after = passes(reorder(ch, order), int(np.flatnonzero(order == start)[0]), tol)
    return {
        "players": players, "states": n, "edges_to_states": int(a.size),
        "components": int(ncomp), "largest_component": int(sizes.max()),
        "largest_component_share": round(float(sizes.max() / n), 6),
        "singleton_components": int((sizes == 1).sum()),
        "sum_change_per_throw_mean": round(float((prob * delta).sum() / n), 4),
        "sum_change_distribution_per_state": moves,
        "probability_of_a_lower_sum": round(float(prob[delta < 0].sum() / n), 6),
        "states_that_can_return": int(back_states),
        "states_that_can_return_share": round(back_states / n, 6),
        "tol": tol, "passes_today_order": before, "passes_component_order": after,
    }


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--players", type=int, nargs="+", default=[2, 3, 4])
    ap.add_argument("--tol", type=float, default=5e-11)
    args = ap.parse_args()
    rows = []
    for p in args.players:
        rows.append(structure(p, args.tol))
        print(rows[-1], flush=True)
    write("goose_structure", {"note": "2 cores; passes on 1 thread",
                              "by_players": rows, "peak_rss_gib": round(peak_rss_gib(), 3)})


if __name__ == "__main__":
    main()
