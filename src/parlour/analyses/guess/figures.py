"""The guessing game's figures: Alice's distributions as a colour map, iterations per N, V(N) − lg N
(used by the claims and by `parlour guess plot`)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from parlour.errors import InvalidInput, shown
from parlour.figures import new_figure

if TYPE_CHECKING:
    from matplotlib.figure import Figure


def alice_colour_map(rows: Sequence[tuple[int, Sequence[float]]], title: str) -> Figure:
    """Rows N, columns i: Alice's probability of hiding i, scaled by N (1 = uniform)."""
    nmax = max(n for n, _ in rows)
    grid = np.full((nmax, nmax), np.nan)
    for n, alpha in rows:
        grid[n - 1, :n] = np.asarray(alpha, dtype=float) * n
    fig = new_figure(6.4, 5.2)
    ax = fig.add_subplot()
    im = ax.imshow(grid, origin="lower", aspect="auto", cmap="viridis", interpolation="nearest",
                   extent=(0.5, nmax + 0.5, 0.5, nmax + 0.5))
    ax.set_xlabel("number i hidden by Alice")
    ax.set_ylabel("N")
    ax.set_title(title)
    fig.colorbar(im, ax=ax, label="N · α_i  (1 = uniform)")
    return fig


def iterations_figure(ns: Sequence[int], its: Sequence[int]) -> Figure:
    fig = new_figure(6.4, 3.6)
    ax = fig.add_subplot()
    ax.plot(ns, its, lw=0.8)
    for k in range(1, int(math.log2(max(ns))) + 1):
        ax.axvline(2**k, color="grey", lw=0.4, ls=":")
    ax.set_xlabel("N")
    ax.set_ylabel("column-generation iterations")
    ax.set_title("Iterations per N (dotted: powers of two)")
    return fig


def figure_from_store(rows: Sequence[Any], what: str) -> Figure:
    """A figure from stored solutions (`parlour guess plot`)."""
    if what == "alice":
        return alice_colour_map([(r.n, [float(a) for a in r.alice]) for r in rows], "Alice's optimal α")
    if what == "iterations":
        return iterations_figure([r.n for r in rows], [r.iterations for r in rows])
    if what == "values":
        return values_figure([r.n for r in rows], [r.value_float for r in rows])
    raise InvalidInput(f"--what must be alice, iterations or values, got {shown(what)}")


def values_figure(ns: Sequence[int], values: Sequence[float], title: str = "") -> Figure:
    """V(N) − lg N against N: the value's distance from binary search's lg N (a log-scaled N axis, where
    the pattern between powers of two repeats)."""
    fig = new_figure(6.4, 3.6)
    ax = fig.add_subplot()
    ax.plot(ns, [v - math.log2(n) for n, v in zip(ns, values, strict=True)], lw=0.8)
    ax.set_xscale("log", base=2)
    ax.set_xlabel("N")
    ax.set_ylabel("V(N) − lg N")
    if title:
        ax.set_title(title)
    return fig
