"""The report's tables (infra.html.table) and figures for Win or Lose's claims."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction

import numpy as np

from parlour.games.winorlose.characters import Tina
from parlour.infra.html import table

from .study import FIT_MAX_ROUNDS, FRANKS, STUDY_ROWS, STUDY_TABLE
from .tournament import Tournament


def fmt(x: float) -> str:
    return f"{x:.3f}"


def tournament_table_html(t: Tournament) -> str:
    """The study's figure beside ours (game and one round) for every pairing; ≈ marks Monte Carlo."""
    header = ["Tina \\ Frank"] + [h for f in FRANKS for h in (f"{f.value}: study", "ours, game", "ours, round")]
    rows = []
    for tina in (*STUDY_ROWS, Tina.BAYESIAN):
        row: list[object] = [tina.value]
        for j, f in enumerate(FRANKS):
            r = t.get(f, tina)
            mark = "" if r.exact else "≈"
            row += [
                f"{STUDY_TABLE[tina][j]:.2f}" if tina in STUDY_TABLE else "–",
                f"{mark}{fmt(r.value('p_tina_more_over_game'))}",
                f"{mark}{fmt(r.value('p_tina_more_in_a_round'))}",
            ]
        rows.append(row)
    return table(header, rows)


def fit_table_html(rows: Sequence[tuple[str, int, float, float, float]]) -> str:
    """One row per definition: its best game length and the RMS gaps."""
    return table(
        ["definition", "best R", "RMS at best R", "RMS R=1", "RMS R=100"],
        [[a, b, f"{c:.3f}", f"{d:.3f}", f"{e:.3f}"] for a, b, c, d, e in rows],
    )


def fit_figure(label: str, rms: np.ndarray) -> str:
    """SVG: the RMS gap to the study against the game length, for the best-fitting definition."""
    from parlour.figures import new_figure, svg_of

    fig = new_figure(6, 3.2)
    ax = fig.add_subplot()
    ax.plot(np.arange(1, FIT_MAX_ROUNDS + 1), rms)
    ax.set_xscale("log")
    ax.set_xlabel("rounds per game R")
    ax.set_ylabel("RMS gap to the study (12 cells)")
    ax.set_title(label)
    return svg_of(fig)


def misread_figure(curves: Mapping[str, np.ndarray]) -> str:
    """SVG: Learning's share of Frank's chances misread after each round, per Frank."""
    from parlour.figures import new_figure, svg_of

    fig = new_figure(6, 3.2)
    ax = fig.add_subplot()
    for name, misread in curves.items():
        ax.plot(np.arange(1, len(misread) + 1), misread, label=f"Frank {name}")
    ax.set_yscale("log")
    ax.set_xlabel("round")
    ax.set_ylabel("share of Frank's chances misread")
    ax.legend()
    return svg_of(fig)


def bayes_loss_html(t: Tournament) -> str:
    """Expected points per round each type gives up against Bayesian Tina (≈ ± for Learning)."""
    rows = []
    for tina in STUDY_ROWS:
        row: list[object] = [tina.value]
        for f in FRANKS:
            b = t.get(f, Tina.BAYESIAN).tina_points_per_round
            r = t.get(f, tina).tina_points_per_round
            assert isinstance(b, Fraction)
            if isinstance(r, Fraction):
                row.append(f"{float(b - r):.4f}")
            else:
                row.append(f"≈{float(b) - r.estimate:.4f} ± {(r.high - r.estimate):.4f}")
        rows.append(row)
    return table(["Tina \\ Frank", *(f.value for f in FRANKS)], rows)


def categories_html(counts: Mapping[str, int]) -> str:
    total = sum(counts.values())
    return table(["combination", "hands", "share"], [[k, v, f"{v / total:.5f}"] for k, v in counts.items()])
