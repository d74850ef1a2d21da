"""HTML pieces of the cow-trade claims: a matrix as preformatted text and the closed-form figure."""

from __future__ import annotations

import html

import numpy as np

from parlour.analyses.cowtrade.model import ClosedFormCheck


def pre(text: str) -> str:
    return f"<pre class='matrix'>{html.escape(text)}</pre>"


def closed_form_figure(checks: tuple[ClosedFormCheck, ...], max_money: int) -> str:
    from parlour.figures import new_figure, svg_of

    fig = new_figure(10, 4.2)
    axes = fig.subplots(1, 2)
    for ax, initiative in zip(axes, (1, 3), strict=True):
        grid = np.full((max_money + 1, max_money + 1), np.nan)
        wrong = np.zeros_like(grid, dtype=bool)
        for c in checks:
            if c.initiative == initiative:
                grid[c.t3, c.t1] = float(c.lp_value)
                wrong[c.t3, c.t1] = c.study != c.lp_value
        image = ax.imshow(grid, origin="lower", cmap="RdBu", vmin=-1, vmax=1, interpolation="nearest")
        ys, xs = np.nonzero(wrong)
        ax.scatter(xs, ys, s=1.5, c="black", marker="s", linewidths=0)
        ax.set_xlabel("t1 (money of player 1)")
        ax.set_ylabel("t3 (money of player 3)")
        ax.set_title(f"initiative {initiative}: value; black = study's formula wrong")
    fig.colorbar(image, ax=axes, label="value (units of π)", shrink=0.85)
    return svg_of(fig)
