"""Figure 2 of the study: the exact 2-player values over both players' squares."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from parlour.analyses.goose.model import exact_solution

if TYPE_CHECKING:
    from matplotlib.figure import Figure
from parlour.analyses.goose import chain as gchain
from parlour.errors import InvalidInput
from parlour.games.goose.rules import STUDY, RuleSet, State
from parlour.solvers import markov


@dataclass(frozen=True)
class Surfaces:
    """2 players: values over (player 1's square, player 2's square), NaN where unreachable."""

    squares: tuple[int, ...]
    p1_wins_1_to_move: np.ndarray
    p1_wins_2_to_move: np.ndarray
    draw_1_to_move: np.ndarray


def surfaces(rules: RuleSet = STUDY, sol: markov.AbsorptionExact | None = None) -> Surfaces:
    """From the exact 2-player solution (rounded to floats), every reachable pair of squares; `sol` is that
    solution when the caller has it already (the web page reads it back from its cache)."""
    if sol is None:
        sol = exact_solution(rules, 2)
    sp = gchain.space(rules, 2)
    squares = tuple(s for s in rules.standable if s != rules.end)
    k = len(squares)
    a1 = np.full((k, k), np.nan)
    a2 = np.full((k, k), np.nan)
    d1 = np.full((k, k), np.nan)
    den = sol.denominator
    for i, s1 in enumerate(squares):
        for j, s2 in enumerate(squares):
            for to_move, arr in ((0, a1), (1, a2)):
                try:
                    idx, mover = gchain.locate(sp, State(to_move, (s1, s2)))
                except InvalidInput:
                    continue
                # relative column of player 1 is (0 - mover) mod 2
                arr[i, j] = sol.numerators[idx * sol.columns + (0 - mover) % 2] / den
                if to_move == 0:
                    d1[i, j] = sol.numerators[idx * sol.columns + 2] / den if sol.columns > 2 else 0.0
    return Surfaces(squares, a1, a2, d1)


def figure2(rules: RuleSet = STUDY) -> Figure:
    from parlour.figures import new_figure

    s = surfaces(rules)
    fig = new_figure(13, 4.2)
    axes = fig.subplots(1, 3)
    titles = ("P(1 wins | 1 to move)", "P(1 wins | 2 to move)", "P(draw | 1 to move)")
    for ax, data, title in zip(axes, (s.p1_wins_1_to_move, s.p1_wins_2_to_move, s.draw_1_to_move), titles,
                               strict=True):
        im = ax.imshow(data, origin="lower", cmap="viridis", aspect="equal")
        ax.set_title(title)
        ax.set_xlabel("square of player 2")
        ax.set_ylabel("square of player 1")
        ticks = [i for i, q in enumerate(s.squares) if q in (0, 12, 19, 31, 42, 52, 62)]
        ax.set_xticks(ticks, [str(s.squares[i]) for i in ticks])
        ax.set_yticks(ticks, [str(s.squares[i]) for i in ticks])
        fig.colorbar(im, ax=ax, shrink=0.8)
    fig.suptitle(f"Game of the Goose, 2 players ({rules.name} rules): exact values, blank = unreachable")
    return fig


def plot(path: Path, rules: RuleSet = STUDY) -> Path:
    fig = figure2(rules)
    fig.savefig(path)
    return path


