"""The values of the Markov chain that fixed strategies (or a player's strategy and the opponent's pure
replies) make over one component: a sparse linear solve, states that never leave given their own value."""

from __future__ import annotations

import numpy as np

from parlour.solvers.stochastic.model import End, Lottery
from parlour.solvers.stochastic.stage import Cells
from parlour.solvers.stochastic.work import Work


def chain_values(work: Work, comp: list[int], cells: dict[int, Cells], stuck: np.ndarray | float,
                 known: np.ndarray, payoffs: bool = True, beta: float = 1.0, worst: float = 0.0
                 ) -> np.ndarray | None:
    """The values of the Markov chain the given cells make over the component (a sparse solve), with
    the known values outside. States from which play never ends get `stuck` (the endless value, or
    their current values); None if the solve fails. With payoffs=False it counts steps instead: the
    expected number of stages until play ends or leaves the component. beta < 1: the pessimistic
    game's chain, in which every move to a state ends play instead with probability 1 - beta at `worst`."""
    from scipy.sparse import csr_matrix, identity
    from scipy.sparse.linalg import MatrixRankWarning, spsolve

    pos = {s: k for k, s in enumerate(comp)}
    rows: list[int] = []
    cols: list[int] = []
    data: list[float] = []
    rhs = np.zeros(len(comp))
    ends = np.zeros(len(comp), dtype=bool)
    for s in comp:
        stage = work.stages[s]
        for w, i, j in cells[s]:
            target = stage.targets[stage.outcome[i][j]]
            for b, t in (target.branches if isinstance(target, Lottery) else ((1, target),)):
                if isinstance(t, End):
                    rhs[pos[s]] += w * float(b) * float(t.payoff) if payoffs else 0.0
                    ends[pos[s]] = True
                    continue
                if beta < 1:
                    rhs[pos[s]] += w * float(b) * (1 - beta) * worst if payoffs else 0.0
                    ends[pos[s]] = True
                if work.index[t] in pos:
                    rows.append(pos[s])
                    cols.append(pos[work.index[t]])
                    data.append(w * float(b) * beta)
                else:
                    rhs[pos[s]] += w * float(b) * beta * known[work.index[t]] if payoffs else 0.0
                    ends[pos[s]] = True
    if not payoffs:
        rhs[:] = 1.0
    chain = csr_matrix((data, (rows, cols)), shape=(len(comp), len(comp)))
    reverse = chain.T.tocsr()
    frontier = [int(k) for k in np.flatnonzero(ends)]
    while frontier:  # the states that can reach an end (or leave the component)
        k = frontier.pop()
        for t in reverse[k].indices:
            if not ends[t]:
                ends[t] = True
                frontier.append(int(t))
    out = np.empty(len(comp))
    out[:] = stuck if np.isscalar(stuck) else np.asarray(stuck)[comp]
    live = np.flatnonzero(ends)
    kept = np.flatnonzero(~ends)
    if live.size:
        if kept.size:
            rhs[live] += chain[live][:, kept] @ out[kept]
        import warnings

        with warnings.catch_warnings():
            warnings.simplefilter("error", MatrixRankWarning)
            try:
                out[live] = spsolve((identity(live.size, format="csr") - chain[live][:, live]).tocsc(), rhs[live])
            except (MatrixRankWarning, RuntimeError):
                return None
    return out if np.all(np.isfinite(out)) else None
