"""The figures of the Memory claims (SVG documents for the report)."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from parlour.analyses.memory.dp import canonical
from parlour.analyses.memory.reduced import ReducedExact
from parlour.games.memory.rules import Move


def tactic_map_figure(red: ReducedExact) -> str:
    """The canonical optimal tactic in every state <2n, s, 0> of the reduced model."""
    from matplotlib.colors import ListedColormap
    from matplotlib.patches import Patch

    from parlour.figures import new_figure, svg_of

    names = [Move.PASS, Move.KNOWN_THEN_UNKNOWN, Move.ONE_MOVE, Move.TWO_MOVE]
    labels = ["pass (T2, 0-move)", "known, then unknown (T4)", "1-move (T5)", "2-move (T6)"]
    n_max = red.pairs
    grid = np.full((n_max + 1, n_max + 1), np.nan)
    for (n, s), opt in red.optimal.items():
        if n:
            chosen = canonical(opt)
            grid[s, n] = names.index(chosen) if chosen in names else np.nan  # type: ignore[arg-type]
    fig = new_figure(7.5, 5.0)
    ax = fig.add_subplot()
    colors = ["#d62728", "#9467bd", "#1f77b4", "#ffbf00"]
    cmap = ListedColormap(colors)
    ax.imshow(grid, origin="lower", cmap=cmap, vmin=-0.5, vmax=3.5, aspect="auto", interpolation="nearest")
    nn = np.arange(1, n_max + 1)
    ax.plot(nn, (2 * nn + 2) / 3, color="black", lw=0.8, ls="--", label="3s = 2n + 2")
    ax.set_xlabel("pairs left n")
    ax.set_ylabel("known unmatched cards s (P = 0)")
    ax.set_title("Optimal tactic (lowest-numbered optimal one) in the states <2n, s, 0>")
    handles = [Patch(color=c, label=lab) for c, lab in zip(colors, labels, strict=True)]
    ax.legend(handles=[*handles, ax.lines[0]], loc="upper left", fontsize=8)
    return svg_of(fig)


def advantage_figure(ns: np.ndarray, adv: np.ndarray) -> str:
    """n times the first player's advantage against n (log scale), odd and even n apart."""
    from parlour.figures import new_figure, svg_of

    fig = new_figure(7, 3.6)
    ax = fig.add_subplot()
    odd = ns % 2 == 1
    ax.plot(ns[odd], (ns * adv)[odd], ".", ms=2, label="n odd")
    ax.plot(ns[~odd], (ns * adv)[~odd], ".", ms=2, label="n even")
    ax.set_xscale("log")
    ax.set_xlabel("pairs n")
    ax.set_ylabel("n x advantage (pairs)")
    for y in (-0.25, 0.25):
        ax.axhline(y, color="grey", ls=":", lw=0.8)
    ax.legend(fontsize=8)
    ax.set_title("First player's advantage times n (reduced model, floats)")
    return svg_of(fig)


def stalemate_figure(ns: Sequence[int], ps: Sequence[float], lefts: Sequence[float]) -> str:
    """P(stalemate) and the share of pairs left at a stalemate against n."""
    from parlour.figures import new_figure, svg_of

    fig = new_figure(7, 3.6)
    ax = fig.add_subplot()
    ax.plot(ns, ps, label="P(stalemate)")
    ax2 = ax.twinx()
    ax2.plot(ns, [x / n for x, n in zip(lefts, ns, strict=True)], color="C1",
             label="pairs left at stalemate / n")
    ax.set_xlabel("pairs n")
    ax.set_ylabel("probability")
    ax2.set_ylabel("fraction of pairs left")
    ax.set_title("Mutual-pass stalemate under optimal play")
    fig.legend(loc="center right", fontsize=8, bbox_to_anchor=(0.85, 0.5))
    return svg_of(fig)
